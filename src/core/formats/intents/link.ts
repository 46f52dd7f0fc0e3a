import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { Intent, IntentsFileRecord, IntentsRecord, MapFileRecord, MapRow, TraceEntry, TraceFileRecord } from './model';
import { RECENT_TRACE_PER_INTENT } from './model';

export interface IntentsFiles {
  readonly intents?: { readonly file: string; readonly record: IntentsFileRecord };
  readonly map?: { readonly file: string; readonly record: MapFileRecord };
  readonly trace?: { readonly file: string; readonly record: TraceFileRecord };
}

/** Sorts one folder's parsed intents files by kind (there is at most one of each). */
export function byKind(files: ReadonlyMap<string, IntentsRecord>): IntentsFiles {
  const out: { -readonly [K in keyof IntentsFiles]: IntentsFiles[K] } = {};
  for (const [file, record] of files) {
    if (record.kind === 'intents') out.intents = { file, record };
    else if (record.kind === 'map') out.map = { file, record };
    else out.trace = { file, record };
  }
  return out;
}

/**
 * Intents → items, each with the intent-map rows it owns or last modified and its newest trace entries. A map
 * row naming an intent that active_intents.yaml does not list is reported at its line.
 */
export function linkIntents(root: string, files: IntentsFiles): { items: Intent[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const entries = files.intents?.record.intents ?? [];
  const known = new Set(entries.map((e) => e.fields.id));
  const rowsOf = new Map<string, MapRow[]>();
  for (const row of files.map?.record.rows ?? []) {
    for (const id of new Set([row.owner, row.lastModifiedBy])) {
      if (id) (rowsOf.get(id) ?? rowsOf.set(id, []).get(id)!).push(row);
    }
    if (files.intents && row.owner && !known.has(row.owner)) {
      diagnostics.push(diagnostic('intents', files.map!.file, 'warning',
        `${row.file} is mapped to intent ${row.owner}, which active_intents.yaml does not list`, { line: row.line, column: 1 }));
    }
  }
  const traceOf = new Map<string, TraceEntry[]>();
  for (const entry of files.trace?.record.entries ?? []) {
    if (!entry.intentId) continue;
    const list = traceOf.get(entry.intentId) ?? traceOf.set(entry.intentId, []).get(entry.intentId)!;
    if (list.length < RECENT_TRACE_PER_INTENT) list.push(entry);
  }
  const items = entries.map((e): Intent => {
    const f = e.fields;
    return {
      system: 'intents', kind: 'intent', id: f.id, title: f.name || f.id, status: f.status ?? '',
      file: files.intents!.file, root,
      name: f.name ?? null, description: f.description ?? null, constraints: f.constraints ?? [],
      ownedScope: f.owned_scope ?? [], scope: e.scope, acceptanceCriteria: f.acceptance_criteria ?? [],
      relatedSpecs: f.related_specs ?? [], assignedAgent: f.assigned_agent ?? null,
      createdAt: f.created_at ?? null, updatedAt: f.updated_at ?? null,
      index: e.index, rootKey: files.intents!.record.rootKey,
      mapRows: rowsOf.get(f.id) ?? [], recentTrace: traceOf.get(f.id) ?? [], fields: f,
    };
  });
  return { items, diagnostics };
}
