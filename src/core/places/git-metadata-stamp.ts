import { promises as fs } from 'node:fs';
import path from 'node:path';

/** A repository with more folders of refs than this is stamped by the first ones (the watchers still see the rest). */
const MAX_FOLDERS = 2_000;

/**
 * A cheap stamp of a repository's refs and worktree records as they lie on disk, to notice a ref that moved when the
 * file watchers missed it (a watcher starts a moment after it is asked for, and a watch inside `.git` may be excluded
 * by the user). git writes every ref, HEAD and packed-refs as a lock file renamed over the old one, and a rename
 * changes the folder's modification time: the stamp is the modification time of HEAD, packed-refs and every folder
 * under `refs/` and `worktrees/`. Only stats and folder listings; nothing is read, no git runs.
 */
export async function gitMetadataStamp(commonDir: string): Promise<string> {
  const parts: string[] = [];
  for (const file of ['HEAD', 'packed-refs']) parts.push(`${file}:${await stampOf(path.join(commonDir, file))}`);
  const folders = [path.join(commonDir, 'refs'), path.join(commonDir, 'worktrees')];
  for (let i = 0; i < folders.length && i < MAX_FOLDERS; i++) {
    const folder = folders[i]!;
    parts.push(`${path.relative(commonDir, folder)}:${await stampOf(folder)}`);
    let entries;
    try { entries = await fs.readdir(folder, { withFileTypes: true }); } catch { continue; }
    for (const e of entries) if (e.isDirectory()) folders.push(path.join(folder, e.name));
  }
  return parts.join('\n');
}

async function stampOf(file: string): Promise<string> {
  try {
    const s = await fs.stat(file);
    return `${s.mtimeMs}:${s.ino}:${s.size}`;
  } catch {
    return '-';
  }
}

/**
 * Looks at each repository's stamp (`tick`, every couple of seconds) and calls `moved` when one changed — or is seen
 * for the first time, since a ref may have moved between the places' last read and that first look. At most one
 * look at a time.
 */
export class GitMetadataPoll {
  private readonly stamps = new Map<string, string>();
  private looking = false;

  constructor(private readonly commonDirs: () => readonly string[], private readonly moved: () => void) {}

  async tick(): Promise<void> {
    if (this.looking) return;
    this.looking = true;
    try {
      const dirs = new Set(this.commonDirs());
      for (const known of [...this.stamps.keys()]) if (!dirs.has(known)) this.stamps.delete(known);
      let changed = false;
      for (const dir of dirs) {
        const stamp = await gitMetadataStamp(dir);
        if (this.stamps.get(dir) !== stamp) changed = true;
        this.stamps.set(dir, stamp);
      }
      if (changed) this.moved();
    } finally {
      this.looking = false;
    }
  }
}
