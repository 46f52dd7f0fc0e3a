import * as z from 'zod';

/*
 * zod schemas of Orchestral/Dure's files (spec 001, and the shapes Dure's own code writes: its StateManager,
 * UsageTracker, ModelSelector, CRP/VCR routes and MRPGenerator). Objects are loose so unknown fields are kept;
 * enum-like fields are plain strings (enums keep growing upstream: unknown values are shown as written, with an
 * info, never rejected).
 */

const text = z.string();
const count = z.number().nonnegative();
const timestamp = z.string();
/** Option and question ids are strings in the spec; a bare number is read as its text. */
const id = z.union([text, z.number()]).transform((v) => String(v));
/** pros/cons are lists; a single sentence is read as a list of one. */
const textList = z.union([z.array(text), text.transform((s) => [s])]);

/** One agent's usage as Dure's UsageTracker sums it from Claude's headless output (`agents.<name>.usage`). */
export const agentUsageSchema = z.looseObject({
  input_tokens: count.nullish(),
  output_tokens: count.nullish(),
  cache_creation_tokens: count.nullish(),
  cache_read_tokens: count.nullish(),
  cost_usd: count.nullish(),
});
export type AgentUsageFields = z.infer<typeof agentUsageSchema>;

/** The run's totals as Dure writes them in state.json `usage` and in the MRP's `usage.total`. */
export const totalUsageSchema = z.looseObject({
  total_input_tokens: count.nullish(),
  total_output_tokens: count.nullish(),
  total_cache_creation_tokens: count.nullish(),
  total_cache_read_tokens: count.nullish(),
  total_cost_usd: count.nullish(),
});

export const agentStateSchema = z.looseObject({
  status: text.nullish(),
  started_at: timestamp.nullish(),
  completed_at: timestamp.nullish(),
  timeout_at: timestamp.nullish(),
  error: z.unknown().optional(),
  usage: agentUsageSchema.nullish(),
});

/** What Dure's ModelSelector chose for a run (state.json `model_selection`, and `model-selection.json`). */
export const modelSelectionSchema = z.looseObject({
  models: z.record(z.string(), text).nullish(),
  analysis: z.looseObject({
    overall_score: z.number().nullish(),
    level: text.nullish(),
    reasoning: text.nullish(),
    estimated_cost_savings: z.number().nullish(),
  }).nullish(),
  selection_method: text.nullish(),
});
export type ModelSelectionFields = z.infer<typeof modelSelectionSchema>;

/**
 * state.json `usage`: Dure's totals (`total_input_tokens` … `total_cost_usd`). Baton's own demo once kept
 * `by_agent` and `total` here (the MRP's layout); both are still read.
 */
const stateUsageSchema = totalUsageSchema.extend({
  by_agent: z.record(z.string(), agentUsageSchema).nullish(),
  total: totalUsageSchema.extend(agentUsageSchema.shape).nullish(),
});

export const stateSchema = z.looseObject({
  run_id: text.nullish(),
  phase: text.nullish(),
  iteration: count.nullish(),
  max_iterations: count.nullish(),
  minor_fix_attempts: count.nullish(),
  max_minor_fix_attempts: count.nullish(),
  started_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
  agents: z.record(z.string(), agentStateSchema).nullish(),
  pending_crp: text.nullish(),
  last_event: z.looseObject({ type: text.nullish(), agent: text.nullish(), timestamp: timestamp.nullish() }).nullish(),
  errors: z.array(z.unknown()).nullish(),
  /** Dure appends `{ phase, result, timestamp }`; Baton shows none of it, so entries are not checked. */
  history: z.array(z.unknown()).nullish(),
  usage: stateUsageSchema.nullish(),
  model_selection: modelSelectionSchema.nullish(),
});
export type StateFields = z.infer<typeof stateSchema>;

