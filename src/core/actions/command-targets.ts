import type { OrcTask } from '../formats/orc/model';
import type { OrangeTask } from '../formats/orange/model';
import { mayHaveSession } from '../formats/orange/session-state';

/*
 * Which items each command can act on, and what to say when none can. The pickers offer only these items, the
 * palette hides a command while none qualifies (context keys from `anyTargets`), and a command run anyway (a
 * keybinding, a stale palette) says why there is nothing to pick and what to do instead of opening an empty list.
 * Plain data rules: the editor's pickers and the unit tests share them.
 */

export interface CommandTargets<T> {
  /** The context key that is true while some item qualifies (package.json `when` clauses read it). */
  readonly contextKey: string;
  readonly accepts: (item: T) => boolean;
  /** Said when nothing qualifies: why, and what to do next. */
  readonly none: string;
}

/** Resolve Failed Task: only a failed task (orc's `resolve` refuses the others without --force). */
export const resolvableTasks: CommandTargets<OrcTask> = {
  contextKey: 'baton.orc.hasFailedTask',
  accepts: (t) => t.status === 'failed',
  none: 'No orc task has failed, so there is nothing to resolve. A task that fails shows under Failed in the Tasks view; '
    + 'to close a task that did not fail, use Close Task on its row.',
};

/** Open in Claude Code: a task.yaml task whose state.yaml records a Claude session (orc keeps its database tasks' sessions itself). */
export const tasksWithClaudeSession: CommandTargets<OrcTask> = {
  contextKey: 'baton.orc.hasClaudeSession',
  accepts: (t) => t.era !== 'db' && !!t.state?.session?.id?.trim(),
  none: 'No orc task has a Claude session yet: run a phase first (Baton: Run Task or Run Phase…), then continue its session in Claude Code.',
};

/** Resume Run: an interrupted task.yaml task, i.e. one whose state.yaml records a session and the phase it was in. */
export const resumableTasks: CommandTargets<OrcTask> = {
  contextKey: 'baton.orc.hasResumableTask',
  accepts: (t) => tasksWithClaudeSession.accepts(t) && typeof t.state?.current_phase === 'string' && !!t.state.current_phase,
  none: 'No orc task has an interrupted Claude session to resume: start one with Baton: Run Task.',
};

/** Open Pull Request: an orange task whose TASK.md has a web address in `pr_url`. */
export const tasksWithPullRequest: CommandTargets<OrangeTask> = {
  contextKey: 'baton.orange.hasPullRequest',
  accepts: (t) => !!t.prUrl && /^https?:\/\//i.test(t.prUrl),
  none: 'No orange task has a pull request yet (pr_url is empty in every TASK.md): orange records one when its agent opens it.',
};

/**
 * Attach to tmux Session: an orange task with a session name in a status where orange keeps one running. Whether the
 * session is alive is asked of tmux by the editor (`liveTmuxNone` when none is).
 */
export const tasksWithTmuxSession: CommandTargets<OrangeTask> = {
  contextKey: 'baton.orange.hasTmuxSession',
  accepts: (t) => mayHaveSession(t),
  none: 'No orange task has a tmux session: orange starts one when it spawns an agent for a task (run orange\'s dashboard).',
};

export const liveTmuxNone = 'No orange task\'s tmux session is running: the agents finished or crashed. orange respawns them while its dashboard runs; start it, then attach.';

/** The items a command can act on, in their order. */
export function targetsOf<T>(items: readonly T[], targets: CommandTargets<T>): T[] {
  return items.filter(targets.accepts);
}

/** Whether any item qualifies (a context key's value). */
export function anyTargets<T>(items: Iterable<T>, targets: CommandTargets<T>): boolean {
  for (const item of items) if (targets.accepts(item)) return true;
  return false;
}
