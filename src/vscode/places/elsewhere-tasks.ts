import type { OrcItem, OrcTask } from '../../core/formats/orc/model';
import { itemKey, type Elsewhere } from '../../core/model/items';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { placeKey } from './place-groups';

/*
 * orc's tasks of the folders' other places (worktrees, refs), found by their item key — never by id alone: the
 * folder's own TASK-001 and origin/x's TASK-001 are two tasks, and a lookup by id would hand back the folder's own
 * (whose files an edit would then change).
 */

/** The orc items (tasks, initiatives) of a folder's other places that differ from its own. */
function elsewhereOrcItems(service: OrchestrationService, folder: string): OrcItem[] {
  return service.places.elsewhere(folder).items.filter((i): i is OrcItem => i.system === 'orc');
}

/** A task of another place and the workspace folder whose place it is; undefined when no place has it (any more). */
export function locateElsewhereTask(service: OrchestrationService, task: OrcTask): { folder: string; task: OrcTask } | undefined {
  if (!task.elsewhere) return undefined;
  const key = itemKey(task);
  for (const folder of service.folders) {
    const found = elsewhereOrcItems(service, folder).find((i): i is OrcTask => i.kind === 'task' && itemKey(i) === key);
    if (found) return { folder, task: found };
  }
  return undefined;
}

/** The task of that key in one folder's other places, as read now. */
export function elsewhereTaskByKey(service: OrchestrationService, folder: string, key: string): OrcTask | undefined {
  return elsewhereOrcItems(service, folder).find((i): i is OrcTask => i.kind === 'task' && itemKey(i) === key);
}

/**
 * The orc items as seen from one place: the place's own (those that differ from the folder's) and, for every id the
 * place did not change, the folder's (identical there, so not repeated). What a task's links and initiative name.
 */
export function orcItemsSeenFrom(service: OrchestrationService, folder: string, where: Elsewhere): OrcItem[] {
  const key = placeKey(where);
  const there = elsewhereOrcItems(service, folder).filter((i) => i.elsewhere && placeKey(i.elsewhere) === key);
  const changed = new Set(there.map((i) => `${i.kind}\u0000${i.id}`));
  const own = service.items().filter((i): i is OrcItem => i.system === 'orc' && i.root === folder && !changed.has(`${i.kind}\u0000${i.id}`));
  return [...there, ...own];
}

/** The branch checked out in another worktree (null: detached HEAD), undefined for a ref or an unknown place. */
export function worktreeBranch(service: OrchestrationService, folder: string, where: Elsewhere): string | null | undefined {
  if (where.worktree === undefined) return undefined;
  const place = service.places.placesOf(folder).find((p) => p.elsewhere.worktree === where.worktree) as { branch?: string | null } | undefined;
  return place?.branch;
}
