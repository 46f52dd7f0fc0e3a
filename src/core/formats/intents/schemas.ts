import * as z from 'zod';

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
