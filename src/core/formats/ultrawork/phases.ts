/*
 * The spec's state-transition table, which the views draw the phase path from:
 *
 *   EXPLORATION → PLANNING → EXECUTION → VERIFICATION → COMPLETE      (the main line)
 *   Any → FAILED, Any → CANCELLED                                      (terminal)
 *
 * Newer (v7) sessions add DOCUMENTATION, which runs after verification and before COMPLETE.
 */
export const MAIN_LINE = ['EXPLORATION', 'PLANNING', 'EXECUTION', 'VERIFICATION', 'COMPLETE'] as const;
export const TERMINAL = ['FAILED', 'CANCELLED'] as const;

export type StepState = 'done' | 'current' | 'upcoming' | 'failed' | 'cancelled' | 'unknown';

export interface PhaseStep {
  readonly phase: string;
  readonly state: StepState;
}

export interface PhaseFacts {
  readonly phase: string | null;
  /** Session schema version as written ("5.0", "7.0"). */
  readonly version: string | null;
  readonly explorationComplete: boolean;
  readonly planApproved: boolean;
  readonly verifierPassed: boolean;
}

/** The phases a session goes through, in order, for its schema version. */
export function phaseLine(facts: Pick<PhaseFacts, 'phase' | 'version'>): string[] {
  const major = Number.parseInt(facts.version ?? '', 10);
  const documented = facts.phase === 'DOCUMENTATION' || (Number.isFinite(major) && major >= 7);
  return documented ? ['EXPLORATION', 'PLANNING', 'EXECUTION', 'VERIFICATION', 'DOCUMENTATION', 'COMPLETE'] : [...MAIN_LINE];
}

/**
 * Each phase of the line marked done, current or upcoming. A FAILED or CANCELLED session does not say where it
 * stopped: the phases its files prove finished (exploration complete, plan approved, verifier passed) are done,
 * the rest unknown, and the terminal phase is added at the end. An unknown phase is added as written.
 */
export function phaseSteps(facts: PhaseFacts): PhaseStep[] {
  const line = phaseLine(facts);
  const at = facts.phase ? line.indexOf(facts.phase) : -1;
  if (at >= 0) return line.map((phase, i) => ({ phase, state: i < at ? 'done' : i === at ? (phase === 'COMPLETE' ? 'done' : 'current') : 'upcoming' }));
  const proven = new Set<string>();
  if (facts.explorationComplete) proven.add('EXPLORATION');
  if (facts.planApproved) { proven.add('EXPLORATION'); proven.add('PLANNING'); }
  if (facts.verifierPassed) for (const p of ['EXPLORATION', 'PLANNING', 'EXECUTION', 'VERIFICATION']) proven.add(p);
  const terminal = facts.phase === 'FAILED' ? 'failed' : facts.phase === 'CANCELLED' ? 'cancelled' : null;
  const steps: PhaseStep[] = line.filter((p) => !(terminal && p === 'COMPLETE'))
    .map((phase) => ({ phase, state: proven.has(phase) ? 'done' : terminal ? 'unknown' : 'upcoming' }));
  if (facts.phase) steps.push({ phase: facts.phase, state: terminal ?? 'unknown' });
  return steps;
}

export function isTerminal(phase: string | null): boolean {
  return phase === 'FAILED' || phase === 'CANCELLED';
}
