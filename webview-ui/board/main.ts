/*
 * The Board: orc's tasks in columns by status (any system's board: the page knows only the neutral description of
 * src/shared/board/board-model.ts). The host sends the whole board after `ready` and then patches (cards changed or
 * gone); the page lays columns out with board-layout.ts and renders only the rows in view. Filters, folds and focus
 * are UI state, kept with setState. Moves (keyboard or drag) are sent to the host, which writes through orc's edit
 * paths; the board then moves when the host's patch arrives, never before.
 */
import type { BoardCard, BoardDescription } from '../../src/shared/board/board-model';
import {
  EMPTY_FILTER, NO_GROUP, filterOptions, findCard, layoutBoard, layoutOneColumn, moveFocus, stepRank, visibleColumns,
  type BoardFilter, type BoardPosition, type ColumnLayout, type NavigationKey,
} from '../../src/shared/board/board-layout';
import type { FromBoardWebview, ToBoardWebview } from '../../src/shared/board-protocol';
import { connectToHost } from '../common/host';
import { el } from '../common/dom';
import { rowId } from './card-dom';
import { ColumnView } from './column-view';
import '../common/page.css';
import './style.css';

interface UiState { filter: BoardFilter; unfolded: string[]; focus?: string }

const host = connectToHost<UiState, FromBoardWebview>();
const saved = host.getState();
let filter: BoardFilter = saved?.filter ?? EMPTY_FILTER;
const unfolded = new Set<string>(saved?.unfolded ?? []);
let focusId: string | undefined = saved?.focus;
let board: BoardDescription | undefined;
let writable = false;
const cards = new Map<string, BoardCard>();
let views: ColumnView[] = [];
/** After a keyboard move, focus follows the card to where the host's patch puts it. */
let following: string | undefined;

// ---- the page's frame ----------------------------------------------------------------------------------

const root = document.getElementById('root')!;
const text = el('input', { type: 'search', id: 'filter-text', placeholder: 'id, title, badge…', autocomplete: 'off' });
const group = el('select', { id: 'filter-group' });
const category = el('select', { id: 'filter-category' });
const shownCount = el('span', { class: 'muted', id: 'shown-count' });
// Off by default, remembered per workspace by the host: the board is the folder's own until the person asks.
const others = el('input', { type: 'checkbox', id: 'show-other-places', 'aria-describedby': 'other-places-note' });
const othersNote = el('span', { class: 'muted', id: 'other-places-note', hidden: '' });
const notice = el('p', { class: 'notice', role: 'status', 'aria-live': 'polite', id: 'notice' });
const readOnly = el('p', { class: 'read-only', id: 'read-only', hidden: '' });
const columnsEl = el('div', { class: 'board', id: 'board', role: 'group', 'aria-label': 'Board columns' });
const keys = el('p', { class: 'muted keys', id: 'board-keys' });

/** The keys, in the board's own words (its parts and what its rank is called). */
function describeKeys(b: BoardDescription): string {
  const { main, folded } = b.parts;
  return `Keys: arrows move between cards · Enter opens the task · B moves it between ${main} and ${folded} · + / − raise or lower its ${b.rankName}. ` +
    `Or drag a card onto another card of its column (it takes that card's ${b.rankName} and part) or onto ${folded}.`;
}
root.append(
  el('div', { class: 'toolbar', role: 'search', 'aria-label': 'Filter the board' },
    el('label', { for: 'filter-text' }, 'Filter'), text,
    el('label', { for: 'filter-group' }, 'Initiative'), group,
    el('label', { for: 'filter-category' }, 'Category'), category,
    shownCount),
  el('div', { class: 'toolbar' }, el('label', { class: 'toggle' }, others, ' Show other worktrees and branches'), othersNote),
  keys, readOnly, notice, columnsEl);
others.addEventListener('change', () => host.post({ type: 'showOtherPlaces', show: others.checked }));
text.value = filter.text;

function save(): void {
  host.setState({ filter, unfolded: [...unfolded], focus: focusId });
}

function setFilter(next: Partial<BoardFilter>): void {
  filter = { ...filter, ...next };
  save();
  relayout();
}
text.addEventListener('input', () => setFilter({ text: text.value }));
group.addEventListener('change', () => setFilter({ group: group.value }));
category.addEventListener('change', () => setFilter({ category: category.value }));

