import path from 'node:path';
import { resolveContained } from '../../io/contained-path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { appendAll } from '../../util/append';
import { type JsonLocator, parseJsonFile, unknownJsonValueWarnings } from '../common/json-file';
import type { EnumCheck } from '../common/enum-check';
import { normalizeEvidence } from './evidence';
import type { UltraworkEvidence } from './model';
import type { UltraworkFileKind } from './paths';
import { contextSchema, sessionSchema, taskSchema, type ContextFields, type SessionFields, type TaskFields } from './schemas';
import { COMPLEXITIES, EVIDENCE_TYPES, EXPLORATION_STAGES, PHASES, TASK_STATUSES } from './vocabulary';

/**
 * What one Ultrawork file contributes. Plain JSON, so it can be cached. A file's problems travel inside its
 * record: the sessions folder is shared by every project, and only the link knows whether a session belongs to
 * this workspace — problems of another project's session must not show here.
 */
export type UltraworkRecord =
  | { readonly kind: 'session'; readonly session: string; readonly fields: SessionFields | undefined; readonly evidence: UltraworkEvidence[]; readonly problems: Diagnostic[] }
  | { readonly kind: 'context'; readonly session: string; readonly fields: ContextFields | undefined; readonly problems: Diagnostic[] }
  | { readonly kind: 'task'; readonly session: string; readonly name: string; readonly fields: TaskFields | undefined; readonly problems: Diagnostic[] }
  | { readonly kind: 'design' | 'exploration'; readonly session: string; readonly name: string; readonly title: string | null; readonly problems: Diagnostic[] }
  | { readonly kind: 'evidence'; readonly session: string; readonly entries: UltraworkEvidence[]; readonly complete: boolean; readonly problems: Diagnostic[] };

const SYSTEM = 'ultrawork';

export function parseUltraworkFile(file: string, kind: UltraworkFileKind, text: string): UltraworkRecord {
  switch (kind.kind) {
    case 'session': return parseSession(file, kind.session, text);
    case 'context': {
      const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, 'context.json', contextSchema);
      if (fields) appendAll(diagnostics, contextPathProblems(file, locator, fields));
      return { kind: 'context', session: kind.session, fields, problems: diagnostics };
    }
    case 'task': return parseTask(file, kind.session, kind.name, text);
    case 'design': return { kind: 'design', session: kind.session, name: 'design', title: firstHeading(text), problems: [] };
    case 'exploration': return { kind: 'exploration', session: kind.session, name: kind.name, title: firstHeading(text), problems: [] };
    case 'evidence': throw new Error('evidence/log.jsonl is read from its end, never whole');
  }
}

function parseSession(file: string, session: string, text: string): UltraworkRecord {
  const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, 'session.json', sessionSchema);
  const evidence: UltraworkEvidence[] = [];
  if (fields) {
    const checks: EnumCheck[] = [
      { path: ['phase'], value: fields.phase, known: PHASES, what: 'phase' },
      { path: ['exploration_stage'], value: fields.exploration_stage, known: EXPLORATION_STAGES, what: 'exploration stage' },
    ];
    const types = new Set<string>();
    (fields.evidence_log ?? []).forEach((raw, i) => {
      const entry = normalizeEvidence(raw);
      if (!entry) {
        // No version of the plugin writes one; the plugin only counts it. Nothing of it can be shown.
        diagnostics.push(diagnostic(SYSTEM, file, 'info', `\`evidence_log.${i}\` is not an evidence entry (an object); skipped`, locator.locate(['evidence_log', i])));
        return;
      }
      evidence.push(entry);
      // One info per unknown type, at its first use: a long log must not flood the Problems panel.
      if (entry.type && !types.has(entry.type)) { types.add(entry.type); checks.push({ path: ['evidence_log', i, 'type'], value: entry.type, known: EVIDENCE_TYPES, what: 'evidence type' }); }
    });
    appendAll(diagnostics, unknownValueInfos(file, locator, checks));
    if (fields.session_id && fields.session_id !== session) {
      // The plugin finds a session by its folder (the hooks' session id); the field is only printed.
      diagnostics.push(diagnostic(SYSTEM, file, 'info', `session_id "${fields.session_id}" differs from the session folder "${session}"; the plugin and Baton use the folder name`,
        locator.locate(['session_id'])));
    }
  }
  // Oldest first in the file; newest first in Baton.
  return { kind: 'session', session, fields, evidence: evidence.reverse(), problems: diagnostics };
}

function parseTask(file: string, session: string, name: string, text: string): UltraworkRecord {
  const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, `tasks/${name}.json`, taskSchema);
  if (fields) {
    appendAll(diagnostics, unknownValueInfos(file, locator, [
      { path: ['status'], value: fields.status, known: TASK_STATUSES, what: 'task status' },
      { path: ['complexity'], value: fields.complexity, known: COMPLEXITIES, what: 'complexity' },
    ]));
    if (fields.id && fields.id !== name) {
      // The plugin's scripts address a task by its file name (task-get/task-update read tasks/<id>.json, task-list lists file names).
      diagnostics.push(diagnostic(SYSTEM, file, 'info', `id "${fields.id}" differs from the file name; the plugin's scripts (and Baton) call this task "${name}"`,
        locator.locate(['id'])));
    }
  }
  return { kind: 'task', session, name, fields, problems: diagnostics };
}

/** Unknown enum values are shown as written; the plugin never rejects them when reading, so they are only an info. */
function unknownValueInfos(file: string, locator: JsonLocator, checks: readonly EnumCheck[]): Diagnostic[] {
  return unknownJsonValueWarnings(SYSTEM, file, locator, checks).map((d) => ({ ...d, severity: 'info' as const }));
}

/** The first Markdown heading (or first line) of a document, to list it by. */
export function firstHeading(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const t = line.replace(/^#+\s*/, '').trim();
    if (t) return t.length > 120 ? t.slice(0, 119) + '…' : t;
  }
  return null;
}

/**
 * Explorer documents live in the session folder; key files in the project. A path that climbs out of where it
 * belongs (`../`, an absolute path elsewhere, `..\\`) is shown as written and never opened. The plugin itself never
 * opens these paths, so this is only an info saying why the row does not open.
 */
function contextPathProblems(file: string, locator: JsonLocator, fields: ContextFields): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const at = (p: (string | number)[]) => locator.locate(p);
  (fields.explorers ?? []).forEach((e, i) => {
    const inside = e.file ? resolveContained(path.dirname(file), e.file, { what: 'the session folder' }) : null;
    if (inside && !inside.ok) problems.push(diagnostic(SYSTEM, file, 'info', `explorer file ${inside.reason}; it is not opened`, at(['explorers', i, 'file'])));
  });
  (fields.key_files ?? []).forEach((k, i) => {
    // Relative key files are the project's: one that climbs above it is outside whatever the project's folder is.
    if (path.isAbsolute(k) || /^~(?=$|[\\/])/.test(k)) return; // judged against the workspace folder when shown
    const inside = resolveContained(path.join(path.sep, 'project'), k, { what: 'the project folder', allowRoot: true });
    if (!inside.ok) problems.push(diagnostic(SYSTEM, file, 'info', `key file ${inside.reason.replace(path.join(path.sep, 'project'), 'the project folder')}; it is not opened`, at(['key_files', i])));
  });
  return problems;
}
