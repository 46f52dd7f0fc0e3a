import { EditRefused, readForEdit, writeIfUnchanged } from '../../io/guarded-edit';
import { setStringList } from '../../yaml/yaml-splice';
import { cycleText } from '../common/id-list';
import { cycleThrough, taskOrRefuse, type EditResult, type OrcEditContext } from './edit-context';
import { edit, touch, type EditOptions } from './edit-task-fields';

export type DependencyField = 'blocked_by' | 'related_to';

/**
 * orc's task ids: `TASK-001`, or `TASK-AM-001` with a person's or machine's prefix (p2p/team mode). orc matches
 * them case-sensitively, so `task-1` is not TASK-001, and nothing else (a path, a flag) can be a task id.
 */
export const TASK_ID_PATTERN = /^TASK-(?:[A-Za-z0-9]+-)?\d+$/;

/**
 * Ids as a person types them: trimmed, empty ones and repeats dropped, case kept. Refused, naming them, when
 * one is not an orc task id: writing it would make a link orc never follows (or silently another task's).
 */
export function normaliseIds(ids: readonly string[], field: DependencyField = 'blocked_by'): string[] {
  const list = [...new Set(ids.map((i) => i.trim()).filter(Boolean))];
  const bad = list.filter((i) => !TASK_ID_PATTERN.test(i));
  if (bad.length) {
    throw new EditRefused(`${field}: ${bad.map((b) => `"${b}"`).join(', ')} ${bad.length === 1 ? 'is not a task id' : 'are not task ids'} — orc's ids are TASK-<number> (e.g. TASK-001, or TASK-AM-001 with a prefix), case-sensitive; nothing was written`);
  }
  return list;
}

/**
 * The rules of spec 000 for a new `blocked_by` / `related_to` list: a task cannot name itself, a blocked_by list
 * that would close a dependency cycle is refused (the cycle is shown), and ids that do not exist are allowed
 * with a warning (orc logs one: the task may come later, or from another branch).
 */
export function checkDependencies(ctx: OrcEditContext, id: string, field: DependencyField, ids: readonly string[]): string[] {
  if (ids.includes(id)) {
    throw new EditRefused(field === 'blocked_by' ? `${id} cannot block itself` : `${id} cannot be related to itself`);
  }
  if (field === 'blocked_by') {
    const cycle = cycleThrough(ctx, id, ids);
    if (cycle) throw new EditRefused(`refused: this would make a dependency cycle${cycleText(cycle, 'tasks').replace(/^:/, '')}`);
  }
  return ids.filter((d) => !ctx.tasks.has(d)).map((d) => `${d} does not exist (yet); ${id} lists it in ${field} anyway`);
}

/** Replaces a task's `blocked_by` or `related_to` list, keeping the lines (and comments) of the ids that stay. */
export async function setDependencies(ctx: OrcEditContext, id: string, field: DependencyField, ids: readonly string[],
  options: EditOptions = {}): Promise<EditResult> {
  const task = taskOrRefuse(ctx, id);
  const list = normaliseIds(ids, field);
  const warnings = checkDependencies(ctx, id, field, list);
  const read = await readForEdit(task.file, options.expectedSha256);
  const after = field === 'blocked_by' ? ['initiative_id', 'category', 'priority', 'queue'] : ['blocked_by', 'initiative_id', 'category'];
  const set = edit(read.text, (t) => setStringList(t, [field], list, after));
  if (set === read.text) return { changed: [], warnings, summary: `${id}: ${field} unchanged` };
  await writeIfUnchanged([{ file: task.file, root: ctx.root, sha256: read.sha256, text: edit(set, (t) => touch(t, ctx)) }]);
  return { changed: [task.file], warnings, summary: `${id}: ${field} is now ${list.length ? list.join(', ') : 'empty'}` };
}
