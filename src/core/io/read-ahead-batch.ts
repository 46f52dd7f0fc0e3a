import {
  CANCELLED, CHECKED_FROM, KIND_BYTES, KIND_FAILED, KIND_SAME, MAIN_NEXT, MODE_CHECK, WORKER_AT, WORKER_START, type AheadChunk, type ReadFailure,
} from './read-ahead-protocol';
import { decodeStateBytes, type TextRead } from './read-text';
import { statMatches } from './stat-matches';

/** A job as the index asked it (read-ahead.ts): its files, what was asked of each, and a check's cached size and mtime. */
export interface AskedJob {
  readonly files: readonly string[];
  readonly modes: Uint8Array;
  readonly sizes: Float64Array;
  readonly mtimes: Float64Array;
}

/** What the worker found for one file: the cached entry holds (`'same'`), its read, or nothing (read it yourself). */
export type AheadAnswer = 'same' | TextRead | undefined;

/**
 * One job's answers, taken in order (`take(i)` after `ready(i)` or `await wait(i)`). Before the worker's start
 * every file is the index's own (ready, and `take` says "read it yourself").
 */
export class AheadBatch {
  private readonly chunks: AheadChunk[] = [];
  private received = 0;
  private current = 0;
  private waiting: { index: number; resolve: () => void } | undefined;
  onDone: (() => void) | undefined;
  /** How many files the worker answered (the rest the index read itself). */
  answered = 0;
  private settle!: () => void;
  /** Resolves once every chunk the worker will send has come (or it stopped): for a test to take them all at once. */
  readonly settled = new Promise<void>((resolve) => { this.settle = resolve; });

  /** The first of the job's last files that this thread checked itself (checkFromEnd), and whether each held. */
  private checkedFrom: number;
  private checkedSame: Uint8Array | undefined;

  constructor(private readonly shared: Int32Array, private abandoned: boolean, private readonly job: AskedJob) {
    if (abandoned) this.settle();
    this.checkedFrom = job.files.length;
  }

  ready(index: number): boolean {
    const start = Atomics.load(this.shared, WORKER_START);
    return start < 0 || index < start || index < this.received || index >= this.checkedFrom || this.abandoned;
  }

  /**
   * While the index waits for the worker's answer for file `waitingFor`: checks the job's last file not yet taken by
   * either (a cached entry's stat, as the worker would) here, and says whether it did one. The worker stops where these
   * begin (CHECKED_FROM), so a warm start's 23,000 stats are shared by both threads instead of waited for. Only checks:
   * a file to read is left to the worker, and nothing at or before the worker's file or the one waited for is taken.
   */
  checkFromEnd(waitingFor: number): boolean {
    const at = this.checkedFrom - 1;
    if (this.abandoned || at <= waitingFor || at < this.received || at <= Atomics.load(this.shared, WORKER_AT)
      || this.job.modes[at] !== MODE_CHECK) return false;
    // Said before checking: the worker, looking after it said where it is, stops before this file (or both check it).
    Atomics.store(this.shared, CHECKED_FROM, at);
    this.checkedFrom = at;
    this.checkedSame ??= new Uint8Array(this.job.files.length);
    this.checkedSame[at] = statMatches(this.job.files[at]!, this.job.sizes[at]!, this.job.mtimes[at]!) ? 1 : 0;
    return true;
  }

  wait(index: number): Promise<void> {
    if (this.ready(index)) return Promise.resolve();
    return new Promise((resolve) => { this.waiting = { index, resolve }; });
  }

  /** The answer for file `index`: call in increasing order, once `ready(index)`. */
  take(index: number): AheadAnswer {
    // Said before looking where the worker starts: a worker starting now starts past this file.
    Atomics.store(this.shared, MAIN_NEXT, index + 1);
    const start = Atomics.load(this.shared, WORKER_START);
    // The worker's answer when it has one (it may have checked one of this thread's too: either check holds).
    if (index >= this.checkedFrom && !(start >= 0 && index >= start && index < this.received)) return this.checkedSame?.[index] ? 'same' : undefined;
    if (start < 0 || index < start || index >= this.received) return undefined;
    let chunk = this.chunks[this.current]!;
    while (index >= chunk.first + chunk.kinds.length) {
      // A chunk behind us is done with: drop it, so that its bytes can go.
      this.chunks[this.current] = undefined as unknown as AheadChunk;
      chunk = this.chunks[++this.current]!;
    }
    const i = index - chunk.first;
    const kind = chunk.kinds[i];
    if (kind === KIND_SAME) return this.answer('same');
    if (kind === KIND_BYTES) {
      const start = i === 0 ? 0 : chunk.ends[i - 1]!;
      return this.answer(decodeStateBytes(Buffer.from(chunk.bytes, start, chunk.ends[i]! - start), chunk.mtimes[i]!));
    }
    if (kind === KIND_FAILED) return this.answer(failureAt(chunk, i));
    return undefined;
  }

  add(chunk: AheadChunk): void {
    this.chunks.push(chunk);
    this.received = chunk.first + chunk.kinds.length;
    if (chunk.done) {
      this.onDone?.();
      this.settle();
    }
    this.wake();
  }

  /** The index is done with this job: the worker stops reading it (and says so with its last chunk). */
  cancel(): void {
    Atomics.store(this.shared, CANCELLED, 1);
  }

  abandon(): void {
    this.abandoned = true;
    this.settle();
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    if (waiting && this.ready(waiting.index)) {
      this.waiting = undefined;
      waiting.resolve();
    }
  }

  private answer<A extends AheadAnswer>(answer: A): A {
    this.answered++;
    return answer;
  }
}

function failureAt(chunk: AheadChunk, i: number): ReadFailure | undefined {
  for (const [at, failure] of chunk.failures) if (at === i) return failure;
  return undefined;
}
