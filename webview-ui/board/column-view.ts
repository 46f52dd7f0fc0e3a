/*
 * One column of the board, virtualised: its body scrolls over a list as tall as all its rows, and only the rows in
 * view (plus a margin, plus the focused row) exist as elements, each placed at its top. Rows whose card did not
 * change keep their element, so a patch or a scroll touches only what moved.
 */
import type { BoardDescription } from '../../src/shared/board/board-model';
import { rowTop, virtualWindow, type ColumnLayout, type RowHeights } from '../../src/shared/board/board-layout';
import { el } from '../common/dom';
import { rowId, rowItem } from './card-dom';

/** Fixed heights (CSS pixels) of a card row and a fold row; style.css sizes the elements to match. */
export const ROW_HEIGHTS: RowHeights = { card: 104, fold: 38 };

interface Rendered { readonly li: HTMLLIElement; readonly source: unknown }

export class ColumnView {
  readonly section: HTMLElement;
  private readonly count: HTMLElement;
  private readonly body: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly empty: HTMLElement;
  private readonly rendered = new Map<string, Rendered>();
  private frame = 0;
  layout: ColumnLayout;

  constructor(layout: ColumnLayout, index: number, private readonly ctx: {
    board: () => BoardDescription; movable: () => boolean; focusId: () => string | undefined;
  }) {
    this.layout = layout;
    const headingId = `column-${index}`;
    this.count = el('span', { class: 'count' });
    this.list = el('ul', { class: 'cards', role: 'list' });
    this.empty = el('p', { class: 'empty' });
    this.body = el('div', { class: 'column-body' }, this.list, this.empty);
    this.section = el('section', { class: 'column', role: 'region', 'aria-labelledby': headingId, 'data-column': layout.column.id },
      el('h2', { class: 'column-title', id: headingId }, el('span', { class: 'label' }, layout.column.label), ' ', this.count),
      this.body);
    this.body.addEventListener('scroll', () => {
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.render());
    });
  }

  /** A new layout (a patch, a filter, a fold): counts and list names updated, rows re-rendered. */
  update(layout: ColumnLayout): void {
    this.layout = layout;
    this.render();
  }

  /** Scrolls row `index` into view (it is rendered now) and returns its button. */
  reveal(index: number): HTMLButtonElement | undefined {
    const top = rowTop(this.layout, ROW_HEIGHTS, index);
    const height = this.layout.rows[index]?.kind === 'fold' ? ROW_HEIGHTS.fold : ROW_HEIGHTS.card;
    if (top < this.body.scrollTop) this.body.scrollTop = top;
    else if (top + height > this.body.scrollTop + this.body.clientHeight) this.body.scrollTop = top + height - this.body.clientHeight;
    this.render();
    const row = this.layout.rows[index];
    return row ? this.rendered.get(rowId(row))?.li.querySelector('button') ?? undefined : undefined;
  }

  render(): void {
    const { layout } = this;
    const board = this.ctx.board();
    const shown = layout.main.length + layout.folded.length;
    this.count.textContent = String(shown);
    const foldedNote = layout.folded.length ? `, ${layout.folded.length} in the ${board.parts.folded.toLowerCase()}${layout.open ? '' : ' (folded)'}` : '';
    this.list.setAttribute('aria-label', `${layout.column.label}: ${shown} ${shown === 1 ? 'task' : 'tasks'}${foldedNote}`);
    this.empty.textContent = shown ? '' : 'No task matches the filter';
    const focus = this.ctx.focusId();
    const keep = focus === undefined ? -1 : layout.rows.findIndex((r) => rowId(r) === focus);
    const view = virtualWindow(layout, ROW_HEIGHTS, this.body.scrollTop, this.body.clientHeight || 800, 300, keep);
    this.list.style.height = `${view.total}px`;
    const wanted = new Set(view.rows.map(({ index }) => rowId(layout.rows[index]!)));
    for (const [id, entry] of this.rendered) {
      if (!wanted.has(id)) { entry.li.remove(); this.rendered.delete(id); }
    }
    const movable = this.ctx.movable();
    // In the list's order, so a screen reader reads the rows as they stand (aria-posinset says where in the column).
    let at = 0;
    for (const { index, top } of view.rows) {
      const row = layout.rows[index]!;
      const id = rowId(row);
      const source = row.kind === 'card' ? row.card : `${row.count}:${row.open}`;
      let entry = this.rendered.get(id);
      if (!entry || entry.source !== source) {
        const li = rowItem(row, board, layout.column.label, movable);
        entry?.li.replaceWith(li);
        entry = { li, source };
        this.rendered.set(id, entry);
      }
      const { li } = entry;
      li.style.top = `${top}px`;
      li.setAttribute('aria-setsize', String(layout.rows.length));
      li.setAttribute('aria-posinset', String(index + 1));
      li.querySelector('button')!.tabIndex = id === focus ? 0 : -1;
      if (this.list.children[at] !== li) this.list.insertBefore(li, this.list.children[at] ?? null);
      at++;
    }
  }

  /** The rendered rows' count (tests: the column is virtual). */
  get renderedCount(): number {
    return this.rendered.size;
  }
}
