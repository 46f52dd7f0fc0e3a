import type { InitiativeDecision, InitiativeProgress, OrcTask } from './model';
import type { InitiativeFields } from './schemas';
import { DONE_TASK_STATUSES } from './vocabulary';

// The initiative view's types live in model.ts, below every reader of them.
export type { InitiativeDecision, InitiativeProgress, InitiativeTaskRow } from './model';

interface ListedTask { readonly id: string; readonly title?: string | null; readonly status?: string | null }

/** The spec's `{timestamp, made_by}` and orc's own `{date, by}` (orc writes `by: ""` when nobody is named). */
export function decisionsOf(fields: InitiativeFields): InitiativeDecision[] {
  return (fields.decisions ?? []).map((d) => ({
    id: d.id || null, timestamp: d.timestamp || d.date || null, decision: d.decision ?? null, rationale: d.rationale || null,
    madeBy: d.made_by || d.by || null, taskContext: d.task_context || null,
  }));
}

/**
 * An initiative's tasks and progress, as the board counts them: every task that names the initiative (`members`),
 * plus the ones its own `tasks` list names. The live task status (`byId`: every task) wins over the copy in
 * initiative.yaml.
 */
export function initiativeProgressOf(id: string, listed: readonly ListedTask[], members: readonly OrcTask[],
  byId: { get(taskId: string): OrcTask | undefined }): InitiativeProgress {
  const listedById = new Map(listed.map((t) => [t.id, t]));
  const ids = new Set([...listedById.keys(), ...members.filter((t) => t.initiativeId === id).map((t) => t.id)]);
  const rows = [...ids].map((taskId) => {
    const task = byId.get(taskId);
    const entry = listedById.get(taskId);
    // orc's copy in initiative.yaml may hold empty strings (a task added by id only).
    const status = task?.status ?? (entry?.status || 'created');
    return { id: taskId, title: task?.title ?? (entry?.title || taskId), status, known: task !== undefined, done: DONE_TASK_STATUSES.has(status) };
  });
  return { completed: rows.filter((r) => r.done).length, total: rows.length, tasks: rows };
}

/**
 * The dependency chain of an item: every initiative it waits on, directly or through others, blockers first
 * (a topological order), ending with the item itself. Cycles are cut where they close (they are reported
 * elsewhere as errors).
 */
export function dependencyChain(id: string, blockedBy: (id: string) => readonly string[]): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: { node: string; next: number }[] = [{ node: id, next: 0 }];
  state.set(id, 'visiting');
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const deps = blockedBy(frame.node);
    if (frame.next < deps.length) {
      const dep = deps[frame.next++]!;
      if (!state.has(dep)) { state.set(dep, 'visiting'); stack.push({ node: dep, next: 0 }); }
      continue;
    }
    stack.pop();
    state.set(frame.node, 'done');
    order.push(frame.node);
  }
  return order;
}
