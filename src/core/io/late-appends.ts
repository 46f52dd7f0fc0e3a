import { closeSync, constants, fstatSync, openSync, promises as fs, readSync, rmSync } from 'node:fs';
import { readRegularBytes } from './open-regular';
import { MAX_STATE_FILE_BYTES } from './read-text';

/**
 * When a replaced inode is looked at again (ms after the replacement). An appender that opened the file just
 * before Baton replaced it writes into the old inode; on a loaded machine it can be descheduled between its open
 * and its write (or a rewriter between its read and its rename) for far longer than a millisecond — the racing
 * test at a load of 10 on 2 cores lost lines with a last look at 400 ms — so the looks spread out to 5 s. They run
 * in the background on timers that do not keep a process alive: an edit returns as soon as its rename is done,
 * and the CLI exits when its work is (its watch ends with it).
 */
export const LATE_WRITE_CHECKS_MS = [20, 100, 400, 1500, 5000];

/**
 * After the scheduled looks, a forwarded chunk is watched until it has sat in the file this long: a rewriter that
 * read the file just before the chunk went in and renames its rewrite after it can take that long on a loaded
 * machine (one line of 315 was lost at a load of 10 when a chunk still in its file at the next look, 100 ms on, was
 * taken as safe).
 */
const SETTLED_MS = 1500;
/** The looks after the schedule are 100 ms apart and at most this many (a writer that never stops rewriting). */
const EXTRA_CHECKS = 100;

const inFlight = new Set<Promise<void>>();

/**
 * Keeps an eye on an inode that was just replaced at `file`. It is still reachable under `pin`, a hard link: that
 * name is opened and removed at once, so no stray file is seen in the folder (by git, or the orchestrator) while
 * the watch runs on the open descriptor. Bytes appended to it beyond `prefix` (what it held when it was replaced) were
 * written by someone who opened it before the replacement: they are appended to the live file, so no external
 * write is lost. A forwarded chunk can itself be lost to a writer that read the file just before the forward and
 * renamed its rewrite over it just after — also after another rewrite that kept it; a later look appends it again
 * when the file was replaced since and no longer holds it, until the chunk has settled. The order of lines may differ from the writers' order; nothing is lost.
 *
 * Runs in the background; `settleLateAppends()` waits for every watch in flight (the CLI before it exits, tests
 * before they check files).
 */
export function forwardLateAppends(file: string, pin: string, prefix: Buffer, alsoKeep?: Forwarded): void {
  let fd: number;
  try {
    fd = openSync(pin, 'r');
  } finally {
    rmSync(pin, { force: true });
  }
  const watch = watchPinned(file, fd, prefix, alsoKeep ? [alsoKeep] : [])
    .catch(() => undefined) // the folder may be gone (a test's temp folder, a deleted task); nothing to forward to
    .finally(() => closeSync(fd))
    .finally(() => inFlight.delete(watch));
  inFlight.add(watch);
}

/** Resolves when every late-append watch started so far is done (keeping the process alive meanwhile). */
export async function settleLateAppends(): Promise<void> {
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  } finally {
    clearInterval(keepAlive);
  }
}

/** Bytes that must stay in the file: appended into the inode `intoIno`, which is the file at the time (`at`, ms). */
export interface Forwarded { readonly chunk: Buffer; readonly intoIno: number; readonly at?: number }

async function watchPinned(file: string, fd: number, prefix: Buffer, initial: Forwarded[]): Promise<void> {
  let forwardedUpTo = prefix.length;
  let tracked: Forwarded[] = initial;
  let lastAppendAt = -1;
  let waited = 0;
  for (let i = 0; ; i++) {
    // Every append gets at least one later look (a rewrite racing it is seen there), and every chunk still in the
    // file it went into is looked at until it has settled there; the extra looks are bounded.
    const unsettled = tracked.some((f) => Date.now() - (f.at ?? 0) < SETTLED_MS);
    if (i >= LATE_WRITE_CHECKS_MS.length && ((lastAppendAt < i - 1 && !unsettled) || i >= LATE_WRITE_CHECKS_MS.length + EXTRA_CHECKS)) return;
    const at = LATE_WRITE_CHECKS_MS[i] ?? waited + 100;
    await new Promise((resolve) => setTimeout(resolve, at - waited).unref());
    waited = at;
    const next: Forwarded[] = [];
    for (const f of await outcomes(file, tracked)) {
      if (f.state === 'kept') next.push(f.forwarded);
      // Found in a rewrite: still watched in that rewrite until it has settled, since a second rewriter that read
      // before the forward can rename over the first one (Baton's next edit and the orchestrator both rewriting:
      // one line of 108 was lost when a chunk found once was taken as safe).
      if (f.state === 'verified' && Date.now() - (f.forwarded.at ?? 0) < SETTLED_MS) next.push({ ...f.forwarded, intoIno: f.ino });
      if (f.state === 'lost') { next.push(await appendTo(file, f.forwarded.chunk)); lastAppendAt = i; }
    }
    const late = wholeFile(fd);
    if (late.length > forwardedUpTo && late.subarray(0, prefix.length).equals(prefix)) {
      next.push(await appendTo(file, late.subarray(forwardedUpTo)));
      forwardedUpTo = late.length;
      lastAppendAt = i;
    }
    tracked = next;
  }
}

/**
 * What became of each forwarded chunk: still in the file it went into ('kept': watched on, a rewrite that read
 * before it may yet land), in the rewrite that replaced that file ('verified'), or missing from that rewrite
 * ('lost'). A chunk missing from the very file it was appended to was removed by a writer that saw it, on
 * purpose: it stays removed.
 */
async function outcomes(file: string, tracked: readonly Forwarded[]): Promise<{ forwarded: Forwarded; ino: number; state: 'kept' | 'verified' | 'lost' }[]> {
  if (tracked.length === 0) return [];
  // One descriptor for both, so the inode and the text are the same file's.
  const { bytes: text, stat: now } = await readRegularBytes(file, MAX_STATE_FILE_BYTES);
  return tracked.map((forwarded) => ({
    forwarded, ino: now.ino,
    state: now.ino === forwarded.intoIno ? 'kept' : text.includes(forwarded.chunk) ? 'verified' : 'lost',
  }));
}

async function appendTo(file: string, chunk: Buffer): Promise<Forwarded> {
  // Never created anew: a file deleted meanwhile stays deleted (the open fails and the watch ends).
  const handle = await fs.open(file, constants.O_WRONLY | constants.O_APPEND);
  try {
    await handle.write(chunk);
    return { chunk: Buffer.from(chunk), intoIno: (await handle.stat()).ino, at: Date.now() };
  } finally {
    await handle.close();
  }
}

/** The whole of an open file, from its start (the descriptor's own position is not used). */
function wholeFile(fd: number): Buffer {
  const bytes = Buffer.alloc(fstatSync(fd).size);
  let at = 0;
  while (at < bytes.length) {
    const n = readSync(fd, bytes, at, bytes.length - at, at);
    if (n === 0) break;
    at += n;
  }
  return bytes.subarray(0, at);
}
