import { orangeBody, orangeField, orangeSection, orangeSectionUntil, orangeVerdict, type OrangeBody, type OrangeSection, type Verdict } from './orange-sections';
import { inCodeBlock, markdownOutline, type MarkdownOutline } from './sections';

export type { Verdict } from './orange-sections';

/*
 * The section gates orange's workflow engine checks (its TRANSITION_MAP and exit monitor): a Plan needs APPROACH or
 * TOUCHING with text, a Handoff one of DONE, REMAINING, DECISIONS, UNCERTAIN, a Review starts with its verdict line.
 * The state is what orange derives (orange-sections.ts). A problem is reported only where orange acts differently
 * from what the file seems to say: a gate that fails in the status where orange checks it, a code block or a
 * heading orange reads otherwise than a person does.
 */

export const PLAN_FIELDS = ['APPROACH', 'TOUCHING'] as const;
export const PLAN_OPTIONAL_FIELDS = ['RISKS'] as const;
export const HANDOFF_FIELDS = ['DONE', 'REMAINING', 'DECISIONS', 'UNCERTAIN'] as const;

export interface SectionState {
  /** null when orange finds no such section; otherwise whether it passes its gate. */
  readonly plan: boolean | null;
  readonly handoff: boolean | null;
  /** The Review's verdict as orange reads it; null when there is no Review or its first line is not a verdict. */
  readonly verdict: Verdict | null;
  /** orange finds a Review section (with or without a valid verdict). */
  readonly hasReview: boolean;
  /** The fields orange finds, with their text (for tooltips and the inbox). */
  readonly fields: Readonly<Record<string, string>>;
}

export interface SectionProblem {
  /** 0-based body line. */
  readonly line: number;
  readonly severity: 'warning' | 'info';
  readonly message: string;
}

interface Gate {
  readonly name: 'Plan' | 'Handoff' | 'Review';
  /** The status in which orange checks this gate (its exit monitor, when the agent's session ends). */
  readonly status: string;
  /** What orange concludes from a section's text, as one comparable word. */
  readonly outcome: (content: string) => string;
  readonly describe: (outcome: string) => string;
  readonly failure: (s: OrangeSection) => string | undefined;
}

const fieldsOf = (content: string, names: readonly string[]) =>
  Object.fromEntries(names.flatMap((n) => { const v = orangeField(content, n); return v === undefined ? [] : [[n, v]]; })) as Record<string, string>;
const hasAny = (content: string, names: readonly string[]) => names.some((n) => orangeField(content, n) !== undefined);

const GATES: readonly Gate[] = [
  {
    name: 'Plan', status: 'planning',
    outcome: (c) => (hasAny(c, PLAN_FIELDS) ? 'valid' : 'invalid'),
    describe: (o) => (o === 'valid' ? 'a valid Plan' : 'a Plan without APPROACH: or TOUCHING:'),
    failure: (s) => (hasAny(s.content, PLAN_FIELDS) ? undefined
      : '## Plan has no line starting with APPROACH: or TOUCHING: followed by text, so orange\'s gate refuses to move the task to working: when the agent\'s session ends, orange counts a crash instead'),
  },
  {
    name: 'Handoff', status: 'working',
    outcome: (c) => (hasAny(c, HANDOFF_FIELDS) ? 'valid' : 'invalid'),
    describe: (o) => (o === 'valid' ? 'a valid Handoff' : 'a Handoff without DONE:, REMAINING:, DECISIONS: or UNCERTAIN:'),
    failure: (s) => (hasAny(s.content, HANDOFF_FIELDS) ? undefined
      : '## Handoff has no line starting with DONE:, REMAINING:, DECISIONS: or UNCERTAIN: followed by text, so orange\'s gate refuses to send the task to agent review: when the agent\'s session ends, orange counts a crash instead'),
  },
  {
    name: 'Review', status: 'agent-review',
    outcome: (c) => orangeVerdict(c).verdict ?? 'none',
    describe: (o) => (o === 'none' ? 'a Review with no verdict' : `Verdict: ${o}`),
    failure: (s) => {
      const { verdict, firstLine } = orangeVerdict(s.content);
      if (verdict) return undefined;
      const why = firstLine === null ? '## Review is empty' : `## Review starts with "${firstLine.trim().slice(0, 80)}"`;
      return `${why}, not "Verdict: PASS" or "Verdict: FAIL", so orange cannot tell how the review ended: when the reviewer's session ends, orange counts a crash and starts the reviewer again`;
    },
  },
];

