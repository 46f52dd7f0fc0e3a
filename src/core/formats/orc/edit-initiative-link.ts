import { EditRefused, readForEdit, writeIfUnchanged, type PlannedWrite } from '../../io/guarded-edit';
import { loadYaml } from '../../yaml/fast-load';
import { deleteKey, setScalar } from '../../yaml/yaml-splice';
import { appendMapItem, removeMapItems } from '../../yaml/yaml-splice-seq';
import { taskOrRefuse, timestamp, type EditResult, type OrcEditContext } from './edit-context';
import { edit, touch, type EditOptions } from './edit-task-fields';

/**
 * Links a task to an initiative (or unlinks it, with null) with orc's bidirectional sync: task.yaml's
 * `initiative_id` changes, the task is added to the new initiative's `tasks` list (id, title, status) and
 * removed from the old one's. All files are checked before any is written.
 */
export async function setTaskInitiative(ctx: OrcEditContext, id: string, initiativeId: string | null, options: EditOptions = {}): Promise<EditResult> {
  const task = taskOrRefuse(ctx, id);
  const target = initiativeId?.trim() ? initiativeId.trim().toUpperCase() : null;
  if (target && !ctx.initiatives.has(target)) throw new EditRefused(`no initiative ${target} in ${ctx.root}`);
  const read = await readForEdit(task.file, options.expectedSha256);
  const writes: PlannedWrite[] = [];
  const taskText = edit(read.text, (t) => target ? setScalar(t, ['initiative_id'], target, ['category', 'priority', 'queue'])
    : deleteKey(t, ['initiative_id']));
  if (taskText !== read.text) writes.push({ file: task.file, root: ctx.root, sha256: read.sha256, text: edit(taskText, (t) => touch(t, ctx)) });

  // Every other initiative that lists the task lets it go (a task belongs to one initiative).
  for (const initiative of ctx.initiatives.values()) {
    const r = await readForEdit(initiative.file);
    let text = r.text;
    if (initiative.id !== target) text = edit(text, (t) => removeMapItems(t, ['tasks'], 'id', id));
    else if (!listed(text, id)) text = edit(text, (t) => appendMapItem(t, ['tasks'], { id, title: task.title, status: task.status }, ['context_files', 'decisions']));
    if (text !== r.text) writes.push({ file: initiative.file, root: ctx.root, sha256: r.sha256, text: edit(text, (t) => setScalar(t, ['updated_at'], timestamp(ctx.now()), ['created_at'])) });
  }
  if (!writes.length) return { changed: [], warnings: [], summary: `${id} is already ${target ? `in ${target}` : 'standalone'}` };
  await writeIfUnchanged(writes);
  return { changed: writes.map((w) => w.file), warnings: [], summary: target ? `${id} now belongs to ${target}` : `${id} is now standalone` };
}

function listed(text: string, id: string): boolean {
  const loaded = loadYaml(text);
  const tasks = loaded.ok ? (loaded.value as { tasks?: unknown } | null)?.tasks : undefined;
  return Array.isArray(tasks) && tasks.some((t) => (t as { id?: unknown } | null)?.id === id);
}
