/*
 * A board, described without naming the system it shows: columns in their order, and cards that each sit in one
 * column, either in its main part or folded away (orc's backlog queue), ranked inside it (orc's priority). The host
 * builds one from a system's items (src/vscode/board/orc-board-cards.ts for orc) and the page lays it out with
 * board-layout.ts; another system adds a board by building the same description. Plain data: it crosses the
 * webview boundary as a message.
 */

export interface BoardColumn {
  /** The value cards name in `column` (orc: the task status as written). */
  readonly id: string;
  readonly label: string;
}

/** A badge a card shows beside its id; `kind` picks its colour, `label` is the visible (and spoken) text. */
export interface BoardBadge {
  readonly kind: 'blocked' | 'orphaned' | 'gate' | 'error' | 'info';
  readonly label: string;
  /** The longer reason, shown on hover and read after the card's name. */
  readonly detail: string | null;
}

export interface BoardCard {
  /** Unique on the board (the host's item key); the page sends it back to name a card, never a path. */
  readonly key: string;
  /** The id people know the item by (TASK-002). */
  readonly id: string;
  readonly title: string;
  readonly column: string;
  /** In the column's folded part (orc: queue backlog): hidden until the person unfolds it. */
  readonly folded: boolean;
  /** One of the board's `ranks` (orc: its priority), or a value the system does not know, shown as written. */
  readonly rank: string;
  readonly category: string | null;
  /** The group the card belongs to (orc: its initiative), filterable. */
  readonly group: { readonly id: string; readonly label: string } | null;
  readonly badges: readonly BoardBadge[];
  /** What runs now (orc: the current phase of a running task). */
  readonly activity: string | null;
  readonly tokens: number | null;
  /** The workspace folder's name when the board shows several folders. */
  readonly folder: string | null;
  /**
   * Where the card's item lives when it is not the folder's own (another worktree, a ref: "on origin/feature-a",
   * "in worktree wt-b"), shown as text and part of the card's name; null for the folder's own. Such a card is locked.
   */
  readonly where?: string | null;
  /** Why the card cannot be moved (read-only source, nothing to write with); null when it can. */
  readonly locked: string | null;
  /** Why its fold cannot be changed when the rank still can (orc's database has no queue); null when it can. */
  readonly foldLocked: string | null;
}

export interface BoardDescription {
  /** The system the board shows ("orc"). */
  readonly system: string;
  readonly title: string;
  /** Every column the system knows, in its workflow order; cards in other columns get columns after these. */
  readonly columns: readonly BoardColumn[];
  /** Ranks from first to last (orc: critical, high, normal, low); unknown ranks sort after the last. */
  readonly ranks: readonly string[];
  /** What a rank is called ("priority"). */
  readonly rankName: string;
  /** Names of a column's two parts (orc: Active, Backlog). */
  readonly parts: { readonly main: string; readonly folded: string };
  readonly cards: readonly BoardCard[];
}
