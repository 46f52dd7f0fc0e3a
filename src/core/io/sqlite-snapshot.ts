import { closeSync, promises as fs, readSync, statSync, type BigIntStats } from 'node:fs';
import { openRegular, openRegularSync, readRegularBytes, readRegularBytesSync } from './open-regular';
import { applyWal, asRollbackJournal, parseWalHeader, readWal, sameWalGeneration, type WalHeader, type WalPosition } from './sqlite-wal';

/**
 * A SQLite database as its writers last committed it, read without SQLite: the database file and its `-wal` are
 * read as bytes (plain reads, no lock, no shared memory, nothing written), and the WAL's committed frames are
 * applied to the database image in memory. Another process may write or checkpoint at the same moment; it is never
 * blocked, and a read that a checkpoint or a log reset overlapped is done again (see readSqliteSnapshot).
 */
export interface SqliteSnapshot {
  /** The database image with the WAL applied, marked as a rollback-journal database (ready for an in-memory open). */
  readonly image: Uint8Array;
  /** The size and mtime that identify what was read: both files together (the WAL changes without the database). */
  readonly stat: { readonly size: number; readonly mtimeMs: number };
  /** Transactions found committed in the WAL and applied. */
  readonly walCommits: number;
  /** How many times the read was repeated because a writer checkpointed or reset the log meanwhile. */
  readonly retries: number;
  /**
   * Where the read stopped in the WAL (its generation and the position after the last commit applied), null when
   * there was no valid log: a follower reads on from here (see sqlite-follower.ts).
   */
  readonly wal: { readonly header: WalHeader; readonly end: WalPosition } | null;
  /** The database file's inode when read: a file replaced since (moved, restored) is read whole again. */
  readonly dbInode: bigint;
}

export type SnapshotResult =
  | { readonly ok: true; readonly snapshot: SqliteSnapshot }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

export interface SnapshotOptions {
  /** Refuse databases bigger than this (database + WAL bytes). */
  readonly maxBytes?: number;
  /** Attempts before giving up on a database that keeps being checkpointed while read. */
  readonly attempts?: number;
}

/**
 * A writer restarts its log each time a checkpoint completes: a busy one (the stress test's writer commits thousands
 * of times a second and restarts its log every few milliseconds) can overlap two reads out of three. Attempts are
 * cheap and the moment right after a restart is the safest one, so they follow each other closely, many times.
 */
const DEFAULT_ATTEMPTS = 100;

/**
 * No read of a database or its WAL holds more than this, whatever the caller's own limit: the reads go through the
 * one regular-file reader (open-regular.ts), so a FIFO or a device swapped in after the stat is refused, not read.
 */
const MAX_DATABASE_BYTES = 1024 * 1024 * 1024;

/**
 * Reads `file` and `file-wal` into one consistent image. The order matters: the WAL header, the database's stat, the
 * database, the WAL, the database's stat and the WAL header again. In WAL mode the database file changes only when
 * a checkpoint copies WAL frames into it, and those frames stay in the WAL until the log is restarted or truncated,
 * which changes its salts (or empties it). So when the WAL's generation is the same before the database is read and
 * after the WAL is, every page a checkpoint may have been copying meanwhile is overlaid by its newest committed
 * frame, and the image is what SQLite would read; otherwise (and when there was no WAL and the database changed)
 * the read is done again.
 */
export async function readSqliteSnapshot(file: string, options: SnapshotOptions = {}): Promise<SnapshotResult> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const walFile = `${file}-wal`;
  for (let attempt = 0; attempt < attempts; attempt++) {
    // At once (a restart just happened: the next is furthest away), then a little apart, never in step with a writer.
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5, attempt)));
    // A database of ordinary size is read in one go, without a thread-pool round trip between the steps: the whole
    // attempt takes about a millisecond, so a writer restarting its log every few milliseconds rarely overlaps it.
    const size = sizeOf(file) + sizeOf(walFile);
    const io = size <= SYNC_READ_MAX_BYTES ? syncIo : asyncIo;
    const headBefore = await io.header(walFile);
    const dbBefore = await io.stat(file);
    if (!dbBefore) return { ok: false, missing: true, reason: 'the database file is gone' };
    if (!dbBefore.isFile()) return { ok: false, missing: false, reason: 'the database path is not a file' };
    const walBefore = await io.stat(walFile);
    if (walBefore && !walBefore.isFile()) return { ok: false, missing: false, reason: 'its -wal path is not a file' };
    const total = Number(dbBefore.size) + Number(walBefore?.size ?? 0n);
    if (options.maxBytes !== undefined && total > options.maxBytes) {
      return { ok: false, missing: false, reason: `the database and its WAL hold ${total} bytes; Baton reads databases up to ${options.maxBytes} bytes` };
    }
    let db: Uint8Array;
    let walBytes: Uint8Array;
    try {
      const limit = Math.min(options.maxBytes ?? MAX_DATABASE_BYTES, MAX_DATABASE_BYTES);
      db = await io.read(file, limit);
      walBytes = await io.readIfAny(walFile, limit);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // moved or deleted while read: look again
      return { ok: false, missing: false, reason: `could not be read: ${(err as Error).message}` };
    }
    const dbAfter = await io.stat(file);
    const headRead = parseWalHeader(walBytes);
    const headAfter = await io.header(walFile);
    if (!dbAfter || dbAfter.ino !== dbBefore.ino) continue; // replaced (moved) while read
    // One generation of the log from before the database was read to after the log was: every page a checkpoint
    // may have been copying meanwhile is overlaid by its frame. With no log before, the database must not have moved.
    if (!sameWalGeneration(headBefore, headRead) || !sameWalGeneration(headRead, headAfter)) continue;
    if (!headBefore && !sameStat(dbBefore, dbAfter)) continue;
    const wal = readWal(walBytes);
    const image = asRollbackJournal(applyWal(db, wal));
    return { ok: true, snapshot: { image, stat: combinedStat(dbBefore, walBefore), walCommits: wal?.commits ?? 0, retries: attempt,
      wal: wal ? { header: wal.header, end: wal.end } : null, dbInode: dbBefore.ino } };
  }
  return { ok: false, missing: false, reason: `the database kept being checkpointed while read (${attempts} attempts); it is read again on its next change` };
}

