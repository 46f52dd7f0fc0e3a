import * as z from 'zod';
import { readyMessage } from './protocol';

/*
 * Messages between the host and the Cost view. What the page sends is untrusted: it is parsed with
 * `parseFromWebview(fromCostsWebview, …)`; a task it asks to open is looked up by id among the tasks the index holds
 * for the folder at that position, never taken as a path.
 */

export const refreshCostsMessage = z.object({ type: z.literal('refresh') }).strict();
export const openCostTaskMessage = z.object({ type: z.literal('openTask'), folder: z.number().int().min(0).max(999),
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/) }).strict();
export const fromCostsWebview = z.discriminatedUnion('type', [readyMessage, refreshCostsMessage, openCostTaskMessage]);
export type FromCostsWebview = z.infer<typeof fromCostsWebview>;

/* Host → page. The host is trusted; these types keep both sides in step. */

export interface TokenFigures {
  readonly input: number; readonly output: number; readonly cacheCreation: number; readonly cacheRead: number; readonly total: number;
}

export interface NamedCostView {
  readonly id: string; readonly title: string | null; readonly costUsd: number; readonly tokens: number; readonly entries: number;
}

/** orc's cost ledger for one folder: the chart's data (last `window.days` days, per model) and the breakdowns. */
export interface LedgerView {
  readonly source: string;
  readonly window: { readonly from: string; readonly to: string; readonly days: number };
  readonly days: readonly string[];
  readonly models: readonly string[];
  readonly byDayModel: readonly { readonly day: string; readonly model: string; readonly costUsd: number; readonly tokens: number }[];
  readonly byModel: readonly { readonly model: string; readonly costUsd: number; readonly tokens: number; readonly entries: number }[];
  readonly total: { readonly costUsd: number; readonly tokens: number; readonly entries: number };
  readonly windowTotal: { readonly costUsd: number; readonly tokens: number };
  readonly tasks: readonly NamedCostView[];
  readonly initiatives: readonly NamedCostView[];
  readonly phases: readonly NamedCostView[];
}

/** Token counts the index holds for one kind of item (orc tasks of either era, Dure runs). */
export interface TokenSourceView {
  readonly items: number;
  readonly withTokens: number;
  readonly tokens: TokenFigures;
  readonly costUsd: number | null;
  readonly top: readonly { readonly id: string; readonly title: string; readonly tokens: number; readonly costUsd: number | null }[];
}

export interface CostsFolderView {
  /** The folder's name as VS Code shows it. */
  readonly name: string;
  readonly ledger: LedgerView | null;
  readonly orcFiles: TokenSourceView | null;
  readonly orcDatabase: TokenSourceView | null;
  readonly dure: TokenSourceView | null;
  readonly problems: readonly string[];
}

export type ToCostsWebview =
  | { readonly type: 'costs'; readonly folders: readonly CostsFolderView[]; readonly generatedAt: string }
  | { readonly type: 'error'; readonly message: string };
