/**
 * Baton's own longest synchronous blocks: how long Baton's code held the event loop at a time, apart from the rest of
 * the process (in the editor, the extension host runs other extensions and VS Code's own work in the same loop, so
 * its longest stall is not Baton's alone). Each long piece of work notes each of its blocks — a Slicer's slices, a
 * view's listener, a build between two turns — with what it was; a window (the editor's cold scan) reads the longest.
 *
 * A block is timed from where Baton's code starts in a turn to where it gives the turn back; where the timing cannot
 * see a turn given back (an await of I/O inside a slice), the block is counted longer than it was, never shorter.
 */
/** Blocks this long or longer keep their span (where in time they were), for within(); shorter ones only count. */
const SPAN_MS = 2;
/** Spans kept at most (a cold scan of 10,000 tasks has a few thousand slices). */
const MAX_SPANS = 50_000;

export interface OwnBlock {
  readonly ms: number;
  /** What held the loop: "scan", "views", "Tasks rows so far"… */
  readonly what: string;
}

export class OwnBlocks {
  private longestBlock: OwnBlock = { ms: 0, what: 'nothing' };
  /** How many blocks were noted since the window started, and how many of them took more than LONG_MS. */
  private counts = { all: 0, long: 0 };

  constructor(readonly longMs = 50) {}

  /** Blocks of a few milliseconds or more since the window started, as [start, end] (performance.now()): see stall-watch.ts. */
  private spans: [number, number][] = [];

  /** Notes one block of Baton's code that held the event loop `ms` milliseconds, ending now. */
  note(what: string, ms: number): void {
    this.counts.all++;
    if (ms > this.longMs) this.counts.long++;
    if (ms > this.longestBlock.ms) this.longestBlock = { ms, what };
    if (ms >= SPAN_MS && this.spans.length < MAX_SPANS) { const end = performance.now(); this.spans.push([end - ms, end]); }
  }

  /** How long Baton's own blocks (of SPAN_MS or more) held the loop between `start` and `end`. */
  within(start: number, end: number): number {
    let ms = 0;
    for (const [s, e] of this.spans) ms += Math.max(0, Math.min(e, end) - Math.max(s, start));
    return ms;
  }

  /** Runs `work` now (synchronous: one block) and notes how long it took. */
  time<T>(what: string, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.note(what, performance.now() - started);
    }
  }

  /** The longest block noted since the window started, with how many were noted and how many were long. */
  get longest(): OwnBlock & { readonly blocks: number; readonly long: number } {
    return { ...this.longestBlock, blocks: this.counts.all, long: this.counts.long };
  }

  /** Starts a new window: what was noted before is forgotten. */
  restart(): void {
    this.longestBlock = { ms: 0, what: 'nothing' };
    this.counts = { all: 0, long: 0 };
    this.spans = [];
  }
}

/** The process's one meter: the scan, the views and their builds note their blocks here (the editor logs it). */
export const ownBlocks = new OwnBlocks();
