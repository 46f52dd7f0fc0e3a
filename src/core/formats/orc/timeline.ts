import type { GateRecord, PhaseRow, PhaseTokens } from './model';
import type { PlanFields, PlanPhaseFields, StateFields, StatePhaseFields } from './schemas';
import { orcTokenTotals } from './tokens';

// The timeline's types live in model.ts, below every reader of them.
export type { PhaseRow, PhaseTokens } from './model';

/**
 * The phase timeline. The plan gives the order; phases only state.yaml knows (classify, a skipped research
 * phase, or the phases already done when orc rewrote plan.yaml with only the remaining ones) are placed by time,
 * oldest first, before the first planned phase that started after them. Without a plan the state's own order is
 * used: the phase list is never guessed from the weight (it changed between orc versions). A plan phase is known
 * by its `id` (what orc's state.yaml and gates name), else by its `name` (the spec's plans have no id).
 */
export function buildTimeline(plan: PlanFields | null, state: StateFields | null, gates: readonly GateRecord[],
  currentPhase: string | null = state?.current_phase || null): PhaseRow[] {
  const statePhases = new Map(Object.entries(state?.phases ?? {}).map(([k, v]) => [k, v ?? {}]));
  const planned = (plan?.phases ?? []).map((p, i) => ({ name: p.id || p.name || `phase ${i + 1}`, plan: p }));
  const plannedNames = new Set(planned.map((p) => p.name));
  const rows = planned.map(({ name, plan: p }) => row(name, p, statePhases.get(name), state, gates, currentPhase));
  const extra = [...statePhases].filter(([name]) => !plannedNames.has(name))
    .map(([name, s]) => row(name, undefined, s, state, gates, currentPhase));
  // Oldest first, so each lands after the earlier ones inserted before the same planned phase.
  const timed = extra.map((r, i) => ({ r, i, at: timeOf(r) }))
    .sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || a.i - b.i);
  for (const { r: phase, at } of timed) {
    const before = at === null ? -1 : rows.findIndex((r) => r.inPlan && (timeOf(r) === null || timeOf(r)! > at));
    if (before < 0) rows.push(phase); else rows.splice(before, 0, phase);
  }
  return rows;
}

function row(name: string, p: PlanPhaseFields | undefined, s: StatePhaseFields | undefined, state: StateFields | null,
  gates: readonly GateRecord[], currentPhase: string | null): PhaseRow {
  return {
    name,
    type: p?.type ?? null,
    // state.yaml is the executor's record; plan.yaml's copy of the status lags behind it, so it only fills a gap.
    status: s?.status || p?.status || 'pending',
    inPlan: p !== undefined,
    current: currentPhase === name,
    iterations: s?.iterations ?? null,
    maxIterations: p?.max_iterations ?? null,
    startedAt: s?.started_at ?? null,
    completedAt: s?.completed_at ?? null,
    interruptedAt: s?.interrupted_at ?? null,
    duration: s?.duration ?? elapsed(s?.started_at, s?.completed_at ?? s?.interrupted_at),
    checkpoint: s?.checkpoint || s?.commit_sha || s?.last_checkpoint || p?.commit_sha || null,
    artifacts: s?.artifacts ?? [],
    filesChanged: s?.files_changed ?? [],
    error: s?.error ?? null,
    timeout: p?.timeout == null ? null : String(p.timeout),
    completionCriteria: (p?.completion_criteria ?? []).map(criterionText),
    gateType: p?.gate?.type ?? null,
    gateCriteria: p?.gate?.criteria ?? [],
    gates: gates.filter((g) => g.phase === name),
    tokens: phaseTokens(name, s, state),
    costUsd: state?.cost?.phase_costs?.[name] ?? null,
  };
}

/** `claude_confirms` stays; `{coverage_above: 80}` becomes `coverage_above: 80`. */
function criterionText(c: string | Record<string, unknown>): string {
  if (typeof c === 'string') return c;
  return Object.entries(c).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ');
}

/** The phase's own `tokens` (orc's code wrote them there) wins; else `tokens.by_phase` (a number or a mapping). */
function phaseTokens(name: string, s: StatePhaseFields | undefined, state: StateFields | null): PhaseTokens | null {
  const own = s?.tokens;
  const byPhase = state?.tokens?.by_phase?.[name];
  const full = own ?? (typeof byPhase === 'object' ? byPhase : undefined);
  if (full) return orcTokenTotals(full);
  if (typeof byPhase === 'number') {
    return { input: null, output: null, cacheCreation: null, cacheRead: null, effectiveInput: null, total: byPhase };
  }
  return null;
}

function timeOf(r: PhaseRow): number | null {
  const t = Date.parse(r.startedAt ?? r.completedAt ?? '');
  return Number.isNaN(t) ? null : t;
}

/** "6m 48s" between two timestamps; null when either is missing or unreadable. */
export function elapsed(from: string | null | undefined, to: string | null | undefined): string | null {
  const a = Date.parse(from ?? '');
  const b = Date.parse(to ?? '');
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  return formatDuration(b - a);
}

export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return m ? `${h}h ${m}m` : `${h}h`;
  if (m) return s ? `${m}m ${s}s` : `${m}m`;
  return `${s}s`;
}
