import { parseLenient } from '../common/lenient';
import type { TraceEntry } from './model';
import { flatTraceSchema, specTraceSchema } from './schemas';

const MAX_TEXT = 500;
const MAX_FILES = 20;

export interface NormalizedLine {
  readonly entry: TraceEntry;
  /** Fields of the wrong type (dropped from the entry, reported as warnings). */
  readonly issues: readonly string[];
}

/**
 * One parsed trace line → a TraceEntry, whichever shape it was written in: the spec's (`action_type`, `payload`,
 * `result`, `metadata`), the forks' flat one (`trace_id`, `mutation_class`, `ranges`, `vcs`), or anything else
 * with recognisable top-level fields. Long texts are clipped so the index stays small.
 */
// Entries are object literals without spreads: `{ ...base, 17 more }` made V8 build each one property by property
// (10× slower, the whole cost of a tail read).
export function normalizeTraceObject(value: Record<string, unknown>, fromEnd: number, line: number | null): NormalizedLine {
  if ('action_type' in value || 'payload' in value || 'result' in value) {
    const { data, issues } = parseLenient(specTraceSchema, value);
    const d = data ?? {};
    return { issues: issues.map((i) => i.message), entry: { fromEnd, line, shape: 'spec',
      timestamp: str(d.timestamp), agentId: str(d.agent_id), intentId: str(d.intent_id), action: str(d.action_type),
      status: str(d.result?.status), summary: str(d.result?.output_summary), error: str(d.result?.error_message),
      toolName: str(d.payload?.tool_name), command: str(d.payload?.command), files: list(d.payload?.target_files),
      contentHash: str(d.result?.content_hash), sessionId: str(d.metadata?.session_id), vcsRef: str(d.metadata?.vcs_ref),
      traceId: str(value.trace_id) } };
  }
  if ('mutation_class' in value || 'ranges' in value || 'trace_id' in value) {
    const { data, issues } = parseLenient(flatTraceSchema, value);
    const d = data ?? {};
    const ranges = d.ranges == null ? [] : Array.isArray(d.ranges) ? d.ranges : [d.ranges];
    const files = ranges.map((r) => r.file).filter((f): f is string => typeof f === 'string');
    const span = ranges.length === 1 && ranges[0]!.start_line != null ? ` lines ${ranges[0]!.start_line}–${ranges[0]!.end_line ?? '?'}` : '';
    return { issues: issues.map((i) => i.message), entry: { fromEnd, line, shape: 'flat',
      timestamp: str(d.timestamp), agentId: str(d.agent_id), intentId: str(d.intent_id), action: str(d.mutation_class),
      status: str(value.status), summary: files.length ? clip(`${files.join(', ')}${span}`) : null, error: null,
      toolName: null, command: null, files: list(files), contentHash: str(ranges.find((r) => r.content_hash)?.content_hash),
      sessionId: str(value.session_id), vcsRef: str(d.vcs?.revision_id), traceId: str(d.trace_id) } };
  }
  const files = Array.isArray(value.files) ? value.files : typeof value.file === 'string' ? [value.file] : [];
  return { issues: [], entry: { fromEnd, line, shape: 'other',
    timestamp: str(value.timestamp ?? value.time), agentId: str(value.agent_id ?? value.agent), intentId: str(value.intent_id),
    action: str(value.action ?? value.type ?? value.event), status: str(value.status), summary: str(value.summary ?? value.message),
    error: str(value.error), toolName: str(value.tool_name), command: str(value.command), files: list(files),
    contentHash: str(value.content_hash), sessionId: str(value.session_id), vcsRef: str(value.vcs_ref), traceId: str(value.trace_id) } };
}

function str(v: unknown): string | null {
  if (typeof v === 'string') return clip(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

function list(v: readonly unknown[] | null | undefined): string[] {
  return (v ?? []).filter((f): f is string => typeof f === 'string').slice(0, MAX_FILES).map(clip);
}

function clip(s: string): string {
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}
