import { findSection, type BodySection } from './sections';

/*
 * The section gates orange's workflow engine checks (spec 004): a Plan needs APPROACH or TOUCHING with text after
 * the colon; a Handoff needs one of DONE, REMAINING, DECISIONS, UNCERTAIN; a Review starts with its verdict line.
 */

export const PLAN_FIELDS = ['APPROACH', 'TOUCHING'] as const;
export const PLAN_OPTIONAL_FIELDS = ['RISKS'] as const;
export const HANDOFF_FIELDS = ['DONE', 'REMAINING', 'DECISIONS', 'UNCERTAIN'] as const;

export type Verdict = 'PASS' | 'FAIL';

export interface SectionState {
  /** null when the section is absent; otherwise whether it passes its gate. */
  readonly plan: boolean | null;
  readonly handoff: boolean | null;
  /** The Review's verdict; null when there is no Review or its first line is not a verdict. */
  readonly verdict: Verdict | null;
  /** A Review section exists (with or without a valid verdict). */
  readonly hasReview: boolean;
  /** The fields found, by section, with their text (for tooltips and the inbox). */
  readonly fields: Readonly<Record<string, string>>;
}

export interface SectionProblem {
  /** 0-based body line of the section's heading. */
  readonly line: number;
  readonly message: string;
}

/** `FIELD: text` lines of a section's prose (code blocks excluded), keyed by field. */
export function sectionFields(section: BodySection, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of section.prose) {
    const m = /^\s*([A-Z]+):(.*)$/.exec(line);
    if (!m || !names.includes(m[1]!)) continue;
    const value = m[2]!.trim();
    if (value && !(m[1]! in out)) out[m[1]!] = value;
  }
  return out;
}

/** The verdict of a Review section's first non-empty line, or null when that line is not a verdict. */
export function reviewVerdict(section: BodySection): { verdict: Verdict | null; firstLine: string | null } {
  const first = section.lines.find((l) => l.trim() !== '')?.trim() ?? null;
  const m = first ? /^verdict:\s*(pass|fail)$/i.exec(first) : null;
  return { verdict: m ? (m[1]!.toUpperCase() as Verdict) : null, firstLine: first };
}

/** Checks every gated section of a body; each broken rule is a problem at its heading. */
export function checkSections(sections: readonly BodySection[]): { state: SectionState; problems: SectionProblem[] } {
  const problems: SectionProblem[] = [];
  const fields: Record<string, string> = {};
  const plan = findSection(sections, 'Plan');
  let planOk: boolean | null = null;
  if (plan) {
    const found = sectionFields(plan, [...PLAN_FIELDS, ...PLAN_OPTIONAL_FIELDS]);
    Object.assign(fields, found);
    planOk = PLAN_FIELDS.some((f) => f in found);
    if (!planOk) problems.push({ line: plan.headingLine, message: '## Plan has no APPROACH: or TOUCHING: line with text after the colon; orange will not start work on it' });
  }
  const handoff = findSection(sections, 'Handoff');
  let handoffOk: boolean | null = null;
  if (handoff) {
    const found = sectionFields(handoff, HANDOFF_FIELDS);
    Object.assign(fields, found);
    handoffOk = Object.keys(found).length > 0;
    if (!handoffOk) problems.push({ line: handoff.headingLine, message: '## Handoff has none of DONE:, REMAINING:, DECISIONS:, UNCERTAIN: with text after the colon; orange will not send it to review' });
  }
  const review = findSection(sections, 'Review');
  let verdict: Verdict | null = null;
  if (review) {
    const read = reviewVerdict(review);
    verdict = read.verdict;
    if (!verdict) {
      problems.push({ line: review.headingLine, message: read.firstLine === null
        ? '## Review is empty: its first line must be "Verdict: PASS" or "Verdict: FAIL"'
        : `## Review must start with "Verdict: PASS" or "Verdict: FAIL", not "${read.firstLine.slice(0, 80)}"` });
    }
  }
  return { state: { plan: planOk, handoff: handoffOk, verdict, hasReview: !!review, fields }, problems };
}
