import { answerQuestionsInBody } from './answer-questions';
import type { OrangeDecision } from './model';
import { moveNeedsReason } from './move-labels';
import { editTask, type EditOutcome } from './task-edit';

/** What the inbox form sends for an orange task: where to move it, and answers for a clarification. */
export interface OrangeAnswer {
  readonly to: string;
  /** One per `## Questions` list item, in order ('' for none). */
  readonly answers: readonly string[];
  /** A general answer (or the answer to questions written as prose); for other kinds, the reason for the move. */
  readonly note: string;
}

/**
 * Resolves an orange task that waits on a person: a clarification's answers are written into its `## Questions`
 * and the task moves on in the same write; a stuck or reviewed task moves where the person chose. Refused when
 * TASK.md is not what the form showed, or when orange's workflow or its gates refuse the move.
 */
export async function answerOrangeDecision(d: OrangeDecision, shownHash: string, answer: OrangeAnswer): Promise<EditOutcome> {
  const answered = answer.answers.some((a) => a.trim()) || !!answer.note.trim();
  if (d.kind === 'clarification' && !answered) return { ok: false, message: `${d.id}: write an answer to at least one question first; nothing was written` };
  if (moveNeedsReason(d.kind) && !answer.note.trim()) {
    return { ok: false, message: `${d.id}: write why you move it out of ${d.kind} (history.jsonl records the reason); nothing was written` };
  }
  return editTask({
    file: d.file, shownHash, to: answer.to,
    reason: d.kind === 'clarification' ? 'answered in Baton' : answer.note.trim().replace(/\s+/g, ' ').slice(0, 500) || undefined,
    body: d.kind === 'clarification' ? (split) => answerQuestionsInBody(split.body, answer.answers, answer.note) : undefined,
  });
}
