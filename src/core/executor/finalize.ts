import type { PlannedPhase } from './load-task';
import { runPhase, type PhaseResult, type PhaseResume } from './run-phase';
import type { RunContext } from './run-context';

/** The finalize phase (see finalize-sync.ts for the branch sync and the report). */
export async function runFinalize(rc: RunContext, phase: PlannedPhase, resume: PhaseResume | null): Promise<PhaseResult> {
  return runPhase(rc, phase, resume);
}
