/** orange's task statuses today (its `TaskStatus` type since February 2026), in workflow order. */
export const ORANGE_STATUSES = ['pending', 'planning', 'clarification', 'working', 'agent-review', 'reviewing', 'stuck', 'done', 'cancelled'] as const;
export type OrangeStatus = (typeof ORANGE_STATUSES)[number];

/**
 * Statuses older orange versions wrote, which stay in the TASK.md of tasks created then (orange never migrated
 * them): `needs_human` (the first name of reviewing, January 26–27 2026), `reviewed` (a person approved, waiting to
 * be merged) and `failed` (the agent crashed or errored), both removed on February 1 2026. Today's orange reads
 * them as written and has no move out of them.
 */
export const LEGACY_STATUSES: Readonly<Record<string, string>> = {
  needs_human: 'waiting for a person to review (orange\'s first name for reviewing, January 2026)',
  reviewed: 'approved by a person, waiting to be merged (orange before February 2026)',
  failed: 'the agent crashed or errored (orange before February 2026; now cancelled)',
};

/** Every status some orange version wrote: no warning for these. */
export const WRITTEN_STATUSES: readonly string[] = [...ORANGE_STATUSES, ...Object.keys(LEGACY_STATUSES)];

/** Terminal statuses: their groups start collapsed, and no move leaves them. */
export const TERMINAL_STATUSES: readonly string[] = ['done', 'cancelled', 'failed'];

/** What a person is asked to do in each status that waits on them (the "Needs you" inbox). */
export const NEEDS_YOU_STATUSES: readonly string[] = ['clarification', 'stuck', 'reviewing'];

/**
 * The statuses orange expects a live tmux session in (its exit monitor's list): a task in any other status, legacy
 * ones included, is never reported crashed.
 */
export const SESSION_STATUSES: readonly string[] = ['planning', 'clarification', 'working', 'agent-review', 'reviewing', 'stuck'];

/**
 * The statuses in which an agent is at work in the task's session (spec 004: "Agent reading task, writing plan",
 * "Agent waiting for user input", "Agent implementing", "Review agent evaluating"): only there is a dead session a
 * crash. In `reviewing` and `stuck` orange waits for a person, so a session may still be open but none is owed.
 */
export const AGENT_STATUSES: readonly string[] = ['planning', 'clarification', 'working', 'agent-review'];

/**
 * orange's workflow: the moves its engine makes (`TRANSITION_MAP` in src/core/transitions.ts), plus the ones its
 * dashboard and an agent's `orange task update --status` make (cancel, retry a stuck task, send a reviewed task
 * back). Any other move is refused. The section gates on some of these moves are checked separately
 * (transitions.ts).
 */
export const WORKFLOW: Readonly<Record<OrangeStatus, readonly OrangeStatus[]>> = {
  pending: ['planning', 'working', 'cancelled'],
  planning: ['clarification', 'working', 'stuck', 'cancelled'],
  clarification: ['planning', 'working', 'stuck', 'cancelled'],
  working: ['clarification', 'agent-review', 'stuck', 'cancelled'],
  'agent-review': ['reviewing', 'working', 'stuck', 'cancelled'],
  reviewing: ['done', 'working', 'cancelled'],
  stuck: ['planning', 'working', 'agent-review', 'reviewing', 'cancelled'],
  done: [],
  cancelled: [],
};

export function isKnownStatus(status: string): status is OrangeStatus {
  return (ORANGE_STATUSES as readonly string[]).includes(status);
}

export function isLegacyStatus(status: string): boolean {
  return Object.prototype.hasOwnProperty.call(LEGACY_STATUSES, status);
}

/** Group order: the workflow's order with each legacy status beside the one it became; unknown values last. */
const GROUP_ORDER: readonly string[] = ['pending', 'planning', 'clarification', 'working', 'agent-review', 'needs_human', 'reviewing',
  'reviewed', 'stuck', 'done', 'cancelled', 'failed'];

export function orangeStatusRank(status: string): number {
  const i = GROUP_ORDER.indexOf(status);
  return i < 0 ? GROUP_ORDER.length : i;
}

/** A FAIL verdict at this review round or later sends the task to `stuck` instead of back to `working`. */
export const MAX_REVIEW_ROUNDS = 2;

/** Task ids: 21 characters of `[0-9A-Za-z]` (spec 004; orange since January 28 2026 — earlier ids had 8). */
export const TASK_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const TASK_ID_LENGTH = 21;
export const TASK_ID_PATTERN = /^[0-9A-Za-z]{21}$/;

/** orange advances tasks only while its own dashboard runs: said wherever a person might expect it to happen by itself. */
export const NO_DAEMON_NOTE = 'orange moves tasks on by itself only while its dashboard (`orange`) is running; there is no background daemon.';
