import { promises as fs } from 'node:fs';
import { openRegular } from './open-regular';
import { combinedStat, readSqliteSnapshot, readWalHeader, statIfAny, type SnapshotOptions } from './sqlite-snapshot';
import { asRollbackJournal, readWalFrom, sameWalGeneration, type WalHeader, type WalPosition } from './sqlite-wal';

/**
 * A SQLite database followed as its writer commits: the first read takes the whole file and its WAL (see
 * sqlite-snapshot.ts); every later read looks at the WAL only, and when it is still the same generation of the log
 * (same salts) and has grown, reads just the bytes appended since, validates those frames on from the checksum
 * where the last read stopped, and applies the newly committed pages to the image kept in memory. A commit then costs
 * the pages it wrote, not the database's size. Whenever that is not safe — the log was restarted or truncated (a
 * checkpoint finished), the database file was replaced, nothing was read before, or the log shrank — the read is
 * whole again. Nothing is ever written, locked or checkpointed.
 */
export interface FollowedImage {
  /** The database with every committed frame applied, marked as a rollback-journal database. Updated in place. */
  readonly image: Uint8Array;
  readonly pageSize: number;
  readonly stat: { readonly size: number; readonly mtimeMs: number };
  /** Bumped whenever the image changes: an engine opened on generation N is current while it still is N. */
  readonly generation: number;
  /**
   * What changed since the previous read: page number → the page's bytes before (undefined: the page is new). Null
   * when the image was read whole (everything may have changed); empty when nothing did.
   */
  readonly changed: ReadonlyMap<number, Uint8Array | undefined> | null;
  /** The database's page count before this read (pages past it are new). */
  readonly previousPages: number;
}

export type FollowResult =
  | { readonly ok: true; readonly read: FollowedImage }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/** How a follower has read so far (tests count whole reads; the bench reports them). */
export interface FollowCounts {
  /** Reads of the whole database file and WAL. */
  whole: number;
  /** Reads of only the WAL bytes appended since the previous read (with new commits applied). */
  appended: number;
  /** Reads that found nothing new. */
  unchanged: number;
  /** WAL frame bytes read by appended reads. */
  appendedBytes: number;
}

interface State {
  image: Uint8Array;
  pageSize: number;
  wal: { header: WalHeader; end: WalPosition } | null;
  dbInode: bigint;
  stat: { size: number; mtimeMs: number };
  generation: number;
}

export class SqliteFollower {
  private state: State | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  readonly counts: FollowCounts = { whole: 0, appended: 0, unchanged: 0, appendedBytes: 0 };

  constructor(readonly file: string, private readonly options: SnapshotOptions = {}) {}

  /** Reads what was committed since the last read (reads never overlap: a second caller waits for the first). */
  read(): Promise<FollowResult> {
    const next = this.queue.then(() => this.readNow());
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The last image read, without looking at the files again. */
  get current(): FollowedImage | undefined {
    const s = this.state;
    return s && { image: s.image, pageSize: s.pageSize, stat: s.stat, generation: s.generation, changed: new Map(), previousPages: s.image.length / s.pageSize };
  }

  /** Forgets the image (the next read is whole). */
  reset(): void {
    this.state = undefined;
  }

  private async readNow(): Promise<FollowResult> {
    const appended = this.state ? await this.readAppended(this.state) : undefined;
    if (appended) return { ok: true, read: appended };
    return this.readWhole();
  }

  private async readWhole(): Promise<FollowResult> {
    const result = await readSqliteSnapshot(this.file, this.options);
    if (!result.ok) {
      this.state = undefined;
      return result;
    }
    const { image, stat, wal, dbInode } = result.snapshot;
    const pageSize = pageSizeOf(image) ?? 4096;
    const previous = this.state;
    this.state = { image, pageSize, wal, dbInode, stat, generation: (previous?.generation ?? 0) + 1 };
    this.counts.whole++;
    return { ok: true, read: { image, pageSize, stat, generation: this.state.generation, changed: null, previousPages: 0 } };
  }

  /** The commits appended to the same log generation since `s`; undefined when the whole database must be read. */
  private async readAppended(s: State): Promise<FollowedImage | undefined> {
    // Pages are applied in place: only an image of whole pages of the log's own page size can be.
    if (!s.wal || s.wal.header.pageSize !== s.pageSize || s.image.length % s.pageSize !== 0) return undefined;
    const walFile = `${this.file}-wal`;
    const headBefore = await readWalHeader(walFile);
    if (!headBefore || !sameWalGeneration(s.wal.header, headBefore)) return undefined;
    const [db, wal] = await Promise.all([statIfAny(this.file), statIfAny(walFile)]);
    if (!db || db.ino !== s.dbInode || !wal) return undefined;
    const walSize = Number(wal.size);
    const from = s.wal.end;
    if (walSize < from.offset) return undefined;
    if (this.options.maxBytes !== undefined && Number(db.size) + walSize > this.options.maxBytes) return undefined;
    const stat = combinedStat(db, wal);
    if (walSize === from.offset) return this.unchanged(s, stat);
    const bytes = await readRange(walFile, from.offset, walSize - from.offset);
    if (!bytes) return undefined;
    const content = readWalFrom(bytes, s.wal.header, from);
    // The log must still be the generation whose frames were just validated (a restart in between reuses offsets).
    const headAfter = await readWalHeader(walFile);
    if (!sameWalGeneration(s.wal.header, headAfter)) return undefined;
    this.counts.appendedBytes += bytes.length;
    if (!content.commits || content.databasePages === null) return this.unchanged(s, stat);
    const previousPages = s.image.length / s.pageSize;
    const changed = new Map<number, Uint8Array | undefined>();
    let image = s.image;
    const pages = content.databasePages;
    if (pages !== previousPages) {
      // Grown (or shrunk by a vacuum): a new buffer; the pages that remain are copied.
      image = new Uint8Array(pages * s.pageSize);
      image.set(s.image.subarray(0, Math.min(s.image.length, image.length)));
      for (let p = pages + 1; p <= previousPages; p++) changed.set(p, s.image.subarray((p - 1) * s.pageSize, p * s.pageSize).slice());
    }
    for (const [page, data] of content.pages) {
      if (page > pages) continue;
      const at = (page - 1) * s.pageSize;
      changed.set(page, page <= previousPages ? s.image.slice(at, at + s.pageSize) : undefined);
      image.set(data, at);
    }
    asRollbackJournal(image);
    s.image = image;
    s.wal = { header: s.wal.header, end: content.end };
    s.stat = stat;
    s.generation++;
    this.counts.appended++;
    return { image, pageSize: s.pageSize, stat, generation: s.generation, changed, previousPages };
  }

  private unchanged(s: State, stat: { size: number; mtimeMs: number }): FollowedImage {
    s.stat = stat;
    this.counts.unchanged++;
    return { image: s.image, pageSize: s.pageSize, stat, generation: s.generation, changed: new Map(), previousPages: s.image.length / s.pageSize };
  }
}

/** `length` bytes of a file from `offset` (fewer when it is shorter now); undefined when it cannot be read. */
async function readRange(file: string, offset: number, length: number): Promise<Uint8Array | undefined> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = (await openRegular(file)).handle;
    const buffer = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(buffer, done, length - done, offset + done);
      if (!bytesRead) break;
      done += bytesRead;
    }
    return buffer.subarray(0, done);
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

function pageSizeOf(image: Uint8Array): number | null {
  if (image.length < 100) return null;
  const raw = (image[16]! << 8) | image[17]!;
  return raw === 1 ? 65536 : raw >= 512 ? raw : null;
}
