import crypto from 'node:crypto';
import type { DecisionBase } from '../../model/items';
import { runSteps, type Steps } from '../../util/steps';
import type { GateRecord, OrcEra, OrcTask } from './model';

/**
 * A `human` gate the executor recorded as pending in state.yaml (`{phase, type: human, decision: pending,
 * timestamp}`): a question in the "Needs you" inbox, visible from the files alone, whether or not a run still
 * waits on it.
 */
export interface OrcGateDecision extends DecisionBase {
  readonly system: 'orc';
  readonly kind: 'gate';
  /**
   * Where the gate waits: `file`, a pending record in state.yaml that Baton answers itself; `db`, a task of orc's
   * database blocked at the gate, answered only through `orc approve` / `orc reject`.
   */
  readonly era: OrcEra;
  /** `TASK-001:spec`, the form `baton answer` takes. */
  readonly id: string;
  readonly taskId: string;
  readonly taskTitle: string | null;
  readonly phase: string;
  readonly nextPhase: string | null;
  readonly gateType: string;
  readonly requestedAt: string | null;
  readonly phaseStatus: string | null;
  readonly checkpoint: string | null;
  readonly filesChanged: readonly string[];
  readonly artifacts: readonly string[];
  readonly criteria: readonly string[];
  /**
   * Identifies the pending record as shown (phase, type, request time, position). The answer is refused when
   * state.yaml no longer holds that record pending; heartbeats and token updates alone do not refuse it.
   */
  readonly fingerprint: string;
}

export function gateFingerprint(phase: string, g: Pick<GateRecord, 'type' | 'timestamp'>, index: number): string {
  return crypto.createHash('sha256').update(JSON.stringify([phase, g.type, g.timestamp, index])).digest('hex').slice(0, 16);
}

/** The pending human gates of the tasks: per phase, only when its latest gate record is still pending. */
export function gateDecisionsOf(tasks: readonly OrcTask[]): OrcGateDecision[] {
  return runSteps(gateDecisionsSteps(tasks));
}

/** How many tasks gateDecisionsSteps looks at between two steps. */
const TASKS_PER_STEP = 500;

/**
 * Each task's pending gates, by the task item: items are immutable and a relink hands back the very same item for a
 * task none of whose inputs changed, so one task's change looks at that task alone (a relink of 10,000 tasks made
 * every gate's decision again: a third of the time from a changed file to its change event).
 */
const gatesByTask = new WeakMap<OrcTask, readonly OrcGateDecision[]>();

/** gateDecisionsOf as steps (util/steps.ts): a scan's link of 10,000 tasks runs it in slices. */
export function* gateDecisionsSteps(tasks: readonly OrcTask[]): Steps<OrcGateDecision[]> {
  const out: OrcGateDecision[] = [];
  let n = 0;
  for (const task of tasks) {
    if (++n % TASKS_PER_STEP === 0) yield;
    let decisions = gatesByTask.get(task);
    if (!decisions) gatesByTask.set(task, decisions = pendingGatesOf(task));
    for (const decision of decisions) out.push(decision);
  }
  return out;
}

function pendingGatesOf(task: OrcTask): readonly OrcGateDecision[] {
  // The state record first: most tasks have no gate, and task.gates is built each time it is asked for.
  if (!task.stateFile || !task.state?.gates?.length) return NONE;
  const out: OrcGateDecision[] = [];
  const latest = new Map<string, { gate: GateRecord; index: number }>();
  task.gates.forEach((gate, index) => { if (gate.phase) latest.set(gate.phase, { gate, index }); });
  for (const [phase, { gate, index }] of latest) {
    if (gate.decision !== 'pending') continue;
    out.push(gateDecision(task, phase, gate, index, { era: 'file', ref: `${task.dir}/${phase}`, file: task.stateFile, gateType: gate.type ?? 'human', evidence: true }));
  }
  return out;
}

const NONE: readonly OrcGateDecision[] = Object.freeze([]);

/**
 * One pending gate as a question, with what the task's phase row and plan say of it. `evidence`: the phase's changed
 * files, artifacts and completion criteria, which only state.yaml records (the database era has none of them).
 */
export function gateDecision(task: OrcTask, phase: string, gate: GateRecord, index: number,
  where: { era: OrcEra; ref: string; file: string; gateType: string; evidence: boolean }): OrcGateDecision {
  const row = task.phases.find((p) => p.name === phase);
  const planned = task.phases.filter((p) => p.inPlan);
  const at = planned.findIndex((p) => p.name === phase);
  return {
    system: 'orc', kind: 'gate', era: where.era, id: `${task.id}:${phase}`, ref: where.ref, status: 'pending',
    question: `Approve the ${phase} phase of ${task.id} (${task.title})?`,
    file: where.file, root: task.root,
    taskId: task.id, taskTitle: task.title, phase,
    nextPhase: at >= 0 ? planned[at + 1]?.name ?? null : null,
    gateType: where.gateType, requestedAt: gate.timestamp,
    phaseStatus: row?.status ?? null, checkpoint: row?.checkpoint ?? null,
    filesChanged: where.evidence ? row?.filesChanged ?? [] : [], artifacts: where.evidence ? row?.artifacts ?? [] : [],
    criteria: where.evidence ? row?.completionCriteria ?? [] : [],
    fingerprint: gateFingerprint(phase, gate, index),
  };
}

/** `baton scan --json`'s shape of a pending gate. */
export function orcGateDecisionJson(d: OrcGateDecision, rel: (file: string) => string): Record<string, unknown> {
  return {
    system: d.system, kind: d.kind, id: d.id, task: d.taskId, taskId: d.taskId, phase: d.phase, status: d.status, question: d.question,
    gateType: d.gateType, requestedAt: d.requestedAt, nextPhase: d.nextPhase,
    options: [{ id: 'approve', label: 'Approve' }, { id: 'reject', label: 'Reject (with a reason)' }], recommendation: null,
    file: rel(d.file),
  };
}
