import type { Diagnostic } from '../../model/diagnostic';
import { unknownValueWarnings, type EnumCheck } from '../common/enum-check';
import { parseYamlFile } from '../common/yaml-file';
import { configSchema, initiativeSchema, planSchema, stateSchema, taskSchema, type ConfigFields, type InitiativeFields,
  type PlanFields, type StateFields, type TaskFields } from './schemas';
import { CATEGORIES, INITIATIVE_STATUSES, PHASE_STATUSES, PRIORITIES, QUEUES, TASK_STATUSES, WEIGHTS } from './vocabulary';
import { diagnostic } from '../../model/diagnostic';
import type { ItemProblem } from '../../model/items';
import type { YamlLocator } from '../../yaml/locate';
import { appendAll } from '../../util/append';
import { problemOf } from '../../model/item-problem';

/** What one file of orc's file era contributes to the index. Plain JSON, so it can be cached across sessions. */
export type OrcRecord =
  | { readonly kind: 'task'; readonly dir: string; readonly fields: TaskFields | undefined; readonly mentions: string[];
      /** Why `fields` is missing (the file is not valid YAML, not a mapping, or not readable): the placeholder's problem. */
      readonly problem?: ItemProblem }
  | { readonly kind: 'state'; readonly dir: string; readonly fields: StateFields | undefined }
  | { readonly kind: 'plan'; readonly dir: string; readonly fields: PlanFields | undefined }
  | { readonly kind: 'initiative'; readonly dir: string; readonly fields: InitiativeFields | undefined }
  | { readonly kind: 'config'; readonly fields: ConfigFields | undefined };

export interface Parsed<R> {
  readonly record: R;
  readonly diagnostics: Diagnostic[];
}

/** Ids like TASK-012 or INIT-3 mentioned in free text (for the computed `referenced_by`). */
const MENTION = /\b[A-Z][A-Z0-9]*-\d+\b/g;

export function parseTaskFile(file: string, dir: string, text: string): Parsed<OrcRecord> {
  const { fields, raw, diagnostics, locator } = parseYamlFile('orc', file, text, 'task.yaml', taskSchema);
  if (fields && raw) {
    appendAll(diagnostics, identityProblems(file, locator, dir, raw, 'task'));
    // orc loads any value and shows it as written (an empty one is the zero value its writer emits, e.g. the
    // `weight: ""` of a task not yet classified): these are notes, not problems.
    appendAll(diagnostics, unknownValueNotes(file, locator, [
      { path: ['status'], value: fields.status, known: TASK_STATUSES, what: 'task status' },
      { path: ['priority'], value: fields.priority, known: PRIORITIES, what: 'priority' },
      { path: ['queue'], value: fields.queue, known: QUEUES, what: 'queue' },
      { path: ['category'], value: fields.category, known: CATEGORIES, what: 'category' },
    ]));
    // orc plans a task from the template of its weight: an unknown one has none, so orc cannot plan or run it.
    if (fields.weight && !(WEIGHTS as readonly string[]).includes(fields.weight)) {
      diagnostics.push(diagnostic('orc', file, 'warning', `unknown weight "${fields.weight}": orc has no plan template for it and cannot plan this task (known: ${WEIGHTS.join(', ')})`,
        locator.locate(['weight'])));
    }
  }
  const problem = fields ? undefined : problemOf(diagnostics);
  return { record: { kind: 'task', dir, fields, mentions: mentionsOf(fields), ...(problem ? { problem } : {}) }, diagnostics };
}

/**
 * A task.yaml that is there but cannot be read (its folder or the file is not readable, a FIFO, too large): the
 * task exists — its folder names it — so tasks that name it must not call it missing; its fields are unknown.
 */
export function unreadableTask(file: string, dir: string, cause: string): Parsed<OrcRecord> {
  const message = `${dir}: cannot be read (${cause})`;
  return { record: { kind: 'task', dir, fields: undefined, mentions: [], problem: { message, line: null, column: null } },
    diagnostics: [diagnostic('orc', file, 'error', message)] };
}

/**
 * The ids a task mentions in its title and description, as orc computes `referenced_by`: a task it already names
 * in `blocked_by` or `related_to` is an explicit link, not a mention.
 */
export function mentionsOf(fields: TaskFields | undefined): string[] {
  if (!fields) return [];
  const text = [fields.title, fields.description].filter(Boolean).join(' ');
  const linked = new Set([...fields.blocked_by ?? [], ...fields.related_to ?? []]);
  return [...new Set(text.match(MENTION) ?? [])].filter((id) => !linked.has(id));
}

