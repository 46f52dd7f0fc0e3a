import { promises as fs } from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { crashPoint } from './crash-point';
import { naming } from './io-failure';
import { removeStaleTemps } from './stale-temps';
import { keepModeAndOwner } from './target-file';

export interface WriteOptions {
  /**
   * false: skip flushing the bytes to the disk before the rename. Only for caches, which a reader checks and drops
   * when they are damaged (an empty file after a power cut costs one slow start, never a wrong answer).
   */
  readonly flush?: boolean;
}

/** What a file is written from: its whole text or bytes, or its text in pieces (each written as it comes, none joined). */
export type FileData = string | Uint8Array | AsyncIterable<string | Uint8Array>;

/**
 * Writes a file so that no reader ever sees it half-written: the bytes go to a temp file in the same folder,
 * are flushed, and the temp file is renamed over the target (atomic on POSIX file systems).
 */
export async function writeFileAtomic(file: string, data: FileData, options: WriteOptions = {}): Promise<void> {
  const temp = await writeTempBeside(file, data, options);
  try {
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

/** Writes `data` to a new, flushed temp file in the target's folder (same file system, so rename/link is atomic), with the mode and owner of the file it will replace. */
export async function writeTempBeside(file: string, data: FileData, options: WriteOptions = {}): Promise<string> {
  // What a killed Baton left here goes first (it may be what fills the disk).
  await removeStaleTemps(path.dirname(file));
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx');
  try {
    try {
      await keepModeAndOwner(file, handle);
      await fs.writeFile(handle, data); // a string, bytes, or text in pieces (fs.promises.writeFile takes each)
      if (options.flush !== false) await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    // A full disk or quota fails the write, the sync or the close: the partial temp file must not stay behind.
    await fs.rm(temp, { force: true });
    throw naming(err, temp);
  }
  crashPoint('temp-written');
  return temp;
}
