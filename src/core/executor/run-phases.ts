import type { PhaseEndStatus, RunOutcome } from './contract';
import { gateTypeFor, passGate, waitForHuman } from './gates';
import type { PlannedPhase } from './load-task';
import { runFinalize } from './finalize';
import { runPhase, type PhaseResult } from './run-phase';
import type { RunContext } from './run-context';

type Resume = { phase: string; sessionId: string; iterationsDone: number } | null;

/** The run proper: state.yaml says `running` with a live heartbeat until the last phase (or gate) is settled. */
export async function runPhases(rc: RunContext, phases: readonly PlannedPhase[], resume: Resume, heartbeatMs: number): Promise<RunOutcome> {
  const started = rc.now().getTime();
  const first = phases[0]?.name ?? String((await rc.state.state.read()).current_phase ?? '');
  await rc.state.runStarted(first, rc.workspace.branch);
  const heartbeat = setInterval(() => { rc.state.heartbeat().catch(() => undefined); }, heartbeatMs);
  rc.emit({ type: 'run-start', taskId: rc.task.taskId, phases: phases.map((p) => p.name), cwd: rc.workspace.cwd, branch: rc.workspace.branch });
  let outcome: RunOutcome;
  try {
    outcome = await runAll(rc, phases, resume);
  } catch (err) {
    outcome = { status: 'failed', message: `the executor failed: ${(err as Error).message}`, phasesRun: [] };
    // The phase it was in must not be left saying `running`.
    const state = await rc.state.state.read().catch(() => ({} as Record<string, unknown>));
    const current = typeof state.current_phase === 'string' ? state.current_phase : null;
    const phases = (state.phases ?? {}) as Record<string, { status?: unknown } | null>;
    if (current && phases[current]?.status === 'running') await rc.state.phaseEnded(current, 'failed', outcome.message, 0).catch(() => undefined);
  } finally {
    clearInterval(heartbeat);
  }
  const all = rc.task.phases.every((p) => outcome.phasesRun.includes(p.name)) || await everyPhaseDone(rc);
  const stateStatus = outcome.status === 'completed' ? (all ? 'completed' : 'paused')
    : outcome.status === 'cancelled' || outcome.status === 'waiting' ? 'paused' : outcome.status === 'blocked' ? 'blocked' : 'failed';
  await rc.state.runEnded(stateStatus, stateStatus, outcome.status === 'failed' ? outcome.message : null, started);
  return outcome;
}

async function everyPhaseDone(rc: RunContext): Promise<boolean> {
  const state = await rc.state.state.read();
  const phases = (state.phases ?? {}) as Record<string, { status?: unknown } | null>;
  return rc.task.phases.every((p) => ['completed', 'skipped'].includes(String(phases[p.name]?.status)));
}

async function runAll(rc: RunContext, phases: readonly PlannedPhase[], resume: Resume): Promise<RunOutcome> {
  const run: string[] = [];
  const end = (status: RunOutcome['status'], message: string): RunOutcome => ({ status, message, phasesRun: run });

  // A human gate an earlier run left pending must be answered before the next phase starts.
  const earlier = await pendingGates(rc, phases[0]);
  for (const phase of earlier) {
    const gate = await waitForHuman(rc, phase);
    const stop = await afterGate(rc, phase, gate.decision, gate.rationale);
    if (stop) return end(stop.status, stop.message);
  }

  for (const phase of phases) {
    if (rc.signal.aborted) return end('cancelled', `cancelled before ${phase.name}`);
    const result: PhaseResult = phase.type === 'finalize'
      ? await runFinalize(rc, phase, resume?.phase === phase.name ? resume : null)
      : await runPhase(rc, phase, resume?.phase === phase.name ? resume : null);
    run.push(phase.name);
    if (result.status !== 'completed') return end(result.status as RunOutcome['status'], `${phase.name} ${result.status}${result.message ? `: ${result.message}` : ''}`);
    const type = gateTypeFor(phase, rc.task.task.weight, rc.config.gates);
    const gate = await passGate(rc, phase, type, result.summary, result.criteria);
    const stop = await afterGate(rc, phase.name, gate.decision, gate.rationale);
    if (stop) return end(stop.status, stop.message);
  }
  return end('completed', run.length ? `${rc.task.taskId}: ${run.join(', ')} completed` : `${rc.task.taskId}: no phase left to run`);
}

/** What a gate decision means for the run: null to go on. A rejected phase is failed, so a later run redoes it. */
async function afterGate(rc: RunContext, phase: string, decision: string, rationale: string | null):
  Promise<{ status: Exclude<PhaseEndStatus, 'blocked'> | 'blocked'; message: string } | null> {
  if (decision === 'approved') return null;
  if (decision === 'waiting') {
    return { status: 'waiting', message: `waiting for a human to approve the gate after ${phase}: ` +
      `baton answer ${rc.task.taskId}:${phase} --option approve (or --option reject --rationale TEXT), then run again` };
  }
  if (decision === 'cancelled') return { status: 'cancelled', message: `cancelled at the gate after ${phase}` };
  await rc.state.phaseEnded(phase, 'failed', `rejected at the gate: ${rationale ?? ''}`.trim(), 0);
  return { status: 'failed', message: `the gate after ${phase} rejected it${rationale ? `: ${rationale}` : ''}` };
}

/** Completed phases before `next` whose latest gate record is still pending (a run stopped there). */
async function pendingGates(rc: RunContext, next: PlannedPhase | undefined): Promise<string[]> {
  const state = await rc.state.state.read();
  const gates = Array.isArray(state.gates) ? state.gates as Record<string, unknown>[] : [];
  const phases = (state.phases ?? {}) as Record<string, { status?: unknown } | null>;
  const stop = next ? rc.task.phases.findIndex((p) => p.name === next.name) : rc.task.phases.length;
  const out: string[] = [];
  for (const p of rc.task.phases.slice(0, stop < 0 ? 0 : stop)) {
    const latest = gates.filter((g) => g.phase === p.name).at(-1);
    if (latest?.decision === 'pending' && phases[p.name]?.status === 'completed') out.push(p.name);
  }
  return out;
}
