/**
 * Which Orchestral/Dure file a workspace-relative path (with `/`) is. Orchestral keeps its state in
 * `.orchestral/`; its successor Dure in `.dure/`, with the same layout. Run folders are `runs/<run>/`
 * (`run-YYYYMMDDHHMMSS` as the code writes them, `run-YYYYMMDD-HHMMSS` in the spec: any name is accepted).
 */
export const BASES = ['.orchestral', '.dure'] as const;
export type Base = (typeof BASES)[number];

/** The agents whose folders a run holds (briefing/ is the refiner's). */
export const AGENT_DIRS = ['refiner', 'builder', 'verifier', 'gatekeeper'] as const;

export type OrchestralFileKind =
  | { readonly kind: 'config'; readonly base: Base; readonly name: string }
  | { readonly kind: 'mission'; readonly base: Base; readonly mission: string }
  | { readonly kind: 'mission-draft'; readonly base: Base; readonly mission: string; readonly version: number }
  | { readonly kind: 'state' | 'events' | 'briefing' | 'verdict' | 'results' | 'models'; readonly base: Base; readonly run: string }
  | { readonly kind: 'crp' | 'vcr'; readonly base: Base; readonly run: string; readonly name: string }
  | { readonly kind: 'evidence'; readonly base: Base; readonly run: string; readonly legacy: boolean }
  | { readonly kind: 'flag'; readonly base: Base; readonly run: string; readonly agent: string; readonly flag: 'done' | 'error' };

const CONFIG = /^(\.orchestral|\.dure)\/config\/([^/]+)\.json$/;
/** Dure's missions (its MissionManager): one folder per mission, the whole mission in its mission.json. */
const MISSION = /^(\.orchestral|\.dure)\/missions\/([^/]+)\/mission\.json$/;
/** The Planner's drafts of a mission's plan (PlanningPipeline.saveDraft): the plan a person reviews is the newest. */
const MISSION_DRAFT = /^(\.orchestral|\.dure)\/missions\/([^/]+)\/planning\/draft-v(\d{1,6})\.json$/;
const RUN_FILE = /^(\.orchestral|\.dure)\/runs\/([^/]+)\/(.+)$/;
const FLAG = /^([^/]+)\/(done|error)\.flag$/;
const RECORD = /^(crp|vcr)\/([^/]+\.json)$/;

export function classifyOrchestralPath(rel: string): OrchestralFileKind | undefined {
  const config = CONFIG.exec(rel);
  if (config) return { kind: 'config', base: config[1] as Base, name: config[2]! };
  const mission = MISSION.exec(rel);
  if (mission) return { kind: 'mission', base: mission[1] as Base, mission: mission[2]! };
  const draft = MISSION_DRAFT.exec(rel);
  if (draft) return { kind: 'mission-draft', base: draft[1] as Base, mission: draft[2]!, version: Number(draft[3]) };
  const m = RUN_FILE.exec(rel);
  if (!m) return undefined;
  const base = m[1] as Base;
  const run = m[2]!;
  const sub = m[3]!;
  switch (sub) {
    case 'state.json': return { kind: 'state', base, run };
    case 'events.log': return { kind: 'events', base, run };
    case 'briefing/raw.md': return { kind: 'briefing', base, run };
    case 'gatekeeper/verdict.json': return { kind: 'verdict', base, run };
    case 'verifier/results.json': return { kind: 'results', base, run };
    // Dure's ModelSelector result, kept beside state.json so a resumed run keeps its models.
    case 'model-selection.json': return { kind: 'models', base, run };
    case 'mrp/evidence.json': return { kind: 'evidence', base, run, legacy: false };
    // The older layout: one mrp.json (in mrp/ or beside state.json).
    case 'mrp/mrp.json': case 'mrp.json': return { kind: 'evidence', base, run, legacy: true };
  }
  const record = RECORD.exec(sub);
  if (record) return { kind: record[1] as 'crp' | 'vcr', base, run, name: record[2]! };
  const flag = FLAG.exec(sub);
  if (flag && flag[1] !== 'crp' && flag[1] !== 'vcr' && flag[1] !== 'mrp') {
    return { kind: 'flag', base, run, agent: flag[1]!, flag: flag[2] as 'done' | 'error' };
  }
  return undefined;
}

/** The workspace-relative folder of a mission. */
export function missionFolder(base: Base, mission: string): string {
  return `${base}/missions/${mission}`;
}

/** The workspace-relative folder of a run. */
export function runFolder(base: Base, run: string): string {
  return `${base}/runs/${run}`;
}
