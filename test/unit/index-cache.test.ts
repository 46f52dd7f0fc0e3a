import * as assert from 'node:assert';
import { appendFileSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { entryLine, JsonIndexCache, type CacheEntry } from '../../src/core/service/index-cache';
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

  it('a save after a few changes appends their lines (a removed file as [file, null]); loading gives what a whole write gives', async () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 20; i++) files[`.orc/tasks/TASK-0${String(i).padStart(2, '0')}/task.yaml`] = taskYaml({ id: `TASK-0${String(i).padStart(2, '0')}`, title: `T${i}`, status: 'planned' });
    const ws = new TempWorkspace(files);
    const appended = new TempWorkspace();
    const whole = new TempWorkspace();
    try {
      const cache = new JsonIndexCache(appended.root);
      const scan = async (c: JsonIndexCache) => {
        const service = new OrchestrationService({ folders: [{ root: ws.root }], cache: c });
        await service.scan();
        const entries = service.items().map((i) => `${i.id} ${i.title}`).sort();
        service.dispose();
        return entries;
      };
      await scan(cache);
      const cacheFile = path.join(appended.root, readdirSync(appended.root)[0]!);
      const written = readFileSync(cacheFile, 'utf8');
      ws.write('.orc/tasks/TASK-003/task.yaml', taskYaml({ id: 'TASK-003', title: 'T3, edited', status: 'running' }));
      ws.remove('.orc/tasks/TASK-007');
      // A new cache object: it knows the file only from loading it (as the next CLI run does).
      const second = await scan(new JsonIndexCache(appended.root));
      const after = readFileSync(cacheFile, 'utf8');
      assert.ok(after.startsWith(written), 'the file is appended to, not rewritten');
      const added = after.slice(written.length).trimEnd().split('\n').map((l) => JSON.parse(l) as [string, unknown]);
      assert.deepStrictEqual(added.map(([f, e]) => [path.relative(ws.root, f), e === null]),
        [['.orc/tasks/TASK-003/task.yaml', false], ['.orc/tasks/TASK-007/task.yaml', true]]);
      // What loads from the appended file is what a whole write of the same scan gives.
      await scan(new JsonIndexCache(whole.root));
      const wholeFile = path.join(whole.root, readdirSync(whole.root)[0]!);
      const fromAppended = await new JsonIndexCache(appended.root).load(ws.root);
      const fromWhole = await new JsonIndexCache(whole.root).load(ws.root);
      assert.strictEqual(fromAppended.size, 19);
      assert.deepStrictEqual(new Map([...fromAppended].sort()), new Map([...fromWhole].sort()));
      assert.ok(readFileSync(wholeFile, 'utf8').length < after.length);
      // A warm scan from the appended file reads nothing and gives the same items.
      assert.deepStrictEqual(await scan(new JsonIndexCache(appended.root)), second);
      assert.ok(second.includes('TASK-003 T3, edited') && !second.some((e) => e.startsWith('TASK-007')));

      // An append cut short (no newline) is not loaded, and the next save writes the file whole.
      appendFileSync(cacheFile, '["/x/a.yaml",{"sys');
      assert.strictEqual((await new JsonIndexCache(appended.root).load(ws.root)).size, 19);
      ws.write('.orc/tasks/TASK-004/task.yaml', taskYaml({ id: 'TASK-004', title: 'T4, edited', status: 'planned' }));
      await scan(new JsonIndexCache(appended.root));
      assert.ok(!readFileSync(cacheFile, 'utf8').includes('/x/a.yaml'), 'written whole');
      assert.ok((await scan(new JsonIndexCache(appended.root))).includes('TASK-004 T4, edited'));

      // Written by another process since this cache loaded it: not appended to.
      const loaded = new JsonIndexCache(appended.root);
      const service = new OrchestrationService({ folders: [{ root: ws.root }], cache: loaded });
      await service.scan();
      const theirs = readFileSync(cacheFile, 'utf8').replace('T4, edited', 'T4, theirs');
      writeFileSync(cacheFile, theirs);
      utimesSync(cacheFile, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
      ws.write('.orc/tasks/TASK-005/task.yaml', taskYaml({ id: 'TASK-005', title: 'T5, edited', status: 'planned' }));
      await service.fileChanged(ws.path('.orc/tasks/TASK-005/task.yaml'));
      await service.saveCache();
      service.dispose();
      const rewritten = readFileSync(cacheFile, 'utf8');
      assert.ok(!rewritten.startsWith(theirs) && !rewritten.includes('T4, theirs'), 'written whole');
    } finally {
      ws.dispose();
      appended.dispose();
      whole.dispose();
    }
  });

  it('after many changes the file is written whole again (it does not grow without end)', async () => {
    const ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'v0', status: 'planned' }) });
    const cacheDir = new TempWorkspace();
    try {
      let lines = 0;
      for (let round = 1; round <= 80; round++) {
        ws.write('.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: `v${round}`, status: 'planned' }));
        const service = new OrchestrationService({ folders: [{ root: ws.root }], cache: new JsonIndexCache(cacheDir.root) });
        await service.scan();
        service.dispose();
        lines = readFileSync(path.join(cacheDir.root, readdirSync(cacheDir.root)[0]!), 'utf8').trimEnd().split('\n').length;
        assert.ok(lines <= 2 + 64 + 1, `${lines} lines after ${round} saves`);
      }
      assert.ok(lines < 60, 'it was written whole at least once');
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
      // The format as written whole in one piece: a header line, then one JSON line per entry, each ending in \n.
      const expected = `${[JSON.stringify({ format: 3, root }), ...[...entries].map((e) => JSON.stringify(e))].join('\n')}\n`;
      assert.strictEqual(readFileSync(path.join(dir.root, file!), 'utf8'), expected);
      assert.deepStrictEqual(await new JsonIndexCache(dir.root).load(root), entries);
    } finally {
      dir.dispose();
    }
  });
});

