import fs, { type Stats } from 'node:fs';

/** The calls the witness itself makes, taken before any recording wraps them (its own calls are not the code's). */
const { lstatSync, readlinkSync, realpathSync, statSync } = fs;

/**
 * What a piece of code asked the file system, as a proof that it would get the same answers again: every path it
 * listed, stat'ed, probed or opened, with that path's fingerprint taken just before the call (device, inode, mode,
 * size, mtime and ctime of what the path leads to; or the error the path gave). A folder's mtime moves when an entry
 * is added, removed or renamed in it; a path through a link that now leads elsewhere leads to another inode; a
 * content change moves a file's mtime. So when every fingerprint is the same again (witnessHolds), the code — given
 * the same arguments and environment — lists the same files, without being run. Used by the CLI's second run
 * (src/cli/fast-answer.ts) to prove that the adapters' discovery would find exactly the files of a saved scan.
 */
export interface FsWitness {
  /** [how the path was looked at, the path, what it gave]; each (how, path) once, in the order first asked. */
  readonly seen: readonly (readonly [how: WitnessHow, file: string, answer: Answer])[];
}

/**
 * What a path gave: for a stat, [dev, ino, mode, size, mtimeMs, ctimeMs] (numbers: compared without formatting 10,000
 * floats as text); for realpath and readlink, the path; for a path that gave an error, `!` and its code.
 */
type Answer = string | readonly number[];
/** Where a stat's answer holds its mtime. */
const MTIME = 4;

/** s: stat (links followed: a listing, a probe, an open), l: lstat, r: realpath, k: readlink. */
type WitnessHow = 's' | 'l' | 'r' | 'k';

/**
 * An mtime this close to the recording (or after it) proves nothing: a second change within the file system's clock
 * tick (a few ms on Linux, 2 s on FAT) leaves it as it was. Such a witness is not kept ("racy", as git calls it).
 */
const RACY_MS = 3_000;

/** Whether an mtime seen at `at` is too recent to prove that nothing changed since (see RACY_MS). */
export function racyAt(mtimeMs: number, at: number): boolean {
  return mtimeMs > at - RACY_MS;
}

/** fs functions that take no path (they act on a descriptor opened by a call that was seen): nothing to record. */
const BY_DESCRIPTOR = /^(f|close|read$|readSync$|readv|write$|writeSync$|writev)/;
/** Calls that look at a path the way a listing or a stat does: the path's fingerprint (links followed). */
const FOLLOWED = new Set(['readdir', 'readdirSync', 'opendir', 'opendirSync', 'stat', 'statSync', 'exists', 'existsSync',
  'access', 'accessSync', 'open', 'openSync', 'readFile', 'readFileSync', 'createReadStream', 'openAsBlob']);
const NOT_FOLLOWED = new Set(['lstat', 'lstatSync']);
const REALPATH = new Set(['realpath', 'realpathSync']);
const READLINK = new Set(['readlink', 'readlinkSync']);

class Recorder {
  readonly seen = new Map<string, readonly [WitnessHow, string, Answer]>();
  /** Set when the code did something the witness cannot replay (a write, a recursive listing, a call not modelled). */
  complete = true;
  readonly startedAt = Date.now();
  /** Set between the pieces of a witnessed discovery (witnessedPieces): what runs then is not the code's. */
  paused = false;

  observe(name: string, args: readonly unknown[]): void {
    if (BY_DESCRIPTOR.test(name)) return;
    const file = args[0];
    if (typeof file !== 'string') { this.complete = false; return; } // a URL or a Buffer path: not modelled
    const how: WitnessHow | undefined = FOLLOWED.has(name) ? 's' : NOT_FOLLOWED.has(name) ? 'l' : REALPATH.has(name) ? 'r'
      : READLINK.has(name) ? 'k' : undefined;
    const options = args[1];
    if (!how || (typeof options === 'object' && options !== null && (options as { recursive?: unknown }).recursive)) {
      this.complete = false;
      return;
    }
    this.add(how, file, () => answerOf(how, file));
  }

  add(how: WitnessHow, file: string, answer: () => Answer): void {
    const key = `${how}${file}`;
    if (!this.seen.has(key)) this.seen.set(key, [how, file, answer()]);
  }

  witness(): FsWitness | undefined {
    const seen = [...this.seen.values()];
    const racy = seen.some(([, , answer]) => typeof answer !== 'string' && racyAt(answer[MTIME]!, this.startedAt));
    return this.complete && !racy ? { seen } : undefined;
  }
}

/** The recording under way (paused or not): one at a time. */
let recording: Recorder | undefined;

