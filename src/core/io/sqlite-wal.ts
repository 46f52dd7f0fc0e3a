/**
 * SQLite's write-ahead log, read as bytes (https://www.sqlite.org/fileformat2.html#the_write_ahead_log).
 *
 * A WAL is a 32-byte header and then frames: a 24-byte frame header and one page. Every frame carries the header's
 * two salts and a checksum that continues the checksum of the frame before it (the first one continues the
 * header's). A frame whose "database size" field is not 0 ends a transaction (a commit frame). What SQLite itself
 * would see is every frame up to the last commit frame whose salts and checksum chain are valid: frames after it
 * belong to a transaction still being written, or to an older generation of the log that a reset left behind.
 *
 * Nothing here touches a file: the caller reads the bytes (see sqlite-snapshot.ts).
 */

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const MAGIC_LITTLE_ENDIAN = 0x377f0682;
const MAGIC_BIG_ENDIAN = 0x377f0683;
const WAL_FORMAT_VERSION = 3007000;

export interface WalHeader {
  /** Checksum words are read big-endian (magic 0x377f0683) or little-endian (0x377f0682). */
  readonly bigEndianChecksum: boolean;
  readonly pageSize: number;
  readonly checkpointSequence: number;
  readonly salt1: number;
  readonly salt2: number;
}

/** The committed content of a WAL: the newest copy of every page it holds, and the database size it leaves. */
export interface WalContent {
  readonly header: WalHeader;
  /** Page number → the page's bytes as of the last valid commit. */
  readonly pages: ReadonlyMap<number, Uint8Array>;
  /** The database size in pages after the last valid commit (null: no committed frame). */
  readonly databasePages: number | null;
  readonly commits: number;
  /** Frames up to and including the last valid commit. */
  readonly frames: number;
  /** Where the log goes on after the last valid commit: its byte offset and the checksum chain there. */
  readonly end: WalPosition;
}

/**
 * A place in a WAL generation just after a commit frame: the byte offset of the next frame and the running checksum
 * there. Reading on from it (readWalFrom) validates only the frames written since, as SQLite's own readers do.
 */
export interface WalPosition {
  readonly offset: number;
  readonly s1: number;
  readonly s2: number;
}

