/**
 * The argument arrays Baton passes to orc (randalmurphal/orc a48c6caf, internal/cli/cmd_*.go), one builder per
 * action. Each either returns the arguments or says why the input cannot be expressed with orc's real flags
 * (orc would silently ignore it, or read it as something else).
 *
 *   new      orc new --json [--description D] [--workflow W] [--category C] [--priority P] [--initiative I]
 *                    [--blocked-by A,B] [--target-branch T] -- <title>           (cmd_new.go; `--` keeps a title
 *                    that starts with `-` a title; --json makes orc print {"task_id": …})
 *   edit     orc edit <id> [--title T] [--description D] [--priority P] [--status S] [--workflow W]
 *                    [--initiative I|""] [--target-branch T|""] [--blocked-by A,B|""] [--add-blocker A,B]
 *                    [--remove-blocker A,B]                                     (cmd_edit.go)
 *   approve  orc approve <id>                                                   (cmd_approve.go: no reason flag)
 *   reject   orc reject <id> [--reason R]                                       (cmd_approve.go: no `-r`)
 *   close    orc close <id> --yes [--force] [--message M]                       (cmd_close.go: without --yes it
 *                    waits for "Continue? [y/N]" on stdin)
 *   run      orc run <id>                                                       (cmd_run.go: TASK-<n> only)
 *
 * Flags take their value as the next argument, which pflag accepts whatever it starts with, including ''.
 */

export const ORC_STATUSES = ['created', 'classifying', 'planned', 'running', 'paused', 'blocked', 'finalizing', 'completed', 'failed', 'closed'] as const;
export type OrcStatus = (typeof ORC_STATUSES)[number];
export const ORC_PRIORITIES = ['critical', 'high', 'normal', 'low'] as const;
export type OrcPriority = (typeof ORC_PRIORITIES)[number];
export const ORC_CATEGORIES = ['feature', 'bug', 'refactor', 'chore', 'docs', 'test'] as const;
export type OrcCategory = (typeof ORC_CATEGORIES)[number];

/** The fields `orc edit` can change. Category, queue and weight have no `orc edit` flag in the database era. */
export interface OrcTaskEdit {
  readonly title?: string;
  readonly description?: string;
  readonly priority?: OrcPriority;
  readonly status?: OrcStatus;
  readonly workflow?: string;
  /** An initiative id; '' unlinks. */
  readonly initiative?: string;
  /** '' clears. */
  readonly targetBranch?: string;
  /** Replaces the list; [] clears it. */
  readonly blockedBy?: readonly string[];
  readonly addBlockers?: readonly string[];
  readonly removeBlockers?: readonly string[];
}

export interface OrcNewTask {
  readonly title: string;
  readonly description?: string;
  /** Empty: orc's configured default (workflow_defaults). */
  readonly workflow?: string;
  readonly category?: OrcCategory;
  readonly priority?: OrcPriority;
  readonly initiative?: string;
  readonly blockedBy?: readonly string[];
  readonly targetBranch?: string;
}

export interface OrcCloseOptions {
  /** Why it was closed (orc keeps it as metadata.close_message). */
  readonly message?: string;
  /** orc closes only failed tasks unless forced. */
  readonly force?: boolean;
}

export type Built = { readonly args: readonly string[] } | { readonly invalid: string };

/** What orc accepts as a task id argument (TASK-001, AUTO-001 …); never something that reads as a flag. */
const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function checkId(id: string, what = 'task id'): string | null {
  return TASK_ID.test(id) ? null : `"${id}" is not an orc ${what}`;
}

/** StringSlice values are split at commas (CSV): an id holding one would become two. */
function checkIdList(ids: readonly string[]): string | null {
  for (const id of ids) { const problem = checkId(id); if (problem) return problem; }
  return null;
}

const oneOf = <T extends string>(value: string, allowed: readonly T[], what: string): string | null =>
  (allowed as readonly string[]).includes(value) ? null : `"${value}" is not an orc ${what} (${allowed.join(', ')})`;

