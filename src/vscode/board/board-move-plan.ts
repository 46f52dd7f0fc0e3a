/*
 * What a move on the board asks of an orc task, decided before anything is written: the task.yaml fields to set
 * (file era: queue and priority through edit-task-fields.ts, as the detail panel and the commands do), the
 * `orc edit` to run (database era: priority only; orc has no command that changes a queue), or why nothing
 * happens. No `vscode` import: unit-tested under plain Node, and the panel runs the plan through the editor's
 * edit paths (board-moves.ts).
 */
import type { EditResult, OrcEditContext } from '../../core/formats/orc/edit-context';
import { setTaskField } from '../../core/formats/orc/edit-task-fields';
import type { OrcTask } from '../../core/formats/orc/model';
import { PRIORITIES } from '../../core/formats/orc/vocabulary';
import type { MoveCardMessage } from '../../shared/board-protocol';

export type OrcMovePlan =
  | { readonly kind: 'file'; readonly fields: readonly { readonly field: 'queue' | 'priority'; readonly value: string }[]; readonly summary: string }
  | { readonly kind: 'orc'; readonly priority: string; readonly summary: string }
  | { readonly kind: 'refused'; readonly reason: string };

/** The plan for `move` on `task` as it is now (null: no such task any more). */
export function planOrcMove(task: OrcTask | undefined, move: Pick<MoveCardMessage, 'shown' | 'folded' | 'rank'>): OrcMovePlan {
  if (!task) return { kind: 'refused', reason: 'that task is no longer there (it was removed or its folder closed); nothing was changed' };
  const folded = task.queue === 'backlog';
  if (folded !== move.shown.folded || task.priority !== move.shown.rank) {
    return { kind: 'refused', reason: `${task.id} changed since the board showed it (it is now ${task.queue}, ${task.priority} priority): ` +
      'nothing was changed; the board shows it as it is now, move it again from there' };
  }
  if (task.db?.readOnlyReason) return { kind: 'refused', reason: `${task.id} is in orc's database, shown read-only (${task.db.readOnlyReason}); nothing was changed` };
  if (move.rank !== undefined && !(PRIORITIES as readonly string[]).includes(move.rank)) {
    return { kind: 'refused', reason: `priority must be one of ${PRIORITIES.join(', ')} (got "${move.rank}")` };
  }
  const queue = move.folded === undefined || move.folded === folded ? null : move.folded ? 'backlog' : 'active';
  const priority = move.rank === undefined || move.rank === task.priority ? null : move.rank;
  if (!queue && !priority) return { kind: 'refused', reason: `${task.id} is already ${task.queue}, ${task.priority} priority: nothing to change` };
  const words = [queue && `to ${queue === 'backlog' ? 'the backlog' : 'active'}`, priority && `priority ${task.priority} → ${priority}`].filter(Boolean).join(', ');
  if (task.era === 'db') {
    if (queue) {
      return { kind: 'refused', reason: `${task.id} lives in orc's database, and orc has no command that changes a task's queue (orc edit has no such flag); ` +
        'Baton changes that database only through orc, so nothing was changed. Its priority can still be changed here (+ / −).' };
    }
    return { kind: 'orc', priority: priority!, summary: `${task.id}: ${words} (orc edit)` };
  }
  const fields: { field: 'queue' | 'priority'; value: string }[] = [];
  if (queue) fields.push({ field: 'queue', value: queue });
  if (priority) fields.push({ field: 'priority', value: priority });
  return { kind: 'file', fields, summary: `${task.id} moved ${words}` };
}

/**
 * A file-era plan written: each field through `setTaskField` (the edit path of the detail panel and the commands:
 * hash-checked, atomic, every other byte of task.yaml kept, `updated_at` stamped), one after the other; the first
 * refusal stops the rest (EditRefused propagates, as for every orc edit).
 */
export async function applyFileMove(ctx: OrcEditContext, id: string, plan: Extract<OrcMovePlan, { kind: 'file' }>): Promise<EditResult> {
  const changed = new Set<string>();
  const warnings: string[] = [];
  for (const { field, value } of plan.fields) {
    const result = await setTaskField(ctx, id, field, value);
    for (const f of result.changed) changed.add(f);
    warnings.push(...result.warnings);
  }
  return { changed: [...changed], warnings, summary: plan.summary };
}
