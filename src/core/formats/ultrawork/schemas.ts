import * as z from 'zod';

/*
 * zod schemas of Ultrawork's files, as every version of the plugin (mnthe/hardworker-marketplace,
 * plugins/ultrawork) writes them: session.json 5.0 (bash scripts), 5.1 (`working_dir`), 6.x (`goal_brief`,
 * `planning_tier`, worktree), 7.0 (`verifier_passed`, `documenter_completed`, no `evidence_log`), context.json
 * 2.1/2.2 and tasks/*.json (`blockedBy` from the bash scripts, `blocked_by` from the JS ones). Objects are loose so
 * unknown fields are kept; enum-like fields are plain strings (unknown values are shown as written, never rejected).
 */

const text = z.string();
/** Task ids are strings; a bare number is read as its text. The bash scripts split "1, 2" without trimming. */
const id = z.union([text, z.number()]).transform((v) => String(v).trim());
/** Lists of ids or sentences; a single value is read as a list of one. */
const idList = z.union([z.array(id), id.transform((s) => [s])]);
/**
 * A count the plugin may store as text: its argument parser keeps every value as a string, so
 * `session-update.js --iteration 2` writes `"iteration": "2"`. A numeric string is read as its number.
 */
const count = z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number().nonnegative());
const version = z.union([text, z.number()]).transform((v) => String(v));

export const sessionSchema = z.looseObject({
  version: version.nullish(),
  session_id: text.nullish(),
  goal: text.nullish(),
  started_at: text.nullish(),
  updated_at: text.nullish(),
  phase: text.nullish(),
  exploration_stage: text.nullish(),
  iteration: count.nullish(),
  // `null` in the first bash version; `design_doc` (the design document in the project) since 0.31.
  plan: z.looseObject({ approved_at: text.nullish(), design_doc: text.nullish() }).nullish(),
  options: z.record(z.string(), z.unknown()).nullish(),
  // Each entry is checked on its own by the reader, so one bad entry does not cost the log. Absent in 7.0.
  evidence_log: z.array(z.unknown()).nullish(),
  cancelled_at: text.nullish(),
  // Why a FAILED session failed (the plugin's status script points the user at it).
  failure_reason: text.nullish(),
  // 5.1
  working_dir: text.nullish(),
  // 6.x
  original_dir: text.nullish(),
  goal_brief: text.nullish(),
  planning_tier: text.nullish(),
  worktree: z.looseObject({ enabled: z.boolean().nullish(), branch: text.nullish(), path: text.nullish(), created_at: text.nullish() }).nullish(),
  // 7.0
  verifier_passed: z.boolean().nullish(),
  documenter_completed: z.boolean().nullish(),
  // Written by the plugin's SubagentStart/SubagentStop hooks.
  active_agents: z.array(z.looseObject({
    agent_id: text.nullish(), agent_type: text.nullish(), role: text.nullish(), task_id: id.nullish(), started_at: text.nullish(),
  })).nullish(),
  // A list of `{agent_id, task_id, status, started_at, completed_at, failure_reason}` as the hooks write it; a map
  // of counts is read too (an older reading of the spec).
  workers: z.union([
    z.array(z.looseObject({
      agent_id: text.nullish(), task_id: id.nullish(), status: text.nullish(), started_at: text.nullish(),
      completed_at: text.nullish(), failure_reason: text.nullish(),
    })),
    z.record(z.string(), z.unknown()),
  ]).nullish(),
});
export type SessionFields = z.infer<typeof sessionSchema>;

export const contextSchema = z.looseObject({
  version: version.nullish(),
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
  // The spec and the bash scripts write `blockedBy`; the JS scripts write `blocked_by`. Both are read.
  blockedBy: idList.nullish(),
  blocked_by: idList.nullish(),
  complexity: text.nullish(),
  criteria: z.array(text).nullish(),
  // Strings (`task-update.js --add-evidence`), or objects an agent wrote itself (`{criterion, description, command, output}`).
  evidence: z.array(z.union([text, z.record(z.string(), z.unknown())])).nullish(),
  created_at: text.nullish(),
  updated_at: text.nullish(),
  // TDD tasks (0.9+).
  approach: text.nullish(),
  test_file: text.nullish(),
  test_scope: text.nullish(),
});
export type TaskFields = z.infer<typeof taskSchema>;
