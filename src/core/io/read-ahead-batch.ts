import { CANCELLED, KIND_BYTES, KIND_FAILED, KIND_SAME, MAIN_NEXT, WORKER_START, type AheadChunk, type ReadFailure } from './read-ahead-protocol';
import { decodeStateBytes, type TextRead } from './read-text';

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

  constructor(private readonly shared: Int32Array, private abandoned: boolean) {
    if (abandoned) this.settle();
  }

  ready(index: number): boolean {
    const start = Atomics.load(this.shared, WORKER_START);
    return start < 0 || index < start || index < this.received || this.abandoned;
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
