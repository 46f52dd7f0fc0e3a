import { ownBlocks } from './own-blocks';
import { threadCpuMs } from './thread-cpu';

/**
 * Work written as a generator that yields between steps: one body that can run to completion at once (runSteps),
 * or in slices with the event loop's other work between them (runStepsSliced). A long computation (the full link
 * of 10,000 tasks) is written once and sliced only where a caller wants it, never duplicated.
 *
 * A step must leave nothing half-done that anyone else can see: the generator builds its result privately and
 * hands it back at the end.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Lets other work run every `sliceMs` of this work: `due()` says a slice is over, `pause()` gives the event loop a
 * turn (setImmediate: I/O and timers run, then this work goes on). One slicer can pace several kinds of work in a
 * row (a scan's reads, then its link), so a slice is never cut short or doubled where one kind ends.
 */
export class Slicer {
  private sliceStart = performance.now();
  /** The thread's processor time when the slice started (named work only, where Node tells it: see thread-cpu.ts). */
  private sliceCpu: number | undefined;
  /** How long this work waited for other work in all, over its pauses. */
  yieldedMs = 0;
  /**
   * The longest slice so far (until the last pause, or finish()): the longest this work held the event loop, when it
   * awaits nothing but pause() (another await gives the loop a turn the slicer does not see).
   */
  longestSliceMs = 0;

  /**
   * @param what Names the work's slices among Baton's own blocks (own-blocks.ts), each noted there as it ends; none:
   * not noted (the CLI's and a test's work). Changeable as the work goes from one kind to the next.
   */
  constructor(readonly sliceMs: number, public what?: string) {
    this.sliceCpu = what ? threadCpuMs() : undefined;
  }

  /** A slice starts now: the work waited for something else since the last one (an await of I/O the slicer does not see). */
  startSlice(): void {
    this.sliceStart = performance.now();
    if (this.what) this.sliceCpu = threadCpuMs();
  }

  due(): boolean {
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  async pause(): Promise<void> {
    const paused = this.finish();
    await new Promise((resolve) => setImmediate(resolve));
    this.startSlice();
    this.yieldedMs += this.sliceStart - paused;
  }

  /** Ends the current slice (the work is done, or pauses): counts it in longestSliceMs. Returns when. */
  finish(): number {
    const now = performance.now();
    this.longestSliceMs = Math.max(this.longestSliceMs, now - this.sliceStart);
    if (this.what) {
      const cpu = threadCpuMs();
      ownBlocks.note(this.what, now - this.sliceStart, cpu === undefined || this.sliceCpu === undefined ? undefined : cpu - this.sliceCpu);
    }
    return now;
  }
}

/** Runs the steps in slices, pausing whenever the slicer says a slice is over. */
export async function runStepsSliced<T>(steps: Steps<T>, slicer: Slicer): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (slicer.due()) await slicer.pause();
  }
}
