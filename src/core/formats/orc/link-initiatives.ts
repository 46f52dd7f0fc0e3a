import type { Diagnostic } from '../../model/diagnostic';
import { findCycles } from '../common/graph';
import { cycleText } from '../common/id-list';
import { decisionsOf, dependencyChain, initiativeProgressOf } from './initiative-view';
import { byFile, push, uniq, type FileRecord, type InitiativeRecord, type OrcGraph } from './link-graph';
import type { OrcInitiative, OrcTask } from './model';
import { jsonEqual } from '../../util/json-equal';
import type { Steps } from '../../util/steps';

/** How many tasks or initiatives a loop handles between two steps. */
const PER_STEP = 500;

/**
 * Initiatives with their computed blocks, blocked flag, task membership, progress and dependency chain, as steps
 * (util/steps.ts: a scan's full link runs in slices); the graph's initiatives are replaced only at the end. An
 * initiative that comes out as `previous` had it (JSON-equal: its file, tasks and progress as they were) is that very
 * object, as a task none of whose inputs changed is: a relink then names no initiative as changed for nothing (every
 * minute's recheck relinks all).
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
  const membersOf = new Map<string, OrcTask[]>();
  yield;
  let n = 0;
  for (const t of graph.tasks) {
    if (++n % PER_STEP === 0) yield;
    if (t.initiativeId) addMember(membersOf, t.initiativeId, t);
  }
  const inputs: InitiativeInputs = { byId, depsOf, blocksOf: (id) => (blocks.get(id) ?? []).sort(), membersOf: (id) => membersOf.get(id) ?? [] };
  const initiatives: OrcInitiative[] = [];
  for (const entry of byId.values()) {
    // An initiative's progress walks its tasks: at 10,000 tasks in 100 initiatives, a step each.
    yield;
    const made = initiativeView(graph, entry, inputs);
    const was = before.get(made.id);
    initiatives.push(was && jsonEqual(was, made) ? was : made);
  }
  graph.initiatives = initiatives;
  graph.initiativeDiagnostics = diagnostics;
}

/**
 * After one task's status, title or initiative changed (link-one-file.ts): the views of the initiatives it belongs
 * to, belonged to or is listed by are made again; every other one stays the very same object. No initiative file
 * changed, so their links to each other and their problems stand: what moves is their tasks' rows and progress.
 */
export function relinkInitiativesOfTask(graph: OrcGraph, taskId: string, initiativeIds: readonly (string | null)[]): void {
  const affected = new Set(initiativeIds.filter((id): id is string => !!id));
  for (const initiative of graph.initiatives) if (initiative.taskIds.includes(taskId)) affected.add(initiative.id);
  if (!graph.initiatives.some((i) => affected.has(i.id))) return;
  const byId = new Map<string, FileRecord<InitiativeRecord>>();
  for (const f of [...graph.initiativeFiles].sort(byFile)) byId.set(f.record.dir, f);
  const membersOf = new Map<string, OrcTask[]>();
  for (const t of graph.tasks) if (t.initiativeId && affected.has(t.initiativeId)) addMember(membersOf, t.initiativeId, t);
  const inputs: InitiativeInputs = { byId, depsOf: (id) => uniq(byId.get(id)?.record.fields?.blocked_by ?? []),
    blocksOf: (id) => [...graph.initiatives.find((i) => i.id === id)!.blocks], membersOf: (id) => membersOf.get(id) ?? [] };
  // A new array: the last link result handed the previous one out.
  graph.initiatives = graph.initiatives.map((was) => {
    const entry = affected.has(was.id) ? byId.get(was.id) : undefined;
    if (!entry) return was;
    const made = initiativeView(graph, entry, inputs);
    return jsonEqual(was, made) ? was : made;
  });
}

function addMember(membersOf: Map<string, OrcTask[]>, initiativeId: string, task: OrcTask): void {
  const members = membersOf.get(initiativeId);
  if (members) members.push(task); else membersOf.set(initiativeId, [task]);
}

/** What an initiative's view is made from besides its own file: the other initiatives, and the tasks. */
interface InitiativeInputs {
  readonly byId: ReadonlyMap<string, FileRecord<InitiativeRecord>>;
  readonly depsOf: (id: string) => string[];
  /** The initiatives that name it in their blocked_by, sorted. */
  readonly blocksOf: (id: string) => string[];
  /** The tasks that name it, in the tasks' order. */
  readonly membersOf: (id: string) => readonly OrcTask[];
}

function initiativeView(graph: OrcGraph, { file, record }: FileRecord<InitiativeRecord>, inputs: InitiativeInputs): OrcInitiative {
  const { byId, depsOf } = inputs;
  const statusOf = (id: string) => byId.get(id)?.record.fields?.status || 'draft';
  const id = record.dir;
  const f = record.fields ?? {};
  const deps = depsOf(id);
  const listed = (f.tasks ?? []).map((t) => t.id);
  const members = inputs.membersOf(id);
  return {
    system: 'orc', kind: 'initiative', era: 'file', id, root: graph.ctx.root, file, dir: record.dir,
    title: f.title || id, status: statusOf(id), vision: f.vision || null,
    blockedBy: deps, blocks: inputs.blocksOf(id),
    blocked: deps.some((d) => d !== id && (!byId.has(d) || statusOf(d) !== 'completed')),
    taskIds: uniq([...listed, ...members.map((t) => t.id)]),
    progress: initiativeProgressOf(id, f.tasks ?? [], members, { get: (taskId) => graph.taskOf(taskId) }),
    dependencyChain: dependencyChain(id, (i) => depsOf(i).filter((d) => d !== i)),
    decisions: decisionsOf(f),
    fields: f,
  };
}
