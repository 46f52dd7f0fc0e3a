import * as assert from 'node:assert';
import type { BoardCard, BoardDescription } from '../../../src/shared/board/board-model';
import {
  EMPTY_FILTER, NO_GROUP, compareCards, filterOptions, findCard, layoutBoard, layoutOneColumn, matchesFilter, moveFocus, rowTop,
  stepRank, virtualWindow, visibleColumns, type ColumnLayout,
} from '../../../src/shared/board/board-layout';

const RANKS = ['critical', 'high', 'normal', 'low'];
const BOARD: Pick<BoardDescription, 'columns' | 'ranks'> = {
  columns: ['created', 'planned', 'running', 'completed'].map((id) => ({ id, label: id[0]!.toUpperCase() + id.slice(1) })),
  ranks: RANKS,
};

function card(id: string, column: string, rank = 'normal', more: Partial<BoardCard> = {}): BoardCard {
  return { key: `k:${id}`, id, title: `Title of ${id}`, column, folded: false, rank, category: 'feature', group: null, badges: [],
    activity: null, tokens: null, folder: null, locked: null, foldLocked: null, ...more };
}

const ids = (l: ColumnLayout) => l.rows.map((r) => (r.kind === 'card' ? r.card.id : `[${r.count}${r.open ? ' open' : ''}]`));

