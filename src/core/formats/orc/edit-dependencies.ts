import { EditRefused, readForEdit, writeIfUnchanged } from '../../io/guarded-edit';
import { setStringList } from '../../yaml/yaml-splice';
import { cycleText } from '../common/id-list';
import { cycleThrough, taskOrRefuse, type EditResult, type OrcEditContext } from './edit-context';
import { edit, touch, type EditOptions } from './edit-task-fields';

export type DependencyField = 'blocked_by' | 'related_to';

/** Ids as a person types them: trimmed, upper-cased, empty ones and repeats dropped. */
export function normaliseIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((i) => i.trim().toUpperCase()).filter(Boolean))];
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
  const list = normaliseIds(ids);
  const warnings = checkDependencies(ctx, id, field, list);
  const read = await readForEdit(task.file, options.expectedSha256);
  const after = field === 'blocked_by' ? ['initiative_id', 'category', 'priority', 'queue'] : ['blocked_by', 'initiative_id', 'category'];
  const set = edit(read.text, (t) => setStringList(t, [field], list, after));
  if (set === read.text) return { changed: [], warnings, summary: `${id}: ${field} unchanged` };
  await writeIfUnchanged([{ file: task.file, sha256: read.sha256, text: edit(set, (t) => touch(t, ctx)) }]);
  return { changed: [task.file], warnings, summary: `${id}: ${field} is now ${list.length ? list.join(', ') : 'empty'}` };
}
