import type { OrchestrationService } from '../service/orchestration-service';
import type { WorkItem } from '../service/work-item';
import { DEFAULT_PAGE, pageOf, type Page } from './bounded';
import { initiativeOf, isBlocked, itemRow, type ItemRow } from './item-rows';

export interface TaskFilter {
  readonly folders: readonly string[];
  readonly system?: string;
  readonly kind?: string;
  /** Statuses as written in the files (exact; any of them). */
  readonly status?: readonly string[];
  readonly initiative?: string;
  /** Case-insensitive, in the id or the title. */
  readonly text?: string;
  readonly blocked?: boolean;
  readonly offset?: number;
  readonly limit?: number;
}

/** The items of the folders that pass every filter given, in the index's order, one page of them. */
export function listTasks(service: OrchestrationService, filter: TaskFilter): Page<ItemRow> {
  return pageOf(matchingItems(service.items(), filter), filter.offset ?? 0, filter.limit ?? DEFAULT_PAGE, itemRow);
}

export function matchingItems(items: readonly WorkItem[], filter: TaskFilter): WorkItem[] {
  const folders = new Set(filter.folders);
  const statuses = filter.status?.length ? new Set(filter.status) : undefined;
  const text = filter.text?.trim().toLowerCase();
  const members = filter.initiative === undefined ? undefined : initiativeMembers(items, filter.initiative);
  return items.filter((item) => folders.has(item.root)
    && (filter.system === undefined || item.system === filter.system)
    && (filter.kind === undefined || item.kind === filter.kind)
    && (statuses === undefined || statuses.has(item.status))
    && (members === undefined || members.has(memberKey(item)))
    && (filter.blocked === undefined || isBlocked(item) === filter.blocked)
    && (!text || item.id.toLowerCase().includes(text) || item.title.toLowerCase().includes(text)));
}

/**
 * The initiative itself and its tasks, per folder: those whose task.yaml names it and those its initiative.yaml lists
 * (orc keeps both sides; either may be the only one written).
 */
function initiativeMembers(items: readonly WorkItem[], initiative: string): Set<string> {
  const members = new Set<string>();
  for (const item of items) {
    if (item.system !== 'orc') continue;
    if (item.kind === 'initiative' && item.id === initiative) {
      members.add(memberKey(item));
      for (const id of item.taskIds) members.add(`${item.root}\u0000${id}`);
    } else if (initiativeOf(item) === initiative) {
      members.add(memberKey(item));
    }
  }
  return members;
}

function memberKey(item: WorkItem): string {
  return item.system === 'orc' ? `${item.root}\u0000${item.id}` : '';
}
