/*
 * One row of a board column as DOM: a card (a button whose visible text — id, title, badges, rank, category, group,
 * activity, tokens — is its accessible name) or the fold row that opens a column's folded part. Text from files is
 * only ever set as text nodes (el() in common/dom.ts).
 */
import type { BoardCard, BoardDescription } from '../../src/shared/board/board-model';
import type { BoardRow } from '../../src/shared/board/board-layout';
import { el } from '../common/dom';

/** The id a row is known by in the page: the card's key, or `fold:<column>`. */
export function rowId(row: BoardRow): string {
  return row.kind === 'card' ? row.card.key : `fold:${row.column}`;
}

const rankClass = (board: Pick<BoardDescription, 'ranks'>, rank: string) => {
  const i = board.ranks.indexOf(rank);
  return i < 0 ? 'rank-other' : `rank-${i}`;
};

export function cardButton(card: BoardCard, board: Pick<BoardDescription, 'ranks' | 'parts' | 'rankName'>): HTMLButtonElement {
  const badges = card.badges.map((b) => el('span', { class: `badge badge-${b.kind}`, ...(b.detail ? { title: b.detail } : {}) }, b.label));
  const meta = [`${card.rank} ${board.rankName}`, card.category, card.group?.label].filter((x): x is string => !!x);
  const facts = [card.folder, card.activity && `phase ${card.activity}`, card.tokens !== null && `${card.tokens.toLocaleString('en-US')} tokens`]
    .filter((x): x is string => !!x);
  const hover = [card.badges.map((b) => b.detail).filter(Boolean).join('; '), card.locked, card.folded ? `In the ${board.parts.folded.toLowerCase()}` : '']
    .filter(Boolean).join('\n');
  const button = el('button', {
    type: 'button',
    class: `card ${rankClass(board, card.rank)}${card.folded ? ' folded' : ''}${card.where ? ' elsewhere' : ''}`,
    'data-key': card.key,
    'aria-describedby': 'board-keys',
    ...(hover ? { title: hover } : {}),
  },
  el('span', { class: 'line head' }, el('span', { class: 'card-id' }, card.id), ' ', ...spaced(badges),
    card.folded ? el('span', { class: 'part-label' }, ` ${board.parts.folded.toLowerCase()}`) : null),
  el('span', { class: 'line title' }, ' ', card.title || '(untitled)'),
  el('span', { class: 'line meta' }, ' ', meta.join(' · ')),
  // Another place's card says where it lives first on its last line, as text read with its name ("on origin/feature-a").
  facts.length || card.where ? el('span', { class: 'line facts' }, ' ', card.where ? el('span', { class: 'where' }, card.where) : null,
    card.where && facts.length ? ' · ' : '', facts.join(' · ')) : null);
  return button;
}

/**
 * The list item that holds a row. A card's item is what drags: Chromium (VS Code's browser engine) starts no drag
 * from a <button>, even one marked draggable, but does from a draggable element around it, the press landing on the
 * button inside.
 */
export function rowItem(row: BoardRow, board: Pick<BoardDescription, 'ranks' | 'parts' | 'rankName'>, columnLabel: string, movable: boolean): HTMLLIElement {
  return row.kind === 'card'
    ? el('li', { class: 'row', draggable: movable && !row.card.locked ? 'true' : 'false' }, cardButton(row.card, board))
    : el('li', { class: 'row fold-row' }, foldButton(row, board, columnLabel));
}

/** The fold row: "Backlog (12)", a disclosure button for the column's folded part. */
export function foldButton(row: Extract<BoardRow, { kind: 'fold' }>, board: Pick<BoardDescription, 'parts'>, columnLabel: string): HTMLButtonElement {
  return el('button', {
    type: 'button', class: 'fold', 'data-fold': row.column, 'aria-expanded': String(row.open),
    title: `${row.open ? 'Fold' : 'Unfold'} the ${board.parts.folded.toLowerCase()} of ${columnLabel}; drop a card here to move it there`,
  }, el('span', { class: 'chevron', 'aria-hidden': 'true' }, row.open ? '▾' : '▸'), ` ${board.parts.folded} (${row.count})`);
}

function spaced(nodes: readonly HTMLElement[]): (HTMLElement | string)[] {
  return nodes.flatMap((n, i) => (i ? [' ', n] : [n]));
}
