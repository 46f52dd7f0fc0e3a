import { readFailureReason, readRegularBytes, readRegularBytesSync } from './open-regular';

/** Files Baton parses whole are small state files; anything larger is refused rather than loaded. */
export const MAX_STATE_FILE_BYTES = 8 * 1024 * 1024;

export type TextRead =
  | { readonly ok: true; readonly text: string; readonly size: number; readonly mtimeMs: number }
  | { readonly ok: false; readonly reason: string; readonly missing?: boolean;
      /** The failure in a few words ("permission denied"), for a message naming what the file is rather than it. */
      readonly cause?: string;
      /** Read with `followLinks: false` and the file is a symbolic link: the caller decides whether to follow it. */
      readonly link?: boolean };

/**
 * Reads a state file as UTF-8 text, refusing what is not a regular file (a FIFO, a device: see open-regular.ts),
 * what is not text (NUL bytes) and what is too large to be a state file.
 * Never throws: a failure is a reason the caller turns into a diagnostic.
 */
export async function readStateText(file: string, maxBytes = MAX_STATE_FILE_BYTES): Promise<TextRead> {
  try {
    const { bytes, stat } = await readRegularBytes(file, maxBytes);
    return decodeStateBytes(bytes, stat.mtimeMs);
  } catch (err) {
    return { ok: false, ...readFailureReason(err) };
  }
}

/**
 * The same read, synchronous: the index reads thousands of small files in a row, and one synchronous
 * open/fstat/read/close costs a fraction of four thread-pool round trips. Callers keep the event loop responsive
 * by yielding between batches (see WorkspaceIndex.scan).
 */
export function readStateTextSync(file: string, maxBytes = MAX_STATE_FILE_BYTES, followLinks = true): TextRead {
  const read = readStateBytesSync(file, maxBytes, followLinks);
  return read.ok ? decodeStateBytes(read.bytes, read.mtimeMs) : read;
}

export type BytesRead = { readonly ok: true; readonly bytes: Buffer; readonly mtimeMs: number } | Extract<TextRead, { ok: false }>;

/** readStateTextSync's bytes, not yet decoded (the read-ahead worker reads them; the index decodes them). */
export function readStateBytesSync(file: string, maxBytes = MAX_STATE_FILE_BYTES, followLinks = true): BytesRead {
  try {
    // O_NOFOLLOW makes a link cost nothing extra to notice: the open itself fails with ELOOP.
    const { bytes, stat } = readRegularBytesSync(file, maxBytes, followLinks);
    return { ok: true, bytes, mtimeMs: stat.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP' && !followLinks) return { ok: false, reason: 'the file is a symbolic link', link: true };
    return { ok: false, ...readFailureReason(err) };
  }
}

export function decodeStateBytes(bytes: Buffer, mtimeMs: number): TextRead {
  if (bytes.includes(0)) return { ok: false, reason: 'file is binary, not text (it contains NUL bytes)', cause: 'binary, not text' };
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a BOM is not content
  return { ok: true, text, size: bytes.length, mtimeMs };
}

/**
 * A state file's text, or null when it does not exist; any other failure (not a regular file, too large, binary,
 * unreadable) is thrown as one line naming the file, for callers whose only answer to it is a refusal.
 */
export async function readStateTextIfAny(file: string, maxBytes = MAX_STATE_FILE_BYTES): Promise<string | null> {
  const read = await readStateText(file, maxBytes);
  if (read.ok) return read.text;
  if (read.missing) return null;
  throw new Error(`${file}: ${read.reason}`);
}
