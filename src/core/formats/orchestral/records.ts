import path from 'node:path';
import { resolveContained } from '../../io/contained-path';
import { contentHash } from '../../io/content-hash';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { EnumCheck } from '../common/enum-check';
import { appendAll } from '../../util/append';
import { problemOf, unreadableFileProblem } from '../../model/item-problem';
import type { ItemProblem } from '../../model/items';
import { type JsonLocator, parseJsonFile, unknownJsonValueWarnings } from '../common/json-file';
import { readCrp } from './crp';
import { parseEventsLog, type EventsSummary } from './events';
import type { CrpContent } from './model';
import type { Base, OrchestralFileKind } from './paths';
import { errorFlagText } from './flags';
import { parseMissionDraft, parseMissionFile, type MissionDraftRecord, type MissionRecord } from './mission-record';
import { configSchema, crpSchema, evidenceSchema, modelSelectionSchema, resultsSchema, stateSchema, vcrSchema, verdictSchema,
  type ConfigFields, type EvidenceFields, type ModelSelectionFields, type ResultsFields, type StateFields, type VcrFields,
  type VerdictFields } from './schemas';
import { AGENT_STATUSES, AGENTS, CRP_STATUSES, PHASES, VERDICTS } from './vocabulary';

/** What one Orchestral/Dure file contributes to the index. Plain JSON, so it can be cached across sessions. */
export type OrchestralRecord =
  | MissionRecord
  | MissionDraftRecord
  | { readonly kind: 'config'; readonly base: Base; readonly name: string; readonly fields: ConfigFields | undefined }
  | { readonly kind: 'state'; readonly base: Base; readonly run: string; readonly fields: StateFields | undefined; readonly hash: string;
      /** Why `fields` is missing (not JSON, not an object, not readable): the run is shown `unreadable` with it. */
      readonly problem?: ItemProblem }
  | { readonly kind: 'events'; readonly base: Base; readonly run: string; readonly summary: EventsSummary }
  | { readonly kind: 'briefing'; readonly base: Base; readonly run: string; readonly title: string | null }
  | { readonly kind: 'crp'; readonly base: Base; readonly run: string; readonly name: string; readonly content: CrpContent | undefined; readonly hash: string }
  | { readonly kind: 'vcr'; readonly base: Base; readonly run: string; readonly name: string; readonly fields: VcrFields | undefined }
  | { readonly kind: 'verdict'; readonly base: Base; readonly run: string; readonly fields: VerdictFields | undefined }
  | { readonly kind: 'results'; readonly base: Base; readonly run: string; readonly fields: ResultsFields | undefined }
  | { readonly kind: 'models'; readonly base: Base; readonly run: string; readonly fields: ModelSelectionFields | undefined }
  | { readonly kind: 'evidence'; readonly base: Base; readonly run: string; readonly legacy: boolean; readonly fields: EvidenceFields | undefined }
  | { readonly kind: 'flag'; readonly base: Base; readonly run: string; readonly agent: string; readonly flag: 'done' | 'error'; readonly text: string };

export interface Parsed {
  readonly record: OrchestralRecord;
  readonly diagnostics: Diagnostic[];
}

const SYSTEM = 'orchestral';
/** A flag's content is a timestamp or a short error; keep enough to show, not a whole crash dump. */
const FLAG_TEXT_LIMIT = 2000;

