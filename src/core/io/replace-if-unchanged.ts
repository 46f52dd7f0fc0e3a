import { promises as fs, linkSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { NOT_REGULAR, readFailureReason, readRegularBytes, TOO_LARGE } from './open-regular';
import { MAX_STATE_FILE_BYTES } from './read-text';
import { writeTempBeside } from './atomic-write';
import { forwardLateAppends, type Forwarded } from './late-appends';
import { crashPoint } from './crash-point';

/** The file on disk was not (or stopped being) the version an edit was made from; nothing of the edit remains. */
export class ReplaceConflict extends Error {}

/**
 * Replaces a file atomically, but only while it still holds the version the new text was made from
 * (`isExpected(bytes)`), so that an external write made after Baton's read is never overwritten.
 *
 * POSIX has no compare-and-rename, so the window is closed as far as a lock-free writer can:
 * 1. the new text goes to a flushed temp file beside the target, with the target's mode and owner;
 * 2. the current file is pinned under a second name (a hard link), and the pinned bytes are checked;
 * 3. right before the rename, the target must still be the pinned inode (a writer that replaced the file by
 *    rename since is seen here), then the rename — both synchronous, back to back;
 * 4. the pinned bytes are checked again: a writer that wrote into the old file in place (an append) between
 *    the check and the rename is seen here, and the old file (with that write) is put back.
 * 5. in the background (late-appends.ts), the replaced inode is looked at again for up to 5 s: bytes appended
 *    to it after all (a writer that opened it before the rename and wrote after 4) are appended to the live file,
 *    and again if a rewrite that read before that forward replaced the file without them.
 * What remains: a writer that renames over the file in the microseconds between 3's inode check and the rename,
 * one that rewrites the old file in place through a descriptor opened before the rename, or appends to it more
 * than 5 s later (or after the process ended). See docs/architecture.md.
 */
export async function replaceIfUnchanged(file: string, text: string | Uint8Array, isExpected: (bytes: Buffer) => boolean): Promise<void> {
  const temp = await writeTempBeside(file, text);
  const pin = `${temp}.pin`;
  let pinHandedOver = false;
  try {
    try {
      await fs.link(file, pin);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ReplaceConflict('the file was deleted');
      throw err;
    }
    crashPoint('pinned');
    const pinned = await fs.stat(pin);
    // Through the one reader: a FIFO or a device swapped in for the file is refused here, never read.
    const checked = await readRegularBytes(pin, MAX_STATE_FILE_BYTES).then((r) => r.bytes, (err: NodeJS.ErrnoException) => {
      throw err.code === NOT_REGULAR || err.code === TOO_LARGE ? new ReplaceConflict(`the file is now ${readFailureReason(err).reason}`) : err;
    });
    if (!isExpected(checked)) throw new ReplaceConflict('the file changed on disk');
    const ours = (await fs.stat(temp)).ino;
    if (statSync(file, { throwIfNoEntry: false })?.ino !== pinned.ino) throw new ReplaceConflict('the file was replaced on disk');
    renameSync(temp, file);
    // The pin is a link to the inode just checked to be a regular file (a link's type never changes): a plain read.
    const now = readFileSync(pin);
    if (!isExpected(now)) {
      // An in-place write reached the old file after the check: it wins, and the edit is taken back — unless yet
      // another writer replaced ours meanwhile (theirs is then the newest version). Lines appended to ours in the
      // meantime are forwarded to the restored file.
      // The in-place append that won is guarded like a forwarded one: a rewrite made from Baton's version (read
      // in the moment it was live) must not replace the restored file without it.
      const won = now.length > checked.length && now.subarray(0, checked.length).equals(checked) ? now.subarray(checked.length) : undefined;
      takeBack(file, pin, ours, text, won && { chunk: won, intoIno: pinned.ino, at: Date.now() });
      throw new ReplaceConflict('the file changed on disk while it was being written');
    }
    forwardLateAppends(file, pin, checked);
    pinHandedOver = true;
  } finally {
    await fs.rm(temp, { force: true });
    if (!pinHandedOver) await fs.rm(pin, { force: true });
  }
}

/** Puts the pinned old file back in place of ours, forwarding whatever was appended to ours meanwhile. */
function takeBack(file: string, pin: string, ours: number, text: string | Uint8Array, won: Forwarded | undefined): void {
  const oursPin = `${pin}.ours`;
  try {
    linkSync(file, oursPin);
  } catch {
    return; // the file is gone: nothing to take back
  }
  if (statSync(oursPin).ino !== ours) { rmSync(oursPin, { force: true }); return; }
  renameSync(pin, file);
  forwardLateAppends(file, oursPin, Buffer.from(text), won);
}
