/**
 * orc's value sets, in workflow / display order (spec 000 and the upstream code). Files may hold other values:
 * readers keep them as written and warn; these lists only order and describe the known ones.
 */
export const TASK_STATUSES = ['created', 'classifying', 'planned', 'running', 'paused', 'blocked', 'finalizing',
  'completed', 'finished', 'failed', 'closed', 'resolved'] as const;
/**
 * A blocker in one of these no longer blocks. `resolved` (orc cafacbac, 2026-01-18: a task settled without running it
 * to the end) was renamed `closed` on 2026-02-02 (e84b2041, project migration 54); a database an orc of those two
 * weeks wrote, not migrated since, still says `resolved`.
 */
export const DONE_TASK_STATUSES: ReadonlySet<string> = new Set(['completed', 'finished', 'closed', 'resolved']);
export const WEIGHTS = ['trivial', 'small', 'medium', 'large', 'greenfield'] as const;
export const PRIORITIES = ['critical', 'high', 'normal', 'low'] as const;
export const QUEUES = ['active', 'backlog'] as const;
export const CATEGORIES = ['feature', 'bug', 'refactor', 'chore', 'docs', 'test'] as const;
export const INITIATIVE_STATUSES = ['draft', 'active', 'completed', 'archived'] as const;
export const PHASE_STATUSES = ['pending', 'running', 'completed', 'failed', 'paused', 'interrupted', 'skipped'] as const;

export const DEFAULT_PRIORITY = 'normal';
export const DEFAULT_QUEUE = 'active';
export const DEFAULT_CATEGORY = 'feature';

/** Sort rank of a priority: critical first; unknown values after low. */
export function priorityRank(priority: string): number {
  const i = (PRIORITIES as readonly string[]).indexOf(priority);
  return i < 0 ? PRIORITIES.length : i;
}

/** Workflow rank of a task status; unknown statuses come after the known ones. */
export function statusRank(status: string): number {
  const i = (TASK_STATUSES as readonly string[]).indexOf(status);
  return i < 0 ? TASK_STATUSES.length : i;
}