function fillOptions(): void {
  const options = filterOptions(cards.values());
  const fill = (select: HTMLSelectElement, all: string, values: { value: string; label: string }[], current: string) => {
    select.replaceChildren(el('option', { value: '' }, all), ...values.map((v) => el('option', { value: v.value }, v.label)));
    select.value = values.some((v) => v.value === current) ? current : '';
  };
  fill(group, 'All initiatives', [...options.groups.map((g) => ({ value: g.id, label: g.label })),
    ...(options.ungrouped && options.groups.length ? [{ value: NO_GROUP, label: 'No initiative' }] : [])], filter.group);
  fill(category, 'All categories', options.categories.map((c) => ({ value: c, label: c })), filter.category);
  filter = { ...filter, group: group.value, category: category.value };
}

// ---- layout and rendering ------------------------------------------------------------------------------

function layouts(): ColumnLayout[] {
  return views.map((v) => v.layout);
}

/** Everything laid out again (the board arrived, a filter or the set of columns changed). */
function relayout(): void {
  if (!board) return;
  const next = layoutBoard(board, cards.values(), filter, unfolded);
  const same = next.length === views.length && next.every((l, i) => views[i]!.layout.column.id === l.column.id);
  if (!same) {
    views = next.map((l, i) => new ColumnView(l, i, { board: () => board!, movable: () => writable, focusId: () => focusId }));
    columnsEl.replaceChildren(...views.map((v) => v.section));
  }
  settleFocus(next);
  next.forEach((l, i) => views[i]!.update(l));
  counts();
}

/** Only the columns a patch touched are laid out again and re-rendered. */
function relayoutColumns(ids: ReadonlySet<string>): void {
  if (!board) return;
  const columns = visibleColumns(board.columns, cards.values());
  if (columns.length !== views.length || columns.some((c, i) => views[i]!.layout.column.id !== c.id)) { relayout(); return; }
  const touched = views.filter((v) => ids.has(v.layout.column.id));
  const next = layouts().map((l) => (ids.has(l.column.id)
    ? layoutOneColumn(board!, l.column, columnCards(l.column.id), filter, unfolded.has(l.column.id)) : l));
  settleFocus(next);
  for (const v of touched) v.update(next[views.indexOf(v)]!);
  counts();
}

function columnCards(column: string): BoardCard[] {
  const out: BoardCard[] = [];
  for (const c of cards.values()) if (c.column === column) out.push(c);
  return out;
}

function counts(): void {
  const shown = layouts().reduce((n, l) => n + l.main.length + l.folded.length, 0);
  shownCount.textContent = shown === cards.size ? `${cards.size} tasks` : `${shown} of ${cards.size} tasks`;
}

/**
 * Exactly one row of the board is in the tab order (roving tabindex). It stays the focused card while that card is
 * shown; a card followed after a move brings its folded part open; otherwise the first row of the first column.
 */
function settleFocus(next: readonly ColumnLayout[]): void {
  if (following) {
    const card = cards.get(following);
    if (card?.folded && !unfolded.has(card.column)) {
      unfolded.add(card.column);
      const i = next.findIndex((l) => l.column.id === card.column);
      if (i >= 0) (next as ColumnLayout[])[i] = layoutOneColumn(board!, next[i]!.column, columnCards(card.column), filter, true);
    }
    focusId = following;
  }
  if (focusId && next.some((l) => l.rows.some((r) => rowId(r) === focusId))) return;
  const first = next.find((l) => l.rows.length);
  focusId = first ? rowId(first.rows[0]!) : undefined;
}

function focusAt(pos: BoardPosition): void {
  const view = views[pos.column];
  const row = view?.layout.rows[pos.row];
  if (!view || !row) return;
  focusId = rowId(row);
  save();
  for (const v of views) v.render(); // the old row leaves the tab order
  view.reveal(pos.row)?.focus();
}

function positionOf(id: string): BoardPosition | null {
  for (let c = 0; c < views.length; c++) {
    const row = views[c]!.layout.rows.findIndex((r) => rowId(r) === id);
    if (row >= 0) return { column: c, row };
  }
  return null;
}

// ---- messages from the host ----------------------------------------------------------------------------

