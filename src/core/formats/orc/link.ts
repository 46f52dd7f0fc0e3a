import type { Diagnostic } from '../../model/diagnostic';
import { findCyclesSteps } from '../common/graph';
import { cycleText } from '../common/id-list';
import { appendAll } from '../../util/append';
import type { OrcInitiative, OrcTask } from './model';
import { linkInitiativesSteps } from './link-initiatives';
import { placeholderTask } from './placeholder-task';
import { relinkOneFile } from './link-one-file';
import { byFile, OrcGraph, push, uniq, type FileRecord, type LinkContext, type TaskRecord } from './link-graph';
import type { OrcRecord } from './records';
import { runSteps, type Steps } from '../../util/steps';

export { gatesOf, tokensOf, type LinkContext } from './link-graph';

export interface OrcLinkResult {
  readonly tasks: OrcTask[];
  readonly initiatives: OrcInitiative[];
  readonly diagnostics: Diagnostic[];
}

/**
 * What the previous link of one folder built. With it, a relink after one file changed touches only what that
 * file can change, and unchanged items come back as the same objects (the index tells "unchanged" by identity).
 */
export class OrcLinkMemo {
  graph: OrcGraph | undefined;
}

export interface LinkOptions {
  readonly memo?: OrcLinkMemo;
  /** The files that changed since the previous link with the same memo; undefined when unknown (a scan). */
  readonly changed?: readonly string[];
}

/**
 * Turns per-file records into tasks and initiatives with their computed fields (`blocks`, `referenced_by`,
 * blocked, orphaned, tokens) and checks the dependency rules of spec 000 across files: a missing blocker is a
 * warning (orc keeps the task blocked), a self-block and a cycle are errors naming the tasks (a cycle once, at its first member) (orc keeps them blocked
 * for good), a missing `related_to` is an info.
 */
export function linkOrc(files: ReadonlyMap<string, OrcRecord>, ctx: LinkContext, options: LinkOptions = {}): OrcLinkResult {
  return runSteps(linkOrcSteps(files, ctx, options));
}

/**
 * linkOrc as steps (util/steps.ts), so a scan can run the full link of 10,000 tasks in slices. The memo is set only
 * when the link is done: until then it holds the previous graph, whole.
 */
export function* linkOrcSteps(files: ReadonlyMap<string, OrcRecord>, ctx: LinkContext, options: LinkOptions = {}): Steps<OrcLinkResult> {
  const previous = options.memo?.graph;
  if (previous && options.changed?.length === 1) {
    const graph = relinkOneFile(previous, files, options.changed[0]!, ctx);
    if (graph) return resultOf(graph);
  }
  const graph = yield* fullLink(files, ctx, previous);
  if (options.memo) options.memo.graph = graph;
  return resultOf(graph);
}

/** How many files or tasks a loop of the full link handles between two steps (a few milliseconds at most). */
const PER_STEP = 100;

function resultOf(graph: OrcGraph): OrcLinkResult {
  const diagnostics: Diagnostic[] = [];
  for (const list of graph.taskDiagnostics.values()) appendAll(diagnostics, list);
  appendAll(diagnostics, graph.initiativeDiagnostics);
  return { tasks: graph.tasks, initiatives: graph.initiatives, diagnostics };
}

/** Builds a new graph privately (the previous one is only read), yielding between steps. */
function* fullLink(files: ReadonlyMap<string, OrcRecord>, ctx: LinkContext, previous: OrcGraph | undefined): Steps<OrcGraph> {
  const graph = new OrcGraph(ctx);
  const taskFiles: FileRecord<TaskRecord>[] = [];
  let n = 0;
  for (const [file, record] of files) {
    if (++n % PER_STEP === 0) yield;
    switch (record.kind) {
      // A task.yaml with no fields (unreadable, or not valid YAML) is listed as a placeholder below: its task exists.
      case 'task': if (record.fields) taskFiles.push({ file, record }); else graph.unlisted.set(record.dir, { file, record }); break;
      case 'state': graph.states.set(record.dir, { file, record }); break;
      case 'plan': graph.plans.set(record.dir, { file, record }); break;
      case 'initiative': if (record.fields) graph.initiativeFiles.push({ file, record }); break;
    }
  }
  // A task.yaml that could not be read at all keeps its task listed, as a placeholder whose status is
  // `unreadable` (inventing a status from the broken file would mislead); its problem is its file's diagnostic.
  // orc finds a task by its folder (.orc/tasks/<ID>/), so the folder name is the id; a different `id` in the
  // file is only a warning (see records.ts).
  yield;
  for (const f of taskFiles.sort(byFile)) graph.byId.set(f.record.dir, f);
  yield;
  n = 0;
  for (const { record } of graph.byId.values()) {
    if (++n % PER_STEP === 0) yield;
    // Only tasks that name a blocker: most name none, and depsOf answers the shared empty list for them.
    const deps = uniq(record.fields?.blocked_by ?? []);
    if (deps.length) graph.deps.set(record.dir, deps);
  }
  yield;

  n = 0;
  for (const [id, { record }] of graph.byId) {
    if (++n % PER_STEP === 0) yield;
    for (const dep of graph.depsOf(id)) if (dep !== id && graph.byId.has(dep)) push(graph.blocks, dep, id);
    for (const mention of record.mentions) if (mention !== id && graph.byId.has(mention)) push(graph.referencedBy, mention, id);
  }
  yield;
  const knownDeps = (id: string) => graph.depsOf(id).filter((d) => d !== id && graph.byId.has(d));
  for (const cycle of yield* findCyclesSteps([...graph.byId.keys()].sort(), knownDeps)) {
    push(graph.cycles, cycle[0]!, `dependency cycle${cycleText(cycle, 'tasks')}`);
  }
  yield;

  n = 0;
  for (const id of graph.byId.keys()) {
    if (++n % PER_STEP === 0) yield;
    graph.taskIndex.set(id, graph.tasks.length);
    graph.tasks.push(graph.buildTask(id, previous?.reusable(id)));
    const problems = graph.taskProblems(id);
    if (problems.length) graph.taskDiagnostics.set(graph.byId.get(id)!.file, problems);
  }
  // Placeholders last, in file order, and only for folders that have no readable task.yaml (a folder has one).
  for (const entry of [...graph.unlisted.values()].sort(byFile)) {
    if (graph.byId.has(entry.record.dir)) continue;
    graph.taskIndex.set(entry.record.dir, graph.tasks.length);
    graph.tasks.push(placeholderTask(ctx.root, entry));
  }
  yield* linkInitiativesSteps(graph, previous?.initiatives);
  return graph;
}
