import { PerformanceObserver } from 'node:perf_hooks';
import type { OwnBlock, OwnBlocks } from './own-blocks';
import { threadCpuMs } from './thread-cpu';

/** What the event loop's stalls over a window were, and how much of them was not Baton's own blocks. */
export interface StallReport {
  /** The longest stall: how late a timer due every tickMs ran. */
  readonly longestMs: number;
  /** Stalls longer than longMs. */
  readonly long: number;
  /** The longest stall less Baton's own blocks in it: what other work (other extensions, VS Code, GC) held the loop. */
  readonly longestOthersMs: number;
  /** Stalls longer than longMs even without Baton's own blocks in them. */
  readonly longOthers: number;
  /** Garbage collection over the window: the longest pause, and all of them (one heap for every extension of the host). */
  readonly gcLongestMs: number;
  readonly gcMs: number;
  /** Baton's longest own block less the garbage collection pauses in it. */
  readonly ownWithoutGc: OwnBlock;
  /**
   * Where Node tells the thread's processor time (thread-cpu.ts): how much of the longest stall the thread was on a
   * processor, and the most any one stall was. The rest of a stall the thread waited for a processor that other
   * processes held (on a loaded machine), running no one's code.
   */
  readonly longestOnProcessorMs?: number;
  readonly mostOnProcessorMs?: number;
}

/**
 * The event loop's stalls over a window (the editor's cold scan), each less the part of it that was Baton's own
 * blocks (own-blocks.ts): in the extension host, other extensions and VS Code's own work share the loop with Baton,
 * and the longest stall alone does not say whose it was. A timer due every `tickMs`; one that runs more than `longMs`
 * late marks a stall from when it was due to when it ran. Baton's blocks that overlap it are taken out; what is left
 * is others' work (or garbage collection, which no one's block counts). Within a timer's tick: a few milliseconds.
 */
export class StallWatch {
  private timer: NodeJS.Timeout | undefined;
  /** [due, ran, the thread's processor time since the tick before (undefined: not known)]. */
  private stalls: [number, number, number | undefined][] = [];
  private gc: [number, number][] = [];
  private observer: PerformanceObserver | undefined;

  constructor(private readonly blocks: OwnBlocks, readonly longMs = 50, private readonly tickMs = 10) {}

  start(): void {
    this.stop();
    this.stalls = [];
    this.gc = [];
    // Garbage collection pauses the loop without anyone's code running: its pauses are told apart too.
    this.observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) this.gc.push([e.startTime, e.startTime + e.duration]); });
    this.observer.observe({ entryTypes: ['gc'] });
    let cpuBefore = threadCpuMs();
    const tick = (due: number) => {
      const now = performance.now();
      const cpu = threadCpuMs();
      if (now - due > this.longMs / 5) this.stalls.push([due, now, cpu === undefined || cpuBefore === undefined ? undefined : cpu - cpuBefore]);
      cpuBefore = cpu;
      const next = performance.now() + this.tickMs;
      this.timer = setTimeout(() => tick(next), this.tickMs);
      this.timer.unref?.();
    };
    tick(performance.now());
  }

  /** Stops watching, and reports the stalls since start(). */
  stop(): StallReport {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // Entries not yet delivered to the callback.
    if (this.observer) for (const e of this.observer.takeRecords()) this.gc.push([e.startTime, e.startTime + e.duration]);
    this.observer?.disconnect();
    this.observer = undefined;
    let longestMs = 0, long = 0, longestOthersMs = 0, longOthers = 0;
    let longestOnProcessorMs: number | undefined, mostOnProcessorMs: number | undefined;
    for (const [due, ran, cpu] of this.stalls) {
      const late = ran - due;
      const others = late - this.blocks.within(due, ran);
      if (late > longestMs) longestOnProcessorMs = cpu;
      if (cpu !== undefined) mostOnProcessorMs = Math.max(mostOnProcessorMs ?? 0, cpu);
      longestMs = Math.max(longestMs, late);
      longestOthersMs = Math.max(longestOthersMs, others);
      if (late > this.longMs) long++;
      if (others > this.longMs) longOthers++;
    }
    const gcMs = this.gc.reduce((sum, [s, e]) => sum + e - s, 0);
    const gcLongestMs = this.gc.reduce((max, [s, e]) => Math.max(max, e - s), 0);
    return { longestMs, long, longestOthersMs, longOthers, gcLongestMs, gcMs, ownWithoutGc: this.blocks.longestWithout(this.gc),
      ...(longestOnProcessorMs === undefined ? {} : { longestOnProcessorMs }), ...(mostOnProcessorMs === undefined ? {} : { mostOnProcessorMs }) };
  }
}
