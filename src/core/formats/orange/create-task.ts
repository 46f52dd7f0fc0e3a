import { customAlphabet } from 'nanoid';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { containedPath } from '../../io/contained-path';
import { Document, parse, Scalar } from 'yaml';
import { appendLine } from '../../io/append-line';
import { createFileAtomic } from '../../io/create-atomic';
import { isoNow } from './task-edit';
import { historyFile, taskFile } from './paths';
import { TASK_ID_ALPHABET, TASK_ID_LENGTH } from './vocabulary';

/** orange's task ids: 21 characters of [0-9A-Za-z], safe as CLI arguments and folder names. */
export const newTaskId = customAlphabet(TASK_ID_ALPHABET, TASK_ID_LENGTH);

export interface NewTask {
  readonly orangeRoot: string;
  readonly project: string;
  readonly summary: string;
  /** Requirements and constraints, written under `## Context` (read-only for the agent). */
  readonly context: string;
  readonly branch?: string;
  readonly harness?: string;
  readonly now?: Date;
  readonly id?: string;
}

export type CreateOutcome =
  | { readonly ok: true; readonly id: string; readonly file: string; readonly written: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** A project name becomes a folder name: nothing that could climb out of tasks/. */
function safeName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[\\/\0]/.test(name);
}

/**
 * Creates a task the way `orange task create` does: a new 21-character id, `tasks/<project>/<id>/TASK.md` with
 * the frontmatter fields orange writes, in its order and at their defaults (`pr_url` only once there is one; the
 * timestamps single-quoted, as orange's YAML writer quotes them so its reader keeps them text), a `## Context`
 * section, and a `task.created` event in history.jsonl. The task is `pending`: orange's dashboard spawns its agent
 * when it runs.
 */
export async function createTask(input: NewTask): Promise<CreateOutcome> {
  if (!safeName(input.project)) return { ok: false, message: `"${input.project}" cannot be a project folder name` };
  const summary = input.summary.trim().replace(/\s+/g, ' ');
  if (!summary) return { ok: false, message: 'a task needs a summary' };
  const id = input.id ?? newTaskId();
  const now = isoNow(input.now);
  const branch = input.branch?.trim() || `orange-tasks/${id}`;
  const fields = {
    id, project: input.project, branch, harness: input.harness ?? 'claude', review_harness: 'claude', effort: null, review_effort: null,
    status: 'pending', review_round: 0, crash_count: 0, summary, workspace: null, tmux_session: null, created_at: now, updated_at: now,
  };
  const doc = new Document(fields);
  for (const key of ['created_at', 'updated_at']) (doc.get(key, true) as Scalar).type = Scalar.QUOTE_SINGLE;
  // orange reads its frontmatter with gray-matter's js-yaml 3, YAML 1.1: a plain `2026-03-01`, `1:30`, `1_000` or
  // `0b101` is a date or a number there (and `summary.trim()` then throws in orange). Such text is quoted, as orange's
  // own writer quotes it.
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' && readsAsOtherThanText(value)) (doc.get(key, true) as Scalar).type = Scalar.QUOTE_SINGLE;
  }
  const yaml = doc.toString({ lineWidth: 0, nullStr: 'null' });
  const context = input.context.trim();
  const text = `---\n${yaml}---\n\n## Context\n\n${context ? `${context}\n` : ''}`;
  const file = taskFile(input.orangeRoot, input.project, id);
  // tasks/<project> may be a link: the new task is written only where it really stays within the orange root.
  const inside = await containedPath(input.orangeRoot, file, { what: 'the orange root' });
  if (!inside.ok) return { ok: false, message: `${inside.reason}; nothing was written` };
  await fs.mkdir(path.dirname(file), { recursive: true });
  if (!(await createFileAtomic(file, text))) return { ok: false, message: `${input.project}/${id}/TASK.md already exists; nothing was written` };
  const history = historyFile(input.orangeRoot, input.project, id);
  await appendLine(history, JSON.stringify({ type: 'task.created', timestamp: now, task_id: id, project: input.project, branch, summary, status: 'pending' }));
  return { ok: true, id, file, written: [file, history] };
}

/** Whether a YAML 1.1 reader takes `text`, written plain, for something other than that text. */
function readsAsOtherThanText(text: string): boolean {
  try {
    return parse(text, { version: '1.1' }) !== text;
  } catch {
    return true;
  }
}
