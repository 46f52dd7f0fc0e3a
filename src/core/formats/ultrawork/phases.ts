/*
 * The phase path the views draw, as the plugin moves a session (mnthe/hardworker-marketplace, plugins/ultrawork:
 * setup-ultrawork.js starts every session in PLANNING, session-validation.js allows the transitions):
 *
 *   PLANNING → EXECUTION → VERIFICATION → (DOCUMENTATION →) COMPLETE      (the main line; VERIFICATION or
 *                                                                         DOCUMENTATION → EXECUTION is the retry loop)
 *   Any → FAILED, Any → CANCELLED                                         (terminal)
 *
 * Exploration is a stage of PLANNING (`exploration_stage`), never a phase the plugin writes; the spec's table starts
 * with an EXPLORATION phase, so a session that is in it gets that step first. DOCUMENTATION arrived with plugin 1.2:
 * a session has it when its file carries `documenter_completed` or is in that phase (7.0 sessions of plugins 1.0–1.1
 * went from VERIFICATION straight to COMPLETE).
 */
export const MAIN_LINE = ['PLANNING', 'EXECUTION', 'VERIFICATION', 'COMPLETE'] as const;
export const TERMINAL = ['FAILED', 'CANCELLED'] as const;

export type StepState = 'done' | 'current' | 'upcoming' | 'failed' | 'cancelled' | 'unknown';

export interface PhaseStep {
  readonly phase: string;
  readonly state: StepState;
}

export interface PhaseFacts {
  readonly phase: string | null;
  /** The session has the DOCUMENTATION phase (its file has `documenter_completed`). */
  readonly documented: boolean;
  readonly planApproved: boolean;
  readonly verifierPassed: boolean;
  readonly documenterCompleted: boolean;
}

/** The phases a session goes through, in order. */
export function phaseLine(facts: Pick<PhaseFacts, 'phase' | 'documented'>): string[] {
  const line: string[] = facts.documented || facts.phase === 'DOCUMENTATION'
    ? ['PLANNING', 'EXECUTION', 'VERIFICATION', 'DOCUMENTATION', 'COMPLETE'] : [...MAIN_LINE];
  return facts.phase === 'EXPLORATION' ? ['EXPLORATION', ...line] : line;
}

/**
 * Each phase of the line marked done, current or upcoming. A FAILED or CANCELLED session does not say where it
 * stopped: the phases its files prove finished (plan approved, verifier passed, documenter completed) are done,
 * the rest unknown, and the terminal phase is added at the end. An unknown phase is added as written.
 */
export function phaseSteps(facts: PhaseFacts): PhaseStep[] {
  const line = phaseLine(facts);
  const at = facts.phase ? line.indexOf(facts.phase) : -1;
  if (at >= 0) return line.map((phase, i) => ({ phase, state: i < at ? 'done' : i === at ? (phase === 'COMPLETE' ? 'done' : 'current') : 'upcoming' }));
  const proven = new Set<string>();
  if (facts.planApproved) proven.add('PLANNING');
  if (facts.verifierPassed) for (const p of ['PLANNING', 'EXECUTION', 'VERIFICATION']) proven.add(p);
  if (facts.documenterCompleted) for (const p of ['PLANNING', 'EXECUTION', 'VERIFICATION', 'DOCUMENTATION']) proven.add(p);
  const terminal = facts.phase === 'FAILED' ? 'failed' : facts.phase === 'CANCELLED' ? 'cancelled' : null;
  const steps: PhaseStep[] = line.filter((p) => !(terminal && p === 'COMPLETE'))
    .map((phase) => ({ phase, state: proven.has(phase) ? 'done' : terminal ? 'unknown' : 'upcoming' }));
  if (facts.phase) steps.push({ phase: facts.phase, state: terminal ?? 'unknown' });
  return steps;
}

export function isTerminal(phase: string | null): boolean {
  return phase === 'FAILED' || phase === 'CANCELLED';
}
