import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic';
import type { SourceContext } from '../model/adapter';
import type { Elsewhere } from '../model/items';
import { readsSystem } from '../model/source-context';
import { linkUltrawork } from '../formats/ultrawork/link';
import type { UltraworkItem } from '../formats/ultrawork/model';
import type { UltraworkRecord } from '../formats/ultrawork/records';
import { itemJson } from '../report/scan-report';
import type { WorktreePlace } from './places';

/** The part of a worktree place this needs: where it is, and its copy of the folder. */
export type SessionWorktree = Pick<WorktreePlace, 'elsewhere' | 'root'>;

/**
 * Ultrawork sessions that ran in another worktree of the folder's repository (issue 20). Ultrawork keeps every
 * session in the home folder and names the directory it ran in (`working_dir`, `original_dir`, `worktree.path`):
 * the folder's own link keeps the sessions at or under the folder and leaves the rest out as another project's.
 * A session whose directory is (at or under) another worktree's copy of the folder belongs to that worktree: it is
 * linked here from the records the folder's index already holds (nothing is read twice) and marked with that
 * worktree, so the views group it under the worktree like the worktree's own files. A session of an unrelated
 * folder stays out; one that names no folder (unassigned) stays the folder's own; one the folder already shows (a
 * worktree nested inside the folder) is not repeated.
 */
export class WorktreeSessions {
  items: readonly UltraworkItem[] = [];
  diagnostics: readonly Diagnostic[] = [];
  /** What the last link read: the records (by identity) and the worktrees. Unchanged inputs are not linked again. */
  private inputs: { records: readonly unknown[]; places: string } | undefined;
  private signature = '';

  constructor(private readonly ctx: SourceContext) {}

  /** Whether a changed path is one of Ultrawork's (a session file may have moved between worktrees). */
  concerns(file: string): boolean {
    const root = this.ctx.ultraworkSessions;
    return !!root && readsSystem(this.ctx, 'ultrawork') && (file === root || file.startsWith(root + path.sep));
  }

  /**
   * Links the sessions again when the records or the worktrees changed. `records`: the folder's index's Ultrawork
   * records, by file. True when what this shows changed.
   */
  update(records: readonly { file: string; record: unknown }[], worktrees: readonly SessionWorktree[]): boolean {
    const sessions = this.ctx.ultraworkSessions;
    const places = worktrees.map((w) => `${w.root}\u0000${w.elsewhere.worktree ?? ''}`).join('\u0001');
    const recordList = records.map((r) => r.record);
    if (this.inputs && this.inputs.places === places && sameList(this.inputs.records, recordList)) return false;
    this.inputs = { records: recordList, places };
    const items: UltraworkItem[] = [];
    const diagnostics: Diagnostic[] = [];
    if (sessions && readsSystem(this.ctx, 'ultrawork') && worktrees.length && records.length) {
      const files = new Map(records.map((r) => [r.file, r.record as UltraworkRecord]));
      // The folder's own first: what it shows is not repeated. Then the deepest worktree first: a worktree nested in
      // another takes the sessions that ran in it.
      const taken = new Set(ownSessions(this.ctx, files));
      for (const place of [...worktrees].sort((a, b) => b.root.length - a.root.length)) {
        const linked = linkUltrawork({ ...this.ctx, root: place.root }, files, () => undefined);
        const mine = new Set(linked.items.filter((i) => i.kind === 'session' && i.assignment === 'workspace' && !taken.has(i.dir)).map((i) => i.id));
        for (const item of linked.items) {
          const session = item.kind === 'session' ? item.id : item.sessionId;
          if (mine.has(session)) items.push(marked(item, place.elsewhere));
        }
        for (const id of mine) taken.add(path.join(sessions, id));
        // A session's problems go with it; those of sessions shown elsewhere (or not at all) are not this place's.
        const dirs = new Set([...mine].map((id) => path.join(sessions, id) + path.sep));
        for (const d of linked.diagnostics) if ([...dirs].some((dir) => d.file.startsWith(dir))) diagnostics.push({ ...d, elsewhere: place.elsewhere });
      }
    }
    const signature = JSON.stringify([items.map((i) => [i.elsewhere, itemJson(i.root, i)]), diagnostics]);
    if (signature === this.signature) return false;
    this.signature = signature;
    this.items = items;
    this.diagnostics = diagnostics;
    return true;
  }

  /** Nothing is shown (worktrees off, the folder gone from any repository). True when something was. */
  clear(): boolean {
    this.inputs = undefined;
    const had = this.items.length + this.diagnostics.length > 0;
    this.items = [];
    this.diagnostics = [];
    this.signature = '';
    return had;
  }
}

/** The session folders the folder's own link shows as its own (assigned to it). */
function ownSessions(ctx: SourceContext, files: ReadonlyMap<string, UltraworkRecord>): string[] {
  return linkUltrawork(ctx, files, () => undefined).items.filter((i) => i.kind === 'session' && i.assignment === 'workspace')
    .map((i) => (i.kind === 'session' ? i.dir : i.sessionDir));
}

/** The item as linked for this worktree alone (a fresh object), marked with where it is. */
function marked(item: UltraworkItem, elsewhere: Elsewhere): UltraworkItem {
  (item as { elsewhere?: Elsewhere }).elsewhere = elsewhere;
  return item;
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
