import type { Diagnostic } from '../model/diagnostic';
import { decisionJson, displayPath, itemJson } from '../report/scan-report';
import type { Decision, WorkItem } from '../service/work-item';
import type { ElsewhereState, PlaceState } from '../service/other-places';

export type { ElsewhereState } from '../service/other-places';

export const NOTHING_ELSEWHERE: ElsewhereState = { items: [], decisions: [], diagnostics: [] };

/** Items and decisions are immutable and reused while unchanged: each one's signature is computed once. */
const signatures = new WeakMap<object, string>();

function remembered(value: object, make: () => string): string {
  let s = signatures.get(value);
  if (s === undefined) signatures.set(value, s = make());
  return s;
}

/** Everything the JSON of an item says, relative to its place's folder, without where it is. */
function itemSignature(root: string, item: WorkItem): string {
  return remembered(item, () => {
    const { elsewhere: _where, ...plain } = item;
    return `${item.system}\u0000${item.kind}\u0000${item.id}\u0000${JSON.stringify(itemJson(root, plain as WorkItem))}`;
  });
}

function decisionSignature(root: string, d: Decision): string {
  return remembered(d, () => {
    const { elsewhere: _where, ...plain } = d;
    return `${d.system}\u0000${d.kind}\u0000${d.id}\u0000${JSON.stringify(decisionJson(root, plain as Decision))}`;
  });
}

function diagnosticSignature(root: string, d: Diagnostic): string {
  return `${d.system}\u0000${displayPath(root, d.file)}\u0000${d.line}\u0000${d.column}\u0000${d.severity}\u0000${d.message}`;
}

/**
 * The items, decisions and problems of the other places, each marked with where it is, leaving out what is
 * identical to the folder's own (same system, kind, id and content: a branch that did not touch a task does not
 * list it again). Places are given in order (worktrees, then refs); within each, the order its systems gave.
 */
export function elsewhereState(root: string, own: { items: readonly WorkItem[]; decisions: readonly Decision[]; diagnostics: readonly Diagnostic[] },
  places: readonly PlaceState[], memo: Map<string, string> = new Map()): ElsewhereState {
  if (!places.length) return NOTHING_ELSEWHERE;
  const ownItems = new Set(own.items.filter((i) => i.root === root).map((i) => itemSignature(root, i)));
  const ownDecisions = new Set(own.decisions.filter((d) => d.root === root).map((d) => decisionSignature(root, d)));
  const ownDiagnostics = new Set(own.diagnostics.map((d) => diagnosticSignature(root, d)));
  const items: WorkItem[] = [];
  const decisions: Decision[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const place of places) {
    for (const item of place.items) {
      // A ref's item is known by its blobs: the JSON of an item that 200 refs share is built once (`memo`).
      const key = place.contentKey?.(item);
      let signature = key === undefined ? undefined : memo.get(key);
      if (signature === undefined) {
        signature = itemSignature(place.root, item);
        if (key !== undefined) memo.set(key, signature);
      }
      if (!ownItems.has(signature)) items.push(item);
    }
    for (const d of place.decisions) if (!ownDecisions.has(decisionSignature(place.root, d))) decisions.push(d);
    for (const d of place.diagnostics) if (!ownDiagnostics.has(diagnosticSignature(place.root, d))) diagnostics.push(d);
  }
  return { items, decisions, diagnostics };
}
