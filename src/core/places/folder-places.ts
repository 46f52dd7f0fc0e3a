import { existsSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic';
import { decodeStateBytes } from '../io/read-text';
import type { SourceContext, WatchPattern } from '../model/adapter';
import type { IDisposable } from '../util/disposable';
import type { AnyAdapter } from '../service/work-item';
import type { PlacesSettings } from '../service/other-places';
import type { SystemId } from '../model/system';
import { readsSystem } from '../model/source-context';

export type { PlacesSettings } from '../service/other-places';
import { IN_REPOSITORY_SYSTEMS, RefPlace, WorktreePlace, type PlaceState } from './places';
import { RefReader } from './ref-reader';
import { matchingRefs, otherWorktrees, refPatternProblem, repositoryOf, type Repository } from './repository';
import { WorktreeSessions } from './worktree-sessions';


/** How many refs are read at the same time. */
const REFS_AT_ONCE = 32;

async function inBatches<T>(list: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < list.length; i += size) await Promise.all(list.slice(i, i + size).map(work));
}

export const NO_PLACES: PlacesSettings = { trusted: false, worktrees: false, refs: [] };

/** Whether two settings read the same places. */
export function samePlacesSettings(a: PlacesSettings, b: PlacesSettings): boolean {
  return a.trusted === b.trusted && a.worktrees === b.worktrees && a.refs.length === b.refs.length && a.refs.every((r, i) => r === b.refs[i]);
}

/**
 * The other places of one workspace folder: its repository's other worktrees (each a WorkspaceIndex over the
 * worktree's copy of the folder, kept current by file events like the folder's own) and the refs matching the
 * user's patterns (read from git's objects). `update` lists worktrees and refs again and reads only what moved.
 */
export class FolderPlaces implements IDisposable {
  private repo: Repository | undefined | null = null;
  private reader: RefReader | undefined;
  /** The repository the reader reads (its top folder). */
  private readerTop: string | undefined;
  private readonly worktrees = new Map<string, WorktreePlace>();
  private readonly refs = new Map<string, RefPlace>();
  /** Problems of the places themselves (a pattern git refuses, a folder outside any repository). */
  problems: Diagnostic[] = [];
  private validPatterns: string[] | undefined;
  /** Ultrawork sessions that ran in the other worktrees (linked from the folder's own records; see worktree-sessions.ts). */
  readonly sessions: WorktreeSessions;

  constructor(readonly ctx: SourceContext, private settings: PlacesSettings, private readonly adapters: () => readonly AnyAdapter[],
    private readonly now?: () => number) {
    this.sessions = new WorktreeSessions(ctx);
  }

  get root(): string {
    return this.ctx.root;
  }

  get repository(): Repository | undefined {
    return this.repo ?? undefined;
  }

  /** New settings: places no longer asked for go at once; the next `update` reads the new ones. */
  configure(settings: PlacesSettings): void {
    if (samePlacesSettings(settings, this.settings)) return;
    this.settings = settings;
    this.validPatterns = undefined;
    if (!this.active || !settings.worktrees) this.worktrees.clear();
    if (!this.active || !settings.refs.length) this.refs.clear();
    // The next `update` asks git again where the folder's repository is: a folder may have become one (`git init`),
    // stopped being one, or moved to a repository of its own inside the one that held it. One `rev-parse`.
    this.repo = null;
    if (!this.active) { this.reader?.dispose(); this.reader = undefined; }
  }

  private get active(): boolean {
    return this.settings.trusted && (this.settings.worktrees || this.settings.refs.length > 0);
  }

  /** Lists worktrees and refs again; reads new worktrees and refs whose tree moved. True when a place changed. */
  async update(): Promise<boolean> {
    const hadProblems = this.problems.length;
    this.problems = [];
    if (!this.active) {
      const had = this.worktrees.size + this.refs.size;
      this.worktrees.clear();
      this.refs.clear();
      return had > 0 || hadProblems > 0;
    }
    if (this.repo === null) {
      const found = await repositoryOf(this.root);
      // Another repository than the refs were read from: its refs are other refs (and its objects other objects).
      if (this.reader && this.readerTop !== found?.top) { this.reader.dispose(); this.reader = undefined; this.refs.clear(); }
      this.repo = found;
    }
    const repo = this.repo;
    if (!repo) {
      this.problems.push(diagnostic('orc', this.root, 'info', 'other worktrees and refs are not read: this folder is not in a git repository'));
      const had = this.worktrees.size + this.refs.size; // the places of a repository the folder is no longer in
      this.worktrees.clear();
      this.refs.clear();
      return had > 0 || hadProblems !== this.problems.length;
    }
    let changed = false;
    changed = await this.updateWorktrees(repo) || changed;
    changed = await this.updateRefs(repo) || changed;
    return changed || hadProblems !== this.problems.length;
  }

