import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  KIND_BYTES, KIND_FAILED, KIND_SAME, MAIN_NEXT, MODE_CHECK, MODE_READ, MODE_SKIP, WORKER_START,
  type AheadChunk, type AheadJob, type ReadFailure,
} from './read-ahead-protocol';
import { decodeStateBytes, MAX_STATE_FILE_BYTES, type TextRead } from './read-text';

/**
 * Reading on a second thread while the index parses on its own. A scan of 10,000 orc tasks opens, stats and reads
 * 23,000 files: done synchronously between parses that was about a quarter of the scan's time on the thread that
 * also runs the views (the extension host) or the CLI. A worker (read-ahead-worker.ts) does those reads in order,
 * ahead of the index, with the same read, and hands their bytes over in chunks; the index decodes and parses each
 * as it comes to it. Anything the worker cannot answer — the files before the one it started at (the index reads
 * on while the worker starts), it stopped, a file it skipped — the index reads itself as before, so the read-ahead
 * changes when a file is read, never what is read from it.
 */

/** The worker's file, built beside this module's (out/src/core/io/ for the tests, dist/ in the bundles). */
const WORKER_FILE = path.join(__dirname, 'read-ahead-worker.js');
/**
 * Off with one processor (a second thread would only take turns with the first) and with `BATON_READ_AHEAD=off`
 * (every read on the index's own thread, as before: for measuring the two side by side).
 */
export function readAheadOn(): boolean {
  return process.env.BATON_READ_AHEAD !== 'off' && os.availableParallelism() > 1;
}
/** Fewer files than this are read in the index's own thread: starting a worker costs more than it saves. */
export const READ_AHEAD_MIN_FILES = 256;

/** What the worker found for one file: the cached entry holds (`'same'`), its read, or nothing (read it yourself). */
export type AheadAnswer = 'same' | TextRead | undefined;

/** One file of a job: read it, check it against a cached stat (read it only if that changed), or leave it. */
export type AheadAsk = { readonly read: true } | { readonly check: { readonly size: number; readonly mtimeMs: number } } | undefined;

/** A worker kept after a scan for the next one (a rescan, the next folder), ended after this long unused. */
const SPARE_FOR_MS = 10_000;
let spare: { worker: Worker; timer: NodeJS.Timeout } | undefined;
/** Job ids are unique across every scan's ReadAhead, so that a spare worker's late chunk is never taken for another's. */
let nextJobId = 0;

function takeWorker(): Worker | undefined {
  if (spare) {
    clearTimeout(spare.timer);
    const { worker } = spare;
    spare = undefined;
    return worker;
  }
  try {
    const worker = new Worker(WORKER_FILE);
    // Never what keeps a process alive: the CLI exits when its work is done, whatever the worker is doing.
    worker.unref();
    // A spare that fails or exits is no longer one.
    const forget = () => { if (spare?.worker === worker) { clearTimeout(spare.timer); spare = undefined; } };
    worker.on('error', forget);
    worker.on('exit', forget);
    return worker;
  } catch {
    return undefined;
  }
}

function putBack(worker: Worker): void {
  if (spare) {
    void worker.terminate();
    return;
  }
  const timer = setTimeout(() => {
    if (spare?.worker === worker) spare = undefined;
    void worker.terminate();
  }, SPARE_FOR_MS);
  timer.unref();
  spare = { worker, timer };
}

/** The read-ahead of one scan: asks (one per discovery piece) go to one worker, in order. */
export class ReadAhead {
  private readonly worker: Worker | undefined;
  private readonly jobs = new Map<number, AheadBatch>();
  private stopped = false;
  private readonly onMessage = (chunk: AheadChunk) => this.jobs.get(chunk.id)?.add(chunk);
  private readonly onStopped = () => this.stop();

  private constructor() {
    this.worker = takeWorker();
    if (!this.worker) {
      this.stopped = true;
      return;
    }
    this.worker.on('message', this.onMessage);
    this.worker.on('error', this.onStopped);
    this.worker.on('exit', this.onStopped);
  }

  /** A worker for one scan (the spare one when there is one), or undefined when read-ahead is off. */
  static start(): ReadAhead | undefined {
    return readAheadOn() ? new ReadAhead() : undefined;
  }

  /** Asks for `files` in order; the batch answers them as their chunks arrive. */
  ask(files: readonly string[], asks: (file: string, index: number) => AheadAsk): AheadBatch {
    const shared = new Int32Array(new SharedArrayBuffer(8));
    shared[WORKER_START] = -1;
    const batch = new AheadBatch(files.length, shared, this.stopped);
    if (this.stopped) return batch;
    const modes = new Uint8Array(files.length);
    const sizes = new Float64Array(files.length);
    const mtimes = new Float64Array(files.length);
    for (let i = 0; i < files.length; i++) {
      const ask = asks(files[i]!, i);
      if (ask === undefined) modes[i] = MODE_SKIP;
      else if ('read' in ask) modes[i] = MODE_READ;
      else {
        modes[i] = MODE_CHECK;
        sizes[i] = ask.check.size;
        mtimes[i] = ask.check.mtimeMs;
      }
    }
    const id = nextJobId++;
    this.jobs.set(id, batch);
    batch.onDone = () => this.jobs.delete(id);
    const job: AheadJob = { id, files, modes, sizes, mtimes, maxBytes: MAX_STATE_FILE_BYTES, shared };
    this.worker!.postMessage(job, [modes.buffer, sizes.buffer, mtimes.buffer]);
    return batch;
  }

  /**
   * Done with the worker: batches still waiting answer "read it yourself" for what they have not received. An idle
   * worker is kept as the spare for the next scan; one still reading a job is ended.
   */
  close(): void {
    if (this.stopped) return;
    const idle = this.jobs.size === 0;
    this.stop();
    const worker = this.worker!;
    worker.off('message', this.onMessage);
    worker.off('error', this.onStopped);
    worker.off('exit', this.onStopped);
    if (idle) putBack(worker);
    else void worker.terminate();
  }

  private stop(): void {
    this.stopped = true;
    for (const batch of this.jobs.values()) batch.abandon();
    this.jobs.clear();
  }
}

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

  constructor(private readonly size: number, private readonly shared: Int32Array, private abandoned: boolean) {
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
    if (this.received >= this.size) {
      this.onDone?.();
      this.settle();
    }
    this.wake();
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
