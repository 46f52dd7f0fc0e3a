import type { TraceEntry } from './model';
import { collectRelated, contributorModel, fileParts, filePath, firstText, obj, rangesOf, text, texts, type FileParts, type Obj } from './trace-fields';

const MAX_TEXT = 500;
const MAX_FILES = 20;

/**
 * One parsed trace object → a TraceEntry, whichever shape it was written in. Seen in the forks' traces:
 * - spec 003: `action_type`, `payload{tool_name, target_files}`, `result{status, output_summary, content_hash}`, `metadata`;
 * - flat: `trace_id`, `mutation_class`, `ranges{file, content_hash}` (one range or a list), `vcs`;
 * - agent-trace.dev: `files[{relative_path|path, conversations[{contributor, ranges[{content_hash}], related[{type, value}]}]}]`,
 *   the intent named by `related` (`intent`, else `specification`) unless the line says `intent_id`;
 * - `{intent_id, file_path|filePath|path, operation, classification, content_hash}` and `modified_ranges[{file}]`;
 * - camelCase variants (`intentId`, `toolName`, `relativePath`, `contentHash`), `ts`, `sha256`, `success: true`.
 * Nothing here is a problem: a field of an unexpected type is left out. Long texts are clipped so the index stays small.
 */
// The entry is one object literal without spreads: `{ ...base, 17 more }` made V8 build each one property by
// property (10× slower, the whole cost of a tail read).
export function normalizeTraceObject(line: Obj, fromEnd: number, lineNumber: number | null): TraceEntry {
  const payload = obj(line.payload);
  const result = obj(line.result);
  const metadata = obj(line.metadata);
  const vcs = obj(line.vcs);
  const tool = obj(line.tool);
  const parts = fileParts(line);
  const conversations = parts.flatMap((p) => p.conversations);
  const ranges = rangesOf(line, parts);
  const files = filesOf(line, payload, parts, ranges);
  const mutationClass = mutationClassOf(line, parts, conversations, ranges);
  const span = spanOf(ranges);
  return {
    shape: shapeOf(line, payload, result, parts),
    fromEnd,
    line: lineNumber,
    timestamp: clipped(firstText(line.timestamp, line.ts, line.time, line.created_at, line.createdAt, line.date)),
    agentId: clipped(firstText(line.agent_id, line.agentId, line.agent, obj(line.agent)?.name, obj(line.agent)?.id, line.actor)
      ?? contributorModel(line.contributor) ?? firstText(line.model_identifier, line.model)
      ?? firstOf(conversations, (c) => contributorModel(c.contributor)) ?? firstOf(parts, (p) => contributorModel(p.file.contributor))),
    intentId: clipped(intentOf(line, parts, conversations, ranges)),
    action: clipped(firstText(line.action_type, line.actionType, line.operation, line.agent_action, line.event) ?? mutationClass),
    mutationClass: clipped(mutationClass),
    status: clipped(result ? firstText(result.status, line.status) : firstText(line.result, line.status, line.outcome) ?? successWord(line.success)),
    summary: clipped(firstText(result?.output_summary, line.summary, line.description, line.result_summary, line.details, line.message,
      line.classification_reason, line.decision_reason) ?? (files.length ? `${files.join(', ')}${span}` : null)),
    error: clipped(firstText(result?.error_message, line.error_message, line.errorMessage, line.error)),
    toolName: clipped(firstText(payload?.tool_name, line.tool_name, line.toolName, line.tool, tool?.name)),
    command: clipped(firstText(payload?.command, line.command)),
    files,
    contentHash: clipped(hashOf(line, result, parts, ranges)),
    sessionId: clipped(firstText(metadata?.session_id, line.session_id, line.sessionId, line.task_id, line.taskId)
      ?? firstOf(conversations, (c) => firstText(c.session_id, obj(c.contributor)?.session_id))),
    vcsRef: clipped(firstText(metadata?.vcs_ref, line.vcs_ref, vcs?.revision_id, vcs?.revision, line.revision_id, line.git_rev, line.git_sha)),
    traceId: clipped(firstText(line.trace_id, line.traceId, line.id, line.req_id)),
  };
}

/**
 * What an entry did, in a word for a row or a line: its action, else the tool it ran; an agent-trace.dev record
 * with neither only attributes lines of code to a contributor.
 */
export function traceActionLabel(t: TraceEntry): string {
  return t.action ?? t.toolName ?? (t.shape === 'agent-trace' && t.files.length ? 'attribution' : '(no action)');
}

