import type MarkdownIt from 'markdown-it';
import { isOnePathWithSpaces, leadingWord, looksLikeIntentId, looksLikePath, pathsInList, plainSource, trimPunctuation } from './map-text';
type Token = MarkdownIt.Token;

/*
 * intent_map.md tables: the spec's `File Path | Owning Intent ID | Last Modified By Intent ID | Content Hash`, and
 * every wording and order forks use (`Intent ID | File Path`, `Intent | Name | Key paths / scope`, `File | Intent |
 * Hash`), a table of files under an intent's own heading, and table rows appended without a header.
 */

/** A cell (or any inline span): its text as rendered, its source with escapes resolved, its code spans. */
export interface Cell { readonly text: string; readonly source: string; readonly code: readonly string[] }
export interface TableRow { readonly line: number; readonly header: boolean; readonly cells: readonly Cell[] }

/** A row the map gives, before its path is checked against the folder. */
export interface RawMapRow {
  readonly path: string;
  readonly owner: string | null;
  readonly lastModifiedBy: string | null;
  readonly hashText: string | null;
  readonly line: number;
}

export interface Columns { readonly file: number; readonly owner: number; readonly lastModified: number; readonly hash: number }

/** The rows of the table starting at `start` (a `table_open`), and the index of its `table_close`. */
export function tableRows(tokens: readonly Token[], start: number): { rows: TableRow[]; end: number } {
  const rows: { line: number; header: boolean; cells: Cell[] }[] = [];
  let header = false;
  let i = start;
  for (; i < tokens.length && tokens[i]!.type !== 'table_close'; i++) {
    const t = tokens[i]!;
    if (t.type === 'thead_open') header = true;
    else if (t.type === 'thead_close') header = false;
    else if (t.type === 'tr_open') rows.push({ line: (t.map?.[0] ?? 0) + 1, header, cells: [] });
    else if (t.type === 'inline') rows[rows.length - 1]?.cells.push(cellOf(t));
  }
  return { rows, end: i };
}

/** A cell's text as a person reads it (code spans lose their backticks, emphasis its markers) and its code spans. */
export function cellOf(inline: Token): Cell {
  const source = plainSource(inline.content).trim();
  if (!inline.children) return { text: inline.content.trim(), source, code: [] };
  const text = inline.children.map((c) => (c.type === 'softbreak' || c.type === 'hardbreak' ? ' ' : c.content)).join('').trim();
  return { text, source, code: inline.children.filter((c) => c.type === 'code_inline').map((c) => c.content.trim()) };
}

/**
 * The paths a file column's cell lists. In a column the header calls a file or path column, a code span is a path
 * whole — file names may hold spaces, commas, anything but a newline — unless it is a hash. Plain text is a list
 * (`a.ts, b.ts; c/`) when its parts are paths, else the whole cell when it reads as one path (`src/My Docs/a b.ts`);
 * notes and placeholders (`(all)`, `—`, `(to be filled by hooks)`) name none.
 */
export function pathsInCell(cell: Cell): string[] {
  const fromCode = cell.code.map((c) => c.replace(/::.*$/, '').trim()).filter((c) => c && !HASH.test(c));
  // A writer that appends plain paths to a cell of code spans (`\`wx/**\`, lib/fmt.ts`): both kinds are the cell's.
  const plain = (fromCode.length ? cell.source.replace(/`[^`]*`/g, ',') : cell.source.replace(/`/g, '')).trim();
  return [...fromCode, ...plain.split(/\s*(?:,|;|<br\s*\/?>)\s*/i).flatMap((part) => {
    // `src/My Docs/a b.ts` is one path; `src/a.ts (planned)` or `src/a.ts — the form` is a path and a note.
    if (isOnePathWithSpaces(part)) return [part];
    return pathsInList(part);
  })];
}

const HASH = /^(sha256|sha1|md5|sha512|ast-sha256):/i;

