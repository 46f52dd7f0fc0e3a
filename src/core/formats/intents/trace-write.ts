import path from 'node:path';
import { sha256FileAndLines } from '../../io/content-hash';
import { containedPath } from '../../io/contained-path';
import { traceInputSchema, type AgentTraceEntry, type AgentTraceInput } from './schemas';
import { sealLike, type ChainJoin } from './trace-chain';
import type { Obj } from './trace-fields';
import { orderedLike, shapeTraceEntry, type TraceFacts, type TraceWriteShape } from './trace-shape';

/** An entry in spec 003's shape as Baton prepares it: timestamp and session always present. */
export type SpecTraceEntry = AgentTraceEntry & {
  readonly timestamp: string;
  readonly metadata: NonNullable<AgentTraceEntry['metadata']> & { readonly session_id: string };
};

/** The line appended: the object written, the shape it was written in, and how it joined a hash chain. */
export interface WrittenTraceEntry {
  readonly shape: TraceWriteShape;
  readonly entry: Obj;
  readonly chain?: ChainJoin;
}

export interface TraceWriteContext {
  readonly root: string;
  readonly now: Date;
  readonly sessionId: string;
}

/**
 * A trace entry in spec 003's shape, ready to append: validated against the spec's shape (refused with the reason
 * otherwise), the timestamp and session filled in when missing, and `result.content_hash` set to `sha256:` of the
 * first target file's current bytes when the caller did not give one. Target files must lie inside the workspace folder.
 */
export async function prepareTraceEntry(input: AgentTraceInput, ctx: TraceWriteContext): Promise<SpecTraceEntry> {
  return (await prepare(input, ctx)).spec;
}

/**
 * The line to append to a trace whose newest entry `newest` gives (undefined: empty, or none readable): the entry
 * of prepareTraceEntry in that entry's shape and key names (spec 003's when there is none or its shape is none
 * Baton writes), sealed into the entry's hash chain when the trace has one. The trace is read only once the input
 * is valid and its targets are inside the folder.
 */
export async function prepareTraceLine(input: AgentTraceInput, ctx: TraceWriteContext, newest: () => Promise<Obj | undefined>): Promise<WrittenTraceEntry> {
  const { spec, targets, givenTimestamp } = await prepare(input, ctx);
  const example = await newest();
  const facts: TraceFacts = {
    spec: spec as Obj, givenTimestamp, now: ctx.now, agentId: spec.agent_id, intentId: spec.intent_id, action: spec.action_type,
    toolName: spec.payload.tool_name, status: spec.result.status, summary: spec.result.output_summary, error: spec.result.error_message,
    command: spec.payload.command, vcsRef: spec.metadata.vcs_ref, sessionId: spec.metadata.session_id, targets,
  };
  const shaped = shapeTraceEntry(facts, example);
  if (!example) return shaped;
  const sealed = sealLike(shaped.entry, example);
  // Spec 003's key order stays the spec's; a fork's line takes the order of the fork's own.
  const entry = shaped.shape === 'spec' ? sealed.entry : orderedLike(sealed.entry, example);
  return { shape: shaped.shape, entry, ...(sealed.chain ? { chain: sealed.chain } : {}) };
}

async function prepare(input: AgentTraceInput, ctx: TraceWriteContext): Promise<{ spec: SpecTraceEntry; targets: TraceFacts['targets']; givenTimestamp: boolean }> {
  const parsed = traceInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new Error(`not a valid trace entry: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ')}`);
  }
  const entry = parsed.data;
  const resolved = await Promise.all((entry.payload.target_files ?? []).map(async (t) => {
    // Followed through symlinks: the hash below must never read a file outside the folder.
    const inside = await containedPath(ctx.root, t, { what: 'the workspace folder' });
    if (!inside.ok) throw new Error(`target file refused: ${inside.reason}`);
    const read = await sha256FileAndLines(inside.absolute);
    return { path: inside.relative, hash: read?.hash, lines: read?.lines };
  }));
  const contentHash = entry.result.content_hash ?? resolved[0]?.hash;
  const { timestamp, agent_id, intent_id, action_type, payload, result, metadata, ...unknown } = entry;
  // The spec's key order first, then whatever else the caller gave.
  const spec: SpecTraceEntry = {
    timestamp: timestamp ?? ctx.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    agent_id, intent_id, action_type,
    // Paths are written workspace-relative with `/`, the way agents write them.
    payload: resolved.length ? { ...payload, target_files: resolved.map((r) => r.path) } : payload,
    result: contentHash === undefined ? result : { ...result, content_hash: contentHash },
    metadata: { ...metadata, session_id: metadata?.session_id ?? ctx.sessionId },
    ...unknown,
  };
  return { spec, targets: resolved, givenTimestamp: timestamp !== undefined };
}

/** The file a root's trace lives in. */
export function traceFileOf(root: string): string {
  return path.join(root, '.orchestration', 'agent_trace.jsonl');
}
