import type { OwnBlocks } from './own-blocks';

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
  private stalls: [number, number][] = [];

  constructor(private readonly blocks: OwnBlocks, readonly longMs = 50, private readonly tickMs = 10) {}

  start(): void {
    this.stop();
    this.stalls = [];
    const tick = (due: number) => {
      const now = performance.now();
      if (now - due > this.longMs / 5) this.stalls.push([due, now]);
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
    let longestMs = 0, long = 0, longestOthersMs = 0, longOthers = 0;
    for (const [due, ran] of this.stalls) {
      const late = ran - due;
      const others = late - this.blocks.within(due, ran);
      longestMs = Math.max(longestMs, late);
      longestOthersMs = Math.max(longestOthersMs, others);
      if (late > this.longMs) long++;
      if (others > this.longMs) longOthers++;
    }
    return { longestMs, long, longestOthersMs, longOthers };
  }
}
