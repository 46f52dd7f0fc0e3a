import type { GateRecord, PhaseRow, PhaseTokens } from '../orc/model';
import { elapsed } from '../orc/timeline';
import type { DbPhase, DbRunPhase, DbWorkflow } from './record';

/**
 * A database-era task's phase timeline: its workflow's phases in orc's order (workflow_phases.sequence), each
 * merged with its `phases` row (status, iterations, times, tokens, commit, error) and its gate decisions. Phases
 * with a row but not in the workflow (run under another workflow, or a workflow since edited) follow in the order
 * they started. orc writes phase status pending, completed or skipped; the running phase is the task's
 * current_phase (still `pending` in its row). orc leaves a phase row's `iterations` at 0 unless the phase looped or was
 * retried; the phase of the task's latest workflow run (`runs`) counts them, and the larger of the two is shown.
 */
export function dbTimeline(workflow: DbWorkflow | undefined, rows: readonly DbPhase[], gates: readonly GateRecord[],
  currentPhase: string | null, runs: readonly DbRunPhase[] = []): PhaseRow[] {
  const byId = new Map(rows.map((r) => [r.phaseId, r]));
  const runOf = new Map(runs.map((r) => [r.phaseId, r]));
  const planned = workflow?.phases ?? [];
  const plannedIds = new Set(planned.map((p) => p.id));
  const row = (id: string, inPlan: boolean, type: string | null, gateType: string | null, max: number | null) =>
    phaseRow(id, byId.get(id), runOf.get(id), gates, currentPhase, inPlan, type, gateType, max);
  const out = planned.map((p) => row(p.id, true, p.type, p.gateType, p.maxIterations));
  for (const r of rows) {
    if (!plannedIds.has(r.phaseId)) out.push(row(r.phaseId, false, null, null, null));
  }
  return out;
}

function phaseRow(name: string, r: DbPhase | undefined, run: DbRunPhase | undefined, gates: readonly GateRecord[],
  currentPhase: string | null, inPlan: boolean, type: string | null, gateType: string | null, maxIterations: number | null): PhaseRow {
  const iterations = run?.iterations != null || r?.iterations != null ? Math.max(run?.iterations ?? 0, r?.iterations ?? 0) : null;
  return {
    name, type, status: r?.status || 'pending', inPlan, current: currentPhase === name,
    iterations, maxIterations,
    startedAt: r?.startedAt ?? null, completedAt: r?.completedAt ?? null, interruptedAt: r?.interruptedAt ?? null,
    duration: elapsed(r?.startedAt, r?.completedAt ?? r?.interruptedAt),
    checkpoint: r?.commitSha ?? null,
    artifacts: [], filesChanged: [],
    error: r?.error ?? null, timeout: null, completionCriteria: [],
    gateType, gateCriteria: [],
    gates: gates.filter((g) => g.phase === name),
    tokens: r ? phaseTokens(r) : null,
    costUsd: r?.costUsd ?? null,
  };
}

/** orc keeps the uncached input apart from the two cache counts (total = all four): nothing is counted twice. */
function phaseTokens(r: DbPhase): PhaseTokens {
  return {
    input: r.inputTokens, output: r.outputTokens, cacheCreation: r.cacheCreationTokens, cacheRead: r.cacheReadTokens,
    effectiveInput: r.inputTokens + r.cacheCreationTokens + r.cacheReadTokens,
    total: r.inputTokens + r.outputTokens + r.cacheCreationTokens + r.cacheReadTokens,
  };
}
