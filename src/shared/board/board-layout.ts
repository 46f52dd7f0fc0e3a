/*
 * The board's layout as pure functions over a BoardDescription (board-model.ts): which columns show, the order of
 * cards in them, what is folded, what a filter keeps, which rows of a column are in view (each column is
 * virtualised: with 10,000 cards only the few dozen on screen exist in the page), and where the arrow keys move.
 * No DOM and no VS Code here: the page and the unit tests run the same code.
 */
import type { BoardCard, BoardColumn, BoardDescription } from './board-model';

/** A card's place among the ranks; a rank the system does not know sorts after the known ones. */
export function rankIndex(ranks: readonly string[], rank: string): number {
  const i = ranks.indexOf(rank);
  return i < 0 ? ranks.length : i;
}

const collator = new Intl.Collator('en', { numeric: true });

/** Rank first (orc: critical before low), then id in natural order (TASK-9 before TASK-10). */
export function compareCards(ranks: readonly string[]): (a: BoardCard, b: BoardCard) => number {
  return (a, b) => rankIndex(ranks, a.rank) - rankIndex(ranks, b.rank) || collator.compare(a.id, b.id) || collator.compare(a.key, b.key);
}

/**
 * The columns to show: the known ones that hold a card, in the system's order, then any column a card names that
 * the system does not know, by name. Computed from every card, not the filtered ones, so typing in the filter never
 * makes columns jump.
 */
export function visibleColumns(known: readonly BoardColumn[], cards: Iterable<BoardCard>): BoardColumn[] {
  const used = new Set<string>();
  for (const c of cards) used.add(c.column);
  const out = known.filter((k) => used.has(k.id));
  const knownIds = new Set(known.map((k) => k.id));
  const unknown = [...used].filter((id) => !knownIds.has(id)).sort((a, b) => collator.compare(a, b));
  return [...out, ...unknown.map((id) => ({ id, label: readableLabel(id) }))];
}

/** "in_progress" → "In progress"; an empty value is "(no status)". */
export function readableLabel(id: string): string {
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '(no status)';
}

/** What the person filters by; empty strings mean "any". `group` NO_GROUP keeps cards without a group. */
export interface BoardFilter {
  readonly text: string;
  readonly group: string;
  readonly category: string;
}

export const NO_GROUP = '\u0000none';
export const EMPTY_FILTER: BoardFilter = { text: '', group: '', category: '' };

/** Whether a card passes the filter: group and category exactly, the text anywhere in id, title, group or badges. */
export function matchesFilter(card: BoardCard, filter: BoardFilter): boolean {
  if (filter.group && (filter.group === NO_GROUP ? card.group !== null : card.group?.id !== filter.group)) return false;
  if (filter.category && card.category !== filter.category) return false;
  const text = filter.text.trim().toLowerCase();
  if (!text) return true;
  const haystack = searchText(card);
  return text.split(/\s+/).every((word) => haystack.includes(word));
}

/** A card's searchable text, lower-cased once per card object (a patch replaces the object, so it never goes stale). */
const searchTexts = new WeakMap<BoardCard, string>();
function searchText(card: BoardCard): string {
  let text = searchTexts.get(card);
  if (text === undefined) {
    text = [card.id, card.title, card.group?.id, card.group?.label, card.category, card.rank, card.activity, card.folder, ...card.badges.map((b) => b.label)]
      .filter(Boolean).join('\n').toLowerCase();
    searchTexts.set(card, text);
  }
  return text;
}

/** One row of a column: a card, or the fold row that opens and closes the folded part (with its count). */
export type BoardRow =
  | { readonly kind: 'card'; readonly card: BoardCard }
  | { readonly kind: 'fold'; readonly column: string; readonly count: number; readonly open: boolean };

export interface ColumnLayout {
  readonly column: BoardColumn;
  /** Cards in the main part, in order. */
  readonly main: readonly BoardCard[];
  /** Cards in the folded part, in order (listed in `rows` only when the column is unfolded). */
  readonly folded: readonly BoardCard[];
  readonly open: boolean;
  /** What the column shows from top to bottom: main cards, the fold row when anything is folded, folded cards if open. */
  readonly rows: readonly BoardRow[];
}

