import * as z from 'zod';
import { testReportSchema } from './detail/test-report';
import { configSchema, initiativeSchema, planPhaseSchema, planSchema, stateSchema, statePhaseSchema, taskSchema } from './schemas';
import { CATEGORIES, INITIATIVE_STATUSES, PHASE_STATUSES, PRIORITIES, QUEUES, TASK_STATUSES, WEIGHTS } from './vocabulary';

/*
 * The schemas contributed to the editor (package.json `jsonValidation` / `yamlValidation`) for editing orc's files by
 * hand: completion, hovers and validation. They are generated from the readers' zod schemas at build time
 * (scripts/build.mjs → schemas/*.schema.json). Stricter than the lenient readers where a person types the value
 * (priority, queue, category, weight: exactly orc's sets); where orc itself writes the value (statuses), the known
 * values are offered but others stay valid, as the readers keep them. Baton's own diagnostics stay the source of
 * truth in the Problems panel.
 */

/** Known values offered for completion; any other string is still accepted. */
const open = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.union([z.enum(values), z.string()]).meta({ description: `${description} Known values: ${values.join(', ')}.` });

const strict = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.enum(values).meta({ description });

export const taskEditSchema = taskSchema.extend({
  id: z.string().meta({ description: 'The task id; orc names the folder after it (.orc/tasks/<id>/).' }).optional(),
  title: z.string().min(1).meta({ description: 'One line shown on the board.' }).optional(),
  status: open(TASK_STATUSES, 'Written by orc as the task moves through its phases.').nullish(),
  weight: strict(WEIGHTS, 'Size class; it decides which phases orc plans.').nullish(),
  queue: strict(QUEUES, 'active (default): current work; backlog: deferred, collapsed on the board.').nullish(),
  priority: strict(PRIORITIES, 'Urgency within a queue: critical first, then high, normal (default), low.').nullish(),
  category: strict(CATEGORIES, 'Type of work: feature (default), bug, refactor, chore, docs, test.').nullish(),
  initiative_id: z.string().meta({ description: 'The initiative this task belongs to (e.g. INIT-001); empty for a standalone task.' }).nullish(),
  blocked_by: z.array(z.string()).meta({ description: 'Tasks that must complete before this one runs. No self-reference, no cycles.' }).nullish(),
  related_to: z.array(z.string()).meta({ description: 'Related tasks (informational).' }).nullish(),
}).meta({ title: 'orc task.yaml', description: 'An orc task definition (.orc/tasks/<ID>/task.yaml).' });

export const initiativeEditSchema = initiativeSchema.extend({
  status: open(INITIATIVE_STATUSES, 'Initiative status.').nullish(),
  blocked_by: z.array(z.string()).meta({ description: 'Initiatives that must complete first.' }).nullish(),
}).meta({ title: 'orc initiative.yaml' });

export const stateEditSchema = stateSchema.extend({
  phases: z.record(z.string(), statePhaseSchema.extend({ status: open(PHASE_STATUSES, 'Phase status.').nullish() }).nullable()).nullish(),
}).meta({ title: 'orc state.yaml', description: 'Execution state, written by orc\'s executor.' });

const gateTypes = ['auto', 'ai', 'human', 'skip'] as const;
export const planEditSchema = planSchema.extend({
  weight: strict(WEIGHTS, 'The weight the plan was made for.').nullish(),
  phases: z.array(planPhaseSchema.extend({
    gate: z.looseObject({ type: open(gateTypes, 'Who approves the phase.').nullish(), criteria: z.array(z.string()).nullish() }).nullish(),
  })).nullish(),
}).meta({ title: 'orc plan.yaml', description: 'The phases orc runs for a task, in order.' });

export const configEditSchema = configSchema.extend({
  git: z.looseObject({
    branch_prefix: z.string().nullish(), checkpoint_prefix: z.string().nullish(),
    merge_strategy: strict(['squash', 'preserve', 'rebase'] as const, 'How a finished task is merged.').nullish(),
    worktrees: z.boolean().nullish(), cleanup_on_complete: z.boolean().nullish(),
  }).nullish(),
  weights: z.looseObject({ default: strict(WEIGHTS, 'Fallback weight.').nullish(), allow_override: z.boolean().nullish() }).nullish(),
}).meta({ title: 'orc project config', description: 'orc.yaml or .orc/config.yaml.' });

export const testReportEditSchema = testReportSchema.meta({ title: 'orc test-results/report.json' });

/** One generated schema file and the files it applies to (globs relative to a workspace folder). */
export interface JsonSchemaExport {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly fileMatch: readonly string[];
  readonly language: 'yaml' | 'json';
}

export const jsonSchemas: readonly JsonSchemaExport[] = [
  { name: 'orc-task', schema: taskEditSchema, fileMatch: ['**/.orc/tasks/*/task.yaml'], language: 'yaml' },
  { name: 'orc-initiative', schema: initiativeEditSchema, fileMatch: ['**/.orc/initiatives/*/initiative.yaml'], language: 'yaml' },
  { name: 'orc-state', schema: stateEditSchema, fileMatch: ['**/.orc/tasks/*/state.yaml'], language: 'yaml' },
  { name: 'orc-plan', schema: planEditSchema, fileMatch: ['**/.orc/tasks/*/plan.yaml'], language: 'yaml' },
  { name: 'orc-config', schema: configEditSchema, fileMatch: ['**/orc.yaml', '**/.orc/config.yaml'], language: 'yaml' },
  { name: 'orc-test-report', schema: testReportEditSchema, fileMatch: ['**/.orc/tasks/*/test-results/report.json'], language: 'json' },
];

/** The JSON Schema (draft-07: what VS Code's JSON service and the Red Hat YAML extension read best) of an export. */
export function toJsonSchema(e: JsonSchemaExport): Record<string, unknown> {
  return z.toJSONSchema(e.schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
