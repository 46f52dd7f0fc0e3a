import * as z from 'zod';
import { openFileMessage, readyMessage } from './protocol';

/*
 * Messages between the host and the Intent Map panel. What the page sends is untrusted: it is parsed with
 * `parseFromWebview(fromIntentMapWebview, …)`, and a file it asks to open is resolved inside the workspace folder
 * by the host before anything opens.
 */

/** `pattern`: the map names a glob (`src/auth/**`), which owns many files and has no hash of its own. */
export const DRIFTS = ['same', 'drifted', 'missing', 'unrecorded', 'outside', 'pattern'] as const;
export type DriftKind = (typeof DRIFTS)[number];

export interface IntentMapRowView {
  /** Workspace-relative with `/`: also what `openFile` sends back. */
  readonly file: string;
  readonly owner: string | null;
  readonly ownerName: string | null;
  readonly lastModifiedBy: string | null;
  /** The recorded hash as written (maybe truncated). */
  readonly hash: string | null;
  readonly actualHash: string | null;
  readonly drift: DriftKind;
  /** Line of the row in intent_map.md. */
  readonly line: number;
}

export type ToIntentMapWebview =
  | { readonly type: 'rows'; readonly folder: string; readonly rows: readonly IntentMapRowView[]; readonly mapFound: boolean }
  | { readonly type: 'error'; readonly message: string };

/** Re-read the files and re-hash them. */
export const refreshMessage = z.object({ type: z.literal('refresh') }).strict();
export const fromIntentMapWebview = z.discriminatedUnion('type', [readyMessage, openFileMessage, refreshMessage]);
export type FromIntentMapWebview = z.infer<typeof fromIntentMapWebview>;