/**
 * The whole board: every column that shows, its cards (those the filter keeps) split into main and folded parts,
 * each in rank order. `unfolded` names the columns whose folded part is open. One pass to group, one sort per column.
 */
export function layoutBoard(board: Pick<BoardDescription, 'columns' | 'ranks'>, cards: Iterable<BoardCard>, filter: BoardFilter,
  unfolded: ReadonlySet<string>): ColumnLayout[] {
  const all = [...cards];
  const columns = visibleColumns(board.columns, all);
  const byColumn = new Map<string, { main: BoardCard[]; folded: BoardCard[] }>(columns.map((c) => [c.id, { main: [], folded: [] }]));
  const filtering = filter.text.trim() !== '' || filter.group !== '' || filter.category !== '';
  for (const card of all) {
    if (filtering && !matchesFilter(card, filter)) continue;
    const parts = byColumn.get(card.column)!;
    (card.folded ? parts.folded : parts.main).push(card);
  }
  const order = compareCards(board.ranks);
  return columns.map((column) => {
    const { main, folded } = byColumn.get(column.id)!;
    main.sort(order);
    folded.sort(order);
    return columnLayout(column, main, folded, unfolded.has(column.id));
  });
}

/**
 * One column laid out again from its own cards (after a patch touched only it): the same result `layoutBoard` gives
 * for that column, without looking at the rest of the board.
 */
export function layoutOneColumn(board: Pick<BoardDescription, 'ranks'>, column: BoardColumn, cards: Iterable<BoardCard>, filter: BoardFilter,
  open: boolean): ColumnLayout {
  const main: BoardCard[] = [];
  const folded: BoardCard[] = [];
  for (const card of cards) {
    if (card.column !== column.id || !matchesFilter(card, filter)) continue;
    (card.folded ? folded : main).push(card);
  }
  const order = compareCards(board.ranks);
  return columnLayout(column, main.sort(order), folded.sort(order), open);
}

export function columnLayout(column: BoardColumn, main: readonly BoardCard[], folded: readonly BoardCard[], open: boolean): ColumnLayout {
  const rows: BoardRow[] = main.map((card) => ({ kind: 'card', card }));
  if (folded.length) {
    rows.push({ kind: 'fold', column: column.id, count: folded.length, open });
    if (open) for (const card of folded) rows.push({ kind: 'card', card });
  }
  return { column, main, folded, open, rows };
}

/** The values a filter menu offers: each group once (by label), each category once, sorted. */
export function filterOptions(cards: Iterable<BoardCard>): { groups: { id: string; label: string }[]; categories: string[]; ungrouped: boolean } {
  const groups = new Map<string, string>();
  const categories = new Set<string>();
  let ungrouped = false;
  for (const c of cards) {
    if (c.group) groups.set(c.group.id, c.group.label); else ungrouped = true;
    if (c.category) categories.add(c.category);
  }
  return {
    groups: [...groups].map(([id, label]) => ({ id, label })).sort((a, b) => collator.compare(a.id, b.id)),
    categories: [...categories].sort((a, b) => collator.compare(a, b)),
    ungrouped,
  };
}

/** Heights of a column's rows, in CSS pixels: every card row is the same height, so is every fold row. */
export interface RowHeights {
  readonly card: number;
  readonly fold: number;
}

/** The rows to render for a scroll position: each row's index and top, plus the column's whole height. */
export interface VirtualWindow {
  readonly total: number;
  readonly rows: readonly { readonly index: number; readonly top: number }[];
}

/**
 * Which rows of a column are in view (with `overscan` pixels above and below), in O(rows in view): the main cards,
 * the fold row and the folded cards are three runs of equal heights, so a row's top is arithmetic, never a walk.
 * `keep` (the focused row) is always included, so keyboard focus never lands on a row that does not exist.
 */
