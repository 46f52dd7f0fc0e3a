import MarkdownIt from 'markdown-it';
type Token = MarkdownIt.Token;
import { parseRecordedHash } from '../../io/content-hash';
import { resolveContained } from '../../io/contained-path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { MapFileRecord, MapRow } from './model';

/** One parser for every map: tables on (CommonMark + GFM tables), HTML off, so nothing in a cell is markup. */
const markdown = new MarkdownIt('commonmark', { html: false }).enable('table');

interface Columns { file: number; owner: number; lastModified: number; hash: number }

/**
 * Reads `.orchestration/intent_map.md` with a real Markdown parser: the map is the first table whose header
 * names a file column and an owning-intent column, wherever it sits (prose and headings above it are fine).
 * Cells lose their code backticks; a hash may be truncated (`sha256:1a2b3c4d...`). A row whose path leaves
 * the workspace folder is reported and left out.
 */
export function parseIntentMap(file: string, root: string, text: string): { record: MapFileRecord; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const tokens = markdown.parse(text, {});
  const table = findMapTable(tokens);
  if (!table) {
    if (text.trim()) {
      diagnostics.push(diagnostic('intents', file, 'warning',
        'intent_map.md has no table with a "File Path" and an "Owning Intent ID" column', { line: 1, column: 1 }));
    }
    return { record: { kind: 'map', rows: [] }, diagnostics };
  }
  const rows: MapRow[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const cell = (i: number) => (i >= 0 ? row.cells[i]?.trim() || null : null);
    const written = cell(table.columns.file);
    if (!written) {
      diagnostics.push(diagnostic('intents', file, 'warning', 'intent map row has no file path; it is left out', { line: row.line, column: 1 }));
      continue;
    }
    const inside = resolveContained(root, written);
    if (!inside.ok) {
      diagnostics.push(diagnostic('intents', file, 'warning', `intent map row ignored: ${inside.reason}`, { line: row.line, column: 1 }));
      continue;
    }
    const earlier = seen.get(inside.relative);
    if (earlier !== undefined) {
      diagnostics.push(diagnostic('intents', file, 'warning',
        `${inside.relative} is already mapped on line ${earlier}; this row is left out`, { line: row.line, column: 1 }));
      continue;
    }
    seen.set(inside.relative, row.line);
    const hashText = cell(table.columns.hash);
    const hash = parseRecordedHash(hashText) ?? null;
    if (hashText && !hash && !/^(n\/a|none|-|—|unknown)$/i.test(hashText)) {
      diagnostics.push(diagnostic('intents', file, 'warning', `"${hashText}" is not a content hash (expected sha256:<hex>)`, { line: row.line, column: 1 }));
    }
    rows.push({ file: inside.relative, owner: cell(table.columns.owner), lastModifiedBy: cell(table.columns.lastModified),
      hashText, hash, line: row.line });
  }
  return { record: { kind: 'map', rows }, diagnostics };
}

interface RawTable { columns: Columns; rows: { line: number; cells: string[] }[] }

function findMapTable(tokens: readonly Token[]): RawTable | undefined {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'table_open') continue;
    const { rows, end } = tableRows(tokens, i);
    i = end;
    const header = rows.find((r) => r.header);
    if (!header) continue;
    const columns = columnsOf(header.cells);
    if (columns.file < 0 || columns.owner < 0) continue;
    return { columns, rows: rows.filter((r) => !r.header) };
  }
  return undefined;
}

function tableRows(tokens: readonly Token[], start: number) {
  const rows: { line: number; header: boolean; cells: string[] }[] = [];
  let header = false;
  let i = start;
  for (; i < tokens.length && tokens[i]!.type !== 'table_close'; i++) {
    const t = tokens[i]!;
    if (t.type === 'thead_open') header = true;
    else if (t.type === 'thead_close') header = false;
    else if (t.type === 'tr_open') rows.push({ line: (t.map?.[0] ?? 0) + 1, header, cells: [] });
    else if (t.type === 'inline') rows[rows.length - 1]?.cells.push(plainText(t));
  }
  return { rows, end: i };
}

function columnsOf(headers: readonly string[]): Columns {
  const find = (test: RegExp, except?: RegExp) => headers.findIndex((h) => test.test(h) && !except?.test(h));
  return {
    file: find(/\b(file|path)\b/i),
    owner: find(/\bown(ing|er)\b/i),
    lastModified: find(/\b(last|modified)\b/i),
    hash: find(/\b(hash|sha)/i),
  };
}

/** A cell's text as a person reads it: code spans lose their backticks, emphasis its markers. */
function plainText(inline: Token): string {
  if (!inline.children) return inline.content;
  return inline.children.map((c) => (c.type === 'softbreak' || c.type === 'hardbreak' ? ' ' : c.content)).join('');
}
