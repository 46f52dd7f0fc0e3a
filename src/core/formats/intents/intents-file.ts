import { contentHash } from '../../io/content-hash';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { loadYaml } from '../../yaml/fast-load';
import { YamlLocator, type YamlPath } from '../../yaml/locate';
import { parseLenient } from '../common/lenient';
import type { IntentEntryRecord, IntentsFileRecord } from './model';
import { normalizeScopeEntry } from './scope';
import { intentSchema } from './schemas';
import { KNOWN_INTENT_STATUSES } from './vocabulary';

export interface ParsedIntents {
  readonly record: IntentsFileRecord;
  readonly diagnostics: Diagnostic[];
}

type Problem = { path: YamlPath; severity: 'error' | 'warning'; message: string };

/**
 * Reads `.orchestration/active_intents.yaml`: the list under `intents` (spec) or `active_intents` (forks), or a
 * bare list. Each intent is validated on its own, so one broken intent costs only itself; unknown fields and
 * statuses are kept; scope entries that leave the workspace folder are reported and never match.
 */
export function parseIntentsFile(file: string, root: string, text: string): ParsedIntents {
  const empty = (rootKey: IntentsFileRecord['rootKey'] = null): IntentsFileRecord =>
    ({ kind: 'intents', rootKey, textHash: contentHash(text), intents: [] });
  if (text.trim() === '') {
    return { record: empty(), diagnostics: [diagnostic('intents', file, 'warning', 'active_intents.yaml is empty: no intents', { line: 1, column: 1 })] };
  }
  const loaded = loadYaml(text);
  if (!loaded.ok) return { record: empty(), diagnostics: [diagnostic('intents', file, 'error', loaded.message, loaded.position)] };
  const problems: Problem[] = [];
  const { list, rootKey } = findList(loaded.value, problems);
  const intents: IntentEntryRecord[] = [];
  const seen = new Set<string>();
  (list ?? []).forEach((raw, index) => {
    const at: YamlPath = rootKey ? [rootKey, index] : [index];
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push({ path: at, severity: 'error', message: `intent ${index + 1} should be a mapping of fields; it is left out` });
      return;
    }
    const { data, issues } = parseLenient(intentSchema, raw);
    for (const issue of issues) problems.push({ path: [...at, ...issue.path], severity: 'error', message: `intent ${index + 1}: ${issue.message}` });
    if (!data) return;
    if (data.id === undefined) {
      problems.push({ path: at, severity: 'error', message: `intent ${index + 1} has no \`id\`; it is left out` });
      return;
    }
    if (seen.has(data.id)) {
      problems.push({ path: [...at, 'id'], severity: 'error', message: `intent id "${data.id}" appears twice; the second one is left out` });
      return;
    }
    seen.add(data.id);
    if (data.status == null) {
      problems.push({ path: [...at, 'id'], severity: 'warning', message: `intent "${data.id}" has no \`status\`` });
    } else if (!KNOWN_INTENT_STATUSES.includes(data.status)) {
      problems.push({ path: [...at, 'status'], severity: 'warning',
        message: `unknown intent status "${data.status}" (known: ${KNOWN_INTENT_STATUSES.join(', ')}); shown as written` });
    }
    const scope = (data.owned_scope ?? []).map((entry) => normalizeScopeEntry(root, entry));
    scope.forEach((entry, i) => {
      if (entry.refused) problems.push({ path: [...at, 'owned_scope', i], severity: 'warning', message: `owned_scope entry ignored: ${entry.refused}` });
    });
    intents.push({ index, fields: { ...data, id: data.id }, scope });
  });
  return { record: { ...empty(rootKey), intents }, diagnostics: locate(file, text, problems) };
}

function findList(value: unknown, problems: Problem[]): { list: unknown[] | undefined; rootKey: IntentsFileRecord['rootKey'] } {
  if (Array.isArray(value)) return { list: value, rootKey: null };
  if (value === null || typeof value !== 'object') {
    problems.push({ path: [], severity: 'error', message: 'active_intents.yaml should hold a mapping with an `intents` list' });
    return { list: undefined, rootKey: null };
  }
  const map = value as Record<string, unknown>;
  const rootKey = 'intents' in map ? 'intents' : 'active_intents' in map ? 'active_intents' : null;
  if (!rootKey) {
    problems.push({ path: [], severity: 'error', message: 'active_intents.yaml has neither an `intents` nor an `active_intents` list' });
    return { list: undefined, rootKey: null };
  }
  if ('intents' in map && 'active_intents' in map) {
    problems.push({ path: ['active_intents'], severity: 'warning', message: 'both `intents` and `active_intents` are present; Baton reads `intents`' });
  }
  const list = map[rootKey];
  if (list == null) return { list: [], rootKey };
  if (!Array.isArray(list)) {
    problems.push({ path: [rootKey], severity: 'error', message: `\`${rootKey}\` should be a list of intents` });
    return { list: undefined, rootKey };
  }
  return { list, rootKey };
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
