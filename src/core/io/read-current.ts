import { spliceEdit, SpliceMismatch } from './byte-splice';
import { contentHash } from './content-hash';
import { readRegularBytes } from './open-regular';
import { decodeStateBytes, MAX_STATE_FILE_BYTES } from './read-text';
import { ReplaceConflict, replaceIfUnchanged } from './replace-if-unchanged';
import { writeTarget } from './target-file';

export type CurrentText =
  | { readonly exists: true; readonly text: string; readonly hash: string; readonly bom: boolean }
  | { readonly exists: false };

/**
 * Reads a state file as it is on disk now, decoded the way the readers decode it (BOM removed) and with the
 * same fingerprint (`contentHash` of the text) the readers record, so a writer can tell whether the file still
 * holds what a person was shown.
 */
export async function readCurrent(file: string): Promise<CurrentText> {
  let bytes: Buffer;
  try {
    bytes = (await readRegularBytes(file, MAX_STATE_FILE_BYTES)).bytes;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false };
    throw err;
  }
  const decoded = decodeStateBytes(bytes, 0);
  if (!decoded.ok) throw new Error(`${file}: ${decoded.reason}`);
  return { exists: true, text: decoded.text, hash: contentHash(decoded.text), bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf };
}

/** Whether bytes on disk are the version whose reader hash (`contentHash` of the decoded text) is `hash`. */
export function hasCurrentHash(hash: string): (bytes: Buffer) => boolean {
  return (bytes) => {
    const decoded = decodeStateBytes(bytes, 0);
    return decoded.ok && contentHash(decoded.text) === hash;
  };
}

/**
 * Replaces a file read with `readCurrent` (whose reader hash is `hash`) by its edited text — with the BOM when
 * the file has one — writing only the span the edit changed into the bytes on disk (`byte-splice.ts`), so bytes
 * that are not UTF-8 and line endings elsewhere are kept. Checked again at the rename (`replaceIfUnchanged`).
 * A symlink is written through when its target lies within `root`, and a read-only file is refused
 * (`writeTarget`: a `TargetRefused` with the reason to show).
 */
export async function replaceCurrent(file: string, text: string, hash: string, root: string): Promise<void> {
  const isCurrent = hasCurrentHash(hash);
  const target = await writeTarget(file, root);
  const bytes = await readRegularBytes(target, MAX_STATE_FILE_BYTES).then((r) => r.bytes, (err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? new ReplaceConflict('the file was deleted') : err;
  });
  if (!isCurrent(bytes)) throw new ReplaceConflict('the file changed on disk');
  let spliced: Buffer;
  try {
    // The edit was made on the text with its CRLFs; the splice compares it as `textForEdit` reads it (CRLF as LF).
    spliced = spliceEdit(bytes, text.replace(/\r\n/g, '\n'));
  } catch (err) {
    throw err instanceof SpliceMismatch ? new ReplaceConflict(err.message) : err;
  }
  await replaceIfUnchanged(target, spliced, isCurrent);
}
