import { gateFingerprint, type OrcGateDecision } from '../orc/gate-decisions';
import type { OrcTask } from '../orc/model';
import { isGatePending } from './map-task';

/**
 * orc's database has no table of pending gates: a task waiting for a person is `blocked` with
 * metadata.blocked_reason "gate_pending" at its current phase (orc also writes a decision_required event and an
 * attention signal). Each such task is one question in Needs You, answered through `orc approve` / `orc reject`.
 */
export function dbGateDecisionsOf(tasks: readonly OrcTask[]): OrcGateDecision[] {
  const out: OrcGateDecision[] = [];
  for (const task of tasks) {
    if (task.era !== 'db' || !isGatePending(task)) continue;
    const index = task.gates.findIndex((g) => g.decision === 'pending');
    const gate = task.gates[index];
    const phase = gate?.phase ?? task.currentPhase;
    if (!gate || !phase) continue;
    const row = task.phases.find((p) => p.name === phase);
    const planned = task.phases.filter((p) => p.inPlan);
    const at = planned.findIndex((p) => p.name === phase);
    out.push({
      system: 'orc', kind: 'gate', era: 'db', id: `${task.id}:${phase}`, ref: `${task.id}/${phase}`, status: 'pending',
      question: `Approve the ${phase} phase of ${task.id} (${task.title})?`,
      file: task.file, root: task.root,
      taskId: task.id, taskTitle: task.title, phase,
      nextPhase: at >= 0 ? planned[at + 1]?.name ?? null : null,
      gateType: 'human', requestedAt: gate.timestamp,
      phaseStatus: row?.status ?? null, checkpoint: row?.checkpoint ?? null,
      filesChanged: [], artifacts: [], criteria: [],
      fingerprint: gateFingerprint(phase, gate, index),
    });
  }
  return out;
}
