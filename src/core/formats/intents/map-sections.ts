import type MarkdownIt from 'markdown-it';
import { cellOf, headerlessRow, rowsOfTable, tableRows, type Cell, type RawMapRow } from './map-tables';
import { headingIntent, isOnePathWithSpaces, labelledPaths, leadingIntent, looksLikePath, pathsInList, plainSource, trimPunctuation } from './map-text';
type Token = MarkdownIt.Token;

/*
 * Walks intent_map.md's blocks in order and collects what they map. An intent is named by:
 * - a heading (`## INT-001: Name`, `## INT-003 - Name (2026-02-21T01:16:26.713Z)`): its section lasts until a
 *   heading of the same or a higher level, and its bullets, `Files: a, b` lines and tables without an intent column
 *   list the intent's files;
 * - a bullet that starts with an id (`- INT-001: src/a.ts`, `- **INT-001** → \`src/a.ts\``): the paths after it and
 *   in its nested bullets are the intent's;
 * - a line that starts with an id (`INT-001 → src/a.ts, src/b.ts`), or names it alone before a `Files:` list;
 * - a table's own intent column, anywhere.
 */

interface Owner { readonly id: string; readonly timestamped: boolean }
interface Section extends Owner { readonly level: number }

export function mapRowsOf(tokens: readonly Token[], lines: readonly string[]): RawMapRow[] {
  const rows: RawMapRow[] = [];
  let section: Section | undefined;
  /** Intents opened by bullets, one per open list item (null where the item names none). */
  const items: (Owner | null)[] = [];
  const owner = (): Owner | undefined => [...items].reverse().find((o): o is Owner => o !== null) ?? section;
  const add = (paths: readonly string[], line: number, by: Owner | undefined = owner()) => {
    if (!by) return;
    for (const path of paths) {
      rows.push({ path, owner: by.id, lastModifiedBy: by.timestamped ? by.id : null, hashText: null, line });
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'heading_open': {
        const level = Number(t.tag.slice(1));
        const named = headingIntent(tokens[i + 1]?.type === 'inline' ? cellOf(tokens[i + 1]!).text : '');
        if (named) section = { ...named, level };
        else if (section && level <= section.level) section = undefined;
        items.length = 0;
        break;
      }
      case 'list_item_open': {
        const inline = firstInlineOfItem(tokens, i);
        const lead = inline ? leadingIntent(cellOf(inline).source) : undefined;
        items.push(lead?.separated ? { id: lead.id, timestamped: lead.timestamped } : null);
        break;
      }
      case 'list_item_close': items.pop(); break;
      case 'table_open': {
        const table = tableRows(tokens, i);
        const by = owner();
        rows.push(...rowsOfTable(table.rows, by?.id).map((r) => (by?.timestamped && r.owner === by.id ? { ...r, lastModifiedBy: by.id } : r)));
        i = table.end;
        break;
      }
      case 'paragraph_open': {
        const inline = tokens[i + 1];
        if (!inline || inline.type !== 'inline' || !t.map) break;
        const line = t.map[0] + 1;
        if (items.length) {
          add(bulletPaths(cellOf(inline), items[items.length - 1] ?? undefined), line);
          break;
        }
        const lines_ = lines.slice(t.map[0], t.map[1]);
        // Table rows appended without a header read as a paragraph: each `| … |` line on its own.
        const piped = lines_.flatMap((source, k) => (/^\s*\|.*\|\s*$/.test(source) ? headerlessRow(source, line + k, section?.id) : []));
        if (piped.length) {
          rows.push(...piped.map((r) => (section?.timestamped && r.owner === section.id ? { ...r, lastModifiedBy: section.id } : r)));
          break;
        }
        const plain = plainLines(lines_, line, add);
        // `INT-001 Weather API` alone on a line, then `Files:` and bullets: it names the intent of what follows.
        if (plain.opened) section = { ...plain.opened, level: 7 };
        else if (!plain.mapped) {
          // `**Status:** …` and `**Owned Scope:** …` may share a paragraph (a hard break between them).
          lines_.forEach((source, k) => {
            const label = labelledPaths(plainSource(source));
            if (label) add(pathsInList(label.values.replace(/`/g, ''), true), line + k);
          });
        }
        break;
      }
      default: break;
    }
  }
  return rows;
}

/** The inline text of a list item's own first paragraph (not of its nested lists). */
function firstInlineOfItem(tokens: readonly Token[], open: number): Token | undefined {
  const next = tokens[open + 1];
  return next?.type === 'paragraph_open' && tokens[open + 2]?.type === 'inline' ? tokens[open + 2] : undefined;
}

/**
 * Plain lines outside lists that start with an id: `INT-001 → src/a.ts, src/b.ts` maps each; a paragraph that is only
 * an id and a name (`INT-001 Weather API`) opens that intent for what follows. Returns the intent opened.
 */
function plainLines(lines: readonly string[], first: number, add: (paths: readonly string[], line: number, by?: Owner) => void):
  { opened?: Owner; mapped: boolean } {
  let opened: Owner | undefined;
  let mapped = false;
  lines.forEach((source, k) => {
    const lead = leadingIntent(plainSource(source).replace(/`/g, ''));
    if (!lead) return;
    const paths = lead.separated ? pathsInList(lead.rest.replace(/\s+\(.*$/, ''), true) : [];
    if (paths.length) { add(paths, first + k, lead); mapped = true; } else if (lines.length === 1) opened = lead;
  });
  return { opened, mapped };
}

/**
 * The paths one bullet names: after its leading id when it has one (`- INT-001: src/a.ts, src/b.ts`); else its
 * path-like code spans (`- \`src/a.ts\` (ast_fingerprint: \`sha256:…\`)`), a `Files: a, b` label's values, or its
 * first word when that is a path (`- src/a.ts — login form`, `- **src/hello.js**`, `- [src/a.ts](../src/a.ts)`).
 * A bullet that is a label (`- Status: IN_PROGRESS`, `- Lines 15-45: …`, `- Blocks: INT-002`) names none.
 */
function bulletPaths(cell: Cell, item: Owner | undefined): string[] {
  const lead = item ? leadingIntent(cell.source) : undefined;
  if (lead && !lead.separated) return [];
  const text = lead ? lead.rest : cell.source;
  // A code span is a path whole when it reads as one (`\`docs/Meeting Notes.md\``), else a list of them.
  const code = cell.code.flatMap((c) => (isOnePathWithSpaces(c.trim()) ? [c.trim()] : pathsInList(c))).filter((c) => text.includes(c));
  if (code.length) return code;
  // The bullet's own first line: `- path: src/a.ts` may be followed by `primary: true` lines of a YAML-ish entry.
  const firstLine = text.split('\n')[0]!;
  const label = labelledPaths(firstLine);
  if (label) return pathsInList(label.values.replace(/`/g, ""), true);
  if (lead) return pathsInList(text.replace(/`/g, '').replace(/\s+\(.*$/, ''), true);
  const line = firstLine.replace(/`/g, '').trim();
  if (isOnePathWithSpaces(line)) return [line];
  const first = trimPunctuation(line.split(/\s+/)[0] ?? '');
  return looksLikePath(first, true) ? [first] : [];
}
