import type { DecisionAnswer, DecisionOutcome } from '../../core/decisions/answer-decision';
import type { OrcGateDecision } from '../../core/formats/orc/gate-decisions';
import { approveGate, rejectGate } from '../../core/orc-cli/orc-actions';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { runOrcAction } from './orc-cli-host';

/** An answer's outcome; a refusal from orc's side names the command to run by hand (the form offers to copy it). */
export type AnswerOutcome = DecisionOutcome | (Extract<DecisionOutcome, { ok: false }> & { readonly manualCommand?: string });

/**
 * Answers a human gate of orc's database the only way orc's database is changed: `orc approve <ID>` (orc's approve
 * takes no reason, so none is passed whatever the form held) or `orc reject <ID> --reason <why>` (a reason is
 * required, as for the file era: orc records it on the gate decision). The gate must still be the one the form
 * showed; orc's answer is read back at once, so the gate leaves Needs You without waiting for the watcher.
 */
export async function answerGateThroughOrc(service: OrchestrationService, gate: OrcGateDecision, shownVersion: string,
  answer: DecisionAnswer): Promise<AnswerOutcome> {
  if (answer.form !== 'gate') return { ok: false, message: `${gate.id} is an orc gate; this answer is for a ${answer.form}` };
  if (gate.fingerprint !== shownVersion) {
    return { ok: false, message: `${gate.taskId} changed in orc's database since this gate was shown (another answer, or a new run). Nothing was run.` };
  }
  const reason = answer.rationale.trim();
  if (answer.decision === 'rejected' && !reason) return { ok: false, message: 'A rejection needs a reason: orc records it with the gate decision.' };
  const result = await runOrcAction(service, answer.decision === 'approved' ? `Approve ${gate.id}` : `Reject ${gate.id}`, gate.root,
    (options) => answer.decision === 'approved' ? approveGate(gate.root, gate.taskId, options) : rejectGate(gate.root, gate.taskId, reason, options),
    { quiet: true });
  if (!result.ok) return { ok: false, message: result.message, ...(result.manualCommand ? { manualCommand: result.manualCommand } : {}) };
  return {
    ok: true,
    message: answer.decision === 'approved'
      ? `${gate.taskId}: the ${gate.phase} gate approved (${result.command}); the task is planned again: Run Task (orc run ${gate.taskId}) goes on with ${gate.nextPhase ?? 'its next phase'}.`
      : `${gate.taskId}: the ${gate.phase} gate rejected (${result.command}); orc marks the task failed.`,
    written: [gate.file],
  };
}
