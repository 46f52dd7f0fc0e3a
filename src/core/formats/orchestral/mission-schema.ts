import * as z from 'zod';

/*
 * Dure's mission.json (`.dure/missions/<mission-id>/mission.json`, written whole by its MissionManager on every
 * change; types in Dure's src/types/mission.ts). Loose objects keep unknown fields; enum-like fields are plain
 * strings (shown as written), and every field is nullish so one bad value costs only itself.
 */

const text = z.string();
const count = z.number().nonnegative();
/** Ids are strings (`task-001`); a bare number is read as its text. */
const id = z.union([text, z.number()]).transform((v) => String(v));

export const missionTaskSchema = z.looseObject({
  task_id: id.nullish(),
  phase_id: id.nullish(),
  title: text.nullish(),
  description: text.nullish(),
  briefing_path: text.nullish(),
  depends_on: z.array(id).nullish(),
  status: text.nullish(),
  run_id: text.nullish(),
  started_at: text.nullish(),
  completed_at: text.nullish(),
  error: text.nullish(),
});
export type MissionTaskFields = z.infer<typeof missionTaskSchema>;

export const missionPhaseSchema = z.looseObject({
  phase_id: id.nullish(),
  number: z.number().nullish(),
  title: text.nullish(),
  description: text.nullish(),
  tasks: z.array(missionTaskSchema).nullish(),
  status: text.nullish(),
  started_at: text.nullish(),
  completed_at: text.nullish(),
});
export type MissionPhaseFields = z.infer<typeof missionPhaseSchema>;

/** A Critic agent's review of a plan draft (`planning.critiques[]`). */
export const critiqueSchema = z.looseObject({
  version: z.number().nullish(),
  created_at: text.nullish(),
  verdict: text.nullish(),
  summary: text.nullish(),
  rationale: text.nullish(),
  items: z.array(z.looseObject({
    id: id.nullish(),
    severity: text.nullish(),
    category: text.nullish(),
    title: text.nullish(),
    description: text.nullish(),
    suggestion: text.nullish(),
  })).nullish(),
  stats: z.looseObject({ critical: count.nullish(), major: count.nullish(), minor: count.nullish(), suggestion: count.nullish() }).nullish(),
});
export type CritiqueFields = z.infer<typeof critiqueSchema>;

/** A Planner draft: `{ version, created_at, phases }`, the phases without their execution state (planning/draft-v<N>.json). */
export const planDraftSchema = z.looseObject({ version: z.number().nullish(), created_at: text.nullish(), phases: z.array(missionPhaseSchema).nullish() });
export type PlanDraftFields = z.infer<typeof planDraftSchema>;

export const missionSchema = z.looseObject({
  mission_id: text.nullish(),
  title: text.nullish(),
  description: text.nullish(),
  planning: z.looseObject({
    stage: text.nullish(),
    iterations: count.nullish(),
    /** Typed as the Planner's drafts, but Dure keeps them in planning/draft-v<N>.json and leaves this empty. */
    drafts: z.array(planDraftSchema).nullish(),
    critiques: z.array(critiqueSchema).nullish(),
  }).nullish(),
  phases: z.array(missionPhaseSchema).nullish(),
  status: text.nullish(),
  created_at: text.nullish(),
  updated_at: text.nullish(),
  completed_at: text.nullish(),
  stats: z.looseObject({
    total_phases: count.nullish(),
    total_tasks: count.nullish(),
    completed_tasks: count.nullish(),
    failed_tasks: count.nullish(),
    current_phase: z.number().nullish(),
  }).nullish(),
});
export type MissionFields = z.infer<typeof missionSchema>;
