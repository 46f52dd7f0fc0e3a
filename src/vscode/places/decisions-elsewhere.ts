import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { Decision } from '../../core/service/work-item';
import { placeKey, placeLabel } from './place-groups';

/**
 * Decisions waiting in the folders' other worktrees (another agent's CRP or gate, as on disk there), each with
 * `elsewhere`. A ref's decisions are not listed: a committed question is answered where the agent works, not on
 * a branch's history. Empty unless other worktrees are read.
 */
export function worktreeDecisions(service: OrchestrationService): Decision[] {
  if (!service.places.active || !service.places.current.worktrees) return [];
  return service.folders.flatMap((root) => service.places.elsewhere(root).decisions.filter((d) => d.elsewhere?.worktree !== undefined));
}

/** What Needs You lists and answers: the folders' own decisions, then those waiting in other worktrees. */
export function decisionsToAnswer(service: OrchestrationService): Decision[] {
  const elsewhere = worktreeDecisions(service);
  return elsewhere.length ? [...service.decisions(), ...elsewhere] : service.decisions();
}

/** "worktree: wt-b (agent-b)" for a decision of another worktree (its place's label), undefined for the folder's own. */
export function decisionPlaceLabel(service: OrchestrationService, d: Decision): string | undefined {
  if (!d.elsewhere) return undefined;
  const key = placeKey(d.elsewhere);
  for (const root of service.folders) {
    const place = service.places.placesOf(root).find((p) => placeKey(p.elsewhere) === key);
    if (place) return placeLabel(place as typeof place & { branch?: string | null });
  }
  return placeLabel({ elsewhere: d.elsewhere });
}
