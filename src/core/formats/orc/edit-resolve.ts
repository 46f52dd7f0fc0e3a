import { EditRefused, readForEdit, writeIfUnchanged } from '../../io/guarded-edit';
import { setScalar } from '../../yaml/yaml-splice';
import { taskOrRefuse, timestamp, type EditResult, type OrcEditContext } from './edit-context';
import { edit, touch, type EditOptions } from './edit-task-fields';

/**
 * `orc resolve`: closes a failed task without running it again. The task becomes `completed`, `completed_at`
 * is set, and `metadata` records `resolved: "true"` (a string, as orc writes it), `resolved_at` and the optional
 * `resolution_message`. Execution state (state.yaml) is kept for reference.
 */
export async function resolveTask(ctx: OrcEditContext, id: string, message?: string, options: EditOptions = {}): Promise<EditResult> {
  const task = taskOrRefuse(ctx, id);
  if (task.status !== 'failed') throw new EditRefused(`task ${id} is ${task.status}, not failed; resolve is only for failed tasks (as in orc)`);
  if (message && /[\r\n]/.test(message)) throw new EditRefused('a resolution message is one line');
  const read = await readForEdit(task.file, options.expectedSha256);
  const now = timestamp(ctx.now());
  const text = edit(read.text, (t) => {
    let out = setScalar(t, ['status'], 'completed');
    out = setScalar(out, ['completed_at'], now, ['updated_at', 'created_by', 'created_at']);
    out = setScalar(out, ['metadata', 'resolved'], 'true');
    out = setScalar(out, ['metadata', 'resolved_at'], now, ['resolved']);
    if (message?.trim()) out = setScalar(out, ['metadata', 'resolution_message'], message.trim(), ['resolved_at']);
    return touch(out, ctx);
  });
  await writeIfUnchanged([{ file: task.file, root: ctx.root, sha256: read.sha256, text }]);
  return { changed: [task.file], warnings: [], summary: `${id} resolved${message?.trim() ? `: ${message.trim()}` : ''}` };
}
