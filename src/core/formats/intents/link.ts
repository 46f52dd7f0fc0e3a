import path from 'node:path';
import type { Diagnostic } from '../../model/diagnostic';
import { UNREADABLE_STATUS, type ItemProblem } from '../../model/items';
import { intentTitle } from './intent-fields';
import type { Intent, IntentsFileRecord, IntentsRecord, MapFileRecord, MapRow, TraceEntry, TraceFileRecord } from './model';
import { RECENT_TRACE_PER_INTENT } from './model';
import { chooseIntentsFiles, ORCHESTRATION_DIR } from './paths';

export interface IntentsFiles {
  readonly intents?: { readonly file: string; readonly record: IntentsFileRecord };
  readonly map?: { readonly file: string; readonly record: MapFileRecord };
  readonly trace?: { readonly file: string; readonly record: TraceFileRecord };
}

/**
 * Sorts one folder's parsed intents files by kind. Discovery reads one file per kind, but a case variant written
 * later (`INTENT_MAP.md` beside `intent_map.md`) reaches the index through the watcher: the one discovery would
 * choose wins, so the choice never depends on the order of events.
 */
export function byKind(files: ReadonlyMap<string, IntentsRecord>): IntentsFiles {
  const out: { -readonly [K in keyof IntentsFiles]: IntentsFiles[K] } = {};
  const names = [...files.keys()].map((f) => path.basename(f));
  const root = files.size ? path.dirname(path.dirname([...files.keys()][0]!)) : '';
  const chosen = new Set(chooseIntentsFiles(root, names).values());
  for (const [file, record] of files) {
    if (!chosen.has(path.join(root, ORCHESTRATION_DIR, path.basename(file)))) continue;
    if (record.kind === 'intents') out.intents = { file, record };
    else if (record.kind === 'map') out.map = { file, record };
    else out.trace = { file, record };
  }
  return out;
}

/**
 * Intents → items, each with the intent-map rows it owns or last modified and its newest trace entries. A map
 * row may name an intent active_intents.yaml no longer lists (finished intents are removed, the map keeps their
 * history): that is no problem, the Intent Map shows it as such.
 */
export function linkIntents(root: string, files: IntentsFiles): { items: Intent[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const entries = files.intents?.record.intents ?? [];
  const rowsOf = new Map<string, MapRow[]>();
  for (const row of files.map?.record.rows ?? []) {
    for (const id of new Set([row.owner, row.lastModifiedBy])) {
      if (id) (rowsOf.get(id) ?? rowsOf.set(id, []).get(id)!).push(row);
    }
  }
  const traceOf = new Map<string, TraceEntry[]>();
  for (const entry of files.trace?.record.entries ?? []) {
    if (!entry.intentId) continue;
    const list = traceOf.get(entry.intentId) ?? traceOf.set(entry.intentId, []).get(entry.intentId)!;
    if (list.length < RECENT_TRACE_PER_INTENT) list.push(entry);
  }
  const selected = new Set(files.intents?.record.selected ?? []);
  const items = entries.map((e): Intent => {
    const v = e.view;
    return {
      system: 'intents', kind: 'intent', id: v.id, title: intentTitle(v), status: v.status ?? '',
      file: files.intents!.file, root,
      name: v.name, description: v.description, constraints: v.constraints,
      ownedScope: v.ownedScope, scope: e.scope, acceptanceCriteria: v.acceptanceCriteria,
      relatedSpecs: v.relatedSpecs, assignedAgent: v.assignedAgent,
      createdAt: v.createdAt, updatedAt: v.updatedAt,
      index: e.index, yamlPath: e.path, idKey: e.idKey, statusKey: e.statusKey, selected: selected.has(v.id),
      mapRows: rowsOf.get(v.id) ?? [], recentTrace: traceOf.get(v.id) ?? [], fields: e.fields,
    };
  });
  const problem = files.intents?.record.problem;
  if (problem && !items.length) items.push(placeholderIntent(root, files.intents!.file, problem));
  return { items, diagnostics };
}

/**
 * The one row of an active_intents.yaml that cannot be read or parsed (issue 17: a broken file never hides its
 * intents silently): named by the file, status `unreadable`, the problem attached, and nothing guessed — no scope,
 * so it owns no file, and no command acts on it.
 */
function placeholderIntent(root: string, file: string, problem: ItemProblem): Intent {
  const name = path.basename(file);
  return {
    system: 'intents', kind: 'intent', id: name, title: name, status: UNREADABLE_STATUS, file, root, unreadable: problem,
    name: null, description: null, constraints: [], ownedScope: [], scope: [], acceptanceCriteria: [], relatedSpecs: [],
    assignedAgent: null, createdAt: null, updatedAt: null, index: -1, yamlPath: [], idKey: null, statusKey: 'status',
    selected: false, mapRows: [], recentTrace: [], fields: {},
  };
}
