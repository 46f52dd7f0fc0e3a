import path from 'node:path';
import { sha256File } from '../../io/content-hash';
import { containedPath } from '../../io/contained-path';
import { traceInputSchema, type AgentTraceEntry, type AgentTraceInput } from './schemas';

/** An entry as written: timestamp and session always present. */
export type WrittenTraceEntry = AgentTraceEntry & {
  readonly timestamp: string;
  readonly metadata: NonNullable<AgentTraceEntry['metadata']> & { readonly session_id: string };
};

export interface TraceWriteContext {
  readonly root: string;
  readonly now: Date;
  readonly sessionId: string;
}

/**
 * A trace entry ready to append: validated against the spec's shape (refused with the reason otherwise), the
 * timestamp and session filled in when missing, and `result.content_hash` set to `sha256:` of the first target
 * file's current bytes when the caller did not give one. Target files must lie inside the workspace folder.
 */
export async function prepareTraceEntry(input: AgentTraceInput, ctx: TraceWriteContext): Promise<WrittenTraceEntry> {
  const parsed = traceInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new Error(`not a valid trace entry: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ')}`);
  }
  const entry = parsed.data;
  const targets = entry.payload.target_files ?? [];
  const resolved = await Promise.all(targets.map(async (t) => {
    // Followed through symlinks: the hash below must never read a file outside the folder.
    const inside = await containedPath(ctx.root, t, { what: 'the workspace folder' });
    if (!inside.ok) throw new Error(`target file refused: ${inside.reason}`);
    return inside;
  }));
  let contentHash = entry.result.content_hash;
  if (contentHash === undefined && resolved[0]) contentHash = await sha256File(resolved[0].absolute);
  const { timestamp, agent_id, intent_id, action_type, payload, result, metadata, ...unknown } = entry;
  // The spec's key order first, then whatever else the caller gave.
  return {
    timestamp: timestamp ?? ctx.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    agent_id, intent_id, action_type,
    // Paths are written workspace-relative with `/`, the way agents write them.
    payload: resolved.length ? { ...payload, target_files: resolved.map((r) => r.relative) } : payload,
    result: contentHash === undefined ? result : { ...result, content_hash: contentHash },
    metadata: { ...metadata, session_id: metadata?.session_id ?? ctx.sessionId },
    ...unknown,
  };
}

/** The file a root's trace lives in. */
export function traceFileOf(root: string): string {
  return path.join(root, '.orchestration', 'agent_trace.jsonl');
}