function shapeOf(line: Obj, payload: Obj | undefined, result: Obj | undefined, parts: readonly FileParts[]): TraceEntry['shape'] {
  if ('action_type' in line || payload || result) return 'spec';
  if (parts.some((p) => p.conversations.length || filePath(p.file) !== null)) return 'agent-trace';
  if ('mutation_class' in line || 'ranges' in line || 'trace_id' in line) return 'flat';
  return 'other';
}

/**
 * The intent: an explicit id on the line (`intent_id`, `intentId`, `active_intent_id`), on a conversation, then
 * what `related` names — `{type: intent}`, then `{type: specification}` (the forks' hooks put the intent id there),
 * then a bare string.
 */
function intentOf(line: Obj, parts: readonly FileParts[], conversations: readonly Obj[], ranges: readonly Obj[]): string | null {
  const explicit = firstText(line.intent_id, line.intentId, line.active_intent_id, typeof line.intent === 'string' ? line.intent : obj(line.intent)?.id)
    ?? firstOf(conversations, (c) => firstText(c.intent_id, c.intentId));
  if (explicit !== null) return explicit;
  const related = collectRelated([line.related, ...parts.map((p) => p.file.related), ...conversations.map((c) => c.related), ...ranges.map((r) => r.related)]);
  return related.intent ?? related.specification ?? related.bare;
}

function mutationClassOf(line: Obj, parts: readonly FileParts[], conversations: readonly Obj[], ranges: readonly Obj[]): string | null {
  return firstText(line.mutation_class, line.mutationClass, line.mutation_type, obj(line.mutation)?.mutation_class)
    ?? firstOf(conversations, (c) => firstText(c.mutation_class, obj(c.meta)?.mutation_class))
    ?? firstOf(parts, (p) => firstText(p.file.mutation_class) ?? (texts(p.file.mutationClasses).join(', ') || null))
    ?? firstOf(ranges, (r) => firstText(r.mutation_class))
    ?? collectRelated([line.related, ...conversations.map((c) => c.related)]).mutationClass
    ?? firstText(line.classification, line.semantic_classification);
}

/** Every target the line names, as written, in order, without repeats. */
function filesOf(line: Obj, payload: Obj | undefined, parts: readonly FileParts[], ranges: readonly Obj[]): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => {
    const t = text(v);
    if (t !== null && out.size < MAX_FILES) out.add(clip(t));
  };
  for (const f of texts(payload?.target_files)) add(f);
  if (Array.isArray(line.files)) for (const f of line.files) if (typeof f === 'string') add(f);
  for (const p of parts) add(filePath(p.file));
  for (const r of ranges) add(r.file);
  for (const key of ['file_path', 'filePath', 'relative_file_path', 'relative_path', 'relativePath', 'path', 'file', 'target', 'target_file']) add(line[key]);
  for (const f of texts(line.target_files)) add(f);
  return [...out];
}

function hashOf(line: Obj, result: Obj | undefined, parts: readonly FileParts[], ranges: readonly Obj[]): string | null {
  return firstText(result?.content_hash, line.content_hash, line.contentHash, line.hash, line.sha256, line.partial_hash, line.after_hash)
    ?? firstOf(parts, (p) => firstText(p.file.content_hash, p.file.contentHash))
    ?? firstOf(ranges, (r) => firstText(r.content_hash, r.contentHash, r.after_hash));
}

/** " lines 12–40" when the line names exactly one range with a start. */
function spanOf(ranges: readonly Obj[]): string {
  if (ranges.length !== 1) return '';
  const r = obj(ranges[0]!.new_range) ?? ranges[0]!;
  const start = firstText(r.start_line, r.startLine);
  const end = firstText(r.end_line, r.endLine, r.end_Line);
  if (start === null) return '';
  // An end before the start (`end_line: 0`, which some forks write for one line) names no second line.
  return end !== null && Number(end) < Number(start) ? ` line ${start}` : ` lines ${start}–${end ?? '?'}`;
}

function successWord(v: unknown): string | null {
  return v === true ? 'success' : v === false ? 'failure' : null;
}

function firstOf<T>(list: readonly T[], pick: (item: T) => string | null): string | null {
  for (const item of list) {
    const t = pick(item);
    if (t !== null) return t;
  }
  return null;
}

function clipped(s: string | null): string | null {
  return s === null ? null : clip(s);
}

function clip(s: string): string {
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}
