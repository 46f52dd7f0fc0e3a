import path from 'node:path';
import type { Elsewhere } from '../model/items';

/** "in worktree /path" or "on origin/feature-a"; "in this folder" for the folder's own (no `elsewhere`). */
export function whereText(elsewhere: Elsewhere | undefined): string {
  if (!elsewhere) return 'in this folder';
  return elsewhere.ref !== undefined ? `on ${elsewhere.ref}` : `in worktree ${elsewhere.worktree}`;
}

/** Where an item of another place is, short (a row's description, a card's label): "on origin/feature-a", "in worktree wt-b". */
export function shortWhere(e: Elsewhere): string {
  return e.ref !== undefined ? `on ${e.ref}` : `in worktree ${path.basename(e.worktree)}`;
}

/**
 * Where an item of another place lives, as the one sentence a detail page shows at its top (and a screen reader
 * hears): "In the worktree /abs/wt-b (branch agent-b)", "Committed on origin/feature-a — read from git, nothing
 * checked out". `branch`: the worktree's checked-out branch, null when its HEAD is detached, undefined when unknown.
 */
export function whereSentence(elsewhere: Elsewhere, branch?: string | null): string {
  if (elsewhere.ref !== undefined) return `Committed on ${elsewhere.ref} — read from git, nothing checked out`;
  const head = branch === undefined ? '' : branch === null ? ' (detached HEAD)' : ` (branch ${branch})`;
  return `In the worktree ${elsewhere.worktree}${head}`;
}

/**
 * Why a task of another place is shown read-only, and where it can be changed. A ref's task is what a commit says:
 * there is no file to write, and its transcripts, attachments and reports are not read from git. Another worktree's
 * files belong to the agent (or person) working in that checkout: changing them from here would race its writes.
 */
export function readOnlyReason(elsewhere: Elsewhere, id: string): string {
  if (elsewhere.ref !== undefined) {
    return `Read-only: ${id} is shown as committed on ${elsewhere.ref}, with no file here to change (editing it would change ` +
      `this folder's own ${id}). Its transcripts, attachments, test results and comments are not read from git. ` +
      `To change it, check out ${elsewhere.ref} in a worktree of its own, or change it where it is worked on.`;
  }
  return `Read-only: ${id} belongs to the checkout in ${elsewhere.worktree}, where another agent (or person) works; ` +
    `changing or running it from here would race their writes. Open that worktree (${path.basename(elsewhere.worktree)}) ` +
    'in a window of its own to change or run it.';
}
