import { promises as fs, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import * as jsYaml from 'js-yaml';
import { OrcAdapter } from '../src/core/formats/orc-eras/adapter';
import { JsonIndexCache } from '../src/core/service/index-cache';
import { OrchestrationService } from '../src/core/service/orchestration-service';
import { tasksSoFar } from '../src/core/formats/orc/tasks-so-far';
import { loadMachineYaml } from '../src/core/yaml/machine-yaml';
import { ms, time, type BenchRow, type Measurement } from './lib/measurement';
import { orcWorkspace } from './lib/orc-workspace';

const SIZES = [1000, 5000, 10000] as const;
const LARGEST = 10000;
const TARGETS = { floorRatio: 4, coldMs: 1500, warmMs: 300, incrementalShare: 1 / 500, growth: 1.5, heapKb: 3 };


/** The files the orc reader reads, found the same way, so the floors and the scan do the same listing. */
async function orcFiles(root: string): Promise<string[]> {
  return new OrcAdapter().discover({ root });
}

/** Cold scan of one workspace: a new service, no index cache. */
async function coldScan(root: string): Promise<OrchestrationService> {
  const service = new OrchestrationService({ folders: [{ root }] });
  await service.scan();
  return service;
}

/**
 * Cold scan with a listener that takes the tasks read so far (tasksSoFar, what the Tasks view builds its rows from
 * on a first start): at the Tasks view's pace (first 250 ms into the reading, then every 1.5 s), or at every notice
 * (every 100 ms at most, the worst case). Resolves with how many times it took them, and the time that took.
 */
async function coldScanTakingSoFar(root: string, everyMs: number, firstAfterMs: number): Promise<{ taken: number; ms: number }> {
  const service = new OrchestrationService({ folders: [{ root }] });
  let since: number | undefined;
  let at = -Infinity;
  const took = { taken: 0, ms: 0 };
  service.onDidReadSoFar((read) => {
    if (read.kind !== 'reading') return;
    const now = performance.now();
    since ??= now;
    if (now - since < firstAfterMs || now - at < everyMs) return;
    if (tasksSoFar(read.records('orc'))?.tasks.length) took.taken++;
    at = performance.now();
    took.ms += at - now;
  });
  await service.scan();
  service.dispose();
  return took;
}

function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.(); gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * orc at 1k / 5k / 10k tasks, each figure measured in this run beside what it is compared with: the cold scan
 * against the I/O floor (list + read every byte, nothing else) and the naive loader (`yaml`'s parseDocument on
 * every file), the warm start from the index cache, one changed file to its change event, and heap per task.
 */
export const measurement: Measurement = {
  name: 'orc-scan',
  description: `orc tasks (${SIZES.join(' / ')}): cold scan, I/O floor, naive loader, warm start, incremental, heap`,
  async run(log) {
    const rows: BenchRow[] = [];
    const cold = new Map<number, number>();
    for (const size of SIZES) {
      const root = orcWorkspace(size, log);
      cold.set(size, (await time(() => coldScan(root), size === LARGEST ? 5 : 3, 1)).median);
    }
    const root = orcWorkspace(LARGEST, log);
    const files = await orcFiles(root);
    // The floor lists the files as the reader does and reads their bytes the cheapest way Node has.
    const floor = (await time(async () => {
      for (const f of await orcFiles(root)) readFileSync(f);
    }, 5, 1)).median;
    const naive = (await time(async () => {
      for (const f of await orcFiles(root)) YAML.parseDocument(readFileSync(f, 'utf8'));
    }, 3, 1)).median;
    const coldLargest = cold.get(LARGEST)!;

    // The rows so far of a first start (issue 18): the same cold scan without a listener, with one at the Tasks view's
    // pace, and with one at every notice, interleaved so the machine's load weighs on each alike.
    const soFar = { none: [] as number[], pace: [] as number[], every: [] as number[] };
    const takes = { pace: { taken: 0, ms: 0 }, every: { taken: 0, ms: 0 } };
    for (let round = 0; round < 6; round++) {
      const lap = async (run: () => Promise<unknown>) => { const t = performance.now(); await run(); return performance.now() - t; };
      const none = await lap(() => coldScan(root).then((s) => s.dispose()));
      const pace = await lap(async () => { takes.pace = await coldScanTakingSoFar(root, 1_500, 250); });
      const every = await lap(async () => { takes.every = await coldScanTakingSoFar(root, 0, 0); });
      if (round) { soFar.none.push(none); soFar.pace.push(pace); soFar.every.push(every); }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

    // The read-ahead worker (src/core/io/read-ahead.ts) on and off (every file read on the scan's own thread), interleaved.
    const readAhead = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < 6; round++) {
      for (const mode of ['on', 'off'] as const) {
        process.env.BATON_READ_AHEAD = mode;
        const t = performance.now();
        (await coldScan(root)).dispose();
        if (round) readAhead[mode].push(performance.now() - t);
      }
    }
    delete process.env.BATON_READ_AHEAD;

    // Parsing alone, from texts already in memory: js-yaml with loadYaml's schema against the machine-YAML reader.
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    const merge = (jsYaml as unknown as { types: { merge: jsYaml.Type } }).types.merge;
    const schema = jsYaml.CORE_SCHEMA.extend({ implicit: [merge] });
    const jsYamlParse = (await time(async () => { for (const t of texts) jsYaml.load(t, { schema }); }, 5, 1)).median;
    let declined = 0;
    const machineParse = (await time(async () => {
      declined = 0;
      for (const t of texts) if (!loadMachineYaml(t, 'core')) declined++;
    }, 5, 1)).median;

    // Warm start: the index cache of a first scan, then a new service that finds every file unchanged.
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'baton-bench-cache-'));
    const cache = new JsonIndexCache(cacheDir);
    await new OrchestrationService({ folders: [{ root }], cache }).scan();
    const warm = (await time(async () => { await new OrchestrationService({ folders: [{ root }], cache }).scan(); }, 5, 1)).median;
    rmSync(cacheDir, { recursive: true, force: true });

    // Incremental: one task.yaml rewritten, measured to the change event that names it.
    const service = await coldScan(root);
    const taskFile = files.find((f) => f.endsWith(`${path.sep}task.yaml`) && f.includes('TASK-05000'))!;
    const original = await fs.readFile(taskFile, 'utf8');
    let flip = false;
    const samples: number[] = [];
    for (let round = 0; round < 18; round++) {
      flip = !flip;
      await fs.writeFile(taskFile, original.replace(/^priority: .*$/m, `priority: ${flip ? 'critical' : 'low'}`));
      const changed = new Promise<void>((resolve) => {
        const sub = service.onDidChange((e) => { if (e.changed.length) { sub.dispose(); resolve(); } });
      });
      const start = process.hrtime.bigint();
      await service.fileChanged(taskFile);
      await changed;
      if (round >= 3) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const incremental = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
    await fs.writeFile(taskFile, original);
    service.dispose();

    // Heap per indexed task: what one more indexed workspace keeps alive, over its task count.
    const before = heapUsed();
    const kept = await coldScan(root);
    const heapPerTask = (heapUsed() - before) / LARGEST / 1024;
    const taskCount = kept.items().filter((i) => i.system === 'orc' && i.kind === 'task').length;
    if (taskCount !== LARGEST) throw new Error(`indexed ${taskCount} tasks, expected ${LARGEST}`);
    kept.dispose();

    const per = (size: number) => cold.get(size)! / size;
    const growth = per(LARGEST) / per(SIZES[0]);
    const gcNote = (globalThis as { gc?: () => void }).gc ? '' : ' (run with --expose-gc for a settled figure)';
    rows.push(
      ...SIZES.map((size) => ({ label: `cold scan, ${size} tasks`, value: ms(cold.get(size)!), ...(size === LARGEST ? { target: `≤ ${TARGETS.coldMs} ms`, ok: coldLargest <= TARGETS.coldMs } : {}) })),
      { label: `growth: per-task time ${LARGEST / 1000}k / ${SIZES[0] / 1000}k`, value: `${growth.toFixed(2)}×`, target: `linear (≤ ${TARGETS.growth}×)`, ok: growth <= TARGETS.growth },
      { label: `I/O floor, ${files.length} files (list + read bytes)`, value: ms(floor) },
      { label: 'cold scan / I/O floor', value: `${(coldLargest / floor).toFixed(2)}×`, target: `≤ ${TARGETS.floorRatio}×`, ok: coldLargest / floor <= TARGETS.floorRatio },
      { label: 'naive loader (yaml parseDocument each file)', value: ms(naive) },
      { label: 'naive loader / cold scan', value: `${(naive / coldLargest).toFixed(2)}×` },
      { label: `parse ${files.length} files in memory: js-yaml`, value: ms(jsYamlParse) },
      { label: `parse ${files.length} files in memory: machine-YAML reader (${declined} declined)`, value: ms(machineParse) },
      { label: 'js-yaml / machine-YAML reader', value: `${(jsYamlParse / machineParse).toFixed(2)}×` },
      { label: `cold scan, ${LARGEST} tasks: files read by the read-ahead worker / on the scan's own thread (median of ${readAhead.on.length}, interleaved)`,
        value: `${ms(median(readAhead.on))} / ${ms(median(readAhead.off))} (${(median(readAhead.on) / median(readAhead.off) * 100 - 100).toFixed(1)} %)` },
      { label: `cold scan, ${LARGEST} tasks, no listener of what it read so far (median of ${soFar.none.length}, interleaved)`, value: ms(median(soFar.none)) },
      { label: `  the same, the tasks so far taken at the Tasks view's pace`, value: `${ms(median(soFar.pace))} (${(median(soFar.pace) / median(soFar.none) * 100 - 100).toFixed(1)} %)` },
      { label: `    time taking them in the last scan (${takes.pace.taken} times)`, value: ms(takes.pace.ms) },
      { label: `  the same, taken at every notice`, value: `${ms(median(soFar.every))} (${(median(soFar.every) / median(soFar.none) * 100 - 100).toFixed(1)} %)` },
      { label: `    time taking them in the last scan (${takes.every.taken} times)`, value: ms(takes.every.ms) },
      { label: `warm start from the index cache, ${LARGEST} tasks`, value: ms(warm), target: `≤ ${TARGETS.warmMs} ms`, ok: warm <= TARGETS.warmMs },
      { label: 'one task.yaml changed → change event', value: ms(incremental), target: `≤ cold/500 = ${ms(coldLargest * TARGETS.incrementalShare)}`, ok: incremental <= coldLargest * TARGETS.incrementalShare },
      { label: `heap per indexed task${gcNote}`, value: `${heapPerTask.toFixed(2)} KB`, target: `≤ ${TARGETS.heapKb} KB`, ok: heapPerTask <= TARGETS.heapKb },
    );
    return rows;
  },
};
