import path from 'node:path';
import type { OrchestralCrpDecision, OrchestralRun } from '../../../src/core/formats/orchestral/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FIXTURES } from '../helpers/temp-workspace';

/**
 * The real-world-shape fixtures: each folder is a repository as Dure (`.dure/`) or Orchestral (`.orchestral/`)
 * leaves it, with an ABOUT.md at its root naming the upstream behaviour it stands for.
 */
export const WILD = path.join(FIXTURES, 'wild', 'dure');

export const WILD_FIXTURES = ['usage-and-model-selection', 'agent-statuses', 'waiting-on-you', 'answered-awaiting-resume',
  'resumed-after-answer', 'orchestral-first-version', 'orchestral-usage-and-questions', 'mrp-json-fallback', 'retry-after-fail'] as const;
export type WildFixture = typeof WILD_FIXTURES[number];

export function wildRoot(name: WildFixture): string {
  return path.join(WILD, name);
}

/** Scans one folder as the extension and the CLI do; runs and decisions by id. */
export async function scanOrchestral(root: string) {
  const service = new OrchestrationService({ folders: [{ root }] });
  await service.scan();
  const runs = new Map(service.items().filter((i): i is OrchestralRun => i.system === 'orchestral').map((r) => [r.id, r]));
  const decisions = service.decisions().filter((d): d is OrchestralCrpDecision => d.system === 'orchestral');
  return { service, runs, decisions, diagnostics: service.diagnostics() };
}