// Required-looking fields are nullish: a missing one is reported by the CRP reader with its own message
// instead of costing the whole file.
export const optionSchema = z.looseObject({
  id: id.nullish(),
  label: text.nullish(),
  description: text.nullish(),
  risk: text.nullish(),
  pros: textList.nullish(),
  cons: textList.nullish(),
});

export const questionSchema = z.looseObject({
  id: id.nullish(),
  question: text.nullish(),
  context: text.nullish(),
  options: z.array(optionSchema).nullish(),
  recommendation: id.nullish(),
  /** Dure's respond route lets a question with `required: false` go unanswered. */
  required: z.boolean().nullish(),
});

/** One question (`question/options/recommendation`) or several (`questions[]`). */
export const crpSchema = z.looseObject({
  crp_id: text.nullish(),
  created_at: timestamp.nullish(),
  created_by: text.nullish(),
  type: text.nullish(),
  question: text.nullish(),
  context: text.nullish(),
  options: z.array(optionSchema).nullish(),
  recommendation: id.nullish(),
  questions: z.array(questionSchema).nullish(),
  status: text.nullish(),
});
export type CrpFields = z.infer<typeof crpSchema>;

export const vcrSchema = z.looseObject({
  vcr_id: text.nullish(),
  crp_id: text.nullish(),
  created_at: timestamp.nullish(),
  /** One option id, or one per question of a `questions[]` CRP. */
  decision: z.union([text, z.record(z.string(), text)]).nullish(),
  /** Dure's respond route repeats a `questions[]` answer here (question id → option id). */
  decisions: z.record(z.string(), text).nullish(),
  rationale: text.nullish(),
  additional_notes: text.nullish(),
  applies_to_future: z.boolean().nullish(),
});
export type VcrFields = z.infer<typeof vcrSchema>;

export const verdictSchema = z.looseObject({
  verdict: text.nullish(),
  iteration: count.nullish(),
  timestamp: timestamp.nullish(),
  reason: text.nullish(),
  issues: z.array(z.unknown()).nullish(),
});
export type VerdictFields = z.infer<typeof verdictSchema>;

export const resultsSchema = z.looseObject({
  iteration: count.nullish(),
  total: count.nullish(),
  passed: count.nullish(),
  failed: count.nullish(),
  skipped: count.nullish(),
  coverage: count.nullish(),
  tests: z.array(z.looseObject({ name: text.nullish(), status: text.nullish() })).nullish(),
});
export type ResultsFields = z.infer<typeof resultsSchema>;

/**
 * An entry of the gatekeeper's lists (`files_changed`, `decisions`): the prompt asks for strings, the model
 * sometimes writes objects; either is read as one line of text.
 */
const entryText = z.unknown().transform((v) => entryLine(v));

export const evidenceSchema = z.looseObject({
  tests: z.looseObject({
    total: count.nullish(),
    passed: count.nullish(),
    failed: count.nullish(),
    coverage: count.nullish(),
  }).nullish(),
  files_changed: z.array(entryText).nullish(),
  decisions: z.array(entryText).nullish(),
  iterations: count.nullish(),
  logs: z.record(z.string(), text).nullish(),
  /** MRPGenerator's copy of the run's usage: `{ by_agent, total, iterations }`. */
  usage: z.looseObject({
    by_agent: z.record(z.string(), agentUsageSchema).nullish(),
    total: totalUsageSchema.nullish(),
  }).nullish(),
});
export type EvidenceFields = z.infer<typeof evidenceSchema>;

/** global.json and the per-agent files (refiner, builder, verifier, gatekeeper): shapes vary, keep them all. */
export const configSchema = z.looseObject({
  model: text.nullish(),
  max_iterations: count.nullish(),
  log_level: text.nullish(),
  timeouts: z.record(z.string(), count).nullish(),
});
export type ConfigFields = z.infer<typeof configSchema>;

function entryLine(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const named = o.vcr_id ?? o.id ?? o.path ?? o.file ?? o.name;
    if (typeof named === 'string') return named;
  }
  return JSON.stringify(v) ?? String(v);
}
