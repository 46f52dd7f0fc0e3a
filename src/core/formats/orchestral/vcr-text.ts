import type { RunVcr } from './model';

/** A VCR decision in one line: "B", or "q1 → A, q2 → B" for a questions[] CRP. */
export function decisionText(decision: RunVcr['decision']): string {
  if (decision === null) return '';
  if (typeof decision === 'string') return decision;
  return Object.entries(decision).map(([q, o]) => `${q} → ${o}`).join(', ');
}
