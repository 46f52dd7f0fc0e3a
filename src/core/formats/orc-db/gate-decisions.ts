import { gateDecision, type OrcGateDecision } from '../orc/gate-decisions';
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
    out.push(gateDecision(task, phase, gate, index, { era: 'db', ref: `${task.id}/${phase}`, file: task.file, gateType: 'human', evidence: false }));
  }
  return out;
}
