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
  return pageOf(matchingItems(service.items(), filter).map(itemRow), filter.offset ?? 0, filter.limit ?? DEFAULT_PAGE);
}

export function matchingItems(items: readonly WorkItem[], filter: TaskFilter): WorkItem[] {
  const folders = new Set(filter.folders);
  const statuses = filter.status?.length ? new Set(filter.status) : undefined;
  const text = filter.text?.trim().toLowerCase();
  return items.filter((item) => folders.has(item.root)
    && (filter.system === undefined || item.system === filter.system)
    && (filter.kind === undefined || item.kind === filter.kind)
    && (statuses === undefined || statuses.has(item.status))
    && (filter.initiative === undefined || initiativeOf(item) === filter.initiative || (item.kind === 'initiative' && item.id === filter.initiative))
    && (filter.blocked === undefined || isBlocked(item) === filter.blocked)
    && (!text || item.id.toLowerCase().includes(text) || item.title.toLowerCase().includes(text)));
}
