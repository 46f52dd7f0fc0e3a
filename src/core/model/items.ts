import type { SystemId } from './system';

export type ItemKind = 'task' | 'initiative' | 'run' | 'session' | 'intent' | 'mission';

/**
 * What every view consumes. `status` is the value as written in the file, never normalised. `file` is the
 * absolute path of the file the item comes from, so any view can open it. `root` is the workspace folder the
 * item belongs to.
 */
export interface WorkItemBase extends ElsewhereMark {
  readonly system: SystemId;
  readonly kind: ItemKind;
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly file: string;
  readonly root: string;
  /**
   * Set on a placeholder: the item's file is there but could not be read or parsed, so only its id (from its
   * folder) is known and `status` is `unreadable`. A broken file never hides its item; views show it with this
   * problem and open the file at its line.
   */
  readonly unreadable?: ItemProblem;
}

/**
 * Where an item, decision or problem found outside the folder's own working tree comes from: another worktree of
 * the folder's repository (its path, as git lists it), or a branch or remote-tracking ref (its short name,
 * `origin/feature-a`). The JSON of the CLI writes it as `worktree` or `ref`.
 */
export type Elsewhere =
  | { readonly worktree: string; readonly ref?: undefined }
  | { readonly ref: string; readonly worktree?: undefined };

/** The folder's own have no `elsewhere`. */
export interface ElsewhereMark {
  readonly elsewhere?: Elsewhere;
}

/** "worktree /path" or "ref origin/x": one string that names a place (keys, messages). */
export function elsewhereLabel(e: Elsewhere): string {
  return e.ref !== undefined ? `ref ${e.ref}` : `worktree ${e.worktree}`;
}

/** Why an item's own file could not be read: the first error, at its place (1-based; null when not tied to one). */
export interface ItemProblem {
  readonly message: string;
  readonly line: number | null;
  readonly column: number | null;
}

/** The status of a placeholder item whose file could not be read (see `WorkItemBase.unreadable`). */
export const UNREADABLE_STATUS = 'unreadable';

/** Item identity across systems: the same id may exist in two systems or two folders. */
export function itemKey(item: Pick<WorkItemBase, 'system' | 'kind' | 'id' | 'root' | 'elsewhere'>): string {
  // A ref's items are named under the folder's root (they are its files, as committed there): the ref tells them apart.
  const key = `${item.root}\u0000${item.system}\u0000${item.kind}\u0000${item.id}`;
  return item.elsewhere?.ref === undefined ? key : `${key}\u0000${item.elsewhere.ref}`;
}

/**
 * A question some orchestrator is waiting on a person to answer. The inbox is open: each system adds its own
 * decision types (Orchestral/Dure CRPs; orc human gates, orange clarifications later) to the `Decision` union,
 * told apart by `system` + `kind`.
 */
export interface DecisionBase extends ElsewhereMark {
  readonly system: SystemId;
  /** What sort of question: `crp` for Orchestral/Dure; other systems name their own. */
  readonly kind: string;
  /** The id as the system writes it (a CRP's crp_id); not unique on its own. */
  readonly id: string;
  /** Unique within the system and workspace folder (for a CRP: `<base>/runs/<run>/<crp_id>`). */
  readonly ref: string;
  readonly status: string;
  /** One line to list it by (a multi-question CRP joins its questions). */
  readonly question: string;
  readonly file: string;
  readonly root: string;
}

/** Decision identity across systems and folders (the inbox and the answer commands key by it). */
export function decisionKey(d: Pick<DecisionBase, 'root' | 'system' | 'kind' | 'ref' | 'elsewhere'>): string {
  const key = `${d.root}\u0000${d.system}\u0000${d.kind}\u0000${d.ref}`;
  return d.elsewhere?.ref === undefined ? key : `${key}\u0000${d.elsewhere.ref}`;
}
