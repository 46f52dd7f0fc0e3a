import { closeSync, constants, fstatSync, openSync, promises as fs, readSync, type Stats } from 'node:fs';

/**
 * The one way Baton opens a file it reads. The open never blocks — a FIFO opened for reading waits for a writer
 * that may never come, so it is opened with O_NONBLOCK — and fstat on the opened descriptor (not stat on the path,
 * which a swap could change in between) must say "regular file": a FIFO, socket, character device (a link to
 * /dev/urandom or /dev/zero) or directory is refused before one byte is read. O_NONBLOCK has no effect on reads of
 * a regular file, so the descriptor is used as it is.
 */
const OPEN_FOR_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** Whether an open can refuse a symbolic link (O_NOFOLLOW; Windows has none, so a link is found by lstat there). */
export const OPEN_CAN_REFUSE_LINKS = NO_FOLLOW !== 0;

/** Thrown (as `code`) when the path opened is not a regular file. */
export const NOT_REGULAR = 'ENOTREGULAR';

export class NotRegularFileError extends Error {
  readonly code = NOT_REGULAR;
  constructor(readonly file: string, kind: string) {
    super(`${file}: not a regular file (${kind}); it is never read`);
  }
}

export function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isDirectory()) return 'a directory';
  return 'not a file';
}

/** Opens `file` for reading as a regular file, or throws (NotRegularFileError, or the open's own error). */
export async function openRegular(file: string, followLinks = true): Promise<{ handle: fs.FileHandle; stat: Stats }> {
  const handle = await fs.open(file, OPEN_FOR_READ | (followLinks ? 0 : NO_FOLLOW));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new NotRegularFileError(file, kindOf(stat));
    return { handle, stat };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** openRegular, synchronously: the caller closes the descriptor. */
export function openRegularSync(file: string, followLinks = true): { fd: number; stat: Stats } {
  const fd = openSync(file, OPEN_FOR_READ | (followLinks ? 0 : NO_FOLLOW));
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFileError(file, kindOf(stat));
    return { fd, stat };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** Thrown (as `code`) when a file is larger than the limit for its kind. */
export const TOO_LARGE = 'ETOOLARGE';

export class FileTooLargeError extends Error {
  readonly code = TOO_LARGE;
  constructor(readonly file: string, readonly size: number | undefined, readonly maxBytes: number) {
    super(size === undefined
      ? `${file}: file is too large to read (over ${maxBytes} bytes; it is growing)`
      : `${file}: file is too large to read (${size} bytes; the limit is ${maxBytes})`);
  }
}

/**
 * The whole of a regular file, never more than `maxBytes`: refused by its size before reading, and while reading
 * (a writer appending after fstat) as soon as it passes the limit. Throws the errors above or the system's.
 */
export async function readRegularBytes(file: string, maxBytes: number): Promise<{ bytes: Buffer; stat: Stats }> {
  const { handle, stat } = await openRegular(file);
  try {
    if (stat.size > maxBytes) throw new FileTooLargeError(file, stat.size, maxBytes);
    // One byte more than fstat said: the read that finds the end fits, so a file read whole is never copied to grow.
    // (Growing still happens when a writer appends after the fstat.)
    let bytes: Buffer = Buffer.allocUnsafe(Math.max(stat.size + 1, 4096));
    let length = 0;
    for (;;) {
      if (length === bytes.length) bytes = grown(file, bytes, length, maxBytes);
      const { bytesRead } = await handle.read(bytes, length, bytes.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return { bytes: bytes.subarray(0, length), stat };
  } finally {
    await handle.close();
  }
}

/** readRegularBytes, synchronously. */
export function readRegularBytesSync(file: string, maxBytes: number, followLinks = true): { bytes: Buffer; stat: Stats } {
  const { fd, stat } = openRegularSync(file, followLinks);
  try {
    if (stat.size > maxBytes) throw new FileTooLargeError(file, stat.size, maxBytes);
    let bytes: Buffer = Buffer.allocUnsafe(Math.max(stat.size + 1, 4096));
    let length = 0;
    for (;;) {
      if (length === bytes.length) bytes = grown(file, bytes, length, maxBytes);
      const n = readSync(fd, bytes, length, bytes.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return { bytes: bytes.subarray(0, length), stat };
  } finally {
    closeSync(fd);
  }
}

function grown(file: string, bytes: Buffer, length: number, maxBytes: number): Buffer {
  if (length > maxBytes) throw new FileTooLargeError(file, undefined, maxBytes);
  const bigger = Buffer.allocUnsafe(Math.min(bytes.length * 2, maxBytes + 1));
  bytes.copy(bigger, 0, 0, length);
  return bigger;
}

/**
 * A read failure as the one-line reason diagnostics show (the file's name is the diagnostic's own), and its cause in
 * a few words for a message that names what the file is (a task) rather than the file: "permission denied".
 */
export function readFailureReason(err: unknown): { reason: string; cause: string; missing?: true } {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === NOT_REGULAR) {
    const kind = /\((.*)\)/.exec((err as Error).message)?.[1] ?? 'not a file';
    return { reason: (err as Error).message.slice((err as NotRegularFileError).file.length + 2), cause: `${kind}, not a regular file` };
  }
  if (code === TOO_LARGE) {
    const { size, maxBytes } = err as FileTooLargeError;
    return { reason: (err as Error).message.slice((err as FileTooLargeError).file.length + 2),
      cause: size === undefined ? `too large: over ${maxBytes} bytes` : `too large: ${size} bytes, the limit is ${maxBytes}` };
  }
  if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: 'file does not exist', cause: 'it does not exist', missing: true };
  if (code === 'EACCES' || code === 'EPERM') return { reason: `cannot read the file: permission denied (${code})`, cause: 'permission denied' };
  if (code === 'EISDIR') return { reason: 'not a regular file (a directory); it is never read', cause: 'a directory, not a regular file' };
  return { reason: `cannot read the file (${code ?? String(err)})`, cause: code ?? String(err) };
}
