import type { Verdict } from './section-rules';
import { isKnownStatus, isLegacyStatus, LEGACY_STATUSES, MAX_REVIEW_ROUNDS, TERMINAL_STATUSES, WORKFLOW } from './vocabulary';

/** What a move is checked against: the task's status, review round and section gates as they are on disk. */
export interface GateState {
  readonly status: string;
  readonly reviewRound: number;
  readonly plan: boolean | null;
  readonly handoff: boolean | null;
  readonly verdict: Verdict | null;
}

export type MoveCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Whether orange's workflow allows moving a task from its status to `to`, with the section gate the engine checks
 * before that move: work needs a valid Plan, review needs a valid Handoff, leaving agent review needs the Review's
 * verdict (PASS to reach a person; FAIL back to work, or to stuck once the review round reaches 2).
 */
export function checkMove(task: GateState, to: string): MoveCheck {
  const from = task.status;
  if (from === to) return { ok: false, reason: `the task is already ${to}` };
  if (!isKnownStatus(to)) return { ok: false, reason: `"${to}" is not one of orange's statuses` };
  // orange 36d6d0d (2026-02-14) on: `orange task respawn` reopens a cancelled task (to pending, then planning); no other move.
  if (from === 'cancelled') return { ok: false, reason: 'the task is cancelled; orange reopens it only with `orange task respawn` (it starts over from planning), not by a move' };
  if (TERMINAL_STATUSES.includes(from)) return { ok: false, reason: `the task is ${from}; orange never moves a ${from} task again` };
  if (isLegacyStatus(from)) return { ok: false, reason: `"${from}" is a status of an older orange (${LEGACY_STATUSES[from]}); today's orange has no move out of it` };
  if (!from) return { ok: false, reason: 'TASK.md has no status, so orange\'s workflow does not say where it may go; write one first' };
  if (!isKnownStatus(from)) return { ok: false, reason: `the task's status "${from}" is not one of orange's, so its workflow does not say where it may go; fix the status in TASK.md first` };
  if (!WORKFLOW[from].includes(to)) {
    return { ok: false, reason: `orange's workflow does not move a task from ${from} to ${to} (from ${from}: ${WORKFLOW[from].join(', ')})` };
  }
  if (to === 'working' && task.plan !== true && (from === 'planning' || from === 'clarification' || from === 'pending')) {
    return { ok: false, reason: task.plan === null
      ? 'there is no ## Plan yet: orange starts work only after the agent wrote one (APPROACH: or TOUCHING:)'
      : 'the ## Plan has no APPROACH: or TOUCHING: line with text after the colon' };
  }
  if (to === 'agent-review' && task.handoff !== true) {
    return { ok: false, reason: task.handoff === null
      ? 'there is no ## Handoff: orange sends a task to agent review only after the agent wrote one (DONE:, REMAINING:, DECISIONS: or UNCERTAIN:)'
      : 'the ## Handoff has none of DONE:, REMAINING:, DECISIONS:, UNCERTAIN: with text after the colon' };
  }
  if (from === 'agent-review') {
    if (to === 'reviewing' && task.verdict !== 'PASS') {
      return { ok: false, reason: task.verdict === 'FAIL' ? 'the ## Review says Verdict: FAIL' : 'the ## Review has no verdict yet (its first line must be "Verdict: PASS")' };
    }
    if (to === 'working') {
      if (task.verdict !== 'FAIL') return { ok: false, reason: task.verdict === 'PASS' ? 'the ## Review says Verdict: PASS; move it to reviewing' : 'the ## Review has no verdict yet (its first line must be "Verdict: FAIL" to send it back)' };
      if (task.reviewRound >= MAX_REVIEW_ROUNDS) return { ok: false, reason: `a FAIL at review round ${task.reviewRound} (≥ ${MAX_REVIEW_ROUNDS}) makes the task stuck, not working` };
    }
  }
  return { ok: true };
}

/** The statuses a task may move to now (its workflow's next statuses whose gates pass). */
export function allowedMoves(task: GateState): string[] {
  if (!isKnownStatus(task.status)) return [];
  return WORKFLOW[task.status].filter((to) => checkMove(task, to).ok);
}

/** The review round a move sets: entering agent review starts the next round. */
export function nextReviewRound(task: GateState, to: string): number {
  return to === 'agent-review' ? task.reviewRound + 1 : task.reviewRound;
}
