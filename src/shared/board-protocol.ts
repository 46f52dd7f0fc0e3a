import * as z from 'zod';
import type { BoardCard, BoardDescription } from './board/board-model';
import { readyMessage } from './protocol';

/*
 * Messages between the host and the Board. What the page sends is untrusted: it is parsed with
 * `parseFromWebview(fromBoardWebview, …)` before anything acts on it. A card is named by its key, which the host
 * looks up among the items it holds (never taken as a path); a move names the card's fold and rank as the page
 * showed them, so a card changed since (on disk, by an agent) is refused instead of being moved from a stale view.
 */

const cardKey = z.string().min(1).max(8192);
const rank = z.string().max(200);

export const openCardMessage = z.object({ type: z.literal('open'), key: cardKey }).strict();
export const moveCardMessage = z.object({
  type: z.literal('move'),
  key: cardKey,
  /** What the page showed: the move is refused when the card is no longer so. */
  shown: z.object({ folded: z.boolean(), rank }).strict(),
  /** The new fold (orc: backlog queue) and/or rank (orc: priority); at least one. */
  folded: z.boolean().optional(),
  rank: rank.optional(),
  /** How the person moved it (keyboard, drag): only for the log and the tests. */
  via: z.enum(['keyboard', 'drag']),
}).strict().refine((m) => m.folded !== undefined || m.rank !== undefined, { message: 'a move changes the fold or the rank' });
/** The board's toggle: show the tasks of the folders' other worktrees and branches too (remembered per workspace). */
export const showOtherPlacesMessage = z.object({ type: z.literal('showOtherPlaces'), show: z.boolean() }).strict();
export const fromBoardWebview = z.union([readyMessage, openCardMessage, moveCardMessage, showOtherPlacesMessage]);
export type FromBoardWebview = z.infer<typeof fromBoardWebview>;
export type MoveCardMessage = z.infer<typeof moveCardMessage>;

/* Host → page. The host is trusted; these types keep both sides in step. */

export type ToBoardWebview =
  /** The whole board: after `ready`, and when the folders change. */
  | { readonly type: 'board'; readonly board: BoardDescription; readonly writable: boolean; readonly readOnlyReason: string | null;
    /** The toggle for other worktrees' and branches' tasks: whether any are read (`available`), and whether shown. */
    readonly otherPlaces?: { readonly available: boolean; readonly shown: boolean } }
  /** What changed since the last message: cards new or changed, and keys of cards gone. */
  | { readonly type: 'patch'; readonly upsert: readonly BoardCard[]; readonly remove: readonly string[] }
  /** The outcome of a move, said where the person is looking (and to screen readers). */
  | { readonly type: 'notice'; readonly level: 'info' | 'error'; readonly message: string };
