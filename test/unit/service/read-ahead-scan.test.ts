import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeOrcWorkspace } from '../../../bench/lib/orc-workspace';
import { JsonIndexCache, type IndexCache } from '../../../src/core/service/index-cache';
import { OrcAdapter } from '../../../src/core/formats/orc-eras/adapter';
import type { SourceContext } from '../../../src/core/model/adapter';

import { defaultAdapters, OrchestrationService } from '../../../src/core/service/orchestration-service';
import { witnessHolds } from '../../../src/core/io/fs-witness';
import { ageTree } from '../helpers/age-tree';
import { TempWorkspace } from '../helpers/temp-workspace';

/** What a scan shows: its items, problems and decisions, as the views and the report take them. */
function shown(service: OrchestrationService): string {
  return JSON.stringify({ items: service.items(), diagnostics: service.diagnostics(), decisions: service.decisions() });
}

/** One scan with the read-ahead worker on or off (BATON_READ_AHEAD), with an index cache folder when given. */
async function scanWith(root: string, readAhead: boolean, cacheDir?: string) {
  const before = process.env.BATON_READ_AHEAD;
  process.env.BATON_READ_AHEAD = readAhead ? 'on' : 'off';
  try {
    const service = new OrchestrationService({ folders: [{ root }], cache: cacheDir ? new JsonIndexCache(cacheDir) : undefined });
    const timings = await service.scan();
    return { service, timings };
  } finally {
    if (before === undefined) delete process.env.BATON_READ_AHEAD;
    else process.env.BATON_READ_AHEAD = before;
  }
}