export function parseOrchestralFile(file: string, kind: OrchestralFileKind, text: string): Parsed {
  switch (kind.kind) {
    case 'config': {
      const { fields, diagnostics } = parseJsonFile(SYSTEM, file, text, `config/${kind.name}.json`, configSchema);
      return { record: { kind: 'config', base: kind.base, name: kind.name, fields }, diagnostics: configDiagnostics(diagnostics, fields !== undefined) };
    }
    case 'mission': return parseMissionFile(file, kind.base, kind.mission, text);
    case 'mission-draft': return parseMissionDraft(file, kind.base, kind.mission, kind.version, text);
    case 'state': return parseState(file, kind.base, kind.run, text);
    case 'events': {
      const { summary, diagnostics } = parseEventsLog(file, text);
      return { record: { kind: 'events', base: kind.base, run: kind.run, summary }, diagnostics };
    }
    case 'briefing': return { record: { kind: 'briefing', base: kind.base, run: kind.run, title: briefingTitle(text) }, diagnostics: [] };
    case 'crp': return parseCrpFile(file, kind.base, kind.run, kind.name, text);
    case 'vcr': {
      const { fields, diagnostics } = parseJsonFile(SYSTEM, file, text, 'the VCR', vcrSchema);
      return { record: { kind: 'vcr', base: kind.base, run: kind.run, name: kind.name, fields }, diagnostics };
    }
    case 'verdict': {
      const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, 'verdict.json', verdictSchema);
      if (fields) appendAll(diagnostics, verdictDiagnostics(file, locator, fields));
      return { record: { kind: 'verdict', base: kind.base, run: kind.run, fields }, diagnostics };
    }
    case 'results': {
      const { fields, diagnostics } = parseJsonFile(SYSTEM, file, text, 'results.json', resultsSchema);
      return { record: { kind: 'results', base: kind.base, run: kind.run, fields }, diagnostics };
    }
    case 'models': {
      const { fields, diagnostics } = parseJsonFile(SYSTEM, file, text, 'model-selection.json', modelSelectionSchema);
      return { record: { kind: 'models', base: kind.base, run: kind.run, fields }, diagnostics };
    }
    case 'evidence': {
      const { fields, diagnostics } = parseJsonFile(SYSTEM, file, text, path.basename(file), evidenceSchema);
      return { record: { kind: 'evidence', base: kind.base, run: kind.run, legacy: kind.legacy, fields }, diagnostics };
    }
    case 'flag': {
      const shown = kind.flag === 'error' ? errorFlagText(text) : text.trim();
      return { record: { kind: 'flag', base: kind.base, run: kind.run, agent: kind.agent, flag: kind.flag,
        text: shown.slice(0, FLAG_TEXT_LIMIT) }, diagnostics: [] };
    }
  }
}

function parseState(file: string, base: Base, run: string, text: string): Parsed {
  const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, 'state.json', stateSchema);
  if (fields) {
    appendAll(diagnostics, unknownValues(file, locator, [
      { path: ['phase'], value: fields.phase, known: PHASES, what: 'phase' },
      ...Object.entries(fields.agents ?? {}).map(([name, a]) =>
        ({ path: ['agents', name, 'status'], value: a.status, known: AGENT_STATUSES, what: `${name} status` })),
    ]));
    // An agent's name is also its output folder in the run: one that is a path out of it is shown, never listed.
    for (const name of Object.keys(fields.agents ?? {})) {
      const inside = resolveContained(path.dirname(file), name, { what: 'the run folder' });
      if (!inside.ok || inside.relative.includes('/')) {
        // Not one of Dure's four agents (Dure ignores it): shown, but Baton opens no folder outside the run.
        diagnostics.push(diagnostic(SYSTEM, file, 'info', `agent "${name}" is not a folder name in the run (${inside.ok ? 'it names a sub-folder' : inside.reason}); its output folder is not opened`,
          locator.locate(['agents', name])));
      }
    }
    if (fields.phase === 'waiting_human' && !fields.pending_crp) {
      diagnostics.push(diagnostic(SYSTEM, file, 'warning', 'phase is waiting_human but pending_crp is empty: Dure resumes a run by the CRP pending_crp names, so its resume would restart no agent',
        locator.locate(['pending_crp'])));
    }
    if (fields.run_id && !sameRunId(fields.run_id, run)) {
      // Dure lists a run by its run_id and opens it as runs/<run_id>/: this run would be listed and not found.
      diagnostics.push(diagnostic(SYSTEM, file, 'warning', `run_id "${fields.run_id}" differs from the run folder "${run}": Dure lists the run by run_id and looks for it in runs/${fields.run_id}/; Baton uses the folder name`,
        locator.locate(['run_id'])));
    }
  }
  const problem = fields ? undefined : problemOf(diagnostics, 'state.json cannot be read');
  return { record: { kind: 'state', base, run, fields, hash: contentHash(text), ...(problem ? { problem } : {}) }, diagnostics };
}

/**
 * A state.json that is there but cannot be opened (a FIFO, too large, no permission): the run still has one, so it
 * is shown `unreadable` rather than as a run Dure does not list.
 */
export function unreadableState(file: string, base: Base, run: string, cause: string): Parsed {
  const problem = unreadableFileProblem('state.json', cause);
  return { record: { kind: 'state', base, run, fields: undefined, hash: '', problem }, diagnostics: [diagnostic(SYSTEM, file, 'error', problem.message)] };
}