window.addEventListener('message', (event: MessageEvent<ToBoardWebview>) => {
  const msg = event.data;
  if (msg.type === 'board') {
    board = msg.board;
    keys.textContent = describeKeys(board);
    writable = msg.writable;
    readOnly.hidden = msg.readOnlyReason === null;
    readOnly.textContent = msg.readOnlyReason ?? '';
    const places = msg.otherPlaces ?? { available: false, shown: false };
    others.checked = places.shown;
    others.disabled = !places.available;
    othersNote.hidden = places.available && !places.shown;
    othersNote.textContent = !places.available
      ? 'No other worktree or branch is read (settings baton.worktrees.enabled and baton.refs; a trusted workspace).'
      : places.shown ? 'Their cards say where they are and are read-only.' : '';
    cards.clear();
    for (const c of msg.board.cards) cards.set(c.key, c);
    views = [];
    fillOptions();
    relayout();
    return;
  }
  if (msg.type === 'patch') {
    // A moved card's element is rebuilt: whether the board had the focus is known only before that.
    const hadFocus = columnsEl.contains(document.activeElement);
    const touched = new Set<string>();
    for (const key of msg.remove) { const old = cards.get(key); if (old) { touched.add(old.column); cards.delete(key); } }
    for (const card of msg.upsert) {
      const old = cards.get(card.key);
      if (old) touched.add(old.column);
      touched.add(card.column);
      cards.set(card.key, card);
    }
    const groupsBefore = group.options.length, categoriesBefore = category.options.length;
    fillOptions();
    if (group.options.length !== groupsBefore || category.options.length !== categoriesBefore) relayout();
    else relayoutColumns(touched);
    if (following && msg.upsert.some((c) => c.key === following)) {
      const pos = findCard(layouts(), following);
      following = undefined;
      if (pos && hadFocus) focusAt(pos);
    }
    return;
  }
  if (msg.type === 'notice') {
    notice.className = `notice ${msg.level}`;
    notice.textContent = msg.message;
    if (msg.level === 'error') following = undefined;
  }
});

// ---- keyboard ------------------------------------------------------------------------------------------

const NAVIGATION = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

columnsEl.addEventListener('keydown', (e) => {
  const button = (e.target as HTMLElement).closest('button');
  if (!button || e.ctrlKey || e.metaKey || e.altKey) return;
  const id = button.dataset.key ?? (button.dataset.fold ? `fold:${button.dataset.fold}` : undefined);
  const from = id ? positionOf(id) : null;
  if (!from) return;
  if (NAVIGATION.has(e.key)) {
    e.preventDefault();
    const to = moveFocus(layouts(), from, e.key as NavigationKey);
    if (to) focusAt(to);
    return;
  }
  const card = button.dataset.key ? cards.get(button.dataset.key) : undefined;
  if (!card || !board) return;
  if (e.key === 'b' || e.key === 'B') { e.preventDefault(); move(card, { folded: !card.folded }, 'keyboard'); return; }
  if (e.key === '+' || e.key === '=') { e.preventDefault(); moveRank(card, -1); return; }
  if (e.key === '-' || e.key === '_' || e.key === '−') { e.preventDefault(); moveRank(card, 1); }
});

function moveRank(card: BoardCard, delta: -1 | 1): void {
  const rank = stepRank(board!.ranks, card.rank, delta);
  if (rank === null) { say('info', `${card.id} is already ${card.rank} ${board!.rankName}, the ${delta < 0 ? 'highest' : 'lowest'}`); return; }
  move(card, { rank }, 'keyboard');
}

function move(card: BoardCard, change: { folded?: boolean; rank?: string }, via: 'keyboard' | 'drag'): void {
  if (card.locked) { say('error', card.locked); return; }
  if (change.folded !== undefined && change.folded !== card.folded && card.foldLocked) { say('error', card.foldLocked); return; }
  following = card.key;
  host.post({ type: 'move', key: card.key, shown: { folded: card.folded, rank: card.rank }, ...change, via });
}

function say(level: 'info' | 'error', message: string): void {
  notice.className = `notice ${level}`;
  notice.textContent = message;
}

// ---- clicks and drags ----------------------------------------------------------------------------------