describe('scan with the read-ahead worker', function () {
  this.timeout(120000);
  let ws: TempWorkspace;
  let outside: TempWorkspace;
  const caches: string[] = [];
  beforeEach(() => {
    ws = new TempWorkspace();
    writeOrcWorkspace(ws.root, 400);
    // Odd files among the tasks: broken YAML, binary, a pipe, links inside and out of the folder, a folder as a file.
    ws.write('.orc/tasks/TASK-00007/task.yaml', 'id: TASK-00007\ntitle: [unclosed\n');
    ws.write('.orc/tasks/TASK-00011/task.yaml', Buffer.from([0x69, 0x64, 0x3a, 0x00]));
    ws.remove('.orc/tasks/TASK-00013/task.yaml');
    execFileSync('mkfifo', [ws.path('.orc/tasks/TASK-00013/task.yaml')]);
    ws.remove('.orc/tasks/TASK-00017/task.yaml');
    symlinkSync(ws.path('.orc/tasks/TASK-00019/task.yaml'), ws.path('.orc/tasks/TASK-00017/task.yaml'));
    outside = new TempWorkspace({ 'task.yaml': 'id: TASK-00023\ntitle: From outside\nstatus: running\n' });
    ws.remove('.orc/tasks/TASK-00023/task.yaml');
    symlinkSync(outside.path('task.yaml'), ws.path('.orc/tasks/TASK-00023/task.yaml'));
  });
  afterEach(() => {
    ws.dispose();
    outside.dispose();
    for (const dir of caches.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Scans with the worker until one had files answered by it (how many depends on when the worker's thread runs: on a
   * busy machine the index may read a piece itself before the worker starts on it), each compared with `expected`.
   */
  async function scansWithWorker(expected: string, scan: () => Promise<{ service: OrchestrationService; timings: { filesReadAhead: number } }>) {
    const answered: number[] = [];
    for (let attempt = 0; attempt < 6 && !answered.some((n) => n > 0); attempt++) {
      // The last scan's worker, outrun, is kept once it has said it stopped: the next scan has it started.
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 200));
      const on = await scan();
      answered.push(on.timings.filesReadAhead);
      assert.strictEqual(shown(on.service), expected, `attempt ${attempt + 1} (${on.timings.filesReadAhead} files read ahead) differs`);
      on.service.dispose();
    }
    assert.ok(answered.some((n) => n > 0), `the worker answered no file in ${answered.length} scans`);
  }

  it('shows what the scan without it shows, cold', async () => {
    const off = await scanWith(ws.root, false);
    assert.strictEqual(off.timings.filesReadAhead, 0);
    const expected = shown(off.service);
    assert.ok(off.service.items().length > 400);
    assert.ok(off.service.diagnostics().some((d) => /named pipe/.test(d.message)), 'the pipe is a problem');
    assert.ok(off.service.diagnostics().some((d) => d.file.endsWith(path.join('TASK-00023', 'task.yaml')) && /not read/.test(d.message)),
      'the link out of the folder is not read');
    await scansWithWorker(expected, () => scanWith(ws.root, true));
  });

  it('shows what the scan without it shows from a cache some of whose files moved since', async () => {
    const saved = mkdtempSync(path.join(os.tmpdir(), 'baton-ahead-cache-'));
    const cacheOff = mkdtempSync(path.join(os.tmpdir(), 'baton-ahead-cache-'));
    caches.push(saved, cacheOff);
    await scanWith(ws.root, false, saved);
    await scanWith(ws.root, false, cacheOff);
    // Files changed, one removed, one added after the caches were saved.
    for (let n = 30; n < 400; n += 37) {
      const id = `TASK-${String(n).padStart(5, '0')}`;
      const file = ws.path(`.orc/tasks/${id}/task.yaml`);
      const { atime, mtimeMs } = statSync(file);
      ws.write(`.orc/tasks/${id}/task.yaml`, `id: ${id}\ntitle: "Changed ${n}"\nstatus: completed\n`);
      utimesSync(file, atime, new Date(mtimeMs + 5000));
    }
    ws.remove('.orc/tasks/TASK-00101/task.yaml');
    ws.write('.orc/tasks/TASK-09999/task.yaml', 'id: TASK-09999\ntitle: New\nstatus: planned\n');
    const off = await scanWith(ws.root, false, cacheOff);
    assert.ok(off.service.items().some((i) => i.title === 'Changed 67'), 'a changed task reads as changed');
    assert.ok(off.service.items().some((i) => i.title === 'New'), 'the new task is there');
    // Each scan with the worker starts from the cache as saved before the changes (a scan saves what it read).
    await scansWithWorker(shown(off.service), () => {
      const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-ahead-cache-'));
      caches.push(cache);
      cpSync(saved, cache, { recursive: true });
      return scanWith(ws.root, true, cache);
    });
  });

  it('lists the task folders on the worker for a witnessed scan (the CLI\'s), with the witness a listing here gives', async () => {
    // 1,600 task folders: four pieces of 500; the worker, started for the first, lists the later ones.
    const big = new TempWorkspace();
    try {
      writeOrcWorkspace(big.root, 1_600);
      ageTree(big.root);
      const witnessOf = async (readAhead: boolean) => {
        const before = process.env.BATON_READ_AHEAD;
        process.env.BATON_READ_AHEAD = readAhead ? 'on' : 'off';
        try {
          const service = new OrchestrationService({ folders: [{ root: big.root }], recordsDiscovery: true });
          const timings = await service.scan();
          const facts = service.scanFacts(big.root)!;
          const witness = facts.discovery;
          return { witness, listed: timings.foldersListedAhead, shown: shown(service), files: facts.files.map(([file]) => file) };
        } finally {
          if (before === undefined) delete process.env.BATON_READ_AHEAD;
          else process.env.BATON_READ_AHEAD = before;
        }
      };
      const here = await witnessOf(false);
      assert.strictEqual(here.listed, 0);
      assert.ok(here.witness, 'the discovery is witnessed');
      let worker = await witnessOf(true);
      // A worker started by this scan listens only once it has started (the pieces before are listed here); the next
      // scan has it listening from the start (kept as the spare).
      for (let attempt = 1; attempt < 6 && worker.listed < 500; attempt++) worker = await witnessOf(true);
      assert.ok(worker.listed >= 500, `the worker listed ${worker.listed} folders`);
      assert.strictEqual(worker.shown, here.shown);
      assert.deepStrictEqual(worker.files, here.files);
      // The same paths with the same fingerprints (the order they were recorded in may differ).
      const seen = (w: NonNullable<typeof here.witness>) => w.seen.map((entry) => JSON.stringify(entry)).sort();
      assert.deepStrictEqual(seen(worker.witness!), seen(here.witness));
      assert.ok(witnessHolds(worker.witness!));
      // A state.yaml appearing in the last task folder, one the worker listed, breaks it.
      big.write('.orc/tasks/TASK-01600/state.yaml', 'status: running\n');
      assert.strictEqual(witnessHolds(worker.witness!), false);
    } finally {
      big.dispose();
    }
  });
  it('runs discovery while the index cache loads, and shows what a cold scan shows', async () => {
    const big = new TempWorkspace();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'baton-ahead-cache-'));
    caches.push(dir);
    try {
      // Pieces: the config files, 500 task folders, the other 100, the initiatives.
      writeOrcWorkspace(big.root, 600);
      const cold = new OrchestrationService({ folders: [{ root: big.root }] });
      await cold.scan();
      const expected = shown(cold);
      cold.dispose();
      await new OrchestrationService({ folders: [{ root: big.root }], cache: new JsonIndexCache(dir) }).scan();
      // The orc adapter, noting each piece its discovery hands over; a cache whose load ends only once pieces came
      // (or after 5 s): a scan that waited for the load before discovery would see none come first.
      const pieces: number[] = [];
      class NotingOrc extends OrcAdapter {
        override async *discoverInPieces(ctx: SourceContext): AsyncGenerator<readonly string[]> {
          for await (const piece of super.discoverInPieces(ctx)) { pieces.push(piece.length); yield piece; }
        }
      }
      const inner = new JsonIndexCache(dir);
      let piecesBeforeLoaded = -1;
      const slowCache: IndexCache = {
        load: async (root) => {
          const entries = await inner.load(root);
          const started = Date.now();
          while (pieces.length < 3 && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 5));
          piecesBeforeLoaded = pieces.length;
          return entries;
        },
        save: (root, entries) => inner.save(root, entries),
      };
      const warm = new OrchestrationService({ folders: [{ root: big.root }], cache: slowCache, adapters: [new NotingOrc(), ...defaultAdapters().filter((a) => a.system !== 'orc')] });
      await warm.scan();
      assert.ok(piecesBeforeLoaded >= 3, `${piecesBeforeLoaded} pieces were found before the cache had loaded`);
      assert.strictEqual(shown(warm), expected);
      warm.dispose();
    } finally {
      big.dispose();
    }
  });
  it('fails a scan whose cache load fails, and scans again after it', async () => {
    const failing: IndexCache = { load: () => Promise.reject(new Error('cache gone')), save: async () => undefined };
    const service = new OrchestrationService({ folders: [{ root: ws.root }], cache: failing });
    await assert.rejects(service.scan(), /cache gone/);
    service.dispose();
    const again = new OrchestrationService({ folders: [{ root: ws.root }] });
    await again.scan();
    assert.ok(again.items().length > 400);
    again.dispose();
  });
});