/** Up to this size (database + WAL) an attempt reads synchronously; bigger ones do not hold up the event loop. */
const SYNC_READ_MAX_BYTES = 32 * 1024 * 1024;

/** The file operations of one attempt, either way. */
interface SnapshotIo {
  header(walFile: string): WalHeader | null | Promise<WalHeader | null>;
  stat(file: string): BigIntStats | undefined | Promise<BigIntStats | undefined>;
  read(file: string, maxBytes: number): Uint8Array | Promise<Uint8Array>;
  readIfAny(file: string, maxBytes: number): Uint8Array | Promise<Uint8Array>;
}

const asyncIo: SnapshotIo = { header: readWalHeader, stat: statIfAny, read: async (f, max) => new Uint8Array((await readRegularBytes(f, max)).bytes), readIfAny };

const syncIo: SnapshotIo = {
  header: readWalHeaderSync,
  stat: (f) => statSync(f, { bigint: true, throwIfNoEntry: false }),
  read: (f, max) => new Uint8Array(readRegularBytesSync(f, max).bytes),
  readIfAny: (f, max) => {
    try {
      return new Uint8Array(readRegularBytesSync(f, max).bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Uint8Array(0);
      throw err;
    }
  },
};

function sizeOf(file: string): number {
  return Number(statSync(file, { throwIfNoEntry: false })?.size ?? 0);
}

function readWalHeaderSync(walFile: string): WalHeader | null {
  let fd: number | undefined;
  try {
    fd = openRegularSync(walFile).fd;
    const head = new Uint8Array(32);
    const bytesRead = readSync(fd, head, 0, 32, 0);
    return parseWalHeader(head.subarray(0, bytesRead));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The size and mtime that identify a database's content with its WAL: the sum of both sizes and the newer mtime.
 * The index compares this with what it read to know whether the database's record is still current.
 */
export async function sqliteStat(file: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  const db = await statIfAny(file);
  if (!db) return undefined;
  return combinedStat(db, await statIfAny(`${file}-wal`));
}

/** sqliteStat, synchronously (the index checks a cached record with it). */
export function sqliteStatSync(file: string): { size: number; mtimeMs: number } | undefined {
  const db = statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!db) return undefined;
  return combinedStat(db, statSync(`${file}-wal`, { bigint: true, throwIfNoEntry: false }));
}

export function combinedStat(db: BigIntStats, wal: BigIntStats | undefined): { size: number; mtimeMs: number } {
  return { size: Number(db.size) + Number(wal?.size ?? 0n), mtimeMs: Math.max(Number(db.mtimeNs) / 1e6, wal ? Number(wal.mtimeNs) / 1e6 : 0) };
}

export async function readWalHeader(walFile: string): Promise<WalHeader | null> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = (await openRegular(walFile)).handle;
    const head = new Uint8Array(32);
    const { bytesRead } = await handle.read(head, 0, 32, 0);
    return parseWalHeader(head.subarray(0, bytesRead));
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

async function readIfAny(file: string, maxBytes: number): Promise<Uint8Array> {
  try {
    return new Uint8Array((await readRegularBytes(file, maxBytes)).bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Uint8Array(0);
    throw err;
  }
}

export async function statIfAny(file: string): Promise<BigIntStats | undefined> {
  return fs.stat(file, { bigint: true }).catch(() => undefined);
}

function sameStat(a: BigIntStats, b: BigIntStats): boolean {
  return a.size === b.size && a.mtimeNs === b.mtimeNs && a.ino === b.ino;
}
