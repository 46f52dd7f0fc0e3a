import path from 'node:path';
import { answerDecision } from '../core/decisions/answer-decision';
import type { OrcGateDecision } from '../core/formats/orc/gate-decisions';
import { printable, printableRow } from '../core/util/printable';
import { UsageError } from './args';
import { dbGateAnswer } from './orc-db-cli';
import { openService } from './open-service';
import type { CliOutput } from './output';

/** `TASK-001:spec` names the human gate after a phase of an orc task (CRP ids never hold a colon). */
export function isGateId(id: string): boolean {
  return /^[^:\s]+:[^:\s]+$/.test(id);
}

/**
 * `baton answer TASK-ID:phase --option approve|reject [--rationale TEXT]`: answers a pending human gate of an
 * orc run exactly as the inbox does (state.yaml's pending gate record gets the decision; a rejection marks the
 * phase failed so the next run redoes it). Exit 0 when written, 1 when refused.
 */
export async function answerGate(id: string, options: readonly string[], rationale: string | undefined, dir: string | undefined, home: string | undefined,
  out: CliOutput): Promise<number> {
  if (options.length !== 1 || (options[0] !== 'approve' && options[0] !== 'reject')) {
    throw new UsageError(printableRow`${id}` + ` is an orc gate: give --option approve or --option reject (with --rationale TEXT)`);
  }
  const decision = options[0] === 'approve' ? 'approved' : 'rejected';
  if (decision === 'rejected' && !rationale?.trim()) throw new UsageError('a rejection needs --rationale TEXT (the agent reads it when it redoes the phase)');
  const { root, service } = await openService({ dir, home, noCache: true });
  const pending = service.decisions().filter((d): d is OrcGateDecision => d.system === 'orc' && d.kind === 'gate' && d.root === root);
  const target = pending.find((d) => d.id === id);
  if (!target) {
    out.error(printableRow`baton answer: no pending gate ${id} under ${root}` +
      (pending.length ? printableRow` (pending: ${pending.map((d) => d.id).join(', ')})` : '') + '.');
    return 1;
  }
  // orc's database era: orc answers its own gate (Baton never writes its database).
  if (target.era === 'db') return dbGateAnswer(root, target.taskId, decision, rationale, out);
  // The inbox's own path: the answer is checked against the gate record as this scan read it.
  const outcome = await answerDecision(target, target.fingerprint, { form: 'gate', decision, rationale: rationale ?? '' });
  if (!outcome.ok) {
    out.error(`baton answer: ${printable(outcome.message)}`);
    return 1;
  }
  out.line(printableRow`${outcome.message} (${path.relative(root, target.file).split(path.sep).join('/')} written)` +
    (decision === 'approved' ? printableRow` Continue with: baton run ${target.taskId}` : ' The next run redoes the phase.'));
  return 0;
}
