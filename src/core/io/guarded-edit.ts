import crypto from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createFileAtomic } from './create-atomic';
import { crashPoint } from './crash-point';
import { expectedIoFailure } from './io-failure';
import { makeFolder } from './make-folder';
import { readFailureReason, readRegularBytes } from './open-regular';
import { MAX_STATE_FILE_BYTES } from './read-text';
import { replaceIfUnchanged, ReplaceConflict } from './replace-if-unchanged';
import { spliceEdit, SpliceMismatch, textForEdit } from './byte-splice';
import { TargetRefused, writeTarget } from './target-file';

/** An edit that was not made, with the reason to show the person (nothing was written). */
export class EditRefused extends Error {}

export interface FileForEdit {
  readonly file: string;
  /** The bytes decoded as UTF-8, CRLF read as LF (`byte-splice.ts`): the write keeps every byte the edit did not change. */
  readonly text: string;
  /** sha256 of the bytes read: the file is written only if the bytes on disk still have it. */
  readonly sha256: string;
}

export function sha256(bytes: Uint8Array | string): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * Reads a file to edit it. `expectedSha256` is the hash of what the person was shown (a view's copy): when the
 * file changed since, the edit is refused rather than applied to content they never saw.
 */
export async function readForEdit(file: string, expectedSha256?: string | null): Promise<FileForEdit> {
  let bytes: Buffer;
  try {
    bytes = (await readRegularBytes(file, MAX_STATE_FILE_BYTES)).bytes;
  } catch (err) {
    throw new EditRefused(`cannot read ${path.basename(file)}: ${readFailureReason(err).reason}`);
  }
  const hash = sha256(bytes);
  if (expectedSha256 && expectedSha256 !== hash) {
    throw new EditRefused(`${path.basename(file)} changed on disk since it was shown; nothing was written — look at the new version and try again`);
  }
  return { file, text: textForEdit(bytes), sha256: hash };
}

export interface PlannedWrite {
  readonly file: string;
  /** Hash of the bytes the edit was computed from; null for a file that must not exist yet. */
  readonly sha256: string | null;
  /** The edited text (of `FileForEdit.text`); only the span it changed is written into the file's bytes. */
  readonly text: string;
  /** The root a symlinked file's target must lie in to be written through (the workspace); none: links are refused. */
  readonly root?: string;
}

/**
 * Writes every planned file, each atomically, after checking all of them first: if any changed on disk since it
 * was read (or a new file appeared meanwhile), nothing is written. Each replacement is checked once more at the
 * rename itself (`replaceIfUnchanged`), so a write that lands during the edit is never overwritten.
 */
export async function writeIfUnchanged(writes: readonly PlannedWrite[]): Promise<void> {
  const planned: { w: PlannedWrite; target: string; bytes: Buffer | null }[] = [];
  for (const w of writes) {
    const target = await writeTarget(w.file, w.root).catch((err: unknown) => {
      throw err instanceof TargetRefused ? new EditRefused(err.message) : err;
    });
    const now = await readRegularBytes(target, MAX_STATE_FILE_BYTES).then((r) => r.bytes, (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (w.sha256 === null && now !== null) throw new EditRefused(`${path.basename(path.dirname(w.file))}/${path.basename(w.file)} already exists; nothing was written`);
    if (w.sha256 !== null && (now === null || sha256(now) !== w.sha256)) {
      throw new EditRefused(`${path.basename(w.file)} changed on disk while it was being edited; nothing was written — try again`);
    }
    planned.push({ w, target, bytes: now === null ? null : splice(w, now) });
  }
  const created: string[] = [];
  const replaced: string[] = [];
  try {
    for (const { w, target, bytes } of planned) {
      if (bytes === null) {
        const madeDir = await makeFolder(path.dirname(w.file));
        if (madeDir) created.push(madeDir);
        if (!(await createFileAtomic(w.file, w.text))) throw new EditRefused(`${path.basename(path.dirname(w.file))}/${path.basename(w.file)} already exists; nothing more was written`);
        created.push(w.file);
      } else {
        const expected = w.sha256;
        try {
          await replaceIfUnchanged(target, bytes, (now) => sha256(now) === expected);
        } catch (err) {
          if (err instanceof ReplaceConflict) throw new EditRefused(`${path.basename(w.file)}: ${err.message} while it was being edited; ${replaced.length ? `${replaced.map((f) => path.basename(f)).join(', ')} was written before it, nothing more` : 'nothing was written'} — try again`);
          throw err;
        }
        replaced.push(w.file);
      }
      crashPoint(`edit-wrote-${path.basename(w.file)}`);
    }
  } catch (err) {
    await undoEdit(created, replaced, err);
    throw err;
  }
}

/**
 * A multi-file edit that failed part way (a full disk at the second file): the files and folders it created are
 * removed again, so that when nothing was replaced yet nothing of the edit remains. A replaced file cannot be put back
 * safely (someone may have written it since), so an expected I/O failure then says which files were written.
 */
async function undoEdit(created: readonly string[], replaced: readonly string[], err: unknown): Promise<void> {
  for (const file of [...created].reverse()) await fs.rm(file).catch(() => fs.rmdir(file).catch(() => undefined));
  const failure = expectedIoFailure(err);
  if (failure && replaced.length) {
    throw new EditRefused(`could not write ${failure.file ? path.basename(failure.file) : 'a file'}: ${failure.reason} (${failure.code}); `
      + `${replaced.map((f) => path.basename(f)).join(', ')} ${replaced.length > 1 ? 'were' : 'was'} written before, nothing more`);
  }
}

/** The file's new bytes: the edited span spliced into the bytes the edit was computed from. */
function splice(w: PlannedWrite, original: Buffer): Buffer {
  try {
    return spliceEdit(original, w.text);
  } catch (err) {
    if (err instanceof SpliceMismatch) throw new EditRefused(`${path.basename(w.file)}: ${err.message}; nothing was written`);
    throw err;
  }
}
