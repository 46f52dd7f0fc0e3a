import type { CatFile } from './cat-file';

/** A file found in a git tree, relative to the folder the walk started at (with `/`). */
export interface TreeFile {
  readonly rel: string;
  readonly oid: string;
}

export interface TreeWalk {
  readonly files: TreeFile[];
  /** What stopped part of the walk (a tree too deep, too many entries, an unreadable object). */
  readonly problems: string[];
}

/** Folders deeper than this below the folder are not entered (orc's task files sit 3 deep, a Dure run's 4). */
const MAX_DEPTH = 6;
/** A walk lists at most this many entries: a tree built to be huge costs a bounded amount. */
const MAX_ENTRIES = 200_000;
/** Parsed trees kept between walks, by id (the same `.orc/tasks` tree in 200 refs is parsed once). */
const MAX_CACHED_TREES = 20_000;

export interface Entry {
  readonly name: string;
  readonly oid: string;
  readonly kind: 'tree' | 'blob' | 'other';
}

/**
 * Lists the files of a git tree by reading tree objects through `cat-file --batch`, descending only into folders
 * that may hold one of the systems' files, and only as deep as they go. Trees are parsed once by id and kept:
 * refs that share a subtree (nearly all of them share most) cost one read of it. Names are checked before use: a
 * name that is empty, `.`, `..` or holds a `/` or `\` (which git itself refuses to check out) is skipped, so a path
 * built here never leaves the folder.
 */
export class TreeLister {
  /** Parsed trees by id; a tree being read is shared by every walk that meets it meanwhile. */
  private readonly trees = new Map<string, Promise<Entry[]>>();

  constructor(private readonly cat: CatFile) {}

  /**
   * The files under `prefix` (a folder path with `/`, '' for the top) of the tree `root` for which `accept` says
   * yes, entering only folders `enter` allows. Undefined when `prefix` is not a folder in that tree.
   */
  async walk(root: string, prefix: string, enter: (dirRel: string) => boolean, accept: (fileRel: string) => boolean): Promise<TreeWalk | undefined> {
    let oid = root;
    for (const segment of prefix ? prefix.split('/') : []) {
      const entry = (await this.entries(oid)).find((e) => e.name === segment);
      if (entry?.kind !== 'tree') return undefined;
      oid = entry.oid;
    }
    const files: TreeFile[] = [];
    const problems: string[] = [];
    let listed = 0;
    const visit = async (tree: string, dir: string, depth: number): Promise<void> => {
      // A subtree met before at the same place (shared by most refs) gives its files without a walk.
      const done = this.walked.get(`${tree}\u0000${dir}`);
      if (done) { files.push(...done); return; }
      let entries: Entry[];
      try {
        entries = await this.entries(tree);
      } catch (err) {
        problems.push(`${dir || '.'}: ${(err as Error).message}`);
        return;
      }
      listed += entries.length;
      if (listed > MAX_ENTRIES) {
        if (!problems.some((p) => p.startsWith('more than'))) problems.push(`more than ${MAX_ENTRIES} entries: the rest was not listed`);
        return;
      }
      const below: Promise<void>[] = [];
      const own: TreeFile[] = [];
      const problemsBefore = problems.length;
      for (const e of entries) {
        const rel = dir ? `${dir}/${e.name}` : e.name;
        if (e.kind === 'blob' && accept(rel)) own.push({ rel, oid: e.oid });
        else if (e.kind === 'tree' && enter(rel)) {
          if (depth >= MAX_DEPTH) problems.push(`${rel}: deeper than ${MAX_DEPTH} folders; not read`);
          else below.push(visit(e.oid, rel, depth + 1));
        }
      }
      files.push(...own);
      // A leaf folder (nothing entered below it) is remembered: its files are all of its walk.
      if (!below.length && problems.length === problemsBefore && depth > 0) this.walked.set(`${tree}\u0000${dir}`, own);
      await Promise.all(below);
    };
    await visit(oid, '', 0);
    files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    return { files, problems };
  }

  /** The accepted files of leaf folders walked before, by tree id and place (the same accept and enter rules apply). */
  private readonly walked = new Map<string, TreeFile[]>();

  /** Forgets parsed trees when there are too many (a long-lived window fetching for weeks). */
  trim(): void {
    if (this.trees.size > MAX_CACHED_TREES) this.trees.clear();
    if (this.walked.size > MAX_CACHED_TREES) this.walked.clear();
  }

  private entries(oid: string): Promise<Entry[]> {
    let entries = this.trees.get(oid);
    if (!entries) {
      this.trees.set(oid, entries = this.readTree(oid));
      entries.catch(() => this.trees.delete(oid)); // a failed read is tried again next time
    }
    return entries;
  }

  private async readTree(oid: string): Promise<Entry[]> {
    const object = await this.cat.read(oid);
    if ('missing' in object) throw new Error(`tree ${oid.slice(0, 12)} is missing`);
    if (object.type !== 'tree') throw new Error(`${oid.slice(0, 12)} is a ${object.type}, not a tree`);
    if (!object.bytes) throw new Error(`tree ${oid.slice(0, 12)} is too large to list (${object.size} bytes)`);
    return parseTree(object.bytes, oid.length / 2);
  }
}

/** git's tree format: `<octal mode> <name>\0<raw id>` repeated. */
export function parseTree(bytes: Buffer, idBytes: number): Entry[] {
  const out: Entry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const nul = space < 0 ? -1 : bytes.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > bytes.length) throw new Error('a tree object that is not in git\'s format');
    const mode = bytes.toString('latin1', at, space);
    const name = bytes.toString('utf8', space + 1, nul);
    const oid = bytes.toString('hex', nul + 1, nul + 1 + idBytes);
    at = nul + 1 + idBytes;
    if (!safeName(name)) continue;
    out.push({ name, oid, kind: mode === '40000' ? 'tree' : mode === '100644' || mode === '100755' ? 'blob' : 'other' });
  }
  return out;
}

function safeName(name: string): boolean {
  return name.length > 0 && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\\') && !name.includes('\uFFFD');
}
