import { z } from 'zod';

/*
 * zod schemas of the intents system's files (spec 003 and the fork variants in specs/README.md). Objects are loose
 * so unknown fields are kept; enum-like fields are plain strings because forks use words the spec does not list.
 */

const text = z.string();
const texts = z.array(z.string());
/** Forks write ids as uuids, `INT-001`, or bare numbers. */
const id = z.union([z.string().min(1), z.number()]).transform(String);

export const intentSchema = z.looseObject({
  id: id.optional(),
  name: text.nullish(),
  description: text.nullish(),
  status: text.nullish(),
  constraints: texts.nullish(),
  owned_scope: texts.nullish(),
  acceptance_criteria: texts.nullish(),
  related_specs: texts.nullish(),
  assigned_agent: text.nullish(),
  created_at: text.nullish(),
  updated_at: text.nullish(),
});
export type IntentFields = z.infer<typeof intentSchema>;

const files = z.array(z.string());

/** A trace line in the spec's shape (`action_type`, `payload`, `result`, `metadata`). */
export const specTraceSchema = z.looseObject({
  timestamp: text.nullish(),
  agent_id: text.nullish(),
  intent_id: z.union([text, z.number().transform(String)]).nullish(),
  action_type: text.nullish(),
  payload: z.looseObject({
    tool_name: text.nullish(),
    tool_input: z.unknown().optional(),
    target_files: files.nullish(),
    command: text.nullish(),
  }).nullish(),
  result: z.looseObject({
    status: text.nullish(),
    output_summary: text.nullish(),
    content_hash: text.nullish(),
    error_message: text.nullish(),
  }).nullish(),
  metadata: z.looseObject({
    vcs_ref: text.nullish(),
    session_id: text.nullish(),
  }).nullish(),
});
export type SpecTraceFields = z.infer<typeof specTraceSchema>;

const range = z.looseObject({
  file: text.nullish(),
  content_hash: text.nullish(),
  start_line: z.number().nullish(),
  end_line: z.number().nullish(),
});

/** The flat variant the forks write (`trace_id`, `mutation_class`, `ranges{file, content_hash, …}`, `vcs`). */
export const flatTraceSchema = z.looseObject({
  trace_id: text.nullish(),
  timestamp: text.nullish(),
  agent_id: text.nullish(),
  intent_id: z.union([text, z.number().transform(String)]).nullish(),
  mutation_class: text.nullish(),
  ranges: z.union([range, z.array(range)]).nullish(),
  vcs: z.looseObject({ revision_id: text.nullish() }).nullish(),
});
export type FlatTraceFields = z.infer<typeof flatTraceSchema>;

/**
 * What `logTrace` accepts: the spec's entry; `timestamp` defaults to now and `metadata.session_id` to the
 * writer's session. Unknown fields are written as given.
 */
export const traceInputSchema = z.looseObject({
  timestamp: text.optional(),
  agent_id: text.min(1),
  intent_id: text.nullable(),
  action_type: text.min(1),
  payload: z.looseObject({
    tool_name: text.optional(),
    tool_input: z.unknown().optional(),
    target_files: files.optional(),
    command: text.optional(),
  }).default({}),
  result: z.looseObject({
    status: text.min(1),
    output_summary: text,
    content_hash: text.optional(),
    error_message: text.optional(),
  }),
  metadata: z.looseObject({ vcs_ref: text.optional(), session_id: text.optional() }).optional(),
});
export type AgentTraceInput = z.input<typeof traceInputSchema>;
export type AgentTraceEntry = z.output<typeof traceInputSchema>;
