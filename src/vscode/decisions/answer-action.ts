import { answerDecision, type DecisionAnswer, type DecisionOutcome } from '../../core/decisions/answer-decision';

export type { AnswerOutcome } from '../orc/db-gate-answer';
import { decisionKey } from '../../core/model/items';
import { decisionsToAnswer } from '../places/decisions-elsewhere';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';
import { answerGateThroughOrc, type AnswerOutcome } from '../orc/db-gate-answer';

/**
 * Answers a pending decision from the inbox, the panel or a command: refuses in an untrusted workspace and for a
 * decision that is no longer pending, writes through the core writer (which refuses files changed since they
 * were shown), then re-reads the written files at once so every view updates without waiting for the watcher.
 */
export async function performAnswer(service: OrchestrationService, key: string, shownVersion: string, answer: DecisionAnswer): Promise<AnswerOutcome> {
  // Every caller shows the outcome's message (the form, a warning), so the check does not show it twice.
  const refused = refusedWhenUntrusted('Answer Decision', false);
  if (refused !== undefined) return { ok: false, message: refused };
  const decision = decisionsToAnswer(service).find((d) => decisionKey(d) === key);
  if (!decision) return { ok: false, message: 'This decision is no longer pending: it was answered, or its file is gone. Nothing was written.' };
  // A gate in orc's database is answered by orc itself (orc approve / orc reject).
  if (decision.system === 'orc' && decision.era === 'db') return answerGateThroughOrc(service, decision, shownVersion, answer);
  let outcome: DecisionOutcome;
  try {
    outcome = await answerDecision(decision, shownVersion, answer);
  } catch (err) {
    outcome = { ok: false, message: `Baton could not write the answer: ${(err as Error).message}` };
  }
  if (outcome.ok) for (const file of outcome.written) await service.fileChanged(file);
  return outcome;
}
