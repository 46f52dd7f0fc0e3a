import path from 'node:path';
import { containedPath } from '../../io/contained-path';
import { appendLine } from '../../io/append-line';
import { readCurrent, replaceCurrent } from '../../io/read-current';
import { ReplaceConflict } from '../../io/replace-if-unchanged';
import { TargetRefused } from '../../io/target-file';
import { setScalar, YamlEditError } from '../../yaml/yaml-splice';
import { splitTaskFile, type SplitTaskFile } from './frontmatter';
import type { TaskRecord } from './model';
import { historyBeside } from './paths';
import { parseTaskFile } from './task-file';
import { checkMove, nextReviewRound } from './transitions';

export type EditOutcome =
  | { readonly ok: true; readonly from: string; readonly to: string; readonly written: readonly string[] }
  | { readonly ok: false; readonly message: string };

export interface TaskEdit {
  readonly file: string;
  /** The hash of TASK.md as shown (a record's textHash); null to edit whatever is on disk now. */
  readonly shownHash: string | null;
  readonly to: string;
  /** Why, for history.jsonl's `reason`. */
  readonly reason?: string;
  /** A change to the body made in the same write (an answer under ## Questions); the frontmatter is never touched by it. */
  readonly body?: (split: SplitTaskFile, task: Omit<TaskRecord, 'problems'>) => string;
  readonly now?: Date;
}

/** orange writes its timestamps as `Date.toISOString()` gives them: UTC with milliseconds (`2026-01-15T18:14:02.417Z`). */
export function isoNow(now = new Date()): string {
  return now.toISOString();
}

/**
 * Moves a task to another status the way orange's engine does: only along its workflow and past the section
 * gates (checked on TASK.md as it is now), `status`, `updated_at` (and `review_round` on entering agent review)
 * spliced into the frontmatter so every other field, its order, comments and the body's bytes stay; the file is
 * written atomically and only if it still holds what was shown; then one `status.changed` line is appended to
 * history.jsonl.
 */
export async function editTask(edit: TaskEdit): Promise<EditOutcome> {
  const name = `${path.basename(path.dirname(edit.file))}/TASK.md`;
  // TASK.md and history.jsonl are written in the task's folder: a link out of it is never written through.
  for (const file of [edit.file, historyBeside(edit.file)]) {
    const inside = await containedPath(path.dirname(edit.file), file, { what: 'the task folder' });
    if (!inside.ok) return { ok: false, message: `${name}: ${inside.reason}; nothing was written` };
  }
  let current;
  try {
    current = await readCurrent(edit.file);
  } catch (err) {
    return { ok: false, message: `cannot read ${name}: ${(err as Error).message}` };
  }
  if (!current.exists) return { ok: false, message: `${name} no longer exists; nothing was written` };
  if (edit.shownHash && current.hash !== edit.shownHash) {
    return { ok: false, message: `${name} changed on disk since it was read; nothing was written — look at the new version and try again` };
  }
  const taskDir = path.dirname(edit.file);
  const { record } = parseTaskFile(edit.file, current.text, path.basename(path.dirname(taskDir)), path.basename(taskDir));
  const split = splitTaskFile(current.text);
  if (!record || !split) return { ok: false, message: `${name} has no readable frontmatter; fix it by hand first (see the Problems panel)` };
  const check = checkMove(record, edit.to);
  if (!check.ok) return { ok: false, message: `${record.id} cannot move from ${record.status} to ${edit.to}: ${check.reason}.` };

  const timestamp = isoNow(edit.now);
  const round = nextReviewRound(record, edit.to);
  let yaml = split.yaml;
  try {
    yaml = setScalar(yaml, ['status'], edit.to, ['id', 'project', 'branch', 'harness', 'review_harness']);
    if (round !== record.reviewRound) yaml = setScalar(yaml, ['review_round'], round, ['status']);
    // orange's engine starts every status with no crash counted (transitions.ts); a count kept from the status left
    // would send the task to stuck after one crash in the new one.
    if (record.crashCount !== 0) yaml = setScalar(yaml, ['crash_count'], 0, ['review_round', 'status']);
    // Quoted, as orange writes it: its YAML reader (js-yaml 3) would read a bare timestamp as a date, not text.
    yaml = setScalar(yaml, ['updated_at'], timestamp, ['created_at'], 'single');
  } catch (err) {
    if (err instanceof YamlEditError) return { ok: false, message: `${name}: ${err.message}; nothing was written` };
    throw err;
  }
  const body = edit.body ? edit.body(split, record) : split.body;
  const afterFence = split.after.slice(0, split.after.length - split.body.length);
  const text = split.before + yaml + afterFence + body;

  // Another writer (the agent, orange) may save meanwhile: the file is replaced only while it still holds what
  // was read, checked again at the rename itself.
  try {
    await replaceCurrent(edit.file, current.bom ? `\ufeff${text}` : text, current.hash, path.dirname(edit.file));
  } catch (err) {
    if (err instanceof TargetRefused) return { ok: false, message: `${name}: ${err.message}` };
    if (!(err instanceof ReplaceConflict)) throw err;
    return { ok: false, message: `${name} changed on disk while it was being edited; nothing was written — try again` };
  }
  const history = historyBeside(edit.file);
  await appendLine(history, JSON.stringify({ type: 'status.changed', timestamp, from: record.status, to: edit.to,
    ...(edit.reason ? { reason: edit.reason } : {}), ...(round !== record.reviewRound ? { review_round: round } : {}), by: 'baton' }));
  return { ok: true, from: record.status, to: edit.to, written: [edit.file, history] };
}