  private async updateWorktrees(repo: Repository): Promise<boolean> {
    if (!this.settings.worktrees) return false;
    let listed;
    try {
      listed = await otherWorktrees(repo);
    } catch (err) {
      this.problems.push(diagnostic('orc', this.root, 'warning', `other worktrees are not read: ${(err as Error).message}`));
      return false;
    }
    let changed = false;
    const seen = new Set<string>();
    for (const wt of listed) {
      const root = repo.prefix ? path.join(wt.path, ...repo.prefix.split('/')) : wt.path;
      // A worktree without this folder (a folder the other branch does not have) has nothing to read or watch; the
      // next update looks again.
      if (!existsSync(root)) continue;
      seen.add(wt.path);
      const known = this.worktrees.get(wt.path);
      if (known && known.branch === wt.branch) continue;
      const place = new WorktreePlace(wt.path, wt.branch, { root, systems: this.systems, traceTail: this.ctx.traceTail },
        this.adapters(), this.now);
      try {
        await place.scan();
      } catch (err) {
        this.problems.push(diagnostic('orc', this.root, 'warning', `worktree ${wt.path} was not read: ${(err as Error).message}`));
        continue;
      }
      this.worktrees.set(wt.path, place);
      changed = true;
    }
    for (const gone of [...this.worktrees.keys()].filter((p) => !seen.has(p))) { this.worktrees.delete(gone); changed = true; }
    return changed;
  }

  private async updateRefs(repo: Repository): Promise<boolean> {
    if (!this.settings.refs.length) return false;
    if (!this.validPatterns) {
      this.validPatterns = [];
      this.patternProblems = [];
      for (const pattern of this.settings.refs) {
        const problem = await refPatternProblem(repo.top, pattern);
        if (problem) this.patternProblems.push(diagnostic('orc', this.root, 'warning', problem));
        else this.validPatterns.push(pattern);
      }
    }
    this.problems.push(...this.patternProblems);
    let tips;
    try {
      tips = await matchingRefs(repo, this.validPatterns);
    } catch (err) {
      this.problems.push(diagnostic('orc', this.root, 'warning', `refs are not read: ${(err as Error).message}`));
      return false;
    }
    if (!this.reader) { this.reader = new RefReader(repo.top); this.readerTop = repo.top; }
    const reader = this.reader;
    let changed = false;
    const seen = new Set<string>();
    const ctx: SourceContext = { root: this.root, systems: this.systems, traceTail: this.ctx.traceTail };
    // A few refs at a time: their reads share the one cat-file pipe, and thousands of refs never hold thousands of
    // walks in memory at once.
    await inBatches(tips, REFS_AT_ONCE, async (tip) => {
      seen.add(tip.name);
      let place = this.refs.get(tip.name);
      if (!place) this.refs.set(tip.name, place = new RefPlace(tip.name, ctx, repo.prefix, this.adapters().filter((a) => ctx.systems!.includes(a.system)), reader, this.now));
      try {
        if (await place.update(tip)) changed = true;
      } catch (err) {
        // git went away mid-read (killed, out of memory): this ref keeps what it showed, and says why it is not current.
        this.problems.push(diagnostic('orc', this.root, 'warning', `ref ${tip.name} was not read: ${(err as Error).message}`));
      }
    });
    for (const gone of [...this.refs.keys()].filter((n) => !seen.has(n))) { this.refs.delete(gone); changed = true; }
    reader.sweep(new Set([...this.refs.values()].flatMap((r) => r.keys)));
    return changed;
  }

  private patternProblems: Diagnostic[] = [];

  /** The systems read in the other places: those in the repository, of those the folder reads (`baton.systems`). */
  private get systems(): SystemId[] {
    return IN_REPOSITORY_SYSTEMS.filter((s) => readsSystem(this.ctx, s));
  }

  /** Every place read now: worktrees by path, then refs by name. */
  places(): PlaceState[] {
    const byKey = <T>(m: Map<string, T>) => [...m.keys()].sort().map((k) => m.get(k)!);
    return [...byKey(this.worktrees), ...byKey(this.refs)];
  }

  /** The other worktrees read now, by path. */
  worktreePlaces(): WorktreePlace[] {
    return [...this.worktrees.keys()].sort().map((k) => this.worktrees.get(k)!);
  }

  /** The worktree place a changed path may belong to (no I/O). */
  worktreeOf(file: string): WorktreePlace | undefined {
    const abs = path.resolve(file);
    return [...this.worktrees.values()].sort((a, b) => b.root.length - a.root.length)
      .find((w) => abs === w.root || abs.startsWith(w.root + path.sep) || w.mayOwn(abs));
  }

  /** What the other worktrees want watched (their copies of the folder's systems' folders). */
  watchPatterns(): WatchPattern[] {
    return [...this.worktrees.values()].flatMap((w) => w.watchPatterns());
  }

  /**
   * Where git keeps what says a worktree or ref moved (refs, packed-refs, the worktrees' HEADs): a change there is
   * the moment to call `update` (which compares tree ids and reads only what changed).
   */
  gitWatchPatterns(): WatchPattern[] {
    const repo = this.repo;
    if (!repo || !this.active) return [];
    return [{ base: repo.commonDir, glob: '{HEAD,packed-refs,refs/**,worktrees/**}' }];
  }

  /**
   * The text of a file as committed on a ref (a ref's items name their files as under the folder: an editor opens
   * this, not the working file). Undefined when the ref does not hold the file or is not read.
   */
  async refFileText(ref: string, file: string): Promise<string | undefined> {
    const oid = this.refs.get(ref)?.blobOf(file);
    if (!oid || !this.reader) return undefined;
    const object = await this.reader.cat.read(oid);
    if (!('bytes' in object) || !object.bytes) return undefined;
    const text = decodeStateBytes(object.bytes, 0);
    return text.ok ? text.text : undefined;
  }

  /** Blobs read from git's objects so far (tests and the bench read it). */
  get blobsRead(): number {
    return this.reader?.blobsRead ?? 0;
  }

  dispose(): void {
    this.reader?.dispose();
    this.reader = undefined;
    this.worktrees.clear();
    this.refs.clear();
  }
}