/** Which column is which, from the header's words, whatever their order. -1 when a table has no such column. */
export function columnsOf(headers: readonly string[]): Columns {
  const h = headers.map((x) => x.toLowerCase().replace(/[_*`]/g, ' '));
  const lastModified = h.findIndex((s) => /\b(last|modified|updated|changed)\b/.test(s) && /\b(by|intent|agent)\b/.test(s));
  const isOwner = (s: string, i: number) => i !== lastModified && /\b(intent|owner|owning|owned by)\b/.test(s)
    && !/\b(name|title|description|status|summary|hash|goal|files?|paths?|scope)\b/.test(s);
  // `Intent ID` before a bare `Intent`, so a table with both an id and another intent column maps by id.
  let owner = h.findIndex((s, i) => isOwner(s, i) && /\bid\b/.test(s));
  if (owner < 0) owner = h.findIndex(isOwner);
  // Forks whose intents are spec-kit tasks map them in a `Task` column.
  if (owner < 0) owner = h.findIndex((s) => /^\s*task( id)?\s*$/.test(s));
  const file = h.findIndex((s, i) => i !== owner && i !== lastModified
    && /\b(files?|paths?|scope|location|modules?|artifacts?)\b/.test(s) && !/\b(hash|id|count)\b/.test(s));
  const hash = h.findIndex((s) => /\b(hash|sha(256)?|checksum|digest)\b/.test(s) && !/\b(ast|fingerprint)\b/.test(s));
  return { file, owner, lastModified, hash };
}

/** The rows a table with a header gives; `sectionIntent` owns rows of a table that has no intent column. */
export function rowsOfTable(rows: readonly TableRow[], sectionIntent: string | undefined): RawMapRow[] {
  const header = rows.find((r) => r.header);
  if (!header) return [];
  const columns = columnsOf(header.cells.map((c) => c.text));
  if (columns.file < 0 || (columns.owner < 0 && !sectionIntent)) return [];
  const out: RawMapRow[] = [];
  for (const row of rows) {
    if (row.header) continue;
    const cell = (i: number) => (i >= 0 ? row.cells[i] : undefined);
    const owner = columns.owner >= 0 ? idIn(cell(columns.owner)) : sectionIntent ?? null;
    const lastModifiedBy = idIn(cell(columns.lastModified));
    const hashText = cellText(cell(columns.hash));
    const fileCell = cell(columns.file);
    for (const p of fileCell ? pathsInCell(fileCell) : []) {
      out.push({ path: p, owner, lastModifiedBy, hashText, line: row.line });
    }
  }
  return out;
}

/**
 * A row appended under a paragraph with no header of its own (`| \`app/api.py\` | \`REQ-7\` | \`sha256:…\` |`):
 * the first path-like cell is the file, the first id-like cell the intent, a `sha256:` cell the hash.
 */
export function headerlessRow(source: string, line: number, sectionIntent: string | undefined): RawMapRow[] {
  const cells = plainSource(source).trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim().replace(/^`+|`+$/g, '').trim());
  if (cells.length < 2 || cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) return [];
  const pathCell = cells.findIndex((c) => looksLikePath(trimPunctuation(c)));
  if (pathCell < 0) return [];
  const idCell = cells.findIndex((c, i) => i !== pathCell && looksLikeIntentId(c));
  const owner = idCell >= 0 ? cells[idCell]! : sectionIntent ?? null;
  if (!owner) return [];
  const hashText = cells.find((c) => /^(sha256|sha1|md5|sha512):/i.test(c)) ?? null;
  return [{ path: trimPunctuation(cells[pathCell]!), owner, lastModifiedBy: null, hashText, line }];
}

function cellText(cell: Cell | undefined): string | null {
  return cell?.code[0] ?? (cell?.text || null);
}

/** The intent id a cell names: `INT-001`, `` `INT-001` ``, `INT-001 (JWT migration)`. */
function idIn(cell: Cell | undefined): string | null {
  if (!cell) return null;
  const code = cell.code.find((c) => c);
  // A link's text is the id (`[INT-001](#int-001)`); an emoji or a note may follow it (`INT-001 (JWT)`).
  const word = code ?? (/\s/.test(cell.text) ? leadingWord(cell.text) : cell.text);
  return word && !/^(-|—|–|n\/a|none|null|unknown)$/i.test(word) ? word : null;
}
