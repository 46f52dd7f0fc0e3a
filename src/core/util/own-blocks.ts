import { threadCpuMs } from './thread-cpu';

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
/** Two blocks of the same turn less than this apart are one: nothing of note ran between them. */
const JOIN_MS = 1;
/** Spans kept at most (a cold scan of 10,000 tasks has a few thousand slices). */
const MAX_SPANS = 50_000;

export interface OwnBlock {
  readonly ms: number;
  /** What held the loop: "scan", "views", "Tasks rows so far"… */
  readonly what: string;
  /**
   * How much of `ms` the thread spent on a processor (thread-cpu.ts), when every part of the block was noted with it:
   * on a loaded machine a block also counts the time its thread waited for a processor other processes held.
   */
  readonly cpuMs?: number;
}

export class OwnBlocks {
  private longestBlock: OwnBlock = { ms: 0, what: 'nothing' };
  /** How many blocks were noted since the window started, and how many of them took more than LONG_MS. */
  private counts = { all: 0, long: 0 };

  constructor(readonly longMs = 50) {}

  /** Blocks of a few milliseconds or more since the window started, as [start, end] (performance.now()): see stall-watch.ts. */
  private spans: [number, number, string][] = [];

  /** Whether the loop has turned since the last block was noted (then the next one is a block of its own). */
  private turned = true;
  private marking = false;
  /** The last block noted (maybe joined from several): where it started and ended, and what it was. */
  private last: { start: number; end: number; what: string; cpuMs: number | undefined } | undefined;

  /**
   * Notes one block of Baton's code that held the event loop `ms` milliseconds, ending now. One that starts where the
   * last one ended, in the same turn of the loop (two of Baton's callbacks one after the other, such as two immediates:
   * the loop was held throughout, no I/O was seen to) is joined to it, and counted as one block.
   */
  note(what: string, ms: number, cpuMs?: number): void {
    const end = performance.now();
    const start = end - ms;
    const last = this.last;
    if (last && !this.turned && start - last.end < JOIN_MS && start >= last.start) {
      if (!last.what.split(' + ').includes(what)) last.what = `${last.what} + ${what}`;
      last.end = end;
      last.cpuMs = last.cpuMs === undefined || cpuMs === undefined ? undefined : last.cpuMs + cpuMs;
      const span = this.spans.at(-1);
      if (span && span[0] === last.start) { span[1] = end; span[2] = last.what; } else this.keepSpan(last.start, end, last.what);
    } else {
      this.counts.all++;
      this.last = { start, end, what, cpuMs };
      this.keepSpan(start, end, what);
    }
    this.byWhat.set(what, Math.max(this.byWhat.get(what) ?? 0, ms));
    // Whether the loop turns (polls for I/O) before the next block: an immediate queued now runs only in the next turn.
    this.turned = false;
    if (!this.marking) {
      this.marking = true;
      setImmediate(() => { this.turned = true; this.marking = false; }).unref?.();
    }
    const block = this.last!;
    const joined = block.end - block.start;
    if (joined > this.longMs && joined - ms <= this.longMs) this.counts.long++;
    if (joined > this.longestBlock.ms) this.longestBlock = { ms: joined, what: block.what, ...(block.cpuMs === undefined ? {} : { cpuMs: block.cpuMs }) };
  }

  private keepSpan(start: number, end: number, what: string): void {
    if (end - start >= SPAN_MS && this.spans.length < MAX_SPANS) this.spans.push([start, end, what]);
  }

  /** The longest block of each kind by itself (before it was joined to one before it). */
  private readonly byWhat = new Map<string, number>();

  /** The kinds of block, longest first: `[what, ms]`. */
  kinds(): [string, number][] {
    return [...this.byWhat].sort((a, b) => b[1] - a[1]);
  }

  /**
   * The longest block less the part of it `pauses` take (`[start, end]` of the loop's pauses that are no one's code:
   * garbage collection), and what it was.
   */
  longestWithout(pauses: readonly (readonly [number, number])[]): OwnBlock {
    let longest: OwnBlock = { ms: 0, what: 'nothing' };
    for (const [start, end, what] of this.spans) {
      const ms = end - start - overlap(pauses, start, end);
      if (ms > longest.ms) longest = { ms, what };
    }
    return longest;
  }

  /** How long Baton's own blocks (of SPAN_MS or more) held the loop between `start` and `end`. */
  within(start: number, end: number): number {
    // Spans may nest (a listing inside the rows' save): never more than the whole.
    return Math.min(end - start, overlap(this.spans, start, end));
  }

  /** Runs `work` now (synchronous: one block) and notes how long it took. */
  time<T>(what: string, work: () => T): T {
    const started = performance.now();
    const cpu = threadCpuMs();
    try {
      return work();
    } finally {
      const cpuNow = threadCpuMs();
      this.note(what, performance.now() - started, cpu === undefined || cpuNow === undefined ? undefined : cpuNow - cpu);
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
    this.last = undefined;
    this.turned = true;
    this.byWhat.clear();
  }
}

/** How much of [start, end] the spans cover (they do not overlap each other). */
function overlap(spans: readonly (readonly [number, number, ...unknown[]])[], start: number, end: number): number {
  let ms = 0;
  for (const [s, e] of spans) ms += Math.max(0, Math.min(e, end) - Math.max(s, start));
  return ms;
}

/** The process's one meter: the scan, the views and their builds note their blocks here (the editor logs it). */
export const ownBlocks = new OwnBlocks();
