import * as z from 'zod';

/*
 * zod schemas of orc's files (spec 000 and the upstream variants in specs/README.md). Objects are loose so
 * unknown fields are kept; enum-like fields are plain strings here because files in the wild carry values the
 * spec does not list — the readers warn about those instead of rejecting the file.
 */

/**
 * A string field. orc reads its files with yaml.v3, which decodes any scalar into a string field as written
 * (`priority: 5` is the priority "5", `title: 2026` the title "2026"): such a value is kept as that text, not
 * reported. A list or a mapping there makes orc's read fail, and stays an error.
 */
const text = z.union([z.string(), z.number().transform(String), z.boolean().transform(String)]);
const idList = z.array(text).nullish();
/** Timestamps stay strings (the YAML core schema keeps them as written); orc fails on anything else. */
const timestamp = z.string();

export const taskSchema = z.looseObject({
  // yaml.v3 reads `id:` or `title:` with no value as an empty string: no error in orc.
  id: text.nullish(),
  title: text.nullish(),
  description: text.nullish(),
  weight: text.nullish(),
  status: text.nullish(),
  current_phase: text.nullish(),
  branch: text.nullish(),
  queue: text.nullish(),
  priority: text.nullish(),
  category: text.nullish(),
  initiative_id: text.nullish(),
  blocked_by: idList,
  related_to: idList,
  requires_ui_testing: z.boolean().nullish(),
  testing_requirements: z.looseObject({
    unit: z.boolean().nullish(),
    e2e: z.boolean().nullish(),
    visual: z.boolean().nullish(),
  }).nullish(),
  created_at: timestamp.nullish(),
  created_by: text.nullish(),
  updated_at: timestamp.nullish(),
  // orc's own task.yaml also records when the executor started and finished the task, and its pull request.
  started_at: timestamp.nullish(),
  completed_at: timestamp.nullish(),
  pr: z.looseObject({
    url: text.nullish(),
    number: z.number().nullish(),
    status: text.nullish(),
    checks_status: text.nullish(),
    mergeable: z.boolean().nullish(),
    merged: z.boolean().nullish(),
    merged_at: timestamp.nullish(),
    merge_commit_sha: text.nullish(),
    target_branch: text.nullish(),
  }).nullish(),
  metadata: z.looseObject({
    source: text.nullish(),
    // The spec writes a list; orc's own metadata is a map of strings, so its tags are one string.
    tags: z.union([z.array(text), text]).nullish(),
    external_id: text.nullish(),
    // `orc resolve` writes "true" as a string; accept a real boolean too.
    resolved: z.union([text, z.boolean()]).nullish(),
    resolved_at: timestamp.nullish(),
    resolution_message: text.nullish(),
    // `orc close` (from 2026-02-02, when `resolved` became `closed`) writes these instead; migration 54 renamed the old ones.
    closed_at: timestamp.nullish(),
    close_message: text.nullish(),
    pr_url: text.nullish(),
  }).nullish(),
});
export type TaskFields = z.infer<typeof taskSchema>;

/** When and why a task was resolved or closed, under either era's keys (orc resolve's, or orc close's later ones). */
export function resolutionOf(metadata: TaskFields['metadata']): { at: string | null; message: string | null } {
  return { at: metadata?.resolved_at ?? metadata?.closed_at ?? null, message: metadata?.resolution_message ?? metadata?.close_message ?? null };
}

// orc reads any integer here (Go `int`); a negative count is odd but not something orc refuses.
const count = z.number();

/** Token counts as state.yaml writes them (top level, per phase, or inside `by_phase`). */
export const tokenCountsSchema = z.looseObject({
  input_tokens: count.nullish(),
  output_tokens: count.nullish(),
  cache_creation_input_tokens: count.nullish(),
  cache_read_input_tokens: count.nullish(),
  total_tokens: count.nullish(),
});
export type TokenCountsFields = z.infer<typeof tokenCountsSchema>;

export const tokensSchema = tokenCountsSchema.extend({
  // The spec writes a bare total per phase; a mapping of counts is read too.
  by_phase: z.record(z.string(), z.union([count, tokenCountsSchema])).nullish(),
});

/** Gates as the spec's example writes them, and as orc's code wrote them (`gate_type`, `approved`, `reason`). */
export const gateSchema = z.looseObject({
  phase: text.nullish(),
  type: text.nullish(),
  decision: text.nullish(),
  rationale: text.nullish(),
  gate_type: text.nullish(),
  approved: z.boolean().nullish(),
  reason: text.nullish(),
  timestamp: timestamp.nullish(),
});

/** One entry of `phases` in state.yaml: the spec's shape and orc's own (commit_sha, per-phase tokens). */
export const statePhaseSchema = z.looseObject({
  status: text.nullish(),
  started_at: timestamp.nullish(),
  completed_at: timestamp.nullish(),
  interrupted_at: timestamp.nullish(),
  iterations: z.number().nullish(),
  duration: text.nullish(),
  checkpoint: text.nullish(),
  last_checkpoint: text.nullish(),
  commit_sha: text.nullish(),
  artifacts: z.array(text).nullish(),
  files_changed: z.array(text).nullish(),
  error: text.nullish(),
  result: z.looseObject({}).nullish(),
  tokens: tokenCountsSchema.nullish(),
});
export type StatePhaseFields = z.infer<typeof statePhaseSchema>;

