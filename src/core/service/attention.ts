import type { OrcTask } from '../formats/orc/model';
import type { Decision, WorkItem } from './work-item';

/**
 * What a task is at a glance, as the Tasks view shows it (its icon, its filter) and the status bar counts it: one
 * function, so a count and the view it opens never disagree. The states can overlap (a running task may be
 * blocked), except that an orphaned task is never counted as running: its executor is gone, nothing runs it.
 */
export type TaskState = 'running' | 'orphaned' | 'blocked' | 'unreadable';

export const TASK_STATES: readonly TaskState[] = ['running', 'orphaned', 'blocked', 'unreadable'];

export function hasTaskState(task: OrcTask, state: TaskState): boolean {
  switch (state) {
    case 'unreadable': return task.unreadable !== undefined;
    case 'orphaned': return task.orphaned;
    // A live executor: orc's record says running and its heartbeat (or pid on this host) is alive.
    case 'running': return task.status === 'running' && !task.orphaned && !task.unreadable;
    case 'blocked': return task.status === 'blocked' || task.blocked;
  }
}

/** The Tasks view's tasks: orc's, of every folder. */
export function orcTasks(items: readonly WorkItem[]): OrcTask[] {
  return items.filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task');
}

export interface AttentionCounts {
  /** Decisions waiting for a person (the Needs You view and the activity-bar badge). */
  readonly decisions: number;
  readonly running: number;
  readonly orphaned: number;
  readonly blocked: number;
  readonly unreadable: number;
}

/** The counts the status bar and the badge show, from the same items and decisions the views list. */
export function attentionCounts(items: readonly WorkItem[], decisions: readonly Decision[]): AttentionCounts {
  const tasks = orcTasks(items);
  const count = (state: TaskState) => tasks.reduce((n, t) => n + (hasTaskState(t, state) ? 1 : 0), 0);
  return { decisions: decisions.length, running: count('running'), orphaned: count('orphaned'), blocked: count('blocked'),
    unreadable: count('unreadable') };
}

/**
 * What the folders' other places (worktrees, refs) add to the counts, when the person asks the status bar to count
 * them: decisions waiting and tasks running, orphaned or blocked there. Unreadable files of another place are not
 * counted (their problems are listed where they are). Each state holds only what differs from its folder's own, so
 * nothing is counted twice.
 */
export function elsewhereCounts(states: readonly { readonly items: readonly WorkItem[]; readonly decisions: readonly Decision[] }[]): AttentionCounts {
  const sum = { decisions: 0, running: 0, orphaned: 0, blocked: 0, unreadable: 0 };
  for (const s of states) {
    const c = attentionCounts(s.items, s.decisions);
    sum.decisions += c.decisions;
    sum.running += c.running;
    sum.orphaned += c.orphaned;
    sum.blocked += c.blocked;
  }
  return sum;
}
