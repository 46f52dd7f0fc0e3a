/** A heading of a Markdown document and the lines under it (up to the next heading of the same or a higher level). */
export interface MarkdownSection {
  readonly level: number;
  readonly title: string;
  /** 1-based line of the heading. */
  readonly line: number;
  readonly body: readonly string[];
}

/** The ATX headings of a document with their bodies; a `#` line inside a fenced code block is not a heading. */
export function markdownSections(text: string): MarkdownSection[] {
  const lines = text.split(/\r?\n/);
  const heads: { level: number; title: string; index: number }[] = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) { if (fence === null) fence = f[1]![0]!; else if (f[1]![0] === fence) fence = null; return; }
    if (fence !== null) return;
    const h = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) heads.push({ level: h[1]!.length, title: h[2]!, index });
  });
  return heads.map((h, i) => {
    const next = heads.slice(i + 1).find((n) => n.level <= h.level);
    return { level: h.level, title: h.title, line: h.index + 1, body: lines.slice(h.index + 1, next ? next.index : lines.length) };
  });
}

/** `- item` / `* item` / `1. item` lines of a body, without their markers. */
export function listItems(body: readonly string[]): string[] {
  return body.map((l) => /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(l)?.[1]?.trim()).filter((x): x is string => !!x);
}

/** The cells of the Markdown table rows in a body (header and separator rows included as written). */
export function tableRows(body: readonly string[]): string[][] {
  return body.filter((l) => /^\s*\|/.test(l) && !/^\s*\|[\s:|-]+\|\s*$/.test(l))
    .map((l) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
}

/** `**Bold**` and `*em*` markers removed, for values read out of tables and labels. */
export function plain(text: string): string {
  return text.replace(/\*\*|__|\*|`/g, '').trim();
}
