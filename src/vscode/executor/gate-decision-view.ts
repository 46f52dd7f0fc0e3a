import { decisionVersion } from '../../core/decisions/answer-decision';
import type { OrcGateDecision } from '../../core/formats/orc/gate-decisions';
import type { DecisionView } from '../../shared/decisions-protocol';

/**
 * A pending orc human gate as the inbox form shows it. `version` is the fingerprint of the pending record: the
 * writer refuses the answer when state.yaml no longer holds that record pending (another answer, or a run that
 * moved on).
 */
export function gateDecisionView(d: OrcGateDecision, key: string, source: string): Omit<DecisionView, 'folder'> {
  return {
    key, version: decisionVersion(d), system: d.system, title: `${d.taskId} · ${d.phase}`,
    subtitle: `orc gate${d.taskTitle ? ` · ${d.taskTitle}` : ''}`, source,
    form: {
      form: 'gate', taskId: d.taskId, taskTitle: d.taskTitle, phase: d.phase, nextPhase: d.nextPhase, gateType: d.gateType,
      requestedAt: d.requestedAt, phaseStatus: d.phaseStatus, checkpoint: d.checkpoint, filesChanged: d.filesChanged,
      artifacts: d.artifacts, criteria: d.criteria,
    },
  };
}

export function gateDecisionLabel(d: OrcGateDecision): { label: string; description: string; detail: string } {
  return { label: d.id, description: `orc gate${d.taskTitle ? ` · ${d.taskTitle}` : ''}`, detail: d.question };
}
