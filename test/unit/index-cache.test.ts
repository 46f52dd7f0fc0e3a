import * as assert from 'node:assert';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { JsonIndexCache } from '../../src/core/service/index-cache';
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
