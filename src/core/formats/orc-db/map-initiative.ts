import { dependencyChain, initiativeProgressOf } from '../orc/initiative-view';
import type { OrcInitiative, OrcTask } from '../orc/model';
import type { InitiativeFields } from '../orc/schemas';
import type { DbInitiative, OrcDbRecord } from './record';

/**
 * The initiatives of one database. Members are the tasks initiative_tasks lists (in its order) and the tasks whose
 * initiative_id names it; an initiative is blocked while any initiative it depends on is missing or not completed.
 */
export function dbInitiativesOf(record: OrcDbRecord, tasks: readonly OrcTask[], ctx: { root: string; file: string }): OrcInitiative[] {
  const byId = new Map(record.initiatives.map((i) => [i.id, i]));
  const statusOf = (id: string) => byId.get(id)?.status || 'draft';
  const depsOf = (id: string) => [...new Set(byId.get(id)?.dependsOn ?? [])];
  const blocks = new Map<string, string[]>();
  for (const i of record.initiatives) {
    for (const dep of depsOf(i.id)) if (dep !== i.id && byId.has(dep)) blocks.set(dep, [...blocks.get(dep) ?? [], i.id]);
  }
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  const membersOf = new Map<string, OrcTask[]>();
  for (const t of tasks) if (t.initiativeId) membersOf.set(t.initiativeId, [...membersOf.get(t.initiativeId) ?? [], t]);
  return record.initiatives.map((i): OrcInitiative => {
    const deps = depsOf(i.id);
    const members = membersOf.get(i.id) ?? [];
    const fields = initiativeFields(i);
    return {
      system: 'orc', kind: 'initiative', era: 'db', id: i.id, root: ctx.root, file: ctx.file, dir: i.id,
      title: i.title || i.id, status: statusOf(i.id), vision: i.vision,
      blockedBy: deps, blocks: [...blocks.get(i.id) ?? []].sort(),
      blocked: deps.some((d) => d !== i.id && (!byId.has(d) || statusOf(d) !== 'completed')),
      taskIds: [...new Set([...i.taskIds, ...members.map((t) => t.id)])],
      progress: initiativeProgressOf(i.id, i.taskIds.map((id) => ({ id })), members, taskById),
      dependencyChain: dependencyChain(i.id, (id) => depsOf(id).filter((d) => d !== id)),
      decisions: i.decisions.map((d) => ({ id: d.id || null, timestamp: d.decidedAt, decision: d.decision || null,
        rationale: d.rationale, madeBy: d.decidedBy, taskContext: null })),
      fields,
    };
  });
}

/** The initiative row in initiative.yaml's names, so views read one shape. */
function initiativeFields(i: DbInitiative): InitiativeFields {
  return {
    id: i.id, title: i.title, status: i.status, vision: i.vision,
    ...(i.owner ? { owner: { initials: i.owner.initials, display_name: i.owner.displayName, email: i.owner.email } } : {}),
    blocked_by: [...i.dependsOn],
    decisions: i.decisions.map((d) => ({ id: d.id, date: d.decidedAt, decision: d.decision, rationale: d.rationale, by: d.decidedBy })),
    tasks: i.taskIds.map((id) => ({ id })),
    created_at: i.createdAt, updated_at: i.updatedAt,
  };
}