/** The WAL header, or null when the bytes are not a valid one (too short, bad magic, version, page size or checksum). */
export function parseWalHeader(bytes: Uint8Array): WalHeader | null {
  if (bytes.length < WAL_HEADER_BYTES) return null;
  const view = viewOf(bytes);
  const magic = view.getUint32(0);
  if (magic !== MAGIC_LITTLE_ENDIAN && magic !== MAGIC_BIG_ENDIAN) return null;
  if (view.getUint32(4) !== WAL_FORMAT_VERSION) return null;
  const pageSize = view.getUint32(8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return null;
  const bigEndianChecksum = magic === MAGIC_BIG_ENDIAN;
  const [c1, c2] = checksum(view, 0, 24, 0, 0, bigEndianChecksum);
  if (c1 !== view.getUint32(24) || c2 !== view.getUint32(28)) return null;
  return { bigEndianChecksum, pageSize, checkpointSequence: view.getUint32(12), salt1: view.getUint32(16), salt2: view.getUint32(20) };
}

/** Whether two WAL headers belong to the same generation of the log (a reset or checkpoint-restart changes the salts). */
export function sameWalGeneration(a: WalHeader | null, b: WalHeader | null): boolean {
  if (!a || !b) return a === b;
  return a.salt1 === b.salt1 && a.salt2 === b.salt2 && a.pageSize === b.pageSize;
}

/** The committed frames of a WAL's bytes; null when it has no valid header (an empty or reset-to-nothing log). */
export function readWal(bytes: Uint8Array): WalContent | null {
  const header = parseWalHeader(bytes);
  if (!header) return null;
  const view = viewOf(bytes);
  return readFrames(view, 0, header, { offset: WAL_HEADER_BYTES, s1: view.getUint32(24), s2: view.getUint32(28) });
}

/**
 * The commits appended to a WAL generation after `from`: `bytes` is the log's content from byte `from.offset` on
 * (what a reader that already applied everything before it reads now). The frames must carry `header`'s salts and
 * continue its checksum chain; the first one that does not ends what counts, as it does for SQLite.
 */
export function readWalFrom(bytes: Uint8Array, header: WalHeader, from: WalPosition): WalContent {
  return readFrames(viewOf(bytes), from.offset, header, from);
}

/** Frames from `from` (an offset in the log) in `view`, which holds the log's bytes from `base` on. */
function readFrames(view: DataView, base: number, header: WalHeader, from: WalPosition): WalContent {
  const frameBytes = FRAME_HEADER_BYTES + header.pageSize;
  let { s1, s2 } = from;
  const pending = new Map<number, Uint8Array>();
  const pages = new Map<number, Uint8Array>();
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  let databasePages: number | null = null;
  let commits = 0;
  let frames = 0;
  let end: WalPosition = from;
  for (let n = 0, at = from.offset - base; at + frameBytes <= view.byteLength; n++, at += frameBytes) {
    const pageNumber = view.getUint32(at);
    const commitSize = view.getUint32(at + 4);
    if (pageNumber === 0) break;
    if (view.getUint32(at + 8) !== header.salt1 || view.getUint32(at + 12) !== header.salt2) break;
    [s1, s2] = checksum(view, at, 8, s1, s2, header.bigEndianChecksum);
    [s1, s2] = checksum(view, at + FRAME_HEADER_BYTES, header.pageSize, s1, s2, header.bigEndianChecksum);
    if (s1 !== view.getUint32(at + 16) || s2 !== view.getUint32(at + 20)) break;
    pending.set(pageNumber, bytes.subarray(at + FRAME_HEADER_BYTES, at + frameBytes));
    if (commitSize !== 0) {
      for (const [page, data] of pending) pages.set(page, data);
      pending.clear();
      databasePages = commitSize;
      commits++;
      frames = n + 1;
      end = { offset: base + at + frameBytes, s1, s2 };
    }
  }
  return { header, pages, databasePages, commits, frames, end };
}

/** The database page size from its header (bytes 16–17; the value 1 means 65536), or null when it has none. */
export function databasePageSize(db: Uint8Array): number | null {
  if (db.length < 100) return null;
  const raw = (db[16]! << 8) | db[17]!;
  const size = raw === 1 ? 65536 : raw;
  return size >= 512 && (size & (size - 1)) === 0 ? size : null;
}

/**
 * The database as SQLite would read it with the WAL applied: a new buffer; `db` is not changed. A WAL whose page
 * size differs from the database's is not applied (SQLite would not use it either).
 */
export function applyWal(db: Uint8Array, wal: WalContent | null): Uint8Array {
  if (!wal || wal.databasePages === null) return db.slice();
  const pageSize = wal.header.pageSize;
  const own = databasePageSize(db);
  if (own !== null && own !== pageSize) return db.slice();
  const image = new Uint8Array(wal.databasePages * pageSize);
  image.set(db.subarray(0, Math.min(db.length, image.length)));
  for (const [page, data] of wal.pages) {
    if (page <= wal.databasePages) image.set(data, (page - 1) * pageSize);
  }
  return image;
}

/**
 * Marks an in-memory database image as a rollback-journal database (header bytes 18 and 19 from 2 to 1): opened
 * from memory, a WAL-mode header would make SQLite look for the log and its shared memory.
 */
export function asRollbackJournal(image: Uint8Array): Uint8Array {
  if (image.length >= 100 && image[18] === 2 && image[19] === 2) { image[18] = 1; image[19] = 1; }
  return image;
}

/** SQLite's WAL checksum over `length` bytes (a multiple of 8) from `offset`, continuing (s1, s2). */
function checksum(view: DataView, offset: number, length: number, s1: number, s2: number, bigEndian: boolean): [number, number] {
  const littleEndian = !bigEndian;
  for (let i = offset, end = offset + length; i < end; i += 8) {
    s1 = (s1 + view.getUint32(i, littleEndian) + s2) >>> 0;
    s2 = (s2 + view.getUint32(i + 4, littleEndian) + s1) >>> 0;
  }
  return [s1, s2];
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