describe('board layout (pure: the page and these tests run the same code)', () => {
  it('shows the known columns that hold cards in workflow order, then unknown ones by name', () => {
    const cols = visibleColumns(BOARD.columns, [card('T-1', 'running'), card('T-2', 'created'), card('T-3', 'zz_custom'), card('T-4', 'awaiting_review')]);
    assert.deepStrictEqual(cols.map((c) => c.id), ['created', 'running', 'awaiting_review', 'zz_custom']);
    assert.strictEqual(cols[2]!.label, 'Awaiting review');
  });

  it('orders cards by rank (critical first, unknown last), then by id in natural order', () => {
    const cards = [card('T-10', 'planned', 'low'), card('T-9', 'planned', 'low'), card('T-2', 'planned', 'urgent!'), card('T-3', 'planned', 'critical'),
      card('T-1', 'planned', 'high')];
    assert.deepStrictEqual([...cards].sort(compareCards(RANKS)).map((c) => c.id), ['T-3', 'T-1', 'T-9', 'T-10', 'T-2']);
  });

  it('folds the backlog of each column behind one row with its count, opened per column', () => {
    const cards = [card('T-1', 'created'), card('T-2', 'created', 'low', { folded: true }), card('T-3', 'created', 'high', { folded: true }),
      card('T-4', 'planned'), card('T-5', 'planned', 'normal', { folded: true })];
    const closed = layoutBoard(BOARD, cards, EMPTY_FILTER, new Set());
    assert.deepStrictEqual(closed.map(ids), [['T-1', '[2]'], ['T-4', '[1]']]);
    const open = layoutBoard(BOARD, cards, EMPTY_FILTER, new Set(['created']));
    assert.deepStrictEqual(open.map(ids), [['T-1', '[2 open]', 'T-3', 'T-2'], ['T-4', '[1]']]);
    assert.deepStrictEqual(open[0]!.folded.map((c) => c.id), ['T-3', 'T-2']);
    // A column with only folded cards still shows, as its fold row alone.
    assert.deepStrictEqual(layoutBoard(BOARD, [card('T-6', 'running', 'low', { folded: true })], EMPTY_FILTER, new Set()).map(ids), [['[1]']]);
  });

  it('filters by group, category and words anywhere in id, title, group or badges; columns stay put', () => {
    const init = { id: 'INIT-001', label: 'INIT-001 Auth' };
    const cards = [card('T-1', 'created', 'normal', { group: init, category: 'bug' }), card('T-2', 'running', 'normal', { category: 'docs' }),
      card('T-3', 'running', 'high', { group: init, badges: [{ kind: 'blocked', label: 'blocked', detail: null }] })];
    assert.strictEqual(matchesFilter(cards[0]!, { ...EMPTY_FILTER, group: 'INIT-001' }), true);
    assert.strictEqual(matchesFilter(cards[1]!, { ...EMPTY_FILTER, group: 'INIT-001' }), false);
    assert.strictEqual(matchesFilter(cards[1]!, { ...EMPTY_FILTER, group: NO_GROUP }), true);
    assert.strictEqual(matchesFilter(cards[0]!, { ...EMPTY_FILTER, category: 'bug' }), true);
    assert.strictEqual(matchesFilter(cards[2]!, { ...EMPTY_FILTER, text: 'BLOCKED auth' }), true);
    assert.strictEqual(matchesFilter(cards[2]!, { ...EMPTY_FILTER, text: 'title t-3' }), true);
    assert.strictEqual(matchesFilter(cards[1]!, { ...EMPTY_FILTER, text: 'auth' }), false);
    const filtered = layoutBoard(BOARD, cards, { ...EMPTY_FILTER, text: 'blocked' }, new Set());
    assert.deepStrictEqual(filtered.map((l) => [l.column.id, ids(l)]), [['created', []], ['running', ['T-3']]]);
    const options = filterOptions(cards);
    assert.deepStrictEqual(options, { groups: [init], categories: ['bug', 'docs', 'feature'], ungrouped: true });
  });

  it('lays one column out again exactly as the whole board does (patches re-lay only the columns they touch)', () => {
    const cards = Array.from({ length: 50 }, (_, i) => card(`T-${i}`, i % 2 ? 'created' : 'running', RANKS[i % 4]!, { folded: i % 3 === 0 }));
    const whole = layoutBoard(BOARD, cards, { ...EMPTY_FILTER, text: '1' }, new Set(['created']));
    const one = layoutOneColumn(BOARD, whole[0]!.column, cards, { ...EMPTY_FILTER, text: '1' }, true);
    assert.deepStrictEqual(ids(one), ids(whole[0]!));
  });

  it('renders only the rows in view (plus the overscan and the focused row) and places each at its top', () => {
    const cards = Array.from({ length: 1000 }, (_, i) => card(`T-${i}`, 'created', 'normal', { folded: i >= 900 }));
    const [layout] = layoutBoard(BOARD, cards, EMPTY_FILTER, new Set(['created']));
    const heights = { card: 100, fold: 40 };
    assert.strictEqual(layout!.rows.length, 1001);
    const top = virtualWindow(layout!, heights, 0, 500, 0);
    assert.strictEqual(top.total, 1000 * 100 + 40);
    assert.deepStrictEqual(top.rows.map((r) => r.index), [0, 1, 2, 3, 4]);
    // Across the fold row: rows 899 (card), 900 (fold, 40px), 901… (folded cards, shifted by 40).
    const mid = virtualWindow(layout!, heights, 89_950, 150, 0);
    assert.deepStrictEqual(mid.rows, [{ index: 899, top: 89_900 }, { index: 900, top: 90_000 }, { index: 901, top: 90_040 }]);
    assert.strictEqual(rowTop(layout!, heights, 950), 90_040 + 49 * 100);
    const kept = virtualWindow(layout!, heights, 0, 300, 100, 700);
    assert.deepStrictEqual(kept.rows.map((r) => r.index), [0, 1, 2, 3, 700]);
    assert.strictEqual(kept.rows.at(-1)!.top, 70_000);
    assert.deepStrictEqual(virtualWindow({ rows: [] }, heights, 0, 500).rows, []);
  });

  it('moves focus with the arrow keys: within a column, to the nearest column with rows, to the ends', () => {
    const layouts = layoutBoard(BOARD, [card('A-1', 'created'), card('A-2', 'created'), card('A-3', 'created'), card('B-1', 'running'),
      card('C-1', 'completed'), card('C-2', 'completed')], EMPTY_FILTER, new Set());
    // A filter can empty a column between two others: left and right skip it.
    layouts.splice(1, 0, layoutOneColumn(BOARD, { id: 'planned', label: 'Planned' }, [], EMPTY_FILTER, false));
    assert.deepStrictEqual(moveFocus(layouts, { column: 0, row: 0 }, 'ArrowDown'), { column: 0, row: 1 });
    assert.strictEqual(moveFocus(layouts, { column: 0, row: 0 }, 'ArrowUp'), null);
    assert.strictEqual(moveFocus(layouts, { column: 0, row: 2 }, 'ArrowDown'), null);
    assert.deepStrictEqual(moveFocus(layouts, { column: 0, row: 2 }, 'ArrowRight'), { column: 2, row: 0 });
    assert.deepStrictEqual(moveFocus(layouts, { column: 2, row: 0 }, 'ArrowLeft'), { column: 0, row: 0 });
    assert.deepStrictEqual(moveFocus(layouts, { column: 2, row: 0 }, 'ArrowRight'), { column: 3, row: 0 });
    assert.strictEqual(moveFocus(layouts, { column: 3, row: 1 }, 'ArrowRight'), null);
    assert.deepStrictEqual(moveFocus(layouts, { column: 0, row: 0 }, 'End'), { column: 0, row: 2 });
    assert.deepStrictEqual(moveFocus(layouts, { column: 0, row: 2 }, 'Home'), { column: 0, row: 0 });
    assert.deepStrictEqual(moveFocus(layouts, { column: 0, row: 0 }, 'PageDown', 10), { column: 0, row: 2 });
    assert.deepStrictEqual(findCard(layouts, 'k:C-2'), { column: 3, row: 1 });
  });

  it('steps a rank up and down, stopping at the ends', () => {
    assert.strictEqual(stepRank(RANKS, 'normal', -1), 'high');
    assert.strictEqual(stepRank(RANKS, 'normal', 1), 'low');
    assert.strictEqual(stepRank(RANKS, 'critical', -1), null);
    assert.strictEqual(stepRank(RANKS, 'low', 1), null);
    assert.strictEqual(stepRank(RANKS, 'someday', -1), 'low');
  });

  it('groups 10,000 cards into columns and lays out a column\'s window (time printed, not asserted)', () => {
    const statuses = BOARD.columns.map((c) => c.id);
    const cards = Array.from({ length: 10_000 }, (_, i) => card(`TASK-${i + 1}`, statuses[i % statuses.length]!, RANKS[(i * 7) % 4]!,
      { folded: i % 5 === 0, group: i % 3 ? { id: `INIT-${i % 9}`, label: `INIT-${i % 9}` } : null }));
    const started = performance.now();
    const layouts = layoutBoard(BOARD, cards, EMPTY_FILTER, new Set(['created']));
    const laidOut = performance.now();
    const window = virtualWindow(layouts[0]!, { card: 104, fold: 38 }, 120_000, 800);
    const filtered = layoutBoard(BOARD, cards, { ...EMPTY_FILTER, text: 'task-99', group: 'INIT-3' }, new Set());
    const done = performance.now();
    console.log(`      10,000 cards: grouped and sorted in ${(laidOut - started).toFixed(1)} ms; window + filtered layout in ${(done - laidOut).toFixed(1)} ms; ` +
      `${window.rows.length} of ${layouts[0]!.rows.length} rows of the first column rendered`);
    assert.strictEqual(layouts.reduce((n, l) => n + l.main.length + l.folded.length, 0), 10_000);
    assert.ok(window.rows.length < 20, `${window.rows.length} rows in the window`);
    assert.ok(filtered.every((l) => l.rows.every((r) => r.kind === 'fold' || (r.card.group?.id === 'INIT-3' && r.card.id.startsWith('TASK-99')))));
    for (const l of layouts) {
      const order = l.main.map((c) => c.id);
      assert.deepStrictEqual(order, [...l.main].sort(compareCards(RANKS)).map((c) => c.id));
    }
  });
});
