import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic';
import type { SourceContext } from '../model/adapter';
import type { Elsewhere } from '../model/items';
import { readsSystem } from '../model/source-context';
import { linkUltrawork } from '../formats/ultrawork/link';
import { sessionOwner } from '../formats/ultrawork/ownership';
import { rootForms } from '../io/path-forms';
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
      const byPlace = placeOfEachSession(this.ctx.root, records, worktrees);
      for (const place of worktrees) {
        const ids = byPlace.get(place);
        if (!ids) continue;
        // Only the files of this worktree's sessions are linked, not every session of the home folder.
        const files = new Map(records.filter((r) => ids.has((r.record as UltraworkRecord).session)).map((r) => [r.file, r.record as UltraworkRecord]));
        const linked = linkUltrawork({ ...this.ctx, root: place.root }, files, () => undefined);
        for (const item of linked.items) items.push(marked(item, place.elsewhere));
        for (const d of linked.diagnostics) diagnostics.push({ ...d, elsewhere: place.elsewhere });
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

/**
 * Which other worktree each session belongs to, by the rule of the folder's own link (ownership.ts): only sessions
 * the folder leaves out as another folder's ('other'; its own and unassigned ones stay its own), each to the deepest
 * worktree whose copy of the folder its directory is at or under (a worktree nested in another takes its sessions).
 */
function placeOfEachSession(root: string, records: readonly { record: unknown }[], worktrees: readonly SessionWorktree[]): Map<SessionWorktree, Set<string>> {
  const own = rootForms(root);
  const places = [...worktrees].sort((a, b) => b.root.length - a.root.length).map((place) => ({ place, forms: rootForms(place.root) }));
  const out = new Map<SessionWorktree, Set<string>>();
  for (const { record } of records) {
    const r = record as UltraworkRecord;
    if (r.kind !== 'session' || sessionOwner(r.fields, root, own) !== 'other') continue;
    const found = places.find((p) => sessionOwner(r.fields, p.place.root, p.forms) === 'workspace');
    if (found) (out.get(found.place) ?? out.set(found.place, new Set()).get(found.place)!).add(r.session);
  }
  return out;
}

/** The item as linked for this worktree alone (a fresh object), marked with where it is. */
function marked(item: UltraworkItem, elsewhere: Elsewhere): UltraworkItem {
  (item as { elsewhere?: Elsewhere }).elsewhere = elsewhere;
  return item;
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