columnsEl.addEventListener('click', (e) => {
  const button = (e.target as HTMLElement).closest('button');
  if (!button) return;
  const pos = positionOf(button.dataset.key ?? `fold:${button.dataset.fold}`);
  if (pos) { focusId = rowId(views[pos.column]!.layout.rows[pos.row]!); save(); }
  if (button.dataset.key) { host.post({ type: 'open', key: button.dataset.key }); return; }
  const column = button.dataset.fold;
  if (!column) return;
  if (unfolded.has(column)) unfolded.delete(column); else unfolded.add(column);
  save();
  relayoutColumns(new Set([column]));
  const at = positionOf(`fold:${column}`);
  if (at) focusAt(at);
});

const DRAG_TYPE = 'application/x-baton-card';
let dragged: BoardCard | undefined;
/**
 * The other column the dragged card was last held over. Whether a drop there fires depends on the page around the
 * board (VS Code's webview frame cancels every dragover, so it does; a plain browser fires only dragend): either way
 * the page says why the card stayed, once.
 */
let refusedIn: string | undefined;

columnsEl.addEventListener('dragstart', (e) => {
  // The row's item drags (see rowItem in card-dom.ts): the card is the button inside it.
  const key = (e.target as HTMLElement).closest('li')?.querySelector<HTMLElement>('button.card')?.dataset.key;
  dragged = key ? cards.get(key) : undefined;
  refusedIn = undefined;
  if (!dragged || !e.dataTransfer) return;
  e.dataTransfer.setData(DRAG_TYPE, dragged.key);
  e.dataTransfer.effectAllowed = 'move';
});
columnsEl.addEventListener('dragend', () => {
  const card = dragged;
  dragged = undefined;
  for (const t of columnsEl.querySelectorAll('.drop-target')) t.classList.remove('drop-target');
  if (card && refusedIn !== undefined) saysItStays(card); // no drop fired (drop clears `dragged`)
});

function saysItStays(card: BoardCard): void {
  if (!board) return;
  const label = board.columns.find((c) => c.id === card.column)?.label ?? card.column;
  say('error', `${card.id} stays in ${label}: a card changes column when ${board.system} changes its status; ` +
    `here it moves between ${board.parts.main} and ${board.parts.folded} or changes ${board.rankName}.`);
}

/** What dropping the dragged card here would do: onto a card of its column, that card's part and rank; onto the fold row, the folded part. */
function dropChange(target: EventTarget | null): { folded?: boolean; rank?: string } | null {
  if (!dragged) return null;
  const element = target as HTMLElement;
  const column = element.closest<HTMLElement>('section.column')?.dataset.column;
  if (column !== dragged.column) return null;
  const button = element.closest('button');
  if (button?.dataset.fold) return { folded: true };
  const onto = button?.dataset.key ? cards.get(button.dataset.key) : undefined;
  if (onto && onto.key !== dragged.key) return { folded: onto.folded, rank: onto.rank };
  if (!button) return { folded: false };
  return null;
}

columnsEl.addEventListener('dragover', (e) => {
  if (!dragged) return;
  const change = dropChange(e.target);
  const column = (e.target as HTMLElement).closest<HTMLElement>('section.column')?.dataset.column;
  refusedIn = !change && column !== undefined && column !== dragged.column ? column : undefined;
  for (const t of columnsEl.querySelectorAll('.drop-target')) t.classList.remove('drop-target');
  if (!change) return;
  e.preventDefault();
  if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
  (e.target as HTMLElement).closest('button, .column-body')?.classList.add('drop-target');
});
columnsEl.addEventListener('drop', (e) => {
  const change = dropChange(e.target);
  const card = dragged;
  dragged = undefined;
  for (const t of columnsEl.querySelectorAll('.drop-target')) t.classList.remove('drop-target');
  if (!card) return;
  if (!change) { if (refusedIn !== undefined) saysItStays(card); return; }
  e.preventDefault();
  const folded = change.folded !== undefined && change.folded !== card.folded ? change.folded : undefined;
  const rank = change.rank !== undefined && change.rank !== card.rank ? change.rank : undefined;
  if (folded === undefined && rank === undefined) return;
  move(card, { ...(folded !== undefined ? { folded } : {}), ...(rank !== undefined ? { rank } : {}) }, 'drag');
});

window.addEventListener('resize', () => { for (const v of views) v.render(); });

host.post({ type: 'ready' });