/**
 * Runs `code` with every call it makes to node:fs (and fs.promises) seen. The witness is undefined when the code did
 * something it cannot prove (see Recorder.complete) or when a path it saw changed too recently to tell (RACY_MS).
 * Only one recording at a time, and nothing else should touch the file system meanwhile (the CLI runs one scan).
 */
export async function witnessed<T>(code: () => Promise<T>): Promise<{ result: T; witness: FsWitness | undefined }> {
  if (recording) return { result: await code(), witness: undefined };
  const recorder = recording = new Recorder();
  const restore = [patch(fs as unknown as Record<string, unknown>, recorder), patch(fs.promises as unknown as Record<string, unknown>, recorder)];
  try {
    const result = await code();
    return { result, witness: recorder.witness() };
  } finally {
    recording = undefined;
    for (const undo of restore) undo();
  }
}

/**
 * witnessed() for code that hands its result over in pieces (a discovery's, see SystemAdapter.discoverInPieces): what
 * the code asks while it makes each piece is seen, and nothing of what the caller does with a piece before it asks
 * for the next (it reads the files the piece names: not part of the discovery). `done` is told the witness once the
 * last piece is made; a caller that stops early gets none.
 */
export async function* witnessedPieces<T>(pieces: AsyncIterable<T>, done: (witness: FsWitness | undefined) => void): AsyncGenerator<T> {
  if (recording) {
    yield* pieces;
    done(undefined);
    return;
  }
  const recorder = recording = new Recorder();
  const restore = [patch(fs as unknown as Record<string, unknown>, recorder), patch(fs.promises as unknown as Record<string, unknown>, recorder)];
  const iterator = pieces[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      recorder.paused = false;
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } finally {
        recorder.paused = true;
      }
      if (next.done) break;
      yield next.value;
    }
    finished = true;
    done(recorder.witness());
  } finally {
    recording = undefined;
    for (const undo of restore) undo();
    if (!finished) await iterator.return?.();
  }
}

/**
 * Folders listed elsewhere (the index's read-ahead worker) for the code a recording under way now sees (undefined when
 * none): each is recorded, with the fingerprint taken there just before its listing (listingFingerprint), as its
 * listing here would have been — also when the answer comes while the recording is paused, for the listing was the
 * code's, made while it was not; never once that recording is over.
 */
export function listingRecorder(): ((dir: string, fingerprint: ListingFingerprint) => void) | undefined {
  const recorder = recording;
  if (!recorder || recorder.paused) return undefined;
  return (dir, fingerprint) => {
    if (recording === recorder) recorder.add('s', dir, () => fingerprint);
  };
}

/** What a witness keeps of a listed folder, taken just before it is listed (see listingRecorder). */
export type ListingFingerprint = Answer;

export function listingFingerprint(dir: string): ListingFingerprint {
  return answerOf('s', dir);
}

/** Whether every path a witness saw still gives the same answer (fs calls only; no code of the witnessed run). */
export function witnessHolds(witness: FsWitness): boolean {
  for (const [how, file, answer] of witness.seen) {
    if (typeof answer === 'string') {
      if (answerOf(how, file) !== answer) return false;
      continue;
    }
    let stat: Stats | undefined;
    try {
      stat = how === 's' ? statSync(file) : lstatSync(file);
    } catch {
      return false;
    }
    if (stat.dev !== answer[0] || stat.ino !== answer[1] || stat.mode !== answer[2] || stat.size !== answer[3]
      || stat.mtimeMs !== answer[MTIME] || stat.ctimeMs !== answer[5]) return false;
  }
  return true;
}

/** Wraps each function of an fs object for the recording; returns what undoes it. */
function patch(target: Record<string, unknown>, recorder: Recorder): () => void {
  const originals = new Map<string, unknown>();
  for (const name of Object.keys(target)) {
    const original = target[name];
    // Classes (Stats, Dirent, ReadStream…) and constants are left alone; so are the promises object's own getters.
    if (typeof original !== 'function' || !/^[a-z]/.test(name)) continue;
    const fn = original as (...args: unknown[]) => unknown;
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      if (recording === recorder && !recorder.paused) recorder.observe(name, args);
      return fn.apply(this, args);
    };
    Object.assign(wrapped, fn); // realpathSync.native and the like
    originals.set(name, original);
    target[name] = wrapped;
  }
  return () => { for (const [name, original] of originals) target[name] = original; };
}

function answerOf(how: WitnessHow, file: string): Answer {
  try {
    if (how === 'r') return realpathSync(file);
    if (how === 'k') return readlinkSync(file);
    const stat = how === 's' ? statSync(file) : lstatSync(file);
    return [stat.dev, stat.ino, stat.mode, stat.size, stat.mtimeMs, stat.ctimeMs];
  } catch (err) {
    return `!${(err as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}
