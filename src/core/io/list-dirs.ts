import { promises as fs, readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { ownBlocks } from '../util/own-blocks';

/** The names of the sub-folders of `dir`; none when it does not exist or cannot be read. */
export async function subfolders(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/**
 * Whether a path is there and is not a folder: a regular file, or a FIFO, socket or device where a state file is
 * expected. Discovery keeps the special ones so that the bounded reader refuses them with a problem and their task,
 * run or session stays listed as unreadable (issue 17); skipping them would hide it without a word.
 */
export async function isPresentNonFolder(file: string): Promise<boolean> {
  try {
    return !(await fs.stat(file)).isDirectory();
  } catch {
    return false;
  }
}

/** The same for an entry of a folder listing: anything but a folder (a link is followed by the reader). */
export function isNonFolderEntry(entry: { isDirectory(): boolean }): boolean {
  return !entry.isDirectory();
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Which of `names` (at most 30) folder `dir` holds, as bits (1 << i for names[i]): 0 when it is gone or not a folder,
 * 'unlisted' when it exists but cannot be listed (permission denied). One synchronous readdir. Run by filesIn, here
 * or on the index's read-ahead worker.
 */
export function namesIn(dir: string, names: readonly string[]): FolderNames {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM' ? 'unlisted' : 0;
  }
  const held = new Set(entries);
  let bits = 0;
  for (let i = 0; i < names.length; i++) if (held.has(names[i]!)) bits |= 1 << i;
  return bits;
}

export type FolderNames = number | 'unlisted';

/**
 * Starts listing folders somewhere else (the index's read-ahead worker): namesIn of each of `dirs`, in order, recorded
 * by a witness under way now as listings here would be. Undefined when it cannot take them now; an answer of
 * undefined when it could not finish: the folders are then listed here.
 */
export type FolderLister = (dirs: readonly string[], names: readonly string[]) => Promise<readonly FolderNames[] | undefined> | undefined;

/** A listing started elsewhere (listElsewhere), for filesIn. */
export type ListedElsewhere = Promise<readonly FolderNames[] | undefined> | undefined;

/** Fewer folders than this are listed here: a message to the worker costs more than they do. */
export const LISTED_ELSEWHERE_MIN = 64;

/**
 * The listing of `dirs` started on `lister` when it can take them now (see FolderLister), for filesIn: started before
 * the listing is needed, it is made while this thread does something else (a discovery's next piece while the index
 * reads this one).
 */
export function listElsewhere(dirs: readonly string[], names: readonly string[], lister: FolderLister | undefined): ListedElsewhere {
  return lister && dirs.length >= LISTED_ELSEWHERE_MIN && names.length <= 30 ? lister(dirs, names) : undefined;
}

/**
 * Of each folder in `dirs`, the files among `names` that it holds, as absolute paths, in folder order. One
 * synchronous readdir per folder (cheaper than a stat per candidate or a thread-pool round trip each), with a
 * turn for the event loop every few milliseconds — or, with `elsewhere` (listElsewhere: the index's read-ahead
 * worker), the same listings made on another thread; those it could not make are made here. A folder that exists but cannot be
 * listed (permission denied) is not silently empty: its `unlisted` names are returned as if present, so that reading
 * them says why they cannot be read (and what they belong to stays known).
 */
export async function filesIn(dirs: readonly string[], names: readonly string[], unlisted: readonly string[] = [],
  listed?: ListedElsewhere): Promise<string[]> {
  const elsewhere = listed && await listed;
  const found: string[] = [];
  let slice = Date.now();
  for (let n = 0; n < dirs.length; n++) {
    const dir = dirs[n]!;
    const held = elsewhere ? elsewhere[n]! : namesIn(dir, names);
    if (held === 'unlisted') {
      for (const name of unlisted) found.push(path.join(dir, name));
      continue;
    }
    if (held === 0) continue;
    // A plain name after a normalized folder: what path.join gives, without normalizing 20,000 paths again.
    const prefix = withSeparator(path.normalize(dir));
    for (let i = 0; i < names.length; i++) if (held & (1 << i)) found.push(prefix + names[i]!);
    if (Date.now() - slice >= 12) { ownBlocks.note('discovery', Date.now() - slice); await new Promise((resolve) => setImmediate(resolve)); slice = Date.now(); }
  }
  ownBlocks.note('discovery', Date.now() - slice);
  return found;
}

/**
 * Of `names`, the ones `dir` holds that are not folders (what isPresentNonFolder says of each), from one synchronous
 * listing instead of a stat per name: only a symbolic link is stat'ed (followed, as isPresentNonFolder does). A
 * folder that is gone holds none; undefined when the folder cannot be listed (permission denied), where a stat per
 * name still answers as it did.
 */
export function nonFoldersInSync(dir: string, names: readonly string[]): string[] | undefined {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? [] : undefined;
  }
  const found: string[] = [];
  for (const name of names) {
    const entry = entries.find((e) => e.name === name);
    if (!entry || entry.isDirectory()) continue;
    if (entry.isSymbolicLink()) {
      let target: Stats | undefined;
      try { target = statSync(path.join(dir, name)); } catch { target = undefined; }
      if (!target || target.isDirectory()) continue;
    }
    found.push(path.join(dir, name));
  }
  return found;
}

function withSeparator(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}
