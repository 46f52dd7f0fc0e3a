import type { BodySection, MarkdownOutline, SectionListItem, VisibleHeading } from './outline';

/** `#` to `######`, a space or tab, then text with no `#` or `\` (no closing sequence, no escape): an ATX heading. */
const PLAIN_HEADING = /^(#{1,6})(?:[ \t]([^#\\]*))?$/;
const BLANK = /^[ \t]*$/;
/**
 * A line that can only be paragraph text in CommonMark: it starts with no space or tab (indented code, lazy
 * continuation) and with none of the characters that may open a block (heading, quote, list, thematic break,
 * fence, setext underline, HTML, link reference definition, table) or an escape, and is no digit (ordered list).
 */
const PLAIN_TEXT = /^[^\s#>\-*+_`~<=[|\\\d]/;
/** A one-line bullet item: a marker, one space, plain text or a task box and plain text (`- [ ] Which way?`). */
const PLAIN_ITEM = /^([-*+]) ((?:\[[ xX]\] )?[^\s#>\-*+_`~<=[|\\\d].*)$/;
const BOX = /^\[( |x|X)\]\s+/;

/**
 * The outline markdown-it gives (sections.ts), computed without it for the bodies most TASK.md files have: blank
 * lines, `## Name` headings and plain paragraph lines only. Undefined for anything else — a list, a code block, a
 * quote, an indented or CRLF line, a heading with `#` or `\` in its text — which markdown-it reads. Proven equal to
 * markdown-it on random bodies (test/unit/fuzz/orange-outline.test.ts). markdown-it cost most of a TASK.md's read.
 */
export function plainOutline(body: string): MarkdownOutline | undefined {
  if (body.includes('\r') || body.includes('\0')) return undefined;
  const lines = body.split('\n');
  const headings: VisibleHeading[] = [];
  let lead: string | null = null;
  const items: SectionListItem[] = [];
  let inParagraph = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (BLANK.test(line)) { inParagraph = false; continue; }
    if (line.charCodeAt(0) === 0x23 /* # */) {
      const m = PLAIN_HEADING.exec(line);
      if (!m) return undefined;
      headings.push({ level: m[1]!.length, text: (m[2] ?? '').trim(), line: i });
      inParagraph = false;
      continue;
    }
    const item = PLAIN_ITEM.exec(line);
    if (item) {
      // An item's text continued on the next line (lazily) is left to markdown-it.
      const next = lines[i + 1];
      if (next !== undefined && !BLANK.test(next) && !PLAIN_ITEM.test(next) && next.charCodeAt(0) !== 0x23) return undefined;
      const raw = item[2]!.trim();
      if (lead === null) lead = raw || null;
      const box = BOX.exec(raw);
      // The item runs over the blank lines after it, up to the next line with text; markdown-it counts a blank line
      // only when a newline ends it (a last line of blanks is not part of the item).
      let end = i + 1;
      while (end < lines.length - 1 && BLANK.test(lines[end]!)) end++;
      items.push({ text: (box ? raw.slice(box[0].length) : raw).trim(), checked: box ? box[1] !== ' ' : null, line: i, end });
      inParagraph = false;
      continue;
    }
    if (!PLAIN_TEXT.test(line)) return undefined;
    if (!inParagraph && lead === null) lead = line.trim() || null;
    inParagraph = true;
  }
  // Every heading is at the top level here (no container blocks): h1 and h2 end a section, h2 starts one.
  const ends = headings.filter((h) => h.level <= 2).map((h) => h.line);
  const sections: BodySection[] = headings.filter((h) => h.level === 2).map((h) => {
    const end = ends.find((e) => e > h.line) ?? lines.length;
    const own = lines.slice(h.line + 1, end);
    return { name: h.text, headingLine: h.line, start: h.line + 1, end, lines: own, prose: [...own],
      items: items.filter((it) => it.line > h.line && it.line < end) };
  });
  return { sections, headings, codeBlocks: [], lead };
}
