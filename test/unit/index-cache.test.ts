import * as assert from 'node:assert';
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { JsonIndexCache, type CacheEntry } from '../../src/core/service/index-cache';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';

describe('index cache writes', () => {
  it('a warm start that finds every file unchanged writes nothing; a changed or removed file makes it save again', async () => {
    const ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'One', status: 'planned' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Two', status: 'planned' }),
    });
    const cacheDir = new TempWorkspace();
    try {
      const scan = async () => {
        const service = new OrchestrationService({ folders: [{ root: ws.root }], cache: new JsonIndexCache(cacheDir.root) });
        await service.scan();
        const [file] = readdirSync(cacheDir.root);
        const stamp = statSync(path.join(cacheDir.root, file!)).mtimeMs;
        service.dispose();
        return { file: path.join(cacheDir.root, file!), stamp, titles: service.items().map((i) => i.title).sort() };
      };
      const first = await scan();
      // Age the cache file so a rewrite would show in its mtime even on a coarse clock.
      utimesSync(first.file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      const aged = statSync(first.file).mtimeMs;
      const warm = await scan();
      assert.strictEqual(warm.stamp, aged, 'nothing changed: the cache file is not rewritten');
      assert.deepStrictEqual(warm.titles, ['One', 'Two']);

      ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Two, edited', status: 'planned' }));
      const edited = await scan();
      assert.ok(edited.stamp > aged, 'a changed file is saved');
      assert.deepStrictEqual(edited.titles, ['One', 'Two, edited']);

      utimesSync(edited.file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      const agedAgain = statSync(edited.file).mtimeMs;
      ws.remove('.orc/tasks/TASK-001');
      const removed = await scan();
      assert.ok(removed.stamp > agedAgain, 'a removed file is saved too (the cache must forget it)');
      assert.deepStrictEqual(removed.titles, ['Two, edited']);
    } finally {
      ws.dispose();
      cacheDir.dispose();
    }
  });
});

describe('index cache saved in chunks', () => {
  it('writes the same text as one joined string would, across many chunks, and loads back every entry', async () => {
    const dir = new TempWorkspace();
    try {
      // About 1.5 MB of lines: several of the writer's chunks, with lines of different lengths (and non-ASCII text).
      const entries = new Map<string, CacheEntry>();
      for (let i = 0; i < 3000; i++) {
        entries.set(`/w/.orc/tasks/TASK-${i}/task.yaml`, { system: 'orc', version: 3, size: 100 + i, mtimeMs: 1_700_000_000_000 + i,
          record: { id: `TASK-${i}`, title: `Tâche ${i} ${'x'.repeat(i % 700)}`, list: [i, `${i}`] }, diagnostics: [] });
      }
      const root = '/w';
      await new JsonIndexCache(dir.root).save(root, entries);
      const [file] = readdirSync(dir.root);
      // The format as it was written before chunking: a header line, then one JSON line per entry, each ending in \n.
      const expected = `${[JSON.stringify({ format: 2, root }), ...[...entries].map((e) => JSON.stringify(e))].join('\n')}\n`;
      assert.strictEqual(readFileSync(path.join(dir.root, file!), 'utf8'), expected);
      assert.deepStrictEqual(await new JsonIndexCache(dir.root).load(root), entries);
    } finally {
      dir.dispose();
    }
  });
});
