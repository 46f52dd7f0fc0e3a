import * as assert from 'node:assert';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import { OwnBlocks, ownBlocks } from '../../src/core/util/own-blocks';
import { StallWatch } from '../../src/core/util/stall-watch';
import { Slicer } from '../../src/core/util/steps';
import { threadCpuMs } from '../../src/core/util/thread-cpu';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';

/*
 * Issue 18, "the UI never blocks more than 50 ms at a time": the extension host's loop is shared with other
 * extensions, so Baton times its own blocks (own-blocks.ts) and looks at each stall without them (stall-watch.ts).
 * The durations here are made by busy waits far longer than the thresholds, so a loaded machine cannot flip them.
 */

/** Holds the event loop `ms` milliseconds. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* holding the loop */ }
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs a measurement up to three times and passes on the first that holds. What these tests time is the whole
 * process's loop: a garbage collection of the suite's heap, another process taking the core, or an earlier test's
 * leftover timer noting a block in the shared meter can stall it by chance in one try. A wrong attribution fails
 * every try; the failures of all tries are reported together.
 */
async function measured(check: () => Promise<void> | void): Promise<void> {
  const errors: string[] = [];
  for (let i = 0; i < 3; i++) {
    try {
      await check();
      return;
    } catch (e) {
      errors.push(e instanceof Error ? e.message : String(e));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  assert.fail(`three tries failed:\n${errors.join('\n')}`);
}

describe('Baton\'s own blocks (own-blocks.ts, stall-watch.ts)', () => {
  beforeEach(() => ownBlocks.restart());

  it('a named Slicer notes each slice, the last at finish(); an unnamed one notes none', () => measured(async () => {
    ownBlocks.restart();
    const blocks = ownBlocks;
    const named = new Slicer(5, 'the work');
    busy(30);
    await named.pause();
    busy(8);
    named.finish();
    assert.strictEqual(blocks.longest.what, 'the work');
    assert.ok(blocks.longest.ms >= 30, `the first slice: ${blocks.longest.ms} ms`);
    assert.strictEqual(blocks.longest.blocks, 2);
    blocks.restart();
    const unnamed = new Slicer(5);
    busy(20);
    await unnamed.pause();
    unnamed.finish();
    assert.strictEqual(blocks.longest.blocks, 0);
    assert.ok(unnamed.longestSliceMs >= 20, 'the slicer still knows its own longest slice');
  }));

  it('time() notes a block by name and counts the long ones; two in the same turn, one after the other, are one', () => measured(async () => {
    const blocks = new OwnBlocks(50);
    blocks.time('short', () => busy(1));
    await turn();
    blocks.time('long', () => busy(60));
    assert.deepStrictEqual({ what: blocks.longest.what, blocks: blocks.longest.blocks, long: blocks.longest.long }, { what: 'long', blocks: 2, long: 1 });
    await turn();
    // Two callbacks of the same turn (a scan's slice, then a view's build): the loop was held for both.
    blocks.time('a', () => busy(30));
    blocks.time('b', () => busy(30));
    assert.deepStrictEqual({ what: blocks.longest.what, blocks: blocks.longest.blocks, long: blocks.longest.long }, { what: 'a + b', blocks: 3, long: 2 });
    assert.ok(blocks.longest.ms >= 60);
  }));

  it('a scan\'s slow view is noted as the views taking its change, not as a stall of someone else', async () => {
    const ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'One', status: 'planned' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Two', status: 'running' }),
    });
    try {
      await measured(async () => {
        ownBlocks.restart();
        const service = new OrchestrationService({ folders: [{ root: ws.root }] });
        try {
          service.onDidChange(() => busy(70));
          const watch = new StallWatch(ownBlocks);
          watch.start();
          await service.scan();
          await turn();
          await new Promise((resolve) => setTimeout(resolve, 20));
          const stalls = watch.stop();
          assert.strictEqual(ownBlocks.longest.what, 'the views taking the scan\'s change');
          assert.ok(ownBlocks.longest.ms >= 70, `${ownBlocks.longest.ms} ms`);
          assert.ok(stalls.longestMs >= 50 && stalls.long >= 1, `the stall is seen: ${JSON.stringify(stalls)}`);
          assert.strictEqual(stalls.longOthers, 0, `nothing else stalled: ${JSON.stringify(stalls)}`);
        } finally {
          service.dispose();
        }
      });
    } finally {
      ws.dispose();
    }
  });

  it('a stall that is not Baton\'s is counted as others\', less the part of it that was Baton\'s', () => measured(async () => {
    const blocks = new OwnBlocks(50);
    const watch = new StallWatch(blocks);
    watch.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Someone else's 90 ms, then Baton's 30 ms in the same turn: a 120 ms stall, 90 ms of it others'.
    busy(90);
    blocks.time('Baton', () => busy(30));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const stalls = watch.stop();
    assert.ok(stalls.longestMs >= 115, JSON.stringify(stalls));
    assert.ok(stalls.longestOthersMs >= 85 && stalls.longestOthersMs <= stalls.longestMs - 28, JSON.stringify(stalls));
    assert.strictEqual(stalls.longOthers, 1, JSON.stringify(stalls));
  }));

  it('a block says how much of it its thread was on a processor, where Node tells it; joined blocks add theirs', () => {
    const blocks = new OwnBlocks();
    blocks.note('sleepy work', 80, 12);
    assert.deepStrictEqual(blocks.longest, { ms: blocks.longest.ms, what: 'sleepy work', cpuMs: 12, blocks: 1, long: 1 });
    // A second part in the same turn, right after: one block, both parts' time on a processor.
    blocks.note('more', 30, 25);
    assert.strictEqual(blocks.longest.what, 'sleepy work + more');
    assert.strictEqual(blocks.longest.cpuMs, 37);
    // A part noted without it (no processor time known): the joined block's is unknown, not a part of it.
    blocks.note('unknown', 10);
    assert.strictEqual(blocks.longest.cpuMs, undefined);
  });

  it('threadCpuMs counts this thread\'s busy time on Node 23.9 and later; a sleep does not count; older Nodes say nothing', async () => {
    const hasIt = typeof (process as { threadCpuUsage?: unknown }).threadCpuUsage === 'function';
    const before = threadCpuMs();
    if (!hasIt) {
      assert.strictEqual(before, undefined);
      return;
    }
    busy(40);
    const busyEnd = threadCpuMs()!;
    await new Promise((resolve) => setTimeout(resolve, 80));
    const after = threadCpuMs()!;
    assert.ok(busyEnd - before! >= 30, `busy 40 ms: ${busyEnd - before!} ms on a processor`);
    assert.ok(after - busyEnd < 40, `asleep 80 ms: ${after - busyEnd} ms on a processor`);
  });

  it('a stall says how much of it the thread was on a processor: a wait is not, a busy loop is (Node 23.9 and later)', () => measured(async () => {
    const hasIt = typeof (process as { threadCpuUsage?: unknown }).threadCpuUsage === 'function';
    const watch = new StallWatch(new OwnBlocks());
    watch.start();
    await turn();
    // The thread held off every processor: blocked in a wait, as when other processes take the machine's cores.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const waited = watch.stop();
    assert.ok(waited.longestMs >= 120, JSON.stringify(waited));
    if (!hasIt) {
      assert.strictEqual(waited.longestOnProcessorMs, undefined);
      assert.strictEqual(waited.mostOnProcessorMs, undefined);
      return;
    }
    assert.ok(waited.longestOnProcessorMs! < 60, JSON.stringify(waited));
    watch.start();
    await turn();
    busy(150);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const busied = watch.stop();
    assert.ok(busied.longestMs >= 120 && busied.longestOnProcessorMs! >= 100 && busied.mostOnProcessorMs! >= busied.longestOnProcessorMs!, JSON.stringify(busied));
  }));
});
