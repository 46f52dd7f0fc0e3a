import { closeSync, constants, fstatSync, openSync, promises as fs, readSync } from 'node:fs';

/** Files Baton parses whole are small state files; anything larger is refused rather than loaded. */
export const MAX_STATE_FILE_BYTES = 8 * 1024 * 1024;

export type TextRead =
  | { readonly ok: true; readonly text: string; readonly size: number; readonly mtimeMs: number }
  | { readonly ok: false; readonly reason: string; readonly missing?: boolean;
      /** Read with `followLinks: false` and the file is a symbolic link: the caller decides whether to follow it. */
      readonly link?: boolean };

/**
 * Reads a state file as UTF-8 text, refusing what is not text (NUL bytes) or too large to be a state file.
 * Never throws: a failure is a reason the caller turns into a diagnostic.
 */
export async function readStateText(file: string, maxBytes = MAX_STATE_FILE_BYTES): Promise<TextRead> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file' };
    if (stat.size > maxBytes) {
      return { ok: false, reason: `file is too large to read (${stat.size} bytes; the limit is ${maxBytes})` };
    }
    const bytes = await handle.readFile();
    return decodeStateBytes(bytes, stat.mtimeMs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, reason: 'file does not exist', missing: true };
    return { ok: false, reason: `cannot read the file (${code ?? String(err)})` };
  } finally {
    await handle?.close();
  }
}

/**
 * The same read, synchronous: the index reads thousands of small files in a row, and one synchronous
 * open/fstat/read/close costs a fraction of four thread-pool round trips. Callers keep the event loop responsive
 * by yielding between batches (see WorkspaceIndex.scan).
 */
export function readStateTextSync(file: string, maxBytes = MAX_STATE_FILE_BYTES, followLinks = true): TextRead {
  let fd: number | undefined;
  try {
    // O_NOFOLLOW makes a link cost nothing extra to notice: the open itself fails with ELOOP.
    fd = openSync(file, followLinks ? 'r' : constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file' };
    if (stat.size > maxBytes) {
      return { ok: false, reason: `file is too large to read (${stat.size} bytes; the limit is ${maxBytes})` };
    }
    // Read to the end even if the file grew since fstat (a writer appending), but never past the limit.
    let bytes = Buffer.allocUnsafe(Math.max(stat.size, 4096));
    let length = 0;
    for (;;) {
      if (length === bytes.length) {
        if (length >= maxBytes) return { ok: false, reason: `file is too large to read (over ${maxBytes} bytes; it is growing)` };
        const bigger = Buffer.allocUnsafe(Math.min(bytes.length * 2, maxBytes + 1));
        bytes.copy(bigger, 0, 0, length);
        bytes = bigger;
      }
      const n = readSync(fd, bytes, length, bytes.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return decodeStateBytes(bytes.subarray(0, length), stat.mtimeMs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'file does not exist', missing: true };
    if (code === 'ELOOP' && !followLinks) return { ok: false, reason: 'the file is a symbolic link', link: true };
    return { ok: false, reason: `cannot read the file (${code ?? String(err)})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function decodeStateBytes(bytes: Buffer, mtimeMs: number): TextRead {
  if (bytes.includes(0)) return { ok: false, reason: 'file is binary, not text (it contains NUL bytes)' };
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a BOM is not content
  return { ok: true, text, size: bytes.length, mtimeMs };
}
