import type { Diagnostic } from '../../model/diagnostic';
import { unknownValueWarnings } from '../common/enum-check';
import { parseYamlFile } from '../common/yaml-file';
import { configSchema, initiativeSchema, planSchema, stateSchema, taskSchema, type ConfigFields, type InitiativeFields,
  type PlanFields, type StateFields, type TaskFields } from './schemas';
import { CATEGORIES, INITIATIVE_STATUSES, PHASE_STATUSES, PRIORITIES, QUEUES, TASK_STATUSES, WEIGHTS } from './vocabulary';
import { diagnostic } from '../../model/diagnostic';
import { YamlLocator } from '../../yaml/locate';

/** What one orc file contributes to the index. Plain JSON, so it can be cached across sessions. */
export type OrcRecord =
  | { readonly kind: 'task'; readonly dir: string; readonly fields: TaskFields | undefined; readonly mentions: string[] }
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
  const { fields, raw, diagnostics } = parseYamlFile('orc', file, text, 'task.yaml', taskSchema);
  if (fields && raw) {
    diagnostics.push(...identityProblems(file, text, dir, raw, 'task'));
    diagnostics.push(...unknownValueWarnings('orc', file, text, [
      { path: ['status'], value: fields.status, known: TASK_STATUSES, what: 'task status' },
      { path: ['priority'], value: fields.priority, known: PRIORITIES, what: 'priority' },
      { path: ['queue'], value: fields.queue, known: QUEUES, what: 'queue' },
      { path: ['category'], value: fields.category, known: CATEGORIES, what: 'category' },
      { path: ['weight'], value: fields.weight, known: WEIGHTS, what: 'weight' },
    ]));
  }
  const mentions = fields?.description ? [...new Set(fields.description.match(MENTION) ?? [])] : [];
  return { record: { kind: 'task', dir, fields, mentions }, diagnostics };
}

export function parseStateFile(file: string, dir: string, text: string): Parsed<OrcRecord> {
  const { fields, diagnostics } = parseYamlFile('orc', file, text, 'state.yaml', stateSchema);
  if (fields) {
    // state.yaml's own `status` has executor values (pending, …) beyond the task statuses: only phases are checked.
    diagnostics.push(...unknownValueWarnings('orc', file, text, [
      ...Object.entries(fields.phases ?? {}).map(([name, phase]) =>
        ({ path: ['phases', name, 'status'], value: phase?.status, known: PHASE_STATUSES, what: 'phase status' })),
    ]));
  }
  return { record: { kind: 'state', dir, fields }, diagnostics };
}

/** plan.yaml: the ordered phases. A phase needs a name (or an id) to be matched with state.yaml. */
export function parsePlanFile(file: string, dir: string, text: string): Parsed<OrcRecord> {
  const { fields, diagnostics } = parseYamlFile('orc', file, text, 'plan.yaml', planSchema);
  if (fields?.phases?.some((p) => !p.name && !p.id)) {
    const locator = new YamlLocator(text);
    fields.phases.forEach((p, i) => {
      if (!p.name && !p.id) diagnostics.push(diagnostic('orc', file, 'warning', `plan phase ${i + 1} has no \`name\`; it is shown as "phase ${i + 1}"`, locator.locate(['phases', i])));
    });
  }
  return { record: { kind: 'plan', dir, fields }, diagnostics };
}

export function parseInitiativeFile(file: string, dir: string, text: string): Parsed<OrcRecord> {
  const { fields, raw, diagnostics } = parseYamlFile('orc', file, text, 'initiative.yaml', initiativeSchema);
  if (fields && raw) {
    diagnostics.push(...identityProblems(file, text, dir, raw, 'initiative'));
    diagnostics.push(...unknownValueWarnings('orc', file, text, [
      { path: ['status'], value: fields.status, known: INITIATIVE_STATUSES, what: 'initiative status' },
    ]));
  }
  return { record: { kind: 'initiative', dir, fields }, diagnostics };
}

export function parseConfigFile(file: string, text: string): Parsed<OrcRecord> {
  const { fields, diagnostics } = parseYamlFile('orc', file, text, 'the orc project config', configSchema);
  return { record: { kind: 'config', fields }, diagnostics };
}

/** orc names a task's folder after its id: a missing id falls back to the folder, a different one is flagged. */
function identityProblems(file: string, text: string, dir: string, raw: Record<string, unknown>, what: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  // A present but mistyped id or title already has its own error; only a missing one is reported here.
  const id = typeof raw.id === 'string' ? raw.id : raw.id === undefined ? undefined : dir;
  if (id === undefined) {
    problems.push(diagnostic('orc', file, 'warning', `${what} has no \`id\`; orc uses the folder name "${dir}"`, { line: 1, column: 1 }));
  } else if (id !== dir) {
    problems.push(diagnostic('orc', file, 'warning', `${what} id "${id}" differs from its folder name "${dir}"; orc knows it as ${dir}`, new YamlLocator(text).locate(['id'])));
  }
  if (raw.title === undefined) problems.push(diagnostic('orc', file, 'warning', `${what} has no \`title\``, { line: 1, column: 1 }));
  return problems;
}