function parseCrpFile(file: string, base: Base, run: string, name: string, text: string): Parsed {
  const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, 'the CRP', crpSchema);
  let content: CrpContent | undefined;
  if (fields) {
    const read = readCrp(fields, name.replace(/\.json$/, ''));
    content = read.content;
    for (const p of read.problems) diagnostics.push(diagnostic(SYSTEM, file, p.severity, p.message, locator.locate(p.path)));
    appendAll(diagnostics, unknownValues(file, locator, [{ path: ['status'], value: fields.status, known: CRP_STATUSES, what: 'CRP status' }]));
    if (content.status === 'pending' && !AGENTS.includes(content.createdBy ?? '')) {
      // After the answer Dure restarts the agent the CRP names (its continuation prompt is prompts/<agent>.md).
      diagnostics.push(diagnostic(SYSTEM, file, 'warning', `${content.createdBy ? `created_by "${content.createdBy}" is not one of Dure's agents` : 'CRP has no `created_by`'} (${AGENTS.join(', ')}): after the answer Dure restarts the agent named there, so it could not resume the run`,
        locator.locate(['created_by'])));
    }
  }
  return { record: { kind: 'crp', base, run, name, content, hash: contentHash(text) }, diagnostics };
}

/**
 * Dure's config loader never stops on a config file: one it cannot parse is ignored for its defaults, and values
 * its validation rejects are replaced by defaults. The user's setting is then not the one in force: a warning.
 */
function configDiagnostics(diagnostics: readonly Diagnostic[], parsed: boolean): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, severity: d.severity === 'error' ? 'warning' as const : d.severity,
    message: `${d.message}; Dure ${parsed ? 'uses its default for this value' : 'ignores the file and uses its defaults'}` }));
}

/**
 * The gatekeeper (a model) writes verdict.json, and Dure's verdict handler stops with "Unknown verdict" on anything
 * but its four words (case included) — or on none: the run goes no further. That is a real problem, unlike an
 * unknown phase or status.
 */
function verdictDiagnostics(file: string, locator: JsonLocator, fields: VerdictFields): Diagnostic[] {
  if (!fields.verdict) {
    return [diagnostic(SYSTEM, file, 'warning', `verdict.json has no \`verdict\`: Dure's verdict handler stops on it (it knows ${VERDICTS.join(', ')})`, locator.locate(['verdict']))];
  }
  if (VERDICTS.includes(fields.verdict)) return [];
  return [diagnostic(SYSTEM, file, 'warning', `unknown verdict "${fields.verdict}": Dure's verdict handler stops on it (it knows ${VERDICTS.join(', ')}); shown as written`, locator.locate(['verdict']))];
}

/**
 * Enum values Dure does not list are shown as written: an info, never a problem (its enums keep growing, and a
 * newer Dure that writes a new value also knows it).
 */
function unknownValues(file: string, locator: JsonLocator, checks: readonly EnumCheck[]): Diagnostic[] {
  return unknownJsonValueWarnings(SYSTEM, file, locator, checks).map((d) => ({ ...d, severity: 'info' as const }));
}

/** `run-20240115-143022` (spec) and `run-20240115143022` (code) name the same run. */
function sameRunId(a: string, b: string): boolean {
  return a === b || a.replace(/-/g, '') === b.replace(/-/g, '');
}

/**
 * The first heading (or first line) of the human's briefing: what the run is about. A run Dure started for a mission
 * task past its first phase has the previous phase's summary before the task's own briefing (Dure 463c6e7 on: a
 * `## Previous Context` section, then a `---` line between blank lines): the title is the briefing's, after it.
 */
function briefingTitle(text: string): string | null {
  const lines = text.split(/\r?\n/);
  let from = 0;
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first >= 0 && /^#{1,6}\s*Previous Context\s*$/i.test(lines[first]!.trim())) {
    const rule = lines.findIndex((line, n) => n > first && line.trim() === '---' && !lines[n - 1]!.trim() && !lines[n + 1]?.trim());
    if (rule > 0) from = rule + 1;
  }
  return firstLineTitle(lines, from) ?? firstLineTitle(lines, 0);
}

function firstLineTitle(lines: readonly string[], from: number): string | null {
  for (let n = from; n < lines.length; n++) {
    const t = lines[n]!.replace(/^#+\s*/, '').trim();
    if (t) return t.length > 120 ? t.slice(0, 119) + '…' : t;
  }
  return null;
}
