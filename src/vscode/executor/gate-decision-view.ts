import { decisionVersion } from '../../core/decisions/answer-decision';
import type { OrcGateDecision } from '../../core/formats/orc/gate-decisions';
import type { DecisionView } from '../../shared/decisions-protocol';
import { commandLine } from '../../core/orc-cli/command-line';

/**
 * A pending orc human gate as the inbox form shows it. `version` is the fingerprint of the pending record: the
 * writer refuses the answer when state.yaml no longer holds that record pending (another answer, or a run that
 * moved on); for a gate of orc's database, when the task is no longer the one shown. Such a gate is answered by
 * `orc approve` / `orc reject`, which the form names.
 */
export function gateDecisionView(d: OrcGateDecision, key: string, source: string): Omit<DecisionView, 'folder'> {
  return {
    key, version: decisionVersion(d), system: d.system, title: `${d.taskId} · ${d.phase}`, taskTitle: d.taskTitle || d.taskId,
    subtitle: `orc gate${d.taskTitle ? ` · ${d.taskTitle}` : ''}`,
    // The link opens the gate's file; a gate of orc's database opens its task's detail instead.
    source: d.era === 'db' ? `${d.taskId} in orc's database` : source,
    form: {
      form: 'gate', taskId: d.taskId, taskTitle: d.taskTitle, phase: d.phase, nextPhase: d.nextPhase, gateType: d.gateType,
      requestedAt: d.requestedAt, phaseStatus: d.phaseStatus, checkpoint: d.checkpoint, filesChanged: d.filesChanged,
      artifacts: d.artifacts, criteria: d.criteria,
      answeredBy: d.era === 'db'
        ? { by: 'orc', approve: commandLine(['approve', d.taskId]), reject: `${commandLine(['reject', d.taskId])} --reason <why>` }
        : { by: 'baton' },
    },
  };
}

export function gateDecisionLabel(d: OrcGateDecision): { label: string; description: string; detail: string } {
  return { label: d.id, description: `orc gate${d.taskTitle ? ` · ${d.taskTitle}` : ''}`, detail: d.question };
}
