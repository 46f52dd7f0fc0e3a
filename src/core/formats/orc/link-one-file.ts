import { relinkInitiativesOfTask } from './link-initiatives';
import { type OrcGraph, sameList, uniq, type LinkContext, type TaskRecord } from './link-graph';
import { classifyOrcPath, toPosix } from './paths';
import { relativePath } from '../../util/relative-path';
import type { OrcRecord } from './records';

/**
 * Relinks after one file changed, touching only what it can change: the task it belongs to, the tasks it blocks
 * (when its status changed), and the initiatives (when its status, title or initiative changed). Returns
 * undefined when the change reshapes the graph — a task added or removed, its dependencies or mentions edited,
 * an initiative or the config changed — and a full link is needed.
 *
 * The previous graph is updated in place (a new graph would cost as much as a full link); its `tasks` array is
 * replaced, never mutated, because the last result handed that array out.
 */
export function relinkOneFile(graph: OrcGraph, files: ReadonlyMap<string, OrcRecord>, file: string, ctx: LinkContext): OrcGraph | undefined {
  if (graph.ctx.root !== ctx.root) return undefined;
  const kind = classifyOrcPath(toPosix(relativePath(ctx.root, file)));
  if (!kind || (kind.kind !== 'task' && kind.kind !== 'state' && kind.kind !== 'plan')) return undefined;
  const record = files.get(file);
  const id = kind.dir;
  const entry = graph.byId.get(id);
  // A task folder's files always belong to the task named by the folder; without a listed task.yaml the
  // change could make one appear, which reshapes the graph.
  if (!entry) return undefined;
  const statusBefore = graph.statusOf(id);
  const itemBefore = graph.tasks[graph.taskIndex.get(id)!]!;

  if (kind.kind === 'task') {
    if (record?.kind !== 'task' || !record.fields || entry.file !== file || !sameEdges(entry.record, record)) return undefined;
    graph.byId.set(id, { file, record });
  } else {
    const map = kind.kind === 'state' ? graph.states : graph.plans;
    if (record) map.set(id, { file, record }); else map.delete(id);
  }
  // This link's time and position lookup (the previous one's may hold the changed file's old text).
  graph.ctx = ctx;
  const tasks = [...graph.tasks];
  // Dependents' records did not change: their items are reused unless a computed field (blocked) did.
  const rebuild = (taskId: string, reuse: boolean) => {
    const index = graph.taskIndex.get(taskId);
    if (index !== undefined) tasks[index] = graph.buildTask(taskId, reuse ? graph.reusable(taskId) : undefined);
  };
  rebuild(id, false);
  if (kind.kind === 'task') {
    const problems = graph.taskProblems(id);
    if (problems.length) graph.taskDiagnostics.set(file, problems); else graph.taskDiagnostics.delete(file);
  }
  const item = tasks[graph.taskIndex.get(id)!]!;
  if (graph.statusOf(id) !== statusBefore) for (const dependent of graph.blocks.get(id) ?? []) rebuild(dependent, true);
  graph.tasks = tasks;
  if (item.status !== itemBefore.status || item.title !== itemBefore.title || item.initiativeId !== itemBefore.initiativeId) {
    relinkInitiativesOfTask(graph, id, [itemBefore.initiativeId, item.initiativeId]);
  }
  return graph;
}

/** Same dependency edges, related ids and mentions: the graph's shape does not change. */
function sameEdges(a: TaskRecord, b: TaskRecord): boolean {
  return sameList(uniq(a.fields?.blocked_by ?? []), uniq(b.fields?.blocked_by ?? []))
    && sameList(a.fields?.related_to ?? [], b.fields?.related_to ?? [])
    && sameList(a.mentions, b.mentions);
}
