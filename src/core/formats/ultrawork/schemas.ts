import { z } from 'zod';

/*
 * zod schemas of Ultrawork's files (spec 002: session.json v5, context.json v2.1, tasks/*.json; and the newer v7
 * session fields listed in specs/README.md). Objects are loose so unknown fields are kept; enum-like fields are
 * plain strings (unknown values are warned about and shown as written, never rejected).
 */

const text = z.string();
const count = z.number().nonnegative();
/** Task ids are strings; a bare number is read as its text. */
const id = z.union([text, z.number()]).transform((v) => String(v));
/** Lists of ids or sentences; a single value is read as a list of one. */
const idList = z.union([z.array(id), id.transform((s) => [s])]);

export const evidenceEntrySchema = z.looseObject({
  timestamp: text.nullish(),
  type: text.nullish(),
  agent_id: text.nullish(),
  task_id: id.nullish(),
  status: text.nullish(),
  summary: text.nullish(),
  command: text.nullish(),
  output: text.nullish(),
  output_preview: text.nullish(),
  path: text.nullish(),
});
export type EvidenceEntryFields = z.infer<typeof evidenceEntrySchema>;

export const sessionSchema = z.looseObject({
  version: z.union([text, z.number()]).transform((v) => String(v)).nullish(),
  session_id: text.nullish(),
  goal: text.nullish(),
  started_at: text.nullish(),
  updated_at: text.nullish(),
  phase: text.nullish(),
  exploration_stage: text.nullish(),
  iteration: count.nullish(),
  plan: z.looseObject({ approved_at: text.nullish() }).nullish(),
  options: z.record(z.string(), z.unknown()).nullish(),
  // Each entry is checked on its own by the reader, so one bad entry does not cost the log.
  evidence_log: z.array(z.unknown()).nullish(),
  cancelled_at: text.nullish(),
  // v7
  goal_brief: text.nullish(),
  planning_tier: text.nullish(),
  original_dir: text.nullish(),
  working_dir: text.nullish(),
  worktree: z.looseObject({ branch: text.nullish(), path: text.nullish() }).nullish(),
  verifier_passed: z.boolean().nullish(),
  active_agents: z.array(z.looseObject({
    agent_id: text.nullish(), role: text.nullish(), task_id: id.nullish(), started_at: text.nullish(),
  })).nullish(),
  workers: z.record(z.string(), z.unknown()).nullish(),
});
export type SessionFields = z.infer<typeof sessionSchema>;

export const contextSchema = z.looseObject({
  version: z.union([text, z.number()]).transform((v) => String(v)).nullish(),
  expected_explorers: z.array(text).nullish(),
  exploration_complete: z.boolean().nullish(),
  explorers: z.array(z.looseObject({
    id: text.nullish(), hint: text.nullish(), file: text.nullish(), summary: text.nullish(),
  })).nullish(),
  key_files: z.array(text).nullish(),
  patterns: z.array(text).nullish(),
  constraints: z.array(text).nullish(),
});
export type ContextFields = z.infer<typeof contextSchema>;

export const taskSchema = z.looseObject({
  id: id.nullish(),
  subject: text.nullish(),
  description: text.nullish(),
  status: text.nullish(),
  // The spec writes `blockedBy`; the plugin's code writes `blocked_by`. Both are read.
  blockedBy: idList.nullish(),
  blocked_by: idList.nullish(),
  complexity: text.nullish(),
  criteria: z.array(text).nullish(),
  evidence: z.array(z.union([text, z.record(z.string(), z.unknown())])).nullish(),
  created_at: text.nullish(),
  updated_at: text.nullish(),
});
export type TaskFields = z.infer<typeof taskSchema>;
