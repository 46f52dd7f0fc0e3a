import { readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { listingFingerprint } from './fs-witness';
import { namesIn } from './list-dirs';
import {
  CANCELLED, CHECKED_FROM, CHUNK_BYTES, CHUNK_FILES, KIND_BYTES, KIND_FAILED, KIND_SAME, KIND_SKIPPED, MAIN_NEXT, MODE_CHECK, MODE_SKIP, START_LEAD, WORKER_AT, WORKER_START,
  AHEAD_MAX_BYTES, AHEAD_MAX_FILES,
  type AheadChunk, type AheadJob, type ListAnswer, type ListJob, type ReadFailure, type WorkerReady,
} from './read-ahead-protocol';
import { readStateBytesSync } from './read-text';
import { statMatches } from './stat-matches';

/**
 * The read-ahead worker (see read-ahead.ts): reads the files it is given with the index's own read
 * (readStateBytesSync: regular files only, never more than the limit, links refused), in order, and posts each
 * chunk's bytes as one transferred buffer. It decodes and parses nothing; the index does. It starts a few files
 * past the one the index is reading (the index reads for itself until the worker is there, so a worker still
 * starting costs it nothing) and says where, in the job's shared memory.
 */
parentPort?.on('message', (job: AheadJob | ListJob) => {
  if ('list' in job) {
    listFolders(job);
    return;
  }
  const start = Math.min(job.files.length, Atomics.load(job.shared, MAIN_NEXT) + START_LEAD);
  Atomics.store(job.shared, WORKER_START, start);
  const lead = new Lead(job, start);
  let chunk = new ChunkBuilder(job.id, start);
  for (let at = start; at < job.files.length; at++) {
    // Said before looking where the index's own checks begin: of a file both could take, at least one takes it.
    Atomics.store(job.shared, WORKER_AT, at);
    if (Atomics.load(job.shared, CANCELLED) || at >= Atomics.load(job.shared, CHECKED_FROM)) break;
    if (lead.tooFar(at)) {
      // What is held goes first: the index may be waiting for it before it can take more.
      if (chunk.count) chunk = chunk.send();
      lead.waitForIndex(at);
    }
    const mode = job.modes[at]!;
    const file = job.files[at]!;
    if (mode === MODE_SKIP) chunk.add(KIND_SKIPPED);
    else if (mode === MODE_CHECK && statMatches(file, job.sizes[at]!, job.mtimes[at]!)) chunk.add(KIND_SAME);
    else {
      const read = readStateBytesSync(file, job.maxBytes, false);
      if (read.ok) chunk.add(KIND_BYTES, read.bytes, read.mtimeMs);
      else chunk.add(KIND_FAILED, undefined, 0, read);
      lead.read(at, read.ok ? read.bytes.length : 0);
    }
    if (chunk.count === CHUNK_FILES || chunk.length >= CHUNK_BYTES) chunk = chunk.send();
  }
  // The rest, marked as the last (empty when nothing is left: it still says the job is done).
  chunk.send(true);
});

/**
 * How much lower the worker's priority is than the process's, in nice steps: the lowest there is, so that it runs on
 * a processor no one else wants. At 10 (about a tenth of a shared processor) the editor's window, on 2 processors,
 * still stalled 52–126 ms during a cold scan of 10,000 tasks in 6 of 9 starts (with the worker off: once in 9, 52 ms); at 19,
 * in none of 7, and neither the editor's scan nor the CLI's cold run took longer (1,303 vs 1,277 ms, 7 pairs).
 */
const WORKER_NICENESS = 19;

lowerOwnPriority();
parentPort?.postMessage({ ready: true } satisfies WorkerReady);

/**
 * This thread gives way to the index's (the extension host's, which also runs the views) when both want a processor:
 * its work is ahead of the index's and can wait. Linux only (a thread is a task there, with its own nice value, found
 * through /proc/thread-self); elsewhere, or refused, it runs at the process's priority as before.
 */
function lowerOwnPriority(): void {
  try {
    const tid = Number(path.basename(readlinkSync('/proc/thread-self')));
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) os.setPriority(tid, Math.min(19, os.getPriority(tid) + WORKER_NICENESS));
  } catch {
    // Not Linux, or not allowed: the same priority as the index.
  }
}