export function virtualWindow(layout: Pick<ColumnLayout, 'rows'>, heights: RowHeights, scrollTop: number, viewport: number,
  overscan = 200, keep?: number): VirtualWindow {
  const runs = rowRuns(layout.rows, heights);
  const total = runs.reduce((n, r) => n + r.count * r.height, 0);
  const from = Math.max(0, scrollTop - overscan);
  const to = scrollTop + Math.max(0, viewport) + overscan;
  const rows: { index: number; top: number }[] = [];
  let top = 0;
  let index = 0;
  for (const run of runs) {
    const end = top + run.count * run.height;
    if (end > from && top < to && run.count) {
      const first = Math.max(0, Math.floor((from - top) / run.height));
      const last = Math.min(run.count - 1, Math.floor((to - top - 1) / run.height));
      for (let i = first; i <= last; i++) rows.push({ index: index + i, top: top + i * run.height });
    }
    top = end;
    index += run.count;
  }
  if (keep !== undefined && keep >= 0 && keep < layout.rows.length && !rows.some((r) => r.index === keep)) {
    rows.push({ index: keep, top: rowTop(layout, heights, keep) });
    rows.sort((a, b) => a.index - b.index);
  }
  return { total, rows };
}

/** The top of row `index` (to scroll a focused row into view). */
export function rowTop(layout: Pick<ColumnLayout, 'rows'>, heights: RowHeights, index: number): number {
  let top = 0;
  let at = 0;
  for (const run of rowRuns(layout.rows, heights)) {
    if (index < at + run.count) return top + (index - at) * run.height;
    top += run.count * run.height;
    at += run.count;
  }
  return top;
}

function rowRuns(rows: readonly BoardRow[], heights: RowHeights): { count: number; height: number }[] {
  const foldAt = rows.findIndex((r) => r.kind === 'fold');
  if (foldAt < 0) return [{ count: rows.length, height: heights.card }];
  return [{ count: foldAt, height: heights.card }, { count: 1, height: heights.fold }, { count: rows.length - foldAt - 1, height: heights.card }];
}

/** Where focus is: a column (by position among those shown) and a row in it. */
export interface BoardPosition {
  readonly column: number;
  readonly row: number;
}

export type NavigationKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageUp' | 'PageDown';

/**
 * Where an arrow key moves focus: up and down within the column (PageUp/PageDown by `page` rows, Home/End to its
 * ends), left and right to the nearest column that has rows, at the same row or its last one. Null when there is
 * nowhere to go.
 */
export function moveFocus(columns: readonly Pick<ColumnLayout, 'rows'>[], from: BoardPosition, key: NavigationKey, page = 5): BoardPosition | null {
  const rowsIn = (c: number) => columns[c]?.rows.length ?? 0;
  const clamp = (c: number, r: number) => Math.max(0, Math.min(rowsIn(c) - 1, r));
  switch (key) {
    case 'ArrowUp': return from.row > 0 ? { column: from.column, row: from.row - 1 } : null;
    case 'ArrowDown': return from.row < rowsIn(from.column) - 1 ? { column: from.column, row: from.row + 1 } : null;
    case 'PageUp': return rowsIn(from.column) ? { column: from.column, row: clamp(from.column, from.row - page) } : null;
    case 'PageDown': return rowsIn(from.column) ? { column: from.column, row: clamp(from.column, from.row + page) } : null;
    case 'Home': return rowsIn(from.column) ? { column: from.column, row: 0 } : null;
    case 'End': return rowsIn(from.column) ? { column: from.column, row: rowsIn(from.column) - 1 } : null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowLeft' ? -1 : 1;
      for (let c = from.column + step; c >= 0 && c < columns.length; c += step) {
        if (rowsIn(c)) return { column: c, row: clamp(c, from.row) };
      }
      return null;
    }
  }
}

/** The rank one step up (delta -1: toward the first) or down; null at either end. An unknown rank steps onto the last known one. */
export function stepRank(ranks: readonly string[], rank: string, delta: -1 | 1): string | null {
  const i = ranks.indexOf(rank);
  if (i < 0) return delta < 0 && ranks.length ? ranks[ranks.length - 1]! : null;
  const next = ranks[i + delta];
  return next ?? null;
}

/** Where a card is in a laid-out board (after a move or a patch, focus follows the card). */
export function findCard(columns: readonly Pick<ColumnLayout, 'rows'>[], key: string): BoardPosition | null {
  for (let c = 0; c < columns.length; c++) {
    const row = columns[c]!.rows.findIndex((r) => r.kind === 'card' && r.card.key === key);
    if (row >= 0) return { column: c, row };
  }
  return null;
}
