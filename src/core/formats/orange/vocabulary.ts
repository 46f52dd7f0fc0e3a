/** orange's task statuses (spec 004's status table), in the order the tree lists their groups. */
export const ORANGE_STATUSES = ['pending', 'planning', 'clarification', 'working', 'agent-review', 'reviewing', 'stuck', 'done', 'cancelled'] as const;
export type OrangeStatus = (typeof ORANGE_STATUSES)[number];

/** Terminal statuses: their groups start collapsed, and no move leaves them. */
export const TERMINAL_STATUSES: readonly string[] = ['done', 'cancelled'];

/** What a person is asked to do in each status that waits on them (the "Needs you" inbox). */
export const NEEDS_YOU_STATUSES: readonly string[] = ['clarification', 'stuck', 'reviewing'];

/**
 * orange's workflow: the moves its engine makes, plus the ones its dashboard offers a person (cancel, retry a
 * stuck task, send a reviewed task back). Any other move is refused. The section gates on some of these moves
 * are checked separately (transitions.ts).
 */
export const WORKFLOW: Readonly<Record<OrangeStatus, readonly OrangeStatus[]>> = {
  pending: ['planning', 'working', 'cancelled'],
  planning: ['clarification', 'working', 'stuck', 'cancelled'],
  clarification: ['planning', 'working', 'stuck', 'cancelled'],
  working: ['clarification', 'agent-review', 'stuck', 'cancelled'],
  'agent-review': ['reviewing', 'working', 'stuck', 'cancelled'],
  reviewing: ['done', 'working', 'cancelled'],
  stuck: ['planning', 'working', 'agent-review', 'cancelled'],
  done: [],
  cancelled: [],
};

export function isKnownStatus(status: string): status is OrangeStatus {
  return (ORANGE_STATUSES as readonly string[]).includes(status);
}

/** Group order: the table's order; unknown values after the known ones. */
export function orangeStatusRank(status: string): number {
  const i = (ORANGE_STATUSES as readonly string[]).indexOf(status);
  return i < 0 ? ORANGE_STATUSES.length : i;
}

/** A FAIL verdict at this review round or later sends the task to `stuck` instead of back to `working`. */
export const MAX_REVIEW_ROUNDS = 2;

/** Task ids: 21 characters of `[0-9A-Za-z]` (spec 004). */
export const TASK_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const TASK_ID_LENGTH = 21;
export const TASK_ID_PATTERN = /^[0-9A-Za-z]{21}$/;

/** orange advances tasks only while its own dashboard runs: said wherever a person might expect it to happen by itself. */
export const NO_DAEMON_NOTE = 'orange moves tasks on by itself only while its dashboard (`orange`) is running; there is no background daemon.';
