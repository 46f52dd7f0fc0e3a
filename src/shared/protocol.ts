import * as z from 'zod';

/*
 * The message protocol between the extension host and its webviews. Every message in both directions is a
 * member of a discriminated union defined here with zod; whatever arrives from a webview is untrusted input and
 * is parsed with `parseFromWebview` before anything acts on it. Each webview adds its own members.
 */

/** Sent by every webview once its script runs: the host posts data only after it (no lost first message). */
export const readyMessage = z.object({ type: z.literal('ready') }).strict();

/** A webview asking the host to open a file of the workspace (the host still checks the path). */
export const openFileMessage = z.object({ type: z.literal('openFile'), file: z.string().min(1).max(4096) }).strict();

export const fromWebview = z.discriminatedUnion('type', [readyMessage, openFileMessage]);
export type FromWebview = z.infer<typeof fromWebview>;

export type Parsed<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly error: string };

/** Validates a message from a webview; an invalid one is refused with a reason and never reaches a handler. */
export function parseFromWebview<S extends z.ZodType>(schema: S, raw: unknown): Parsed<z.infer<S>> {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: result.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ') };
}