export function parseStateFile(file: string, dir: string, text: string): Parsed<OrcRecord> {
  const { fields, diagnostics, locator } = parseYamlFile('orc', file, text, 'state.yaml', stateSchema);
  if (fields) {
    // state.yaml's own `status` has executor values (pending, …) beyond the task statuses: only phases are checked.
    appendAll(diagnostics, unknownValueNotes(file, locator, [
      ...Object.entries(fields.phases ?? {}).map(([name, phase]) =>
        ({ path: ['phases', name, 'status'], value: phase?.status, known: PHASE_STATUSES, what: 'phase status' })),
    ]));
  }
  return { record: { kind: 'state', dir, fields }, diagnostics };
}

/**
 * plan.yaml: the ordered phases. orc runs and records a phase by its `id` (the spec's plans name it by `name`):
 * one with neither cannot be matched with state.yaml. A plan may list only the phases still to run and carry
 * `task_id: ""` (orc writes both when it regenerates a plan); neither is a problem.
 */
export function parsePlanFile(file: string, dir: string, text: string): Parsed<OrcRecord> {
  const { fields, diagnostics, locator } = parseYamlFile('orc', file, text, 'plan.yaml', planSchema);
  if (fields?.phases?.some((p) => !p.name && !p.id)) {
    fields.phases.forEach((p, i) => {
      if (!p.name && !p.id) diagnostics.push(diagnostic('orc', file, 'warning', `plan phase ${i + 1} has no \`id\` or \`name\`: orc cannot record it; it is shown as "phase ${i + 1}"`, locator.locate(['phases', i])));
    });
  }
  return { record: { kind: 'plan', dir, fields }, diagnostics };
}

/** orc lists only initiative folders named like `INIT-001` or `INIT-auth-v2` (internal/initiative ValidateID). */
const INITIATIVE_ID = /^INIT-[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

export function parseInitiativeFile(file: string, dir: string, text: string): Parsed<OrcRecord> {
  const { fields, raw, diagnostics, locator } = parseYamlFile('orc', file, text, 'initiative.yaml', initiativeSchema);
  if (fields && raw) {
    if (!INITIATIVE_ID.test(dir)) {
      diagnostics.push(diagnostic('orc', file, 'warning', `orc skips the initiative folder "${dir}": initiative ids are INIT- followed by letters, digits and dashes`, { line: 1, column: 1 }));
    }
    appendAll(diagnostics, identityProblems(file, locator, dir, raw, 'initiative'));
    appendAll(diagnostics, unknownValueNotes(file, locator, [
      { path: ['status'], value: fields.status, known: INITIATIVE_STATUSES, what: 'initiative status' },
    ]));
  }
  return { record: { kind: 'initiative', dir, fields }, diagnostics };
}

export function parseConfigFile(file: string, text: string): Parsed<OrcRecord> {
  const { fields, diagnostics } = parseYamlFile('orc', file, text, 'the orc project config', configSchema);
  return { record: { kind: 'config', fields }, diagnostics };
}

/**
 * orc opens a task or initiative by its folder but lists it under the `id` in the file: a missing or different id
 * makes orc's list name something it cannot open. A missing title only shows as empty in orc (Baton shows the id).
 */
function identityProblems(file: string, locator: YamlLocator, dir: string, raw: Record<string, unknown>, what: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  // A list or mapping already has its own error; a scalar is read as its text (yaml.v3), `id:` alone as "".
  const id = scalarText(raw.id) ?? (raw.id === undefined ? undefined : dir);
  if (!id) {
    problems.push(diagnostic('orc', file, 'warning', `${what} has no \`id\`: orc lists it without one; Baton uses the folder name "${dir}"`,
      id === undefined ? { line: 1, column: 1 } : locator.locate(['id'])));
  } else if (id !== dir) {
    problems.push(diagnostic('orc', file, 'warning', `${what} id "${id}" differs from its folder name "${dir}": orc lists it as ${id} but opens it as ${dir}; Baton shows ${dir}`, locator.locate(['id'])));
  }
  if (raw.title === undefined || scalarText(raw.title) === '') {
    problems.push(diagnostic('orc', file, 'info', `${what} has no \`title\`; shown by its id`, { line: 1, column: 1 }));
  }
  return problems;
}

/** What yaml.v3 reads into a string field from a scalar: its text; `null` (a key with no value) is "". */
function scalarText(value: unknown): string | undefined {
  if (value === null) return '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** Values outside orc's known sets, kept as written and noted as infos; empty values are orc's zero values. */
function unknownValueNotes(file: string, locator: YamlLocator, checks: readonly EnumCheck[]): Diagnostic[] {
  return unknownValueWarnings('orc', file, locator, checks.map((c) => ({ ...c, value: c.value || null })))
    .map((d) => ({ ...d, severity: 'info' as const }));
}
