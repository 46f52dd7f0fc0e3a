import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isReallyInside } from './contained-path';

/** A file Baton will not replace, with the reason to show the person (nothing was written). */
export class TargetRefused extends Error {}

/**
 * The file an edit of `file` really replaces. A symlink is written through (its target is replaced, in the
 * target's folder, and the link stays a link) only when the target lies within `root`; without a root, or with
 * a target outside it, the edit is refused: a link must never carry a write out of the workspace.
 * A file its owner may not write (mode 444) is refused too: read-only is a choice Baton keeps.
 */
export async function writeTarget(file: string, root: string | undefined): Promise<string> {
  const link = await fs.lstat(file).catch(() => null);
  let target = file;
  if (link?.isSymbolicLink()) {
    const name = path.basename(file);
    if (root === undefined) throw new TargetRefused(`${name} is a symbolic link; Baton writes through a link only within the workspace — edit its target instead`);
    const inside = await isReallyInside(root, file);
    if (!inside.ok) throw new TargetRefused(`${name} is a symbolic link to ${await fs.realpath(file).catch(() => '(a missing file)')}, outside ${root}; nothing was written`);
    target = await fs.realpath(file);
  }
  const stat = await fs.stat(target).catch(() => null);
  if (stat && (stat.mode & 0o200) === 0) {
    throw new TargetRefused(`${path.basename(file)} is read-only (mode ${(stat.mode & 0o777).toString(8)}); nothing was written — make it writable (chmod u+w) to edit it`);
  }
  return target;
}

/**
 * Gives a temp file the mode and owner of the file it is about to replace, so a private (600) file stays private
 * and a file keeps its owner. The owner is kept where the process may set it (root, or the same owner); else the
 * temp file keeps ours, as any editor's save does.
 */
export async function keepModeAndOwner(target: string, temp: FileHandle): Promise<void> {
  const stat = await fs.stat(target).catch(() => null);
  if (!stat) return;
  await temp.chown(stat.uid, stat.gid).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPERM') throw err;
  });
  await temp.chmod(stat.mode & 0o7777); // after chown, which may clear set-id bits
}
