import { displayPath } from '../report/scan-report';
import type { WorkItem } from '../service/work-item';

/** One line of a listing: what an agent needs to pick an item and ask for it in full (baton_task, the resource). */
export interface ItemRow {
  readonly folder: string;
  readonly system: string;
  readonly kind: string;
  readonly id: string;
  readonly title: string;
  /** As written in the file, never normalised. */
  readonly status: string;
  readonly file: string;
  readonly blocked?: boolean;
  readonly orphaned?: boolean;
  readonly initiative?: string | null;
  readonly uri: string;
}

/** The resource of one item: `baton://task/{system}/{id}`, the id escaped (Ultrawork's ids hold a `/`). */
export function itemUri(item: Pick<WorkItem, 'system' | 'id'>): string {
  return `baton://task/${item.system}/${encodeURIComponent(item.id)}`;
}

export function isBlocked(item: WorkItem): boolean {
  return 'blocked' in item && item.blocked === true;
}

export function isOrphaned(item: WorkItem): boolean {
  return 'orphaned' in item && item.orphaned === true;
}

export function initiativeOf(item: WorkItem): string | null {
  return item.system === 'orc' && item.kind === 'task' ? item.initiativeId : null;
}

export function itemRow(item: WorkItem): ItemRow {
  return {
    folder: item.root, system: item.system, kind: item.kind, id: item.id, title: item.title, status: item.status,
    file: displayPath(item.root, item.file),
    ...('blocked' in item ? { blocked: item.blocked === true } : {}),
    ...('orphaned' in item ? { orphaned: item.orphaned === true } : {}),
    ...(item.system === 'orc' && item.kind === 'task' ? { initiative: item.initiativeId } : {}),
    uri: itemUri(item),
  };
}