export function newTaskArgs(input: OrcNewTask): Built {
  const title = input.title.trim();
  if (!title) return { invalid: 'a new task needs a title' };
  const args = ['new', '--json'];
  if (input.description?.trim()) args.push('--description', input.description);
  if (input.workflow?.trim()) args.push('--workflow', input.workflow.trim());
  if (input.category) { const p = oneOf(input.category, ORC_CATEGORIES, 'category'); if (p) return { invalid: p }; args.push('--category', input.category); }
  if (input.priority) { const p = oneOf(input.priority, ORC_PRIORITIES, 'priority'); if (p) return { invalid: p }; args.push('--priority', input.priority); }
  if (input.initiative?.trim()) { const p = checkId(input.initiative.trim(), 'initiative id'); if (p) return { invalid: p }; args.push('--initiative', input.initiative.trim()); }
  if (input.blockedBy?.length) { const p = checkIdList(input.blockedBy); if (p) return { invalid: p }; args.push('--blocked-by', input.blockedBy.join(',')); }
  if (input.targetBranch?.trim()) args.push('--target-branch', input.targetBranch.trim());
  args.push('--', title);
  return { args };
}

export function editTaskArgs(taskId: string, edit: OrcTaskEdit): Built {
  const idProblem = checkId(taskId);
  if (idProblem) return { invalid: idProblem };
  const args = ['edit', taskId];
  // orc skips an empty --title or --description (it cannot clear them): refuse rather than pretend.
  if (edit.title !== undefined) { if (!edit.title.trim()) return { invalid: 'orc edit cannot clear a title' }; args.push('--title', edit.title); }
  if (edit.description !== undefined) { if (!edit.description.trim()) return { invalid: 'orc edit cannot clear a description' }; args.push('--description', edit.description); }
  if (edit.priority !== undefined) { const p = oneOf(edit.priority, ORC_PRIORITIES, 'priority'); if (p) return { invalid: p }; args.push('--priority', edit.priority); }
  if (edit.status !== undefined) {
    if ((edit.status as string) === 'resolved') return { invalid: 'orc calls the resolved status "closed" (or use orc close)' };
    const p = oneOf(edit.status, ORC_STATUSES, 'status'); if (p) return { invalid: p }; args.push('--status', edit.status);
  }
  if (edit.workflow !== undefined) args.push('--workflow', edit.workflow.trim());
  if (edit.initiative !== undefined) {
    const id = edit.initiative.trim();
    if (id) { const p = checkId(id, 'initiative id'); if (p) return { invalid: p }; }
    args.push('--initiative', id);
  }
  if (edit.targetBranch !== undefined) args.push('--target-branch', edit.targetBranch.trim());
  if (edit.blockedBy !== undefined) {
    if (edit.addBlockers?.length || edit.removeBlockers?.length) return { invalid: 'orc edit ignores --add-blocker/--remove-blocker when --blocked-by is given' };
    const p = checkIdList(edit.blockedBy); if (p) return { invalid: p };
    args.push('--blocked-by', edit.blockedBy.join(','));
  }
  if (edit.addBlockers?.length) { const p = checkIdList(edit.addBlockers); if (p) return { invalid: p }; args.push('--add-blocker', edit.addBlockers.join(',')); }
  if (edit.removeBlockers?.length) { const p = checkIdList(edit.removeBlockers); if (p) return { invalid: p }; args.push('--remove-blocker', edit.removeBlockers.join(',')); }
  if (args.length === 2) return { invalid: 'nothing to change' };
  return { args };
}

export function approveArgs(taskId: string): Built {
  const p = checkId(taskId);
  return p ? { invalid: p } : { args: ['approve', taskId] };
}

export function rejectArgs(taskId: string, reason?: string): Built {
  const p = checkId(taskId);
  if (p) return { invalid: p };
  return { args: reason?.trim() ? ['reject', taskId, '--reason', reason.trim()] : ['reject', taskId] };
}

export function closeArgs(taskId: string, options: OrcCloseOptions = {}): Built {
  const p = checkId(taskId);
  if (p) return { invalid: p };
  const args = ['close', taskId, '--yes'];
  if (options.force) args.push('--force');
  if (options.message?.trim()) args.push('--message', options.message.trim());
  return { args };
}

export function runArgs(taskId: string): Built {
  // orc run reads anything but TASK-<number> as a workflow name and then asks for a prompt.
  if (!/^TASK-\d+$/.test(taskId)) return { invalid: `orc run takes a TASK-<number> id, not "${taskId}"` };
  return { args: ['run', taskId] };
}
