import { promises as fs, readFileSync, renameSync, statSync } from 'node:fs';
import { writeTempBeside } from './atomic-write';

/**
 * When the pinned old file is looked at again after the rename (ms after it): a writer that opened the old file
 * just before the rename (open, then write, descheduled in between) is given this long to finish its write.
 * (A second look at 100 ms made every executor state write 100 ms slower and timed out its tests in CI.)
 */
const LATE_WRITE_CHECKS_MS = [25];

/**
 * An appender that opened the old file before the rename writes into the old inode after it was replaced: its
 * bytes would vanish with it. The pinned old file is looked at again after each of LATE_WRITE_CHECKS_MS, and bytes
 * appended to it since are appended to the live file (after Baton's change, and after any line appended to the
 * new file meanwhile: the order may differ, nothing is lost).
 */
async function forwardLateAppends(file: string, pin: string, checked: Buffer): Promise<void> {
  let forwarded = checked.length;
  let waited = 0;
  for (const at of LATE_WRITE_CHECKS_MS) {
    await new Promise((resolve) => setTimeout(resolve, at - waited));
    waited = at;
    const late = await fs.readFile(pin);
    if (late.length > forwarded && late.subarray(0, checked.length).equals(checked)) {
      await fs.appendFile(file, late.subarray(forwarded));
      forwarded = late.length;
    }
  }
}

/** The file on disk was not (or stopped being) the version an edit was made from; nothing of the edit remains. */
export class ReplaceConflict extends Error {}

/**
 * Replaces a file atomically, but only while it still holds the version the new text was made from
 * (`isExpected(bytes)`), so that an external write made after Baton's read is never overwritten.
 *
 * POSIX has no compare-and-rename, so the window is closed as far as a lock-free writer can:
 * 1. the new text goes to a flushed temp file beside the target;
 * 2. the current file is pinned under a second name (a hard link), and the pinned bytes are checked;
 * 3. right before the rename, the target must still be the pinned inode (a writer that replaced the file by
 *    rename since is seen here), then the rename — both synchronous, back to back;
 * 4. the pinned bytes are checked again: a writer that wrote into the old file in place (an append) between
 *    the check and the rename is seen here, and the old file (with that write) is put back.
 * 5. 25 ms later, bytes appended to the old file after all (a writer that opened it before the rename and
 *    wrote after 4) are appended to the live file.
 * What remains: a writer that renames over the file in the microseconds between 3's inode check and the rename,
 * one that rewrites the old file in place through a descriptor opened before the rename, or appends to it more
 * than 25 ms later. See docs/architecture.md.
 */
export async function replaceIfUnchanged(file: string, text: string | Uint8Array, isExpected: (bytes: Buffer) => boolean): Promise<void> {
  const temp = await writeTempBeside(file, text);
  const pin = `${temp}.pin`;
  try {
    try {
      await fs.link(file, pin);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ReplaceConflict('the file was deleted');
      throw err;
    }
    const pinned = await fs.stat(pin);
    const checked = await fs.readFile(pin);
    if (!isExpected(checked)) throw new ReplaceConflict('the file changed on disk');
    const ours = (await fs.stat(temp)).ino;
    if (statSync(file, { throwIfNoEntry: false })?.ino !== pinned.ino) throw new ReplaceConflict('the file was replaced on disk');
    renameSync(temp, file);
    if (!isExpected(readFileSync(pin))) {
      // An in-place write reached the old file after the check: it wins, and the edit is taken back — unless yet
      // another writer replaced ours meanwhile (theirs is then the newest version).
      if (statSync(file, { throwIfNoEntry: false })?.ino === ours) renameSync(pin, file);
      throw new ReplaceConflict('the file changed on disk while it was being written');
    }
    await forwardLateAppends(file, pin, checked);
  } finally {
    await fs.rm(temp, { force: true });
    await fs.rm(pin, { force: true });
  }
}
