import type MarkdownIt from 'markdown-it';
import { lazyMarkdownIt } from '../../util/markdown-it';
import { plainOutline } from './plain-outline';
import type { BodySection, MarkdownOutline, SectionListItem, VisibleHeading } from './outline';

export type { BodySection, MarkdownOutline, SectionListItem, VisibleHeading } from './outline';
type Token = MarkdownIt.Token;

/** CommonMark, HTML off: a heading inside a fenced or indented code block is code, never a section. */
const markdown = lazyMarkdownIt((M) => new M('commonmark', { html: false }));

/**
 * Splits a TASK.md body into its `##` sections with markdown-it: only top-level level-2 headings (ATX or setext)
 * start a section, and a section runs to the next heading of level 1 or 2. Text before the first section is not a
 * section. This is the body as a person (and the agent) reads it; orange's engine reads the gated sections its own
 * way (orange-sections.ts).
 */
export function markdownOutline(body: string): MarkdownOutline {
  return plainOutline(body) ?? markdownItOutline(body);
}

/** markdownOutline through markdown-it, for any body (exported for the test that holds the plain path to it). */
export function markdownItOutline(body: string): MarkdownOutline {
  const tokens = markdown().parse(body, {});
  const allLines = body.split(/\r?\n/);
  const starts: { name: string; line: number; after: number; index: number }[] = [];
  const ends: number[] = [];
  const headings: VisibleHeading[] = [];
  const codeBlocks: [number, number][] = [];
  let lead: string | null = null;
  tokens.forEach((t, i) => {
    if ((t.type === 'fence' || t.type === 'code_block') && t.map) codeBlocks.push([t.map[0], t.map[1]]);
    if (lead === null && t.type === 'inline' && tokens[i - 1]?.type === 'paragraph_open') lead = t.content.split('\n')[0]!.trim() || null;
    if (t.type !== 'heading_open' || !t.map) return;
    const text = tokens[i + 1]?.content.trim() ?? '';
    headings.push({ level: Number(t.tag.slice(1)), text, line: t.map[0] });
    if (t.level !== 0) return;
    if (t.tag === 'h1' || t.tag === 'h2') ends.push(t.map[0]);
    if (t.tag === 'h2') starts.push({ name: text, line: t.map[0], after: t.map[1], index: i });
  });
  const sections = starts.map((s) => {
    const end = ends.find((e) => e > s.line) ?? allLines.length;
    const lines = allLines.slice(s.after, end);
    const prose = [...lines];
    const items: SectionListItem[] = [];
    for (let i = s.index + 1; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (!t.map || t.map[0] >= end) { if (t.map) break; continue; }
      if ((t.type === 'fence' || t.type === 'code_block') && t.map) {
        for (let l = t.map[0]; l < t.map[1] && l < end; l++) prose[l - s.after] = '';
      }
      if (t.type === 'list_item_open' && t.level === 1) items.push(listItem(tokens, i, t.map));
    }
    return { name: s.name, headingLine: s.line, start: s.after, end, lines, prose, items };
  });
  return { sections, headings, codeBlocks, lead };
}

/** The body's `##` sections as a person reads them (see markdownOutline). */
export function bodySections(body: string): BodySection[] {
  return [...markdownOutline(body).sections];
}

/** Whether a body line lies inside a fenced or indented code block. */
export function inCodeBlock(outline: MarkdownOutline, line: number): boolean {
  return outline.codeBlocks.some(([from, to]) => line >= from && line < to);
}

function listItem(tokens: Token[], open: number, map: [number, number]): SectionListItem {
  const inline = tokens.slice(open + 1).find((t) => t.type === 'inline');
  const raw = inline?.content ?? '';
  const box = /^\[( |x|X)\]\s+/.exec(raw);
  return { text: (box ? raw.slice(box[0].length) : raw).replace(/\s*\n\s*/g, ' ').trim(), checked: box ? box[1] !== ' ' : null,
    line: map[0], end: map[1] };
}

/**
 * Finds a section by name as a person reads it (case-insensitive, first one wins): for `## Questions`, which the agent
 * reads as Markdown and orange's engine never parses. The gated sections are found as orange finds them
 * (orange-sections.ts).
 */
export function findSection(sections: readonly BodySection[], name: string): BodySection | undefined {
  return sections.find((s) => s.name.toLowerCase() === name.toLowerCase());
}
