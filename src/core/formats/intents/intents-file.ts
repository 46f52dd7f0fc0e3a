import { unreadableFileProblem } from '../../model/item-problem';
import { contentHash } from '../../io/content-hash';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { loadYaml } from '../../yaml/fast-load';
import { YamlLocator, type YamlPath } from '../../yaml/locate';
import { ALIASES, intentIdOf, intentView } from './intent-fields';
import { findIntentList, type IntentListShape } from './intents-root';
import type { IntentEntryRecord, IntentsFileRecord } from './model';
import { normalizeScopeEntry } from './scope';

export interface ParsedIntents {
  readonly record: IntentsFileRecord;
  readonly diagnostics: Diagnostic[];
}

type Problem = { path: YamlPath; severity: 'error' | 'warning' | 'info'; message: string };

/**
 * Reads `.orchestration/active_intents.yaml` in every shape the forks write: the list under `intents` (spec),
 * `active_intents` or another key, a bare list, or intents keyed by id; other root keys (`version`, `project`,
 * `active_intent_id` — the selected intent —, `sessions`) are kept. Each intent is read through its aliases
 * (intent-fields.ts) and keeps every field as written. Only what changes what the user sees is a problem: an intent
 * an agent cannot select (no id, or an id used twice), scope entries that own nothing.
 */
export function parseIntentsFile(file: string, root: string, text: string): ParsedIntents {
  const empty = (shape?: IntentListShape): IntentsFileRecord => ({
    kind: 'intents', rootKey: shape?.rootKey ?? null, textHash: contentHash(text), intents: [],
    selected: shape?.selected ?? [], rootFields: shape?.rootFields ?? {},
  });
  // An empty file is a registry with no intents yet (the forks create it that way): nothing to report.
  if (text.trim() === '') return { record: empty(), diagnostics: [] };
  const loaded = loadYaml(text);
  if (!loaded.ok) {
    const problem = diagnostic('intents', file, 'error', loaded.message, loaded.position);
    return { record: { ...empty(), problem: { message: problem.message, line: problem.line, column: problem.column } }, diagnostics: [problem] };
  }
  const problems: Problem[] = [];
  const shape = findIntentList(loaded.value);
  if (shape.problem) problems.push({ path: [], severity: 'warning', message: shape.problem });
  const intents: IntentEntryRecord[] = [];
  const seen = new Map<string, number>();
  shape.entries.forEach(({ raw, path: at, keyId }, index) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push({ path: at, severity: 'warning', message: `intent ${index + 1} is not a mapping of fields; Baton cannot show it` });
      return;
    }
    const fields = raw as Record<string, unknown>;
    const id = intentIdOf(fields) ?? keyId;
    if (id === undefined) {
      problems.push({ path: at, severity: 'warning', message: `intent ${index + 1} has no \`id\`: an agent cannot select it, so Baton leaves it out` });
      return;
    }
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      problems.push({ path: idPath(at, fields), severity: 'warning',
        message: `intent id "${id}" is used by intent ${earlier + 1} already: an agent selecting it gets the first one, so this one is left out` });
      return;
    }
    seen.set(id, index);
    const { view, problems: fieldProblems } = intentView(id, fields);
    for (const p of fieldProblems) problems.push({ path: [...at, ...p.path], severity: 'warning', message: `intent ${id}: ${p.message}` });
    const scope = view.ownedScope.map((entry) => normalizeScopeEntry(root, entry));
    scope.forEach((entry, i) => {
      if (entry.refused) problems.push({ path: [...at, ...view.scopePaths[i]!], severity: 'warning', message: `intent ${id}: scope entry ignored: ${entry.refused}` });
    });
    intents.push({ index, path: at, idKey: intentIdOf(fields) === undefined ? null : idKeyOf(fields),
      statusKey: statusKeyOf(fields), fields, view, scope });
  });
  return { record: { ...empty(shape), intents }, diagnostics: locate(file, text, problems) };
}

function idKeyOf(fields: Record<string, unknown>): string {
  return ALIASES.id.find((k) => fields[k] !== undefined && fields[k] !== null) ?? 'id';
}

function idPath(at: YamlPath, fields: Record<string, unknown>): YamlPath {
  return [...at, idKeyOf(fields)];
}

/** The key holding the status: `status`, or the fork's `state`; `status` when there is none yet. */
function statusKeyOf(fields: Record<string, unknown>): string {
  return ALIASES.status.find((k) => fields[k] !== undefined && fields[k] !== null) ?? 'status';
}

/** More problems than this in one file are summed up in one line: 100,000 broken intents are one mistake. */
const MAX_LISTED_PROBLEMS = 100;

/** Positions are found with one `yaml` Document parse, only when there is something to report. */
function locate(file: string, text: string, problems: readonly Problem[]): Diagnostic[] {
  if (!problems.length) return [];
  const locator = new YamlLocator(text);
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => diagnostic('intents', file, p.severity, p.message, locator.locate(p.path)));
  const rest = problems.slice(MAX_LISTED_PROBLEMS);
  if (rest.length) {
    listed.push(diagnostic('intents', file, rest.some((p) => p.severity === 'error') ? 'error' : 'warning',
      `${rest.length} more problems in this file are not listed (the first ${MAX_LISTED_PROBLEMS} are)`, locator.locate(rest[0]!.path)));
  }
  return listed;
}

/**
 * An active_intents.yaml that is there but cannot be opened (a FIFO, too large, no permission): no intent is
 * known, so the Intents view shows the file's one row with the problem rather than nothing.
 */
export function unreadableIntentsFile(file: string, cause: string): ParsedIntents {
  const problem = unreadableFileProblem('active_intents.yaml', cause);
  return { record: { kind: 'intents', rootKey: null, textHash: '', intents: [], selected: [], rootFields: {}, problem },
    diagnostics: [diagnostic('intents', file, 'error', problem.message)] };
}
