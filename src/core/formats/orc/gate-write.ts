import type { Document } from 'yaml';

/**
 * A gate entry in both shapes: the spec's `{type, decision, rationale}` and the one orc's file-era code reads and
 * rewrites (`{gate_type, approved, reason}`, state.go GateDecision), so that orc sees an approval as one and keeps it.
 * Baton reads the spec's keys first (link-graph.ts gatesOf). A pending gate has no `approved` yet.
 */
export function withOrcGateKeys(g: { type: string; decision: string; rationale?: string | null } & Record<string, unknown>): Record<string, unknown> {
  return { ...g, gate_type: g.type, ...(g.decision === 'approved' || g.decision === 'rejected' ? { approved: g.decision === 'approved' } : {}),
    reason: g.rationale ?? null };
}

/** The orc-shaped keys of gate `index` once it is answered (see withOrcGateKeys). */
export function setOrcGateAnswer(doc: Document, index: number, decision: string, rationale: string | null): void {
  if (decision === 'approved' || decision === 'rejected') doc.setIn(['gates', index, 'approved'], decision === 'approved');
  if (rationale) doc.setIn(['gates', index, 'reason'], rationale);
}
