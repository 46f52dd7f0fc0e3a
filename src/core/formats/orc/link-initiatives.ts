import type { Diagnostic } from '../../model/diagnostic';
import { findCycles } from '../common/graph';
import { cycleText } from '../common/id-list';
import { decisionsOf, dependencyChain, initiativeProgressOf } from './initiative-view';
import { byFile, push, uniq, type FileRecord, type InitiativeRecord, type OrcGraph } from './link-graph';
import type { OrcInitiative, OrcTask } from './model';
import { jsonEqual } from '../../util/json-equal';
import { runSteps, type Steps } from '../../util/steps';

/** Initiatives with their computed blocks, blocked flag, task membership, progress and dependency chain. */
export function linkInitiatives(graph: OrcGraph): void {
  runSteps(linkInitiativesSteps(graph));
}

/** How many tasks or initiatives a loop handles between two steps. */
const PER_STEP = 500;

/**
 * linkInitiatives as steps (util/steps.ts); the graph's initiatives are replaced only at the end. An initiative that
 * comes out as `previous` had it (JSON-equal: its file, tasks and progress as they were) is that very object, as a
 * task none of whose inputs changed is: a relink then names no initiative as changed for nothing (every minute's
 * recheck relinks all).
 */
export function* linkInitiativesSteps(graph: OrcGraph, previous: readonly OrcInitiative[] = graph.initiatives): Steps<void> {
  const before = new Map(previous.map((i) => [i.id, i]));
  const diagnostics: Diagnostic[] = [];
  const byId = new Map<string, FileRecord<InitiativeRecord>>();
  for (const f of [...graph.initiativeFiles].sort(byFile)) byId.set(f.record.dir, f);
  const depsOf = (id: string) => uniq(byId.get(id)?.record.fields?.blocked_by ?? []);
  const blocks = new Map<string, string[]>();
  for (const [id, { file }] of byId) {
    depsOf(id).forEach((dep, i) => {
      if (dep === id) diagnostics.push(graph.at(file, ['blocked_by', i], 'error', `initiative ${id} cannot block itself`));
      else if (!byId.has(dep)) diagnostics.push(graph.at(file, ['blocked_by', i], 'warning', `blocked_by names ${dep}, which does not exist`));
      else push(blocks, dep, id);
    });
  }
  yield;
  for (const cycle of findCycles([...byId.keys()].sort(), (id) => depsOf(id).filter((d) => d !== id && byId.has(d)))) {
    diagnostics.push(graph.at(byId.get(cycle[0]!)!.file, ['blocked_by'], 'error', `initiative dependency cycle${cycleText(cycle, 'initiatives')}`));
  }
  const taskById = new Map<string, OrcTask>();
  const membersOf = new Map<string, OrcTask[]>();
  yield;
  let n = 0;
  for (const t of graph.tasks) {
    if (++n % PER_STEP === 0) yield;
    taskById.set(t.id, t);
    if (t.initiativeId) {
      const members = membersOf.get(t.initiativeId);
      if (members) members.push(t); else membersOf.set(t.initiativeId, [t]);
    }
  }
  const statusOf = (id: string) => byId.get(id)?.record.fields?.status || 'draft';

  const initiatives: OrcInitiative[] = [];
  for (const { file, record } of byId.values()) {
    // An initiative's progress walks its tasks: at 10,000 tasks in 100 initiatives, a step each.
    yield;
    const id = record.dir;
    const f = record.fields ?? {};
    const deps = depsOf(id);
    const listed = (f.tasks ?? []).map((t) => t.id);
    const made: OrcInitiative = {
      system: 'orc', kind: 'initiative', era: 'file', id, root: graph.ctx.root, file, dir: record.dir,
      title: f.title || id, status: statusOf(id), vision: f.vision || null,
      blockedBy: deps, blocks: (blocks.get(id) ?? []).sort(),
      blocked: deps.some((d) => d !== id && (!byId.has(d) || statusOf(d) !== 'completed')),
      taskIds: uniq([...listed, ...(membersOf.get(id) ?? []).map((t) => t.id)]),
      progress: initiativeProgressOf(id, f.tasks ?? [], membersOf.get(id) ?? [], taskById),
      dependencyChain: dependencyChain(id, (i) => depsOf(i).filter((d) => d !== i)),
      decisions: decisionsOf(f),
      fields: f,
    };
    const was = before.get(id);
    initiatives.push(was && jsonEqual(was, made) ? was : made);
  }
  graph.initiatives = initiatives;
  graph.initiativeDiagnostics = diagnostics;
}