/** A discovery's folders listed, as filesIn would list them here (namesIn), each fingerprinted first when asked. */
function listFolders(job: ListJob): void {
  const held = new Array<ReturnType<typeof namesIn>>(job.dirs.length);
  const fingerprints = job.fingerprints ? new Array<ReturnType<typeof listingFingerprint>>(job.dirs.length) : undefined;
  for (let n = 0; n < job.dirs.length; n++) {
    const dir = job.dirs[n]!;
    if (fingerprints) fingerprints[n] = listingFingerprint(dir);
    held[n] = namesIn(dir, job.names);
  }
  parentPort!.postMessage({ list: true, id: job.id, held, ...(fingerprints ? { fingerprints } : {}) } satisfies ListAnswer);
}

/** One chunk's answers as they are made, sent as a few transferred buffers. */
class ChunkBuilder {
  private readonly kinds: number[] = [];
  private readonly ends: number[] = [];
  private readonly mtimes: number[] = [];
  private readonly parts: Buffer[] = [];
  private readonly failures: [number, ReadFailure][] = [];
  length = 0;

  constructor(private readonly id: number, private readonly first: number) {}

  get count(): number {
    return this.kinds.length;
  }

  add(kind: number, bytes?: Buffer, mtimeMs = 0, failure?: ReadFailure): void {
    if (failure) this.failures.push([this.kinds.length, failure]);
    if (bytes) {
      this.parts.push(bytes);
      this.length += bytes.length;
    }
    this.kinds.push(kind);
    this.ends.push(this.length);
    this.mtimes.push(mtimeMs);
  }

  /** Sends this chunk (`done`: the job's last); the builder of the next one. */
  send(done = false): ChunkBuilder {
    const bytes = new ArrayBuffer(this.length);
    const view = new Uint8Array(bytes);
    let at = 0;
    for (const part of this.parts) {
      view.set(part, at);
      at += part.length;
    }
    const kinds = Uint8Array.from(this.kinds);
    const ends = Uint32Array.from(this.ends);
    const mtimes = Float64Array.from(this.mtimes);
    const chunk: AheadChunk = { id: this.id, first: this.first, kinds, ends, mtimes, bytes, failures: this.failures, done };
    parentPort!.postMessage(chunk, [bytes, kinds.buffer, ends.buffer, mtimes.buffer]);
    return new ChunkBuilder(this.id, this.first + this.count);
  }
}

/** How far the worker is past the index's next file (AHEAD_MAX_FILES, AHEAD_MAX_BYTES), from the job's shared memory. */
class Lead {
  private readonly sizes: Float64Array;
  private bytes = 0;
  private taken: number;

  constructor(private readonly job: AheadJob, start: number) {
    this.sizes = new Float64Array(job.files.length);
    this.taken = start;
  }

  read(at: number, size: number): void {
    this.sizes[at] = size;
    this.bytes += size;
  }

  tooFar(at: number): boolean {
    const next = Atomics.load(this.job.shared, MAIN_NEXT);
    // Files the index has taken no longer count.
    while (this.taken < next && this.taken < at) this.bytes -= this.sizes[this.taken++]!;
    return at - next >= AHEAD_MAX_FILES || this.bytes >= AHEAD_MAX_BYTES;
  }

  /** Until the index is near enough again (it says where it is at each file it takes; looked at every few ms). */
  waitForIndex(at: number): void {
    while (this.tooFar(at) && !Atomics.load(this.job.shared, CANCELLED)) Atomics.wait(this.job.shared, MAIN_NEXT, Atomics.load(this.job.shared, MAIN_NEXT), 5);
  }
}
