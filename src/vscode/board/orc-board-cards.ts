/*
 * orc's tasks (either era: task.yaml files or orc's database, the same OrcTask the Tasks tree shows) as the
 * system-neutral board of src/shared/board: a column per status in orc's workflow order, the backlog queue as each
 * column's folded part, priority as the rank. No `vscode` import: unit-tested under plain Node.
 */
import type { OrcInitiative, OrcTask } from '../../core/formats/orc/model';
import { isGatePending } from '../../core/formats/orc-db/map-task';
import { DONE_TASK_STATUSES, PRIORITIES, TASK_STATUSES } from '../../core/formats/orc/vocabulary';
import { itemKey } from '../../core/model/items';
import { shortWhere } from '../../core/places/where';
import type { WorkItem } from '../../core/service/work-item';
import type { BoardBadge, BoardCard, BoardDescription } from '../../shared/board/board-model';
import { readableLabel } from '../../shared/board/board-layout';

export const ORC_BOARD_PARTS = { main: 'Active', folded: 'Backlog' } as const;

/**
 * orc's tasks of every folder, as the page's whole board. `folderName` labels cards when several folders show.
 * `elsewhere`: the folders' other places' items (other worktrees, refs), when the person asked to see them: their
 * tasks become cards that say where they are and cannot be moved. `folderOf` names a worktree's card by its folder.
 */
export function orcBoard(items: readonly WorkItem[], folderName: (root: string) => string, manyFolders: boolean,
  elsewhere: readonly { readonly folder: string; readonly items: readonly WorkItem[] }[] = []): BoardDescription {
  const initiatives = initiativeTitles(items);
  const cards: BoardCard[] = [];
  for (const i of items) if (i.system === 'orc' && i.kind === 'task') cards.push(orcCard(i, initiatives, manyFolders ? folderName(i.root) : null));
  for (const place of elsewhere) {
    for (const i of place.items) if (i.system === 'orc' && i.kind === 'task') cards.push(orcCard(i, initiatives, manyFolders ? folderName(place.folder) : null));
  }
  return {
    system: 'orc',
    title: 'orc tasks',
    columns: TASK_STATUSES.map((id) => ({ id, label: readableLabel(id) })),
    ranks: PRIORITIES,
    rankName: 'priority',
    parts: ORC_BOARD_PARTS,
    cards,
  };
}

/** Initiative titles by folder and id (a card shows its initiative's title; the filter offers them). */
export function initiativeTitles(items: readonly WorkItem[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const i of items) if (i.system === 'orc' && i.kind === 'initiative') out.set(initiativeKey((i as OrcInitiative).root, i.id), i.title);
  return out;
}

export function initiativeKey(root: string, id: string): string {
  return `${root}\u0000${id}`;
}

/** One task as a card. */
export function orcCard(t: OrcTask, initiatives: ReadonlyMap<string, string>, folder: string | null): BoardCard {
  const badges: BoardBadge[] = [];
  if (isGatePending(t)) badges.push({ kind: 'gate', label: 'gate', detail: `waits at the ${t.currentPhase ?? 'current'} gate: answer it in Needs You` });
  if (t.blocked) badges.push({ kind: 'blocked', label: 'blocked', detail: t.blockedBy.length ? `blocked by ${t.blockedBy.join(', ')}` : 'blocked' });
  if (t.orphaned) badges.push({ kind: 'orphaned', label: 'orphaned', detail: t.orphanReason });
  const title = initiatives.get(initiativeKey(t.root, t.initiativeId ?? ''));
  return {
    key: itemKey(t),
    id: t.id,
    title: t.title,
    column: t.status,
    folded: t.queue === 'backlog',
    rank: t.priority,
    category: t.category || null,
    group: t.initiativeId ? { id: t.initiativeId, label: title ? `${t.initiativeId} ${title}` : t.initiativeId } : null,
    badges,
    activity: t.currentPhase && !DONE_TASK_STATUSES.has(t.status) && t.status !== 'failed' ? t.currentPhase : null,
    tokens: t.tokens && t.tokens.total > 0 ? t.tokens.total : null,
    folder,
    where: t.elsewhere ? shortWhere(t.elsewhere) : null,
    locked: t.elsewhere ? elsewhereLock(t)
      : t.db?.readOnlyReason ? `orc's database is shown read-only: ${t.db.readOnlyReason}` : null,
    foldLocked: t.era === 'db' ? `${t.id} lives in orc's database, and orc has no command that changes a task's queue (orc edit has no such flag)` : null,
  };
}

/** Why another place's card does not move: its task.yaml is another checkout's, or a commit's. */
export function elsewhereLock(t: OrcTask): string {
  const e = t.elsewhere!;
  return e.ref !== undefined
    ? `${t.id} is shown as committed on ${e.ref}: read-only here (moving it would change this folder's own ${t.id})`
    : `${t.id} is in the worktree ${e.worktree}, another agent's checkout: read-only here (move it in that worktree's window)`;
}