/** What orange derives from a TASK.md body, and where that differs from what the file seems to say. */
export function checkSections(body: string, status: string, outline: MarkdownOutline = markdownOutline(body),
  fileLine: (bodyLine: number) => number = (l) => l + 1): { state: SectionState; problems: SectionProblem[] } {
  const ob = orangeBody(body);
  const problems: SectionProblem[] = [];
  const found = new Map<string, OrangeSection>();
  for (const gate of GATES) {
    const section = orangeSection(ob, gate.name);
    if (section) {
      found.set(gate.name, section);
      problems.push(...fenceProblems(ob, outline, gate, section, fileLine));
      const failure = status === gate.status ? gate.failure(section) : undefined;
      if (failure) problems.push({ line: section.headingLine, severity: 'warning', message: failure });
    } else {
      problems.push(...unseenHeadings(outline, gate, status));
    }
  }
  const plan = found.get('Plan');
  const handoff = found.get('Handoff');
  const review = found.get('Review');
  const state: SectionState = {
    plan: plan ? hasAny(plan.content, PLAN_FIELDS) : null,
    handoff: handoff ? hasAny(handoff.content, HANDOFF_FIELDS) : null,
    verdict: review ? orangeVerdict(review.content).verdict : null,
    hasReview: !!review,
    fields: {
      ...(plan ? fieldsOf(plan.content, [...PLAN_FIELDS, ...PLAN_OPTIONAL_FIELDS]) : {}),
      ...(handoff ? fieldsOf(handoff.content, HANDOFF_FIELDS) : {}),
    },
  };
  return { state, problems };
}

/**
 * A code block that changes what orange reads: the section orange takes starts at a `## ` line inside a code block
 * (always said: orange reads quoted text as the task's own), or a `## ` line inside a code block ends the section
 * early and what orange concludes is not what the whole section says.
 */
function fenceProblems(ob: OrangeBody, outline: MarkdownOutline, gate: Gate, section: OrangeSection, fileLine: (bodyLine: number) => number): SectionProblem[] {
  const derived = gate.describe(gate.outcome(section.content));
  if (inCodeBlock(outline, section.headingLine)) {
    const real = outline.headings.find((h) => h.level === 2 && h.text === gate.name && h.line > section.headingLine && !inCodeBlock(outline, h.line));
    return [{ line: section.headingLine, severity: 'warning', message: `this "## ${gate.name}" is inside a code block, but orange does not skip code blocks: `
      + `it reads this as the task's ${gate.name} section (${derived})${real ? `, not the one at line ${fileLine(real.line)}` : ''}; `
      + `Baton shows what orange reads. Indent the quoted lines or change the quoted heading so orange reads the real one` }];
  }
  if (section.endLine === null || !inCodeBlock(outline, section.endLine)) return [];
  const whole = orangeSectionUntil(ob, section, (line) => !inCodeBlock(outline, line));
  const meant = gate.outcome(whole.content);
  if (meant === gate.outcome(section.content)) return [];
  return [{ line: section.endLine, severity: 'warning', message: `this "## " line is inside a code block, but orange does not skip code blocks: `
    + `its ## ${gate.name} section ends here, so orange reads ${derived} where the whole section has ${gate.describe(meant)}; Baton shows what orange reads` }];
}

/**
 * A heading a person reads as the section that orange does not see (`## plan`, `##  Plan`, `### Plan`, `## Plan:`,
 * an underlined heading): a warning in the status where orange checks that gate, an info otherwise.
 */
function unseenHeadings(outline: MarkdownOutline, gate: Gate, status: string): SectionProblem[] {
  const like = (text: string) => text.replace(/\s*:$/, '').trim().toLowerCase() === gate.name.toLowerCase();
  const heading = outline.headings.find((h) => h.level <= 3 && like(h.text) && !inCodeBlock(outline, h.line));
  if (!heading) return [];
  const live = status === gate.status;
  return [{ line: heading.line, severity: live ? 'warning' : 'info', message: `orange does not read this heading as the task's ${gate.name}: `
    + `it looks for a line that is exactly "## ${gate.name}", so for orange this task has no ${gate.name} section`
    + (live ? ` and its ${gate.name} gate fails` : '') }];
}
