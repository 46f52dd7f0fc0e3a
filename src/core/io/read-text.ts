import { promises as fs } from 'node:fs';

/** Files Baton parses whole are small state files; anything larger is refused rather than loaded. */
export const MAX_STATE_FILE_BYTES = 8 * 1024 * 1024;

export type TextRead =
  | { readonly ok: true; readonly text: string; readonly size: number; readonly mtimeMs: number }
  | { readonly ok: false; readonly reason: string; readonly missing?: boolean };

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

export function decodeStateBytes(bytes: Buffer, mtimeMs: number): TextRead {
  if (bytes.includes(0)) return { ok: false, reason: 'file is binary, not text (it contains NUL bytes)' };
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a BOM is not content
  return { ok: true, text, size: bytes.length, mtimeMs };
}
