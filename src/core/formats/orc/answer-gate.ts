import path from 'node:path';
import { isSeq, parseDocument } from 'yaml';
import { EditRefused, readForEdit, writeIfUnchanged } from '../../io/guarded-edit';
import { timestamp } from './edit-context';
import { gateFingerprint } from './gate-decisions';
import { setOrcGateAnswer } from './gate-write';

export interface GateAnswerInput {
  readonly decision: 'approved' | 'rejected';
  readonly rationale: string;
}

export type GateAnswerOutcome = { readonly ok: true; readonly message: string } | { readonly ok: false; readonly message: string };

/**
 * Answers a pending human gate in state.yaml: the pending record gets `decision` (approved/rejected),
 * `rationale` and the answer's `timestamp`. A rejection also marks the phase failed with the reason, so the next
 * run redoes it. Refused when the record shown (its fingerprint) is no longer pending there, when a rejection
 * has no reason, or when the file changes while it is written. Comments and key order are kept.
 */
export async function answerOrcGate(stateFile: string, phase: string, fingerprint: string, answer: GateAnswerInput,
  now: () => Date = () => new Date()): Promise<GateAnswerOutcome> {
  if (answer.decision === 'rejected' && !answer.rationale.trim()) return { ok: false, message: 'a rejection needs a reason (the agent reads it when it redoes the phase)' };
  try {
    const read = await readForEdit(stateFile);
    const doc = parseDocument(read.text);
    if (doc.errors.length) return { ok: false, message: `state.yaml is not valid YAML (${doc.errors[0]!.message}); nothing was written` };
    const gates = doc.get('gates', true);
    const items = isSeq(gates) ? gates.items : [];
    let index = -1;
    for (let i = items.length - 1; i >= 0; i--) {
      if (doc.getIn(['gates', i, 'phase']) === phase) { index = i; break; }
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    if (index < 0 || doc.getIn(['gates', index, 'decision']) !== 'pending') {
      return { ok: false, message: `the gate after ${phase} is not pending any more (someone answered it, or a run moved on); nothing was written` };
    }
    const shown = gateFingerprint(phase, { type: str(doc.getIn(['gates', index, 'type'])) ?? str(doc.getIn(['gates', index, 'gate_type'])),
      timestamp: str(doc.getIn(['gates', index, 'timestamp'])) }, index);
    if (shown !== fingerprint) return { ok: false, message: `the gate after ${phase} changed in state.yaml since it was shown; nothing was written — look again` };
    const at = timestamp(now());
    doc.setIn(['gates', index, 'decision'], answer.decision);
    if (answer.rationale.trim()) doc.setIn(['gates', index, 'rationale'], answer.rationale.trim());
    setOrcGateAnswer(doc, index, answer.decision, answer.rationale.trim() || null);
    doc.setIn(['gates', index, 'timestamp'], at);
    if (answer.decision === 'rejected' && doc.hasIn(['phases', phase])) {
      doc.setIn(['phases', phase, 'status'], 'failed');
      doc.setIn(['phases', phase, 'error'], `rejected at the gate: ${answer.rationale.trim()}`);
    }
    // .orc/tasks/<id>/state.yaml: the workspace folder is three levels above the task's folder.
    await writeIfUnchanged([{ file: stateFile, root: path.resolve(path.dirname(stateFile), '..', '..', '..'), sha256: read.sha256, text: doc.toString({ lineWidth: 0 }) }]);
    return { ok: true, message: `the gate after ${phase} is ${answer.decision}` };
  } catch (err) {
    if (err instanceof EditRefused) return { ok: false, message: err.message };
    throw err;
  }
}
