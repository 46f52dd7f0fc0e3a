import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { LinkInput, LinkOutput } from '../../model/adapter';
import { findCycles } from '../common/graph';
import { cycleText } from '../common/id-list';
import type { OrcGateDecision } from '../orc/gate-decisions';
import type { OrcItem, OrcTask } from '../orc/model';
import { dbGateDecisionsOf } from './gate-decisions';
import { dbInitiativesOf } from './map-initiative';
import { DbTaskMemo, dbTasksOf } from './map-task';
import type { OrcDbRecord } from './record';

/** The items of one folder's previous link, to hand back the same object for an item that did not change. */
export class DbLinkMemo {
  readonly tasks = new DbTaskMemo();
  initiatives = new Map<string, { json: string; item: OrcItem }>();
  problems: { dependencies: unknown; tasks: readonly OrcTask[]; diagnostics: readonly Diagnostic[] } | undefined;
}

/**
 * Links one database's record into items, decisions and the problems that span rows: a dependency on a task
 * that no longer exists (orc keeps the task blocked for good), a task that depends on itself, and dependency
 * cycles, as in the file era. `leftover` counts the file era's task and initiative folders beside the database:
 * one info says they are not read.
 */
export function linkOrcDb(file: string, record: OrcDbRecord, input: LinkInput<unknown>, leftover: number,
  memo = new DbLinkMemo()): LinkOutput<OrcItem, OrcGateDecision> {
  const root = input.ctx.root;
  const tasks = dbTasksOf(record, { root, file, now: input.now, liveness: input.liveness }, memo.tasks);
  const initiatives = reuseUnchanged(memo, dbInitiativesOf(record, tasks, { root, file }));
  const items = [...tasks, ...initiatives];
  const diagnostics = [...dependencyProblemsOnce(memo, file, record, tasks)];
  if (leftover > 0) {
    diagnostics.push(diagnostic('orc', path.join(root, '.orc', 'tasks'), 'info',
      `${leftover} task and initiative folder${leftover === 1 ? '' : 's'} under .orc/ are left from orc's file era: orc keeps this ` +
      `project in its database (${file}), which Baton shows; the YAML files are not read`));
  }
  return { items, decisions: dbGateDecisionsOf(tasks), diagnostics };
}

/** The dependency problems, found again only when the dependencies or the set of tasks changed. */
function dependencyProblemsOnce(memo: DbLinkMemo, file: string, record: OrcDbRecord, tasks: readonly OrcTask[]): readonly Diagnostic[] {
  const held = memo.problems;
  if (held && held.dependencies === record.dependencies && held.tasks.length === tasks.length && held.tasks.every((t, i) => t.id === tasks[i]!.id)) {
    return held.diagnostics;
  }
  const diagnostics = dependencyProblems(file, tasks);
  memo.problems = { dependencies: record.dependencies, tasks, diagnostics };
  return diagnostics;
}

function dependencyProblems(file: string, tasks: readonly OrcTask[]): Diagnostic[] {
  const known = new Set(tasks.map((t) => t.id));
  const out: Diagnostic[] = [];
  for (const t of tasks) {
    for (const dep of t.blockedBy) {
      if (dep === t.id) out.push(diagnostic('orc', file, 'error', `task ${t.id} depends on itself: orc keeps it blocked`));
      else if (!known.has(dep)) out.push(diagnostic('orc', file, 'warning', `task ${t.id} depends on ${dep}, which does not exist (deleted?): orc keeps ${t.id} blocked`));
    }
  }
  const byId = new Map(tasks.map((t) => [t.id, t]));
  for (const cycle of findCycles([...known].sort(), (id) => (byId.get(id)?.blockedBy ?? []).filter((d) => d !== id && known.has(d)))) {
    out.push(diagnostic('orc', file, 'error', `dependency cycle${cycleText(cycle, 'tasks')} (orc keeps these tasks blocked)`));
  }
  return out;
}

/**
 * The index tells "unchanged" by identity: an initiative equal to the previous link's is that same object (tasks are
 * kept by their inputs in dbTasksOf; initiatives are few and depend on every member's status).
 */
function reuseUnchanged(memo: DbLinkMemo, items: OrcItem[]): OrcItem[] {
  const before = memo.initiatives;
  const now = new Map<string, { json: string; item: OrcItem }>();
  const out = items.map((item) => {
    const key = `${item.kind}:${item.id}`;
    const json = JSON.stringify(item);
    const old = before.get(key);
    const kept = old && old.json === json ? old.item : item;
    now.set(key, { json, item: kept });
    return kept;
  });
  memo.initiatives = now;
  return out;
}
