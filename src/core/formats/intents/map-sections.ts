import type MarkdownIt from 'markdown-it';
import { cellOf, headerlessRow, rowsOfTable, tableRows, type RawMapRow } from './map-tables';
import { headingIntentId, headingTimestamp, looksLikePath, trimPunctuation } from './map-text';
type Token = MarkdownIt.Token;

/*
 * Walks intent_map.md's blocks in order. A heading that names an intent (`## INT-001: Name`,
 * `## INT-003 - Name (2026-02-21T01:16:26.713Z)` as tools append them) opens that intent's section, which lasts
 * until a heading of the same or a higher level; inside it, bullets, `Files: a, b` lines and tables without an
 * intent column list the intent's files. Tables with their own intent column map anywhere in the file.
 */

interface Section { readonly id: string; readonly level: number; readonly timestamped: boolean }

/** Labels of a `**Owned files**: a.ts, b.ts` line whose values are paths. */
const PATH_LABEL = /^\**\s*(owned\s+)?(files?|paths?|scope|owned\s+scope|touched|modified|locations?)\b[^:]*:\**\s*(.*)$/i;

export function mapRowsOf(tokens: readonly Token[], lines: readonly string[]): RawMapRow[] {
  const rows: RawMapRow[] = [];
  let section: Section | undefined;
  let listDepth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'heading_open': {
        const level = Number(t.tag.slice(1));
        const text = tokens[i + 1]?.type === 'inline' ? cellOf(tokens[i + 1]!).text : '';
        const id = headingIntentId(text);
        if (id) section = { id, level, timestamped: headingTimestamp(text) !== undefined };
        else if (section && level <= section.level) section = undefined;
        break;
      }
      case 'bullet_list_open': case 'ordered_list_open': listDepth++; break;
      case 'bullet_list_close': case 'ordered_list_close': listDepth--; break;
      case 'table_open': {
        const table = tableRows(tokens, i);
        rows.push(...rowsOfTable(table.rows, section?.id).map((r) => withSection(r, section)));
        i = table.end;
        break;
      }
      case 'paragraph_open': {
        const inline = tokens[i + 1];
        if (!inline || inline.type !== 'inline' || !t.map) break;
        rows.push(...paragraphRows(inline, t.map, lines, section, listDepth > 0));
        break;
      }
      default: break;
    }
  }
  return rows;
}

/** A row found in an intent's section: appended by a tool under a timestamped heading, it says who modified it. */
function withSection(row: RawMapRow, section: Section | undefined): RawMapRow {
  return section?.timestamped && row.owner === section.id && !row.lastModifiedBy ? { ...row, lastModifiedBy: section.id } : row;
}

function paragraphRows(inline: Token, map: [number, number], lines: readonly string[], section: Section | undefined,
  inList: boolean): RawMapRow[] {
  const out: RawMapRow[] = [];
  // Table rows appended without a header read as a paragraph: each `| … |` line on its own.
  for (let l = map[0]; l < map[1]; l++) {
    const source = lines[l] ?? '';
    if (/^\s*\|.*\|\s*$/.test(source)) out.push(...headerlessRow(source, l + 1, section?.id).map((r) => withSection(r, section)));
  }
  if (out.length || !section) return out;
  const line = map[0] + 1;
  const add = (p: string) => out.push(withSection({ path: p, owner: section.id, lastModifiedBy: null, hashText: null, line }, section));
  if (inList) {
    for (const p of bulletPaths(inline)) add(p);
  } else {
    const label = PATH_LABEL.exec(cellOf(inline).text);
    if (label) for (const w of label[3]!.split(/\s*[,;]\s*/)) if (looksLikePath(trimPunctuation(w.trim()), true)) add(trimPunctuation(w.trim()));
  }
  return out;
}

/**
 * The paths one bullet names: its path-like code spans (`- \`src/a.ts\` (ast_fingerprint: \`sha256:…\`)`), or its
 * first word when that is a path (`- src/a.ts — login form`, `- [src/a.ts](../src/a.ts)`). A bullet that is a label
 * (`- Status: IN_PROGRESS`, `- Lines 15-45: …`) names none.
 */
function bulletPaths(inline: Token): string[] {
  const cell = cellOf(inline);
  const code = cell.code.filter((c) => looksLikePath(c));
  if (code.length) return code;
  const first = trimPunctuation(cell.text.split(/\s+/)[0] ?? '');
  return looksLikePath(first, true) ? [first] : [];
}
