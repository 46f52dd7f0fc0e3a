import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AheadBatch } from './read-ahead-batch';
import { listingRecorder } from './fs-witness';
import type { FolderNames } from './list-dirs';
import {
  CHECKED_FROM, MODE_CHECK, MODE_READ, MODE_SKIP, SHARED_SLOTS, WORKER_AT, WORKER_START, type AheadJob, type ListAnswer, type ListJob, type WorkerMessage,
} from './read-ahead-protocol';
import { MAX_STATE_FILE_BYTES } from './read-text';

export { AheadBatch, type AheadAnswer } from './read-ahead-batch';

/**
 * Reading on a second thread while the index parses on its own. A scan of 10,000 orc tasks opens, stats and reads
 * 23,000 files: done synchronously between parses that was about a quarter of the scan's time on the thread that
 * also runs the views (the extension host) or the CLI. A worker (read-ahead-worker.ts) does those reads in order,
 * ahead of the index, with the same read, and hands their bytes over in chunks; the index decodes and parses each
 * as it comes to it. Anything the worker cannot answer — the files before the one it started at (the index reads
 * on while the worker starts), it stopped, a file it skipped — the index reads itself as before, so the read-ahead
 * changes when a file is read, never what is read from it.
 *
 * It lists a discovery's folders too, once it has started (filesIn with a FolderLister, see list-dirs.ts): the index
 * parses one piece while the worker lists the next and reads it.
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

/**
 * One file of a job: read it (`'read'`), check it against a cached stat (a size and mtime: read it only if they
 * changed), or leave it (undefined).
 */
export type AheadAsk = 'read' | { readonly size: number; readonly mtimeMs: number } | undefined;

/** A worker kept after a scan for the next one (a rescan, the next folder), ended after this long unused. */
const SPARE_FOR_MS = 10_000;
/** How long a closed scan's worker may take to say it stopped the jobs it was cancelled, before it is ended. */
const CANCEL_WAIT_MS = 2_000;
let spare: { worker: Worker; timer: NodeJS.Timeout } | undefined;
/** Job ids are unique across every scan's ReadAhead, so that a spare worker's late chunk is never taken for another's. */
let nextJobId = 0;
/** Workers that said they are listening (their first message): a listing is asked only of one of them. */
const listening = new WeakSet<Worker>();

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
    worker.once('message', () => listening.add(worker));
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
  private readonly listings = new Map<number, {
    dirs: readonly string[]; record: ReturnType<typeof listingRecorder>; resolve: (held: readonly FolderNames[] | undefined) => void;
  }>();
  private stopped = false;
  /** How many folders the worker listed for this scan. */
  foldersListed = 0;
  private readonly onMessage = (message: WorkerMessage) => {
    if ('kinds' in message) this.jobs.get(message.id)?.add(message);
    else if ('list' in message) this.listed(message);
  };
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

  /** The worker's thread (one kept as the spare for the next scan is the same thread there). */
  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** A worker for one scan (the spare one when there is one), or undefined when read-ahead is off. */
  static start(): ReadAhead | undefined {
    return readAheadOn() ? new ReadAhead() : undefined;
  }

  /** Asks for `files` in order; the batch answers them as their chunks arrive. */
  ask(files: readonly string[], asks: (file: string, index: number) => AheadAsk): AheadBatch {
    const shared = new Int32Array(new SharedArrayBuffer(SHARED_SLOTS * 4));
    shared[WORKER_START] = -1;
    shared[CHECKED_FROM] = files.length;
    shared[WORKER_AT] = -1;
    const modes = new Uint8Array(files.length);
    const sizes = new Float64Array(files.length);
    const mtimes = new Float64Array(files.length);
    for (let i = 0; i < files.length; i++) {
      const ask = asks(files[i]!, i);
      if (ask === undefined) modes[i] = MODE_SKIP;
      else if (ask === 'read') modes[i] = MODE_READ;
      else {
        modes[i] = MODE_CHECK;
        sizes[i] = ask.size;
        mtimes[i] = ask.mtimeMs;
      }
    }
    // The batch keeps the job's own (the worker gets copies): the index checks some of the last files itself.
    const batch = new AheadBatch(shared, this.stopped, { files, modes, sizes, mtimes });
    if (this.stopped) return batch;
    const id = nextJobId++;
    this.jobs.set(id, batch);
    batch.onDone = () => this.jobs.delete(id);
    const job: AheadJob = { id, files, modes, sizes, mtimes, maxBytes: MAX_STATE_FILE_BYTES, shared };
    this.worker!.postMessage(job);
    return batch;
  }

  /**
   * Starts listing `dirs` on the worker (namesIn of each), recorded by a witness under way now as listings here would
   * be; undefined when the worker has not said it is listening yet, or stopped (the caller lists them itself). The
   * answer is undefined when the worker stopped before it (the same).
   */
  list(dirs: readonly string[], names: readonly string[]): Promise<readonly FolderNames[] | undefined> | undefined {
    if (this.stopped || !listening.has(this.worker!)) return undefined;
    const id = nextJobId++;
    const record = listingRecorder();
    const job: ListJob = { list: true, id, dirs, names, fingerprints: record !== undefined };
    return new Promise((resolve) => {
      this.listings.set(id, { dirs, record, resolve });
      this.worker!.postMessage(job);
    });
  }

  private listed(answer: ListAnswer): void {
    const asked = this.listings.get(answer.id);
    if (!asked) return;
    this.listings.delete(answer.id);
    if (asked.record && answer.fingerprints) for (let n = 0; n < asked.dirs.length; n++) asked.record(asked.dirs[n]!, answer.fingerprints[n]!);
    this.foldersListed += asked.dirs.length;
    asked.resolve(answer.held);
  }

  /**
   * Done with the worker: batches still waiting answer "read it yourself" for what they have not received. The
   * worker is kept as the spare for the next scan once it has said it is done with every job (each still under way
   * is cancelled: the index outran it, or stopped); ended if it does not say so soon.
   */
  close(): void {
    if (this.stopped) return;
    const worker = this.worker!;
    const pending = new Set(this.jobs.keys());
    for (const batch of this.jobs.values()) batch.cancel();
    this.stop();
    worker.off('message', this.onMessage);
    worker.off('error', this.onStopped);
    worker.off('exit', this.onStopped);
    if (!pending.size) {
      putBack(worker);
      return;
    }
    const onMessage = (message: WorkerMessage) => {
      if ('done' in message && message.done) pending.delete(message.id);
      if (pending.size) return;
      forget();
      putBack(worker);
    };
    const gone = () => forget();
    const timer = setTimeout(() => { forget(); void worker.terminate(); }, CANCEL_WAIT_MS);
    timer.unref();
    const forget = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', gone);
      worker.off('exit', gone);
    };
    worker.on('message', onMessage);
    worker.on('error', gone);
    worker.on('exit', gone);
  }

  private stop(): void {
    this.stopped = true;
    for (const batch of this.jobs.values()) batch.abandon();
    this.jobs.clear();
    for (const { resolve } of this.listings.values()) resolve(undefined);
    this.listings.clear();
  }
}
