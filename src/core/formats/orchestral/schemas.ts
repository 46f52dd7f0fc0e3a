import { z } from 'zod';

/*
 * zod schemas of Orchestral/Dure's files (spec 001 and the upstream variants in specs/README.md). Objects are
 * loose so unknown fields are kept; enum-like fields are plain strings (enums keep growing upstream: unknown
 * values are warned about and shown as written, never rejected).
 */

const text = z.string();
const count = z.number().nonnegative();
const timestamp = z.string();
/** Option and question ids are strings in the spec; a bare number is read as its text. */
const id = z.union([text, z.number()]).transform((v) => String(v));
/** pros/cons are lists; a single sentence is read as a list of one. */
const textList = z.union([z.array(text), text.transform((s) => [s])]);

export const agentStateSchema = z.looseObject({
  status: text.nullish(),
  started_at: timestamp.nullish(),
  completed_at: timestamp.nullish(),
  error: z.unknown().optional(),
});

const usageSchema = z.looseObject({
  input_tokens: count.nullish(),
  output_tokens: count.nullish(),
  cache_creation_tokens: count.nullish(),
  cache_read_tokens: count.nullish(),
  cost_usd: count.nullish(),
});

export const stateSchema = z.looseObject({
  run_id: text.nullish(),
  phase: text.nullish(),
  iteration: count.nullish(),
  max_iterations: count.nullish(),
  started_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
  agents: z.record(z.string(), agentStateSchema).nullish(),
  pending_crp: text.nullish(),
  history: z.array(z.looseObject({
    phase: text.nullish(),
    result: text.nullish(),
    timestamp: timestamp.nullish(),
  })).nullish(),
  usage: z.looseObject({
    by_agent: z.record(z.string(), usageSchema).nullish(),
    total: usageSchema.nullish(),
  }).nullish(),
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

export const evidenceSchema = z.looseObject({
  tests: z.looseObject({
    total: count.nullish(),
    passed: count.nullish(),
    failed: count.nullish(),
    coverage: count.nullish(),
  }).nullish(),
  files_changed: z.array(text).nullish(),
  decisions: z.array(text).nullish(),
  iterations: count.nullish(),
  logs: z.record(z.string(), text).nullish(),
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
