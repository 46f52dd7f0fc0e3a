import type { SystemId } from './system';

export type ItemKind = 'task' | 'initiative' | 'run' | 'session' | 'intent';

/**
 * What every view consumes. `status` is the value as written in the file, never normalised. `file` is the
 * absolute path of the file the item comes from, so any view can open it. `root` is the workspace folder the
 * item belongs to.
 */
export interface WorkItemBase {
  readonly system: SystemId;
  readonly kind: ItemKind;
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly file: string;
  readonly root: string;
}

/** Item identity across systems: the same id may exist in two systems or two folders. */
export function itemKey(item: Pick<WorkItemBase, 'system' | 'kind' | 'id' | 'root'>): string {
  return `${item.root}\u0000${item.system}\u0000${item.kind}\u0000${item.id}`;
}

/** A question some orchestrator is waiting on a person to answer. */
export interface DecisionBase {
  readonly system: SystemId;
  readonly id: string;
  readonly status: string;
  readonly question: string;
  readonly file: string;
  readonly root: string;
}
