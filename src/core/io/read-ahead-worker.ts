import { statSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import {
  CHUNK_FILES, KIND_BYTES, KIND_FAILED, KIND_SAME, KIND_SKIPPED, MAIN_NEXT, MODE_CHECK, MODE_SKIP, START_LEAD, WORKER_START,
  type AheadChunk, type AheadJob, type ReadFailure,
} from './read-ahead-protocol';
import { readStateBytesSync } from './read-text';

/**
 * The read-ahead worker (see read-ahead.ts): reads the files it is given with the index's own read
 * (readStateBytesSync: regular files only, never more than the limit, links refused), in order, and posts each
 * chunk's bytes as one transferred buffer. It decodes and parses nothing; the index does. It starts a few files
 * past the one the index is reading (the index reads for itself until the worker is there, so a worker still
 * starting costs it nothing) and says where, in the job's shared memory.
 */
parentPort?.on('message', (job: AheadJob) => {
  const start = Math.min(job.files.length, Atomics.load(job.shared, MAIN_NEXT) + START_LEAD);
  Atomics.store(job.shared, WORKER_START, start);
  for (let first = start; first < job.files.length; first += CHUNK_FILES) {
    const count = Math.min(CHUNK_FILES, job.files.length - first);
    const kinds = new Uint8Array(count);
    const ends = new Uint32Array(count);
    const mtimes = new Float64Array(count);
    const parts: Buffer[] = [];
    const failures: [number, ReadFailure][] = [];
    let length = 0;
    for (let i = 0; i < count; i++) {
      const at = first + i;
      const mode = job.modes[at]!;
      const file = job.files[at]!;
      if (mode === MODE_SKIP) kinds[i] = KIND_SKIPPED;
      else if (mode === MODE_CHECK && statMatches(file, job.sizes[at]!, job.mtimes[at]!)) kinds[i] = KIND_SAME;
      else {
        const read = readStateBytesSync(file, job.maxBytes, false);
        if (read.ok) {
          parts.push(read.bytes);
          length += read.bytes.length;
          mtimes[i] = read.mtimeMs;
          kinds[i] = KIND_BYTES;
        } else {
          failures.push([i, read]);
          kinds[i] = KIND_FAILED;
        }
      }
      ends[i] = length;
    }
    const bytes = new ArrayBuffer(length);
    const view = new Uint8Array(bytes);
    let at = 0;
    for (const part of parts) {
      view.set(part, at);
      at += part.length;
    }
    const chunk: AheadChunk = { id: job.id, first, kinds, ends, mtimes, bytes, failures };
    parentPort!.postMessage(chunk, [bytes, kinds.buffer, ends.buffer, mtimes.buffer]);
  }
  // Nothing left past the index: an empty chunk still says the job is done.
  if (start >= job.files.length) {
    const none: AheadChunk = { id: job.id, first: start, kinds: new Uint8Array(0), ends: new Uint32Array(0), mtimes: new Float64Array(0), bytes: new ArrayBuffer(0), failures: [] };
    parentPort!.postMessage(none);
  }
});

/** The index's check of a cached entry: stat with links followed (any failure: it does not hold). */
function statMatches(file: string, size: number, mtimeMs: number): boolean {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
  } catch {
    return false;
  }
}
