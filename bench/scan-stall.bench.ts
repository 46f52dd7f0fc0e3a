import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { OrcAdapter } from '../src/core/formats/orc-eras/adapter';
import type { LinkInput } from '../src/core/model/adapter';
import type { OrcAnyRecord } from '../src/core/formats/orc-eras/record';
import { JsonIndexCache } from '../src/core/service/index-cache';
import { defaultAdapters, OrchestrationService } from '../src/core/service/orchestration-service';
import type { AnyAdapter } from '../src/core/service/work-item';
import { runSteps } from '../src/core/util/steps';
import { ms, type BenchRow, type Measurement } from './lib/measurement';
import { orcWorkspace } from './lib/orc-workspace';

const TASKS = 10000;
const ROUNDS = 3;
const TARGET_STALL_MS = 50;

/** orc's adapter linking at once, as a scan did before its link ran in slices (every relink still does). */
function linkingAtOnce(): AnyAdapter {
  const orc = new OrcAdapter();
  const steps = orc.linkSteps.bind(orc);
  return Object.assign(orc, { link: (input: LinkInput<OrcAnyRecord>) => runSteps(steps(input)), linkSteps: undefined }) as unknown as AnyAdapter;
}

/**
 * A cold scan in process as the editor's first one (an empty index cache folder, so the scan ends by saving the
 * cache: 20 MB of JSON), with the longest time between two turns of the event loop while it ran: what the extension
 * host's other work (the views, VS Code's messages) would have waited at most.
 */
async function coldScan(root: string, adapters: AnyAdapter[]): Promise<{ stallMs: number; scanMs: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  let longest = 0;
  let last = performance.now();
  let on = true;
  const turn = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (on) setImmediate(turn);
  };
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'baton-scan-stall-'));
  const service = new OrchestrationService({ folders: [{ root }], adapters, cache: new JsonIndexCache(cacheDir) });
  const started = performance.now();
  last = started;
  setImmediate(turn);
  await service.scan();
  const scanMs = performance.now() - started;
  // The turn after the scan's last synchronous step tells how long that step held the loop.
  await new Promise((resolve) => setImmediate(resolve));
  on = false;
  service.dispose();
  rmSync(cacheDir, { recursive: true, force: true });
  return { stallMs: longest, scanMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * orc at 10,000 tasks: the longest event-loop stall of a cold scan whose link runs in slices (as the editor's first
 * scan does), beside the same scan with the link run at once, alternating in one run. On a busy machine both include
 * the moments the process was not scheduled at all; compare them with each other.
 */
export const measurement: Measurement = {
  name: 'scan-stall',
  description: `orc, ${TASKS} tasks, cold scan in process (index cache saved): longest event-loop stall, link in slices vs at once`,
  async run(log) {
    const root = orcWorkspace(TASKS, log);
    const sliced: { stallMs: number; scanMs: number }[] = [];
    const atOnce: { stallMs: number; scanMs: number }[] = [];
    await coldScan(root, defaultAdapters()); // warm-up: V8 and the file system cache
    for (let round = 0; round < ROUNDS; round++) {
      sliced.push(await coldScan(root, defaultAdapters()));
      atOnce.push(await coldScan(root, defaultAdapters().map((a) => a.system === 'orc' ? linkingAtOnce() : a)));
      log(`round ${round + 1}: stall ${ms(sliced[round]!.stallMs)} sliced, ${ms(atOnce[round]!.stallMs)} at once`);
    }
    const stall = median(sliced.map((r) => r.stallMs));
    const rows: BenchRow[] = [
      { label: 'longest event-loop stall of a cold scan, link in slices (median)', value: ms(stall),
        target: `≤ ${TARGET_STALL_MS} ms`, ok: stall <= TARGET_STALL_MS },
      { label: 'the same, link at once (as before)', value: ms(median(atOnce.map((r) => r.stallMs))) },
      { label: 'cold scan with the cache save, link in slices (median)', value: ms(median(sliced.map((r) => r.scanMs))) },
      { label: 'cold scan with the cache save, link at once (median)', value: ms(median(atOnce.map((r) => r.scanMs))) },
    ];
    return rows;
  },
};
