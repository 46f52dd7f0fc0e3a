/*
 * TASK.md's gated sections read the way orange's engine reads them (dinhtungdu/orange, src/core/state.ts: the
 * section, field and verdict parsers behind its gates, unchanged since they were added on 2026-02-13). This is not
 * Markdown: orange looks for a line that is exactly `## <Name>` (trailing blanks allowed, case-sensitive) anywhere
 * in the trimmed body — inside a code block too — and the section runs to the next line that starts with `## `,
 * wherever that is. Baton derives the gates and the verdict this way, so it never disagrees with orange; where a
 * code block makes orange read something else than a person sees, section-rules.ts says so.
 */

export type Verdict = 'PASS' | 'FAIL';

/** The body as orange's engine holds it: the text after the frontmatter, trimmed at both ends. */
export interface OrangeBody {
  readonly text: string;
  /** 0-based body line on which `text` starts (the blank lines trimmed away before it). */
  readonly firstLine: number;
}

export function orangeBody(body: string): OrangeBody {
  const lead = body.length - body.trimStart().length;
  return { text: body.trim(), firstLine: countNewlines(body, 0, lead) };
}

/** One section as orange's engine finds it. Lines are 0-based body lines. */
export interface OrangeSection {
  readonly name: string;
  readonly headingLine: number;
  /** The line of the `## ` line that ends it; null when it runs to the end of the body. */
  readonly endLine: number | null;
  /** Its text between the heading and that line, trimmed (what orange's field and verdict parsers read). */
  readonly content: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each section's and field's pattern, built once (a few names, asked for every TASK.md). No `g` flag: no state. */
const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, re = new RegExp(source, 'm'));
  return re;
}

/** The first section orange finds under `## <name>`, or undefined when orange sees none. */
export function orangeSection(body: OrangeBody, name: string): OrangeSection | undefined {
  const heading = pattern(`^## ${escapeRegExp(name)}\\s*$`).exec(body.text);
  if (!heading) return undefined;
  return sectionFrom(body, name, heading.index, heading.index + heading[0].length, (from) => body.text.indexOf('\n## ', from));
}

/**
 * The same section, but ending at the first `## ` line for which `counts(line)` holds (a person's reading, where a
 * line inside a code block ends nothing). Used to tell whether such a line changed what orange derives.
 */
export function orangeSectionUntil(body: OrangeBody, section: OrangeSection, counts: (line: number) => boolean): OrangeSection {
  const start = lineOffset(body.text, section.headingLine - body.firstLine);
  const afterHeading = body.text.indexOf('\n', start);
  return sectionFrom(body, section.name, start, afterHeading < 0 ? body.text.length : afterHeading, (from) => {
    for (let at = body.text.indexOf('\n## ', from); at >= 0; at = body.text.indexOf('\n## ', at + 1)) {
      if (counts(body.firstLine + countNewlines(body.text, 0, at + 1))) return at;
    }
    return -1;
  });
}

function sectionFrom(body: OrangeBody, name: string, start: number, contentStart: number, nextHeading: (from: number) => number): OrangeSection {
  const next = nextHeading(contentStart);
  const content = (next < 0 ? body.text.slice(contentStart) : body.text.slice(contentStart, next)).trim();
  return {
    name, content,
    headingLine: body.firstLine + countNewlines(body.text, 0, start),
    endLine: next < 0 ? null : body.firstLine + countNewlines(body.text, 0, next + 1),
  };
}

/**
 * A `FIELD:` value as orange reads it: the first line of the section that starts with `FIELD:` (no indentation,
 * case-sensitive); its value is the text after the colon — or, when nothing follows on that line, the next
 * non-blank line — trimmed. undefined when no line starts with it or no text follows.
 */
export function orangeField(content: string, field: string): string | undefined {
  const m = pattern(`^${escapeRegExp(field)}:\\s*(.+)$`).exec(content);
  const value = m?.[1]?.trim();
  return value ? value : undefined;
}

/** The verdict orange reads: the section's first non-blank line is `Verdict: PASS` or `Verdict: FAIL`, in any case. */
export function orangeVerdict(content: string): { verdict: Verdict | null; firstLine: string | null } {
  const first = content.split('\n').find((l) => l.trim() !== '') ?? null;
  const m = first === null ? null : /^Verdict:\s*(PASS|FAIL)\s*$/i.exec(first);
  return { verdict: m ? (m[1]!.toUpperCase() as Verdict) : null, firstLine: first };
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** The offset at which the 0-based line `line` of `text` starts. */
function lineOffset(text: string, line: number): number {
  let at = 0;
  for (let l = 0; l < line; l++) at = text.indexOf('\n', at) + 1;
  return at;
}