describe('index cache lines', () => {
  it('expects no entries of a folder without a cache file, and at least as many as it holds before a load', async () => {
    const dir = new TempWorkspace();
    try {
      const cache = new JsonIndexCache(dir.root);
      assert.strictEqual(cache.expectedEntries('/nowhere'), 0);
      const entries = new Map<string, CacheEntry>();
      for (let i = 0; i < 300; i++) {
        entries.set(`/ws/.orc/tasks/T-${i}/task.yaml`, { system: 'orc', version: 6, size: 10, mtimeMs: 1, record: {}, diagnostics: [] });
      }
      await cache.save('/ws', entries);
      // An upper bound from the file's size alone: enough for a scan to start its worker while the cache loads.
      const expected = new JsonIndexCache(dir.root).expectedEntries('/ws');
      assert.ok(expected >= 300 && expected < 600, `${expected} expected`);
      assert.strictEqual((await new JsonIndexCache(dir.root).load('/ws')).size, 300);
    } finally {
      dir.dispose();
    }
  });

  it('entryLine writes JSON.stringify([file, entry]) of the entry\'s own members, whatever else it holds', () => {
    let seed = 5;
    const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const values = [undefined, null, 0, -0, -1, 1.5, NaN, Infinity, '', 'tâche "quoted" \u2028 \\', [], [1, 'a', null], { a: { b: [] } }, true];
    const pick = () => values[random(values.length)];
    for (let n = 0; n < 2000; n++) {
      const own = {
        system: ['orc', 'intents', 'orange'][random(3)]!, version: random(5), size: random(3) ? random(100_000) : -1,
        mtimeMs: random(2) ? 1_700_000_000_000 + random(1000) / 7 : -1,
        ...(random(2) ? { variant: random(2) ? `v${random(9)}` : undefined } : {}),
        ...(random(4) ? { record: random(3) ? { id: `T-${n}`, x: pick(), list: [pick(), pick()] } : pick() } : {}),
        diagnostics: random(3) ? [] : [{ system: 'orc', file: `/w/${n}`, severity: 'error', message: `m ${pick()}`, line: random(9) }],
      } as unknown as CacheEntry;
      const file = `/w/.orc/tasks/T-${n}/${random(2) ? 'task.yaml' : 'ta"sk\n.yaml'}`;
      assert.strictEqual(entryLine(file, own), JSON.stringify([file, own]), `entry ${n}`);
      // The index's entries also hold their adapter: it is not written.
      assert.strictEqual(entryLine(file, { ...own, adapter: { system: 'orc', parse() { return 1; } } } as CacheEntry), JSON.stringify([file, own]), `entry ${n} with more`);
    }
  });
});
