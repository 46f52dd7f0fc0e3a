import { EditRefused, readForEdit, writeIfUnchanged } from '../../io/guarded-edit';
import { setScalar, YamlEditError } from '../../yaml/yaml-splice';
import { taskOrRefuse, timestamp, type EditResult, type OrcEditContext } from './edit-context';
import { CATEGORIES, PRIORITIES, QUEUES, WEIGHTS } from './vocabulary';

/** The task.yaml fields Baton sets the way `orc edit` and the board do. */
export const TASK_FIELDS = ['priority', 'queue', 'category', 'weight', 'title'] as const;
export type TaskField = (typeof TASK_FIELDS)[number];

const ALLOWED: Partial<Record<TaskField, readonly string[]>> = { priority: PRIORITIES, queue: QUEUES, category: CATEGORIES, weight: WEIGHTS };

/** Where a key that is not in the file yet goes: after the first of these that is (as in the spec's example). */
const PLACE_AFTER: Record<TaskField, readonly string[]> = {
  title: ['id'],
  weight: ['description', 'title'],
  queue: ['branch', 'current_phase', 'status', 'weight'],
  priority: ['queue', 'branch', 'current_phase', 'status'],
  category: ['priority', 'queue', 'status'],
};

export interface EditOptions {
  /** sha256 of task.yaml as the person saw it; the edit is refused if the file changed since. */
  readonly expectedSha256?: string | null;
}

/** Checks a value for a field; the reason when it is refused. */
export function checkFieldValue(field: TaskField, value: string): string | null {
  const allowed = ALLOWED[field];
  if (allowed && !allowed.includes(value)) return `${field} must be one of ${allowed.join(', ')} (got "${value}")`;
  if (field === 'title' && (!value.trim() || /[\r\n]/.test(value))) return 'a title is one non-empty line';
  return null;
}

/** Sets one field of a task's task.yaml (and `updated_at`), leaving every other byte of the file as it was. */
export async function setTaskField(ctx: OrcEditContext, id: string, field: TaskField, value: string, options: EditOptions = {}): Promise<EditResult> {
  const task = taskOrRefuse(ctx, id);
  const bad = checkFieldValue(field, value);
  if (bad) throw new EditRefused(bad);
  const warnings: string[] = [];
  if (field === 'weight') {
    // orc regenerates plan.yaml for the new weight and will not do so under a running executor.
    if (task.status === 'running') throw new EditRefused(`cannot change the weight of running task ${id}: pause it first (as orc requires)`);
    if (task.hasPlan && task.weight !== value) {
      warnings.push(`${id}'s plan.yaml was made for weight ${task.weight ?? '(none)'}; orc regenerates it for a new weight (\`orc edit ${id} --weight ${value}\`), Baton leaves it as it is`);
    }
  }
  const read = await readForEdit(task.file, options.expectedSha256);
  const set = edit(read.text, (t) => setScalar(t, [field], value, PLACE_AFTER[field]));
  if (set === read.text) return { changed: [], warnings, summary: `${id}: ${field} is already ${value}` };
  const text = edit(set, (t) => touch(t, ctx));
  await writeIfUnchanged([{ file: task.file, root: ctx.root, sha256: read.sha256, text }]);
  return { changed: [task.file], warnings, summary: `${id}: ${field} set to ${value}` };
}

/** orc stamps `updated_at` on every save of a task. */
export function touch(text: string, ctx: OrcEditContext): string {
  return setScalar(text, ['updated_at'], timestamp(ctx.now()), ['created_by', 'created_at']);
}

/** Runs a text edit, turning a YAML problem into a refusal the person can act on. */
export function edit(text: string, fn: (text: string) => string): string {
  try {
    return fn(text);
  } catch (err) {
    if (err instanceof YamlEditError) throw new EditRefused(err.message);
    throw err;
  }
}
