import { displayPath } from './display-path';
import { orcGateDecisionJson } from '../formats/orc/gate-decisions';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostic';
import type { Elsewhere } from '../model/items';
import type { Decision, WorkItem } from '../service/work-item';
import { intentItemJson } from '../formats/intents/json';
import { orangeDecisionJson, orangeTaskJson } from '../formats/orange/json';
import { orcItemJson } from '../formats/orc/json';
import { orchestralDecisionJson, orchestralMissionJson, orchestralRunJson } from '../formats/orchestral/json';
import { ultraworkItemJson } from '../formats/ultrawork/json';

/**
 * The public JSON shape of `baton scan --json` (CLI.md, contract v1): camelCase fields, `file` relative to the
 * scanned folder when inside it, absolute otherwise. Other tools rely on it: add fields, never rename them.
 */
export interface ScanReport {
  readonly baton: 1;
  readonly root: string;
  readonly items: Record<string, unknown>[];
  readonly decisions: Record<string, unknown>[];
  readonly diagnostics: Record<string, unknown>[];
}

export { displayPath };

export function itemJson(root: string, item: WorkItem): Record<string, unknown> {
  return { ...itemBase(root, item), ...systemJson(root, item) };
}

/** The fields every item has. A placeholder (its file could not be read) carries `unreadable`: the problem, also in `diagnostics`. */
function itemBase(root: string, item: WorkItem): Record<string, unknown> {
  return { system: item.system, kind: item.kind, id: item.id, title: item.title, status: item.status,
    file: displayPath(root, item.file), ...elsewhereJson(item.elsewhere), ...(item.unreadable ? { unreadable: item.unreadable } : {}) };
}

/**
 * CLI.md's `worktree` (absolute path) or `ref` (short name) of what was found in another place; nothing for the
 * folder's own, so its JSON is byte for byte what it was. A ref's files are named relative to the folder (as they
 * are committed there); a worktree's are absolute.
 */
export function elsewhereJson(elsewhere: Elsewhere | undefined): { worktree?: string; ref?: string } {
  if (!elsewhere) return {};
  return elsewhere.ref !== undefined ? { ref: elsewhere.ref } : { worktree: elsewhere.worktree };
}

/** The fields of the item's own system. */
function systemJson(root: string, item: WorkItem): Record<string, unknown> {
  switch (item.system) {
    case 'orc': return orcItemJson(item);
    case 'intents': return intentItemJson(item);
    case 'orchestral': return item.kind === 'mission' ? orchestralMissionJson(item, (f) => displayPath(root, f)) : orchestralRunJson(item, (f) => displayPath(root, f));
    case 'orange': return orangeTaskJson(item);
    case 'ultrawork': return ultraworkItemJson(item, (f) => displayPath(root, f));
  }
}

/**
 * JSON.stringify(itemJson(root, item)), without building the merged object: the common fields and the system's own
 * are written one after the other (the same keys in the same order; at 10,000 items the merge was most of the cost).
 */
function itemJsonText(root: string, item: WorkItem): string {
  const common = JSON.stringify(itemBase(root, item));
  const own = JSON.stringify(systemJson(root, item));
  return own === '{}' ? common : `${common.slice(0, -1)},${own.slice(1)}`;
}

export function decisionJson(root: string, decision: Decision): Record<string, unknown> {
  const own = ownDecisionJson(root, decision);
  return decision.elsewhere ? { ...own, ...elsewhereJson(decision.elsewhere) } : own;
}

function ownDecisionJson(root: string, decision: Decision): Record<string, unknown> {
  switch (decision.system) {
    case 'orchestral': return orchestralDecisionJson(decision, (f) => displayPath(root, f));
    case 'orange': return orangeDecisionJson(decision, (f) => displayPath(root, f));
    case 'orc': return orcGateDecisionJson(decision, (f) => displayPath(root, f));
  }
}

export function diagnosticJson(root: string, d: Diagnostic): Record<string, unknown> {
  return { file: displayPath(root, d.file), line: d.line, column: d.column, severity: d.severity, message: d.message, system: d.system,
    ...elsewhereJson(d.elsewhere) };
}

export function scanReport(root: string, items: readonly WorkItem[], decisions: readonly Decision[],
  diagnostics: readonly Diagnostic[]): ScanReport {
  return {
    baton: 1,
    root,
    items: items.map((i) => itemJson(root, i)),
    decisions: decisions.map((d) => decisionJson(root, d)),
    diagnostics: [...diagnostics].sort(compareDiagnostics).map((d) => diagnosticJson(root, d)),
  };
}

/**
 * The report as compact JSON text, written an item at a time: the same document as JSON.stringify(scanReport(…)),
 * without building the whole object tree first.
 */
export function scanReportText(root: string, items: readonly WorkItem[], decisions: readonly Decision[],
  diagnostics: readonly Diagnostic[]): string {
  const parts: string[] = [`{"baton":1,"root":${JSON.stringify(root)},"items":[`];
  items.forEach((item, n) => parts.push(`${n ? ',' : ''}${itemJsonText(root, item)}`));
  parts.push('],"decisions":[');
  decisions.forEach((decision, n) => parts.push(`${n ? ',' : ''}${JSON.stringify(decisionJson(root, decision))}`));
  parts.push('],"diagnostics":[');
  [...diagnostics].sort(compareDiagnostics).forEach((d, n) => parts.push(`${n ? ',' : ''}${JSON.stringify(diagnosticJson(root, d))}`));
  parts.push(']}');
  return parts.join('');
}

/** `file:line:column: severity: message`, the form VS Code's problem matchers read. */
export function diagnosticLine(root: string, d: Diagnostic): string {
  return `${displayPath(root, d.file)}:${d.line ?? 1}:${d.column ?? 1}: ${d.severity}: ${d.message}`;
}
