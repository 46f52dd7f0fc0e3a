import type { TextRead } from './read-text';
import type { ListingFingerprint } from './fs-witness';
import type { FolderNames } from './list-dirs';

/**
 * The messages between the index and its read-ahead worker (read-ahead.ts, read-ahead-worker.ts): plain numbers
 * and typed arrays, so that a chunk of 64 files crosses as a few transferred buffers, not 64 objects.
 */

/** What the worker does with one file of a job. */
export const MODE_SKIP = 0;
/** Read it whole (links refused: the index decides about a link itself). */
export const MODE_READ = 1;
/** stat it (links followed); read it only when its size or mtime differ from the job's (a cached entry's). */
export const MODE_CHECK = 2;

export interface AheadJob {
  readonly id: number;
  readonly files: readonly string[];
  readonly modes: Uint8Array;
  /** MODE_CHECK's size and mtime, per file (anything for the other modes). */
  readonly sizes: Float64Array;
  readonly mtimes: Float64Array;
  readonly maxBytes: number;
  /**
   * Shared with the index (an Int32Array over a SharedArrayBuffer): [MAIN_NEXT] the index's next file, which it
   * reads itself until the worker says where it starts; [WORKER_START] where the worker starts (−1 until then);
   * [CANCELLED] 1 once the index is done with the job (the worker stops reading it); [CHECKED_FROM] the first of the
   * job's last files that the index checks itself (see AheadBatch.checkFromEnd: the worker stops there), the job's
   * length until then; [WORKER_AT] the file the worker is on (−1 before its first).
   */
  readonly shared: Int32Array;
}

export const MAIN_NEXT = 0;
export const WORKER_START = 1;
export const CANCELLED = 2;
export const CHECKED_FROM = 3;
export const WORKER_AT = 4;
export const SHARED_SLOTS = 5;
/** How far past the index's next file the worker starts, so that the file the index is on is never both's. */
export const START_LEAD = 4;

/** What the worker did with one file. */
export const KIND_SKIPPED = 0;
/** MODE_CHECK: the stat matched; the cached entry holds. */
export const KIND_SAME = 1;
/** The file's bytes are in the chunk, from `ends[i - 1]` (or 0) to `ends[i]`. */
export const KIND_BYTES = 2;
/** The read failed: its reason is in `failures`. */
export const KIND_FAILED = 3;

export type ReadFailure = Extract<TextRead, { ok: false }>;

/** The answers for files `first` … `first + kinds.length - 1` of job `id`, in order. */
export interface AheadChunk {
  readonly id: number;
  readonly first: number;
  readonly kinds: Uint8Array;
  readonly ends: Uint32Array;
  readonly mtimes: Float64Array;
  readonly bytes: ArrayBuffer;
  /** [index within the chunk, the failure] */
  readonly failures: readonly (readonly [number, ReadFailure])[];
  /** The job's last chunk: the worker is done with it (every file, or it was cancelled). */
  readonly done: boolean;
}

/** Files per chunk: small enough that the first answers come at once, large enough that messages stay few. */
export const CHUNK_FILES = 64;
/** A chunk is sent once it holds this many bytes, whatever its count (state files may be up to 8 MB each). */
export const CHUNK_BYTES = 1024 * 1024;
/**
 * How far the worker reads past the index's next file, at most: files, and bytes read but not yet taken. A folder of
 * large files is then never in memory at once (the index alone held one file at a time); 10,000 tasks' 23,433 files
 * are about 10 MB in all, so the usual scan is never held back.
 */
export const AHEAD_MAX_FILES = 8192;
export const AHEAD_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A discovery's folders to list (filesIn's, see list-dirs.ts): which of `names` each holds (namesIn), and, when a
 * witness is recording the discovery, each folder's fingerprint taken just before its listing.
 */
export interface ListJob {
  readonly list: true;
  readonly id: number;
  readonly dirs: readonly string[];
  readonly names: readonly string[];
  readonly fingerprints: boolean;
}

/** A ListJob's answer: namesIn of each folder, in order (and their fingerprints when asked). */
export interface ListAnswer {
  readonly list: true;
  readonly id: number;
  readonly held: readonly FolderNames[];
  readonly fingerprints?: readonly ListingFingerprint[];
}

/** The worker's first message: it is listening (a listing is asked of it from then on, not before). */
export interface WorkerReady {
  readonly ready: true;
}

export type WorkerMessage = AheadChunk | ListAnswer | WorkerReady;
