import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forgetOrcDbFollowers, orcDbFollower } from '../src/core/formats/orc-db/read-db';
import { readSqliteSnapshot } from '../src/core/io/sqlite-snapshot';
import { OrchestrationService } from '../src/core/service/orchestration-service';
import { spawnSqlWriter } from '../test/unit/helpers/orc-writer-process';
import { ms, time, type BenchRow, type Measurement } from './lib/measurement';
import { orcDbWorkspace } from './lib/orc-db-workspace';

const TASKS = 1000;
const CHANGES = 40;
const TARGETS = { coldMs: 300, changeMs: 50 };

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A new service with no follower state: the database is read whole (file, WAL, every table). */
async function coldScan(root: string, orcHome: string): Promise<OrchestrationService> {
  forgetOrcDbFollowers();
  const service = new OrchestrationService({ folders: [{ root, orcHome }] });
  await service.scan();
  return service;
}

/**
 * orc's database era at 1,000 tasks (a registered project built by the schema script: phases, gates, dependencies,
 * initiatives, runs, comments, specs and transcripts; 4 MB), side by side in one run: the first scan of a process
 * (sql.js loaded and its WebAssembly compiled on the way, in a child process), the cold scan beside the bytes read
 * alone, and one committed change (a writer process commits, then the WAL change is handed to the service) to the
 * change event that names the task, with how often the database or a table was read whole meanwhile.
 */
export const measurement: Measurement = {
  name: 'orc-db',
  description: `orc database era (${TASKS} tasks): first scan of a process, cold scan, one committed change → change event`,
  async run(log) {
    const ws = orcDbWorkspace(TASKS, log);
    const firstScan = (mode: 'whole' | 'split') => JSON.parse(execFileSync(process.execPath,
      [path.join(__dirname, 'lib', 'orc-db-first-scan.js'), ws.root, ws.orcHome, mode], { encoding: 'utf8' })) as
      { load: number; scan: number; total: number; again: number; tasks: number };
    const fresh = [firstScan('whole'), firstScan('whole'), firstScan('whole')];
    const split = [firstScan('split'), firstScan('split'), firstScan('split')];
    if (fresh[0]!.tasks !== TASKS) throw new Error(`indexed ${fresh[0]!.tasks} tasks, expected ${TASKS}`);

    const floor = (await time(async () => { readFileSync(ws.file); }, 15, 3)).median;
    const snapshot = (await time(() => readSqliteSnapshot(ws.file), 15, 3)).median;
    const cold = (await time(async () => (await coldScan(ws.root, ws.orcHome)).dispose(), 9, 2)).median;

    // One committed change at a time, on a private copy (the cached database stays as built).
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'baton-bench-orc-db-'));
    const home = path.join(tmp, 'home');
    cpSync(path.dirname(ws.orcHome), home, { recursive: true });
    const orcHome = path.join(home, '.orc');
    const file = path.join(orcHome, path.relative(ws.orcHome, ws.file));
    const service = await coldScan(ws.root, orcHome);
    const writer = await spawnSqlWriter(file);
    const follower = orcDbFollower(file);
    const samples: number[] = [];
    let onlyThatTask = 0;
    try {
      for (let round = 0; round < CHANGES + 1; round++) {
        const id = `TASK-${String(1 + (round * 97) % TASKS).padStart(4, '0')}`;
        await writer.commit([`UPDATE tasks SET priority = ?, updated_at = ? WHERE id = ?`],
          [[round % 2 ? 'high' : 'low', new Date().toISOString(), id]]);
        const changed = new Promise<string[]>((resolve) => {
          const sub = service.onDidChange((e) => { sub.dispose(); resolve(e.changed.map((i) => i.id)); });
        });
        const start = process.hrtime.bigint();
        await service.fileChanged(`${file}-wal`);
        const ids = await changed;
        // The first commit starts a new log generation (the built database was checkpointed): that read is whole.
        if (round > 0) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (ids.length === 1 && ids[0] === id) onlyThatTask++;
      }
    } finally {
      await writer.close();
      service.dispose();
    }
    const counts = { ...follower.counts };
    const reads = { ...follower.tables.reads };
    const images = { ...follower.image.counts };
    rmSync(tmp, { recursive: true, force: true });
    forgetOrcDbFollowers();

    const change = median(samples);
    const firstTotal = median(fresh.map((f) => f.total));
    log(`${CHANGES + 1} changes: the scan and the first change read whole (the built database had no WAL); then ` +
      `${counts.followedQueries} followed reads, ${reads.rowQueries} row queries, ${images.appendedBytes} WAL bytes read`);
    return [
      { label: `first scan of a process (sql.js loaded on the way), ${TASKS} tasks`, value: ms(firstTotal) },
      { label: '  of which loading sql.js (read + compile the wasm)', value: ms(median(split.map((s) => s.load))) },
      { label: '  of which the scan right after (first queries run cold)', value: ms(median(split.map((s) => s.scan))) },
      { label: `cold scan, ${TASKS} tasks (sql.js loaded, database read whole)`, value: ms(cold), target: `≤ ${TARGETS.coldMs} ms`, ok: cold <= TARGETS.coldMs },
      { label: '  the same, second scan of the child processes', value: ms(median(fresh.map((f) => f.again))) },
      { label: `bytes floor: read orc.db (${(readFileSync(ws.file).length / 1048576).toFixed(1)} MB)`, value: ms(floor) },
      { label: 'snapshot (orc.db + WAL read and applied)', value: ms(snapshot) },
      { label: 'cold scan / bytes floor', value: `${(cold / floor).toFixed(1)}×` },
      { label: 'one committed change → change event (median)', value: ms(change), target: `≤ ${TARGETS.changeMs} ms`, ok: change <= TARGETS.changeMs },
      { label: 'change event / cold scan', value: `${(change / cold).toFixed(3)}×` },
      { label: `change events naming only the changed task`, value: `${onlyThatTask}/${CHANGES + 1}` },
      { label: 'whole reads after the first change (image / tables)', value: `${images.whole - 2} / ${counts.wholeQueries - 2}`, target: '0 / 0',
        ok: images.whole === 2 && counts.wholeQueries === 2 },
    ] satisfies BenchRow[];
  },
};
