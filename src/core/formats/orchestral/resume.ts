import type { CrpContent, RunResumeWait, RunVcr } from './model';

/*
 * How Dure goes on after a person answers (its orchestrator's resumeRun → RunLifecycleManager.prepareResume):
 * the run must still be in `phase: waiting_human`; Dure reads `pending_crp`, finds that CRP among the run's CRPs
 * by crp_id, takes the first VCR (by created_at) whose crp_id names it, clears `pending_crp` itself and restarts
 * the CRP's `created_by` agent, moving `phase` to that agent's phase. Dure's own answer path (its respond route,
 * RunManager.saveVCR) only writes the VCR and marks the CRP resolved; so does Baton's. Between the two, the run is
 * answered and waiting for Dure to resume — not waiting for a person.
 */

/** The VCR Dure would use for a CRP: the first by created_at (as its listVCRs sorts them) that names it. */
export function vcrFor(crpId: string, vcrs: readonly RunVcr[]): RunVcr | null {
  const byTime = [...vcrs].sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  return byTime.find((v) => v.crpId === crpId) ?? null;
}

/**
 * Answered, for Dure: a VCR names the CRP (its coordinator calls a CRP unresolved exactly when no VCR does), or
 * the CRP says `resolved`.
 */
export function isAnswered(crp: CrpContent, vcrs: readonly RunVcr[]): boolean {
  return crp.status === 'resolved' || vcrFor(crp.crpId, vcrs) !== null;
}

/** The run's answered-but-not-resumed state, or null when it waits on a person or is not waiting at all. */
export function resumeWait(phase: string | null, pendingCrp: string | null, crps: ReadonlyMap<string, CrpContent>,
  vcrs: readonly RunVcr[]): RunResumeWait | null {
  if (phase !== 'waiting_human' || !pendingCrp) return null;
  const crp = crps.get(pendingCrp);
  if (!crp || !isAnswered(crp, vcrs)) return null;
  return { crpId: pendingCrp, vcrId: vcrFor(pendingCrp, vcrs)?.vcrId ?? null, agent: crp.createdBy };
}