export const stateSchema = z.looseObject({
  task_id: text.nullish(),
  current_phase: text.nullish(),
  current_iteration: z.number().nullish(),
  status: text.nullish(),
  started_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
  completed_at: timestamp.nullish(),
  total_duration: text.nullish(),
  execution: z.looseObject({
    pid: z.number().int().nullish(),
    hostname: text.nullish(),
    started_at: timestamp.nullish(),
    last_heartbeat: timestamp.nullish(),
  }).nullish(),
  session: z.looseObject({
    id: text.nullish(),
    model: text.nullish(),
    status: text.nullish(),
    created_at: timestamp.nullish(),
    last_activity: timestamp.nullish(),
    turn_count: z.number().nullish(),
  }).nullish(),
  phases: z.record(z.string(), statePhaseSchema.nullable()).nullish(),
  gates: z.array(gateSchema).nullish(),
  errors: z.array(z.unknown()).nullish(),
  /** What made the task fail (orc's executor writes one message here). */
  error: text.nullish(),
  tokens: tokensSchema.nullish(),
  cost: z.looseObject({
    total_cost_usd: z.number().nullish(),
    phase_costs: z.record(z.string(), z.number()).nullish(),
  }).nullish(),
  /** Why orc went back to an earlier phase (a failed test sends it back to implement). */
  retry_context: z.looseObject({
    from_phase: text.nullish(),
    to_phase: text.nullish(),
    reason: text.nullish(),
    failure_output: text.nullish(),
    context_file: text.nullish(),
    attempt: z.number().nullish(),
    timestamp: timestamp.nullish(),
  }).nullish(),
});
export type StateFields = z.infer<typeof stateSchema>;

/** plan.yaml: the phases orc will run, in order (the only source of the phase list; never derived from the weight). */
export const planPhaseSchema = z.looseObject({
  id: text.nullish(),
  name: text.nullish(),
  type: text.nullish(),
  prompt_template: text.nullish(),
  max_iterations: z.number().nullish(),
  timeout: z.union([text, z.number()]).nullish(),
  // `claude_confirms` or `{coverage_above: 80}`: kept as written, shown as text.
  completion_criteria: z.array(z.union([text, z.looseObject({})])).nullish(),
  checkpoint: z.boolean().nullish(),
  checkpoint_frequency: z.number().nullish(),
  gate: z.looseObject({
    type: text.nullish(),
    criteria: z.array(text).nullish(),
  }).nullish(),
  // orc's own plans: the prompt inline, the phases it waits on, and a copy of the run's status and checkpoint.
  prompt: text.nullish(),
  depends_on: z.array(text).nullish(),
  status: text.nullish(),
  commit_sha: text.nullish(),
});
export type PlanPhaseFields = z.infer<typeof planPhaseSchema>;

export const planSchema = z.looseObject({
  version: z.number().nullish(),
  task_id: text.nullish(),
  weight: text.nullish(),
  description: text.nullish(),
  generated_at: timestamp.nullish(),
  phases: z.array(planPhaseSchema).nullish(),
});
export type PlanFields = z.infer<typeof planSchema>;

export const initiativeSchema = z.looseObject({
  version: z.number().nullish(),
  id: text.nullish(),
  title: text.nullish(),
  status: text.nullish(),
  vision: text.nullish(),
  owner: z.looseObject({
    initials: text.nullish(),
    display_name: text.nullish(),
    email: text.nullish(),
  }).nullish(),
  blocked_by: idList,
  // The spec writes `timestamp`/`made_by`; orc's code writes `date`/`by`.
  decisions: z.array(z.looseObject({
    id: text.nullish(),
    timestamp: timestamp.nullish(),
    date: timestamp.nullish(),
    decision: text.nullish(),
    rationale: text.nullish(),
    made_by: text.nullish(),
    by: text.nullish(),
    task_context: text.nullish(),
  })).nullish(),
  context_files: z.array(text).nullish(),
  tasks: z.array(z.looseObject({
    id: text,
    title: text.nullish(),
    status: text.nullish(),
    depends_on: z.array(text).nullish(),
  })).nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});
export type InitiativeFields = z.infer<typeof initiativeSchema>;

export const configSchema = z.looseObject({
  version: z.number().nullish(),
  claude: z.looseObject({
    path: text.nullish(),
    model: text.nullish(),
    timeout: z.number().nullish(),
    max_tokens: z.number().nullish(),
  }).nullish(),
  gates: z.record(z.string(), z.unknown()).nullish(),
  weights: z.looseObject({
    default: text.nullish(),
    allow_override: z.boolean().nullish(),
  }).nullish(),
  git: z.looseObject({
    branch_prefix: text.nullish(),
    checkpoint_prefix: text.nullish(),
    merge_strategy: text.nullish(),
    worktrees: z.boolean().nullish(),
    cleanup_on_complete: z.boolean().nullish(),
  }).nullish(),
  prompts: z.looseObject({ directory: text.nullish() }).nullish(),
});
export type ConfigFields = z.infer<typeof configSchema>;
