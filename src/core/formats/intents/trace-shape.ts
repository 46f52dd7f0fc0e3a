import { randomUUID } from 'node:crypto';
import { fileParts, filePath, obj, objects, type Obj } from './trace-fields';

/**
 * The shapes Baton writes a trace line in: the one of the file's newest entry (trace-entry.ts reads them all), so
 * a fork's own tools keep reading their file. `record` is the forks' one-object-per-file line
 * (`{id, timestamp, intent_id, operation, file_path, content_hash, classification, related}` and its camelCase kin).
 */
export type TraceWriteShape = 'spec' | 'flat' | 'agent-trace' | 'record';

/** What the line says, whatever its shape. */
export interface TraceFacts {
  /** The spec-shaped entry (validated, paths relative, timestamp and session filled in): written as is in spec 003's shape. */
  readonly spec: Obj;
  /** Whether the caller gave the timestamp (then it is written as given, not in the example's style). */
  readonly givenTimestamp: boolean;
  readonly now: Date;
  readonly agentId: string;
  readonly intentId: string | null;
  readonly action: string;
  readonly toolName?: string;
  readonly status: string;
  readonly summary: string;
  readonly error?: string;
  readonly command?: string;
  readonly vcsRef?: string;
  readonly sessionId: string;
  /** Workspace-relative targets with their `sha256:` (the first one's is the entry's content_hash) and line count. */
  readonly targets: readonly { readonly path: string; readonly hash?: string; readonly lines?: number }[];
}

const ID_KEYS = ['trace_id', 'traceId', 'id', 'req_id'];
const TIME_KEYS = ['timestamp', 'ts', 'time', 'created_at', 'createdAt', 'date'];
/** Taken only where the example has text (an `agent{task_id}` or `contributor{…}` object is another thing). */
const AGENT_KEYS = ['agent_id', 'agentId', 'agent', 'actor', 'model_identifier', 'model', 'contributor'];
const INTENT_KEYS = ['intent_id', 'intentId', 'active_intent_id'];
const FILE_KEYS = ['file_path', 'filePath', 'relative_file_path', 'relative_path', 'relativePath', 'path', 'file', 'target', 'target_file'];
const HASH_KEYS = ['content_hash', 'contentHash', 'hash', 'sha256'];
/** Where a one-object line says what was done, in the order the reader takes it. */
const ACTION_KEYS = ['action_type', 'actionType', 'operation', 'agent_action', 'event', 'mutation_class', 'mutationClass', 'classification', 'semantic_classification'];

/** The shape of a trace's newest entry; undefined when it is none Baton writes (then spec 003's shape is written). */
export function writeShapeOf(example: Obj | undefined): TraceWriteShape | undefined {
  if (!example) return undefined;
  if ('action_type' in example || obj(example.payload) || obj(example.result)) return 'spec';
  if (fileParts(example).some((p) => p.conversations.length || filePath(p.file) !== null)) return 'agent-trace';
  if (objects(example.ranges).length || objects(example.modified_ranges).length) return 'flat';
  const known = [...INTENT_KEYS, ...FILE_KEYS, ...HASH_KEYS, ...ACTION_KEYS];
  if (known.some((k) => typeof example[k] === 'string') || Array.isArray(example.related)) return 'record';
  return undefined;
}

/** A new line for a trace whose newest entry is `example`, in that entry's shape and key names. */
export function shapeTraceEntry(facts: TraceFacts, example: Obj | undefined): { shape: TraceWriteShape; entry: Obj } {
  const shape = writeShapeOf(example);
  if (!shape || shape === 'spec' || !example) return { shape: 'spec', entry: facts.spec };
  const keys = new KeyStyle(example);
  const entry = shape === 'agent-trace' ? agentTraceEntry(facts, example, keys) : shape === 'flat' ? flatEntry(facts, example, keys) : recordEntry(facts, example, keys);
  return { shape, entry: orderedLike(entry, example) };
}

/** The example's own key names, and its casing for a fact it has no key for. */
class KeyStyle {
  private readonly camel: boolean;
  constructor(private readonly example: Obj) {
    const keys = Object.keys(example);
    this.camel = keys.filter((k) => /[a-z][A-Z]/.test(k)).length > keys.filter((k) => k.includes('_')).length;
  }

  /** The first of `aliases` the example has (with a value the writer can put there), else `fallback` in the example's casing. */
  key(aliases: readonly string[], fallback: string, accepts: (v: unknown) => boolean = () => true): string {
    return this.has(aliases, accepts) ?? this.cased(fallback);
  }

  has(aliases: readonly string[], accepts: (v: unknown) => boolean = () => true): string | undefined {
    return aliases.find((k) => k in this.example && accepts(this.example[k]));
  }

  cased(snake: string): string {
    return this.camel ? snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : snake;
  }
}

const textOrNull = (v: unknown) => typeof v === 'string' || v === null;

function flatEntry(facts: TraceFacts, example: Obj, keys: KeyStyle): Obj {
  const listKey = 'modified_ranges' in example && !('ranges' in example) ? 'modified_ranges' : 'ranges';
  const sample = objects(example[listKey])[0] ?? {};
  const sampleKeys = new KeyStyle(sample);
  const ranges = facts.targets.map((t, i) => withoutUndefined({
    [sampleKeys.key(['file', 'file_path', 'path', 'relative_path'], 'file')]: t.path,
    [sampleKeys.key(HASH_KEYS, 'content_hash')]: i === 0 ? contentHashOf(facts) : t.hash,
    ...lineSpan(sample, t.lines),
  }));
  const entry: Obj = {
    [keys.key(ID_KEYS, 'trace_id', textOrNull)]: randomUUID(),
    [keys.key(TIME_KEYS, 'timestamp')]: timestampLike(facts, example, keys),
    [keys.key(AGENT_KEYS, 'agent_id', textOrNull)]: facts.agentId,
    ...intentFields(facts, example, keys),
    // What was done goes where the example says it (`agent_action` beside a mutation class), else in the mutation class.
    [keys.has(['agent_action', 'operation', 'action_type'], textOrNull) ?? keys.key(['mutation_class', 'mutationClass'], 'mutation_class')]: facts.action,
  };
  // A variant that also names the file and its hash at the top level (`file`, `content_hash` beside `ranges`).
  const fileKey = keys.has(FILE_KEYS, textOrNull);
  if (fileKey && facts.targets[0]) entry[fileKey] = facts.targets[0].path;
  const hashKey = keys.has(HASH_KEYS, textOrNull);
  if (hashKey && contentHashOf(facts) !== undefined) entry[hashKey] = contentHashOf(facts);
  if (ranges.length) entry[listKey] = ranges.length === 1 && !Array.isArray(example[listKey]) ? ranges[0] : ranges;
  return { ...entry, ...vcsFields(facts, example, keys), ...optionalFields(facts, example, keys) };
}

function recordEntry(facts: TraceFacts, example: Obj, keys: KeyStyle): Obj {
  const [first, ...more] = facts.targets;
  const idKey = keys.has(ID_KEYS, textOrNull);
  const entry: Obj = {
    ...(idKey ? { [idKey]: randomUUID() } : {}),
    [keys.key(TIME_KEYS, 'timestamp')]: timestampLike(facts, example, keys),
    [keys.key(AGENT_KEYS, 'agent_id', textOrNull)]: facts.agentId,
    ...intentFields(facts, example, keys),
    [keys.key(ACTION_KEYS, 'operation', textOrNull)]: facts.action,
  };
  if (first) Object.assign(entry, { [keys.key(FILE_KEYS, 'file_path', textOrNull)]: first.path }, lineSpan(example, first.lines));
  // One file per line is the shape; the other targets are kept where Baton's reader and spec 003 look for them.
  if (more.length) entry.target_files = facts.targets.map((t) => t.path);
  const hash = contentHashOf(facts);
  if (hash !== undefined) entry[keys.key(HASH_KEYS, 'content_hash', textOrNull)] = hash;
  return { ...entry, ...vcsFields(facts, example, keys), ...optionalFields(facts, example, keys) };
}

function agentTraceEntry(facts: TraceFacts, example: Obj, keys: KeyStyle): Obj {
  const sampleFile = fileParts(example).find((p) => p.conversations.length || filePath(p.file) !== null)!;
  // Contributor, ranges and related sit in a conversation (agent-trace.dev), or on the file entry itself when the
  // example's file has ranges and no conversation (a fork's flattening): the new line does what the example does.
  const onFile = !sampleFile.conversations.length && objects(sampleFile.file.ranges).length > 0;
  const sampleHolder = onFile ? sampleFile.file : sampleFile.conversations[0] ?? {};
  const holderKeys = new KeyStyle(sampleHolder);
  const sampleRange = objects(sampleHolder.ranges)[0] ?? objects(sampleFile.file.ranges)[0] ?? {};
  const rangeKeys = new KeyStyle(sampleRange);
  // The action goes where the example says what was done: at the top, else beside the ranges (the reader looks there too).
  const topAction = keys.has(ACTION_KEYS, textOrNull);
  const action: Obj = topAction ? {} : Array.isArray(sampleHolder.mutationClasses) ? { mutationClasses: [facts.action] }
    : { [holderKeys.key(['mutation_class', 'mutationClass'], 'mutation_class')]: facts.action };
  const attribution = (t: TraceFacts['targets'][number], i: number): Obj => withoutUndefined({
    ...('url' in sampleHolder ? { url: facts.sessionId } : {}),
    ...('session_id' in sampleHolder ? { session_id: facts.sessionId } : {}),
    // Here, unless the example names its contributor only at the top.
    ...(obj(sampleHolder.contributor) || !obj(example.contributor) ? { contributor: contributorLike(obj(sampleHolder.contributor), facts.agentId) } : {}),
    ranges: [withoutUndefined({
      ...lineSpan(sampleRange, t.lines),
      [rangeKeys.key(HASH_KEYS, 'content_hash')]: i === 0 ? contentHashOf(facts) : t.hash,
    })],
    ...(facts.intentId !== null ? { related: [relatedLike(sampleHolder.related ?? sampleFile.file.related, facts.intentId)] } : {}),
    ...action,
  });
  const fileKeys = new KeyStyle(sampleFile.file);
  const fileHashKey = fileKeys.has(HASH_KEYS, textOrNull);
  const files = facts.targets.map((t, i) => withoutUndefined({ [fileKeys.key(['relative_path', 'relativePath', 'path', 'file_path', 'filePath', 'file'], 'path')]: t.path,
    ...(fileHashKey ? { [fileHashKey]: i === 0 ? contentHashOf(facts) : t.hash } : {}),
    ...(onFile ? attribution(t, i) : { conversations: [attribution(t, i)] }) }));
  const entry: Obj = {
    ...(typeof example.version === 'string' ? { version: example.version } : {}),
    [keys.key(ID_KEYS, 'id', textOrNull)]: randomUUID(),
    [keys.key(TIME_KEYS, 'timestamp')]: timestampLike(facts, example, keys),
    ...vcsFields(facts, example, keys),
  };
  const toolKey = keys.has(['tool', 'tool_name', 'toolName']);
  if (facts.toolName !== undefined && toolKey) entry[toolKey] = obj(example[toolKey]) ? { name: facts.toolName } : facts.toolName;
  if (keys.has(INTENT_KEYS) || !files.length) Object.assign(entry, intentFields(facts, example, keys));
  if (topAction || !files.length) entry[topAction ?? keys.cased('mutation_class')] = facts.action;
  // At the top as well when the example has it there; without a file there is no conversation to name it.
  if (obj(example.contributor) || !files.length) entry.contributor = contributorLike(obj(example.contributor) ?? obj(sampleHolder.contributor), facts.agentId);
  entry.files = files;
  return { ...entry, ...optionalFields(facts, example, keys) };
}

/** The intent under every intent key the example has, and in its `related` list the way it names one. */
function intentFields(facts: TraceFacts, example: Obj, keys: KeyStyle): Obj {
  const out: Obj = {};
  const named = INTENT_KEYS.filter((k) => k in example);
  for (const k of named) out[k] = facts.intentId;
  // `related` is written when it is where the example names its intent (alone, or as `{type: intent|specification}`),
  // not when it lists something else beside an intent key (a request, a requirement).
  const related = Array.isArray(example.related) && (!named.length || namedIntentItem(example.related) !== undefined);
  if (related) out.related = facts.intentId === null ? [] : [relatedLike(example.related, facts.intentId)];
  if (!named.length && !related) out[keys.cased('intent_id')] = facts.intentId;
  return out;
}

/** `{type, value}` with the type the example names its intent with (`intent`, or the forks' `specification`), or a bare id. */
function relatedLike(sample: unknown, intentId: string): unknown {
  const items = Array.isArray(sample) ? sample : [];
  if (items.length && items.every((i) => typeof i === 'string')) return intentId;
  const named = namedIntentItem(items);
  if (!named) return { type: 'intent', value: intentId };
  return { type: named.type, [('value' in named || !('id' in named)) ? 'value' : 'id']: intentId };
}

function namedIntentItem(items: readonly unknown[]): Obj | undefined {
  return items.map(obj).find((o) => o && typeof o.type === 'string' && /^(intent|intent_id|specification)$/i.test(o.type));
}

/** `{type, model_id}` under the example's names; without a kind when the example's contributor has none. */
function contributorLike(sample: Obj | undefined, agentId: string): Obj {
  const keys = new KeyStyle(sample ?? {});
  const typeKey = sample ? keys.has(['type', 'entity_type', 'entityType']) : 'type';
  const modelKey = keys.key(['model_id', 'model_identifier', 'modelIdentifier', 'model'], 'model_id');
  if (!typeKey) return { [modelKey]: agentId };
  const upper = typeof sample?.[typeKey] === 'string' && sample[typeKey] === (sample[typeKey] as string).toUpperCase();
  const kind = agentId.toLowerCase() === 'human' ? 'human' : 'ai';
  return { [typeKey]: upper ? kind.toUpperCase() : kind, [modelKey]: agentId };
}

/** Lines 1 to the file's last line (the hash is the whole file's), under the example range's names, when it has them. */
function lineSpan(sample: Obj, lines: number | undefined): Obj {
  if (lines === undefined) return {};
  if ('start_line' in sample || 'end_line' in sample) return { start_line: 1, end_line: lines };
  if ('startLine' in sample || 'endLine' in sample) return { startLine: 1, endLine: lines };
  return {};
}

/** The revision, where the example keeps one (`vcs{revision_id|revision}` with its `type`, or a top-level key), when the caller gave it. */
function vcsFields(facts: TraceFacts, example: Obj, keys: KeyStyle): Obj {
  if (facts.vcsRef === undefined) return {};
  const vcs = obj(example.vcs);
  if (vcs) {
    const revKey = new KeyStyle(vcs).key(['revision_id', 'revision', 'revisionId'], 'revision_id');
    return { vcs: { ...(typeof vcs.type === 'string' ? { type: vcs.type } : {}), [revKey]: facts.vcsRef } };
  }
  const top = keys.has(['revision_id', 'vcs_ref', 'git_rev', 'git_sha', 'revisionId'], textOrNull);
  return top ? { [top]: facts.vcsRef } : {};
}

/** Tool, outcome, summary, error, session and command: written only where the example has a place for them. */
function optionalFields(facts: TraceFacts, example: Obj, keys: KeyStyle): Obj {
  const out: Obj = {};
  const put = (aliases: readonly string[], value: string | undefined) => {
    const k = keys.has(aliases, textOrNull);
    if (value !== undefined && k && !(k in out)) out[k] = value;
  };
  put(['tool_name', 'toolName', 'tool'], facts.toolName);
  put(['status', 'result', 'outcome'], facts.status);
  if (typeof example.success === 'boolean') {
    const ok = /^(success|succeeded|ok|done|passed)$/i.test(facts.status) ? true : /^(fail|failed|failure|error|denied|rejected)$/i.test(facts.status) ? false : undefined;
    if (ok !== undefined) out.success = ok;
  }
  put(['summary', 'output_summary', 'description', 'result_summary', 'details', 'message'], facts.summary);
  put(['error_message', 'errorMessage', 'error'], facts.error);
  put(['session_id', 'sessionId'], facts.sessionId);
  put(['command'], facts.command);
  return out;
}

/** The spec entry's content_hash (the caller's, or the first target's `sha256:`). */
function contentHashOf(facts: TraceFacts): string | undefined {
  const result = obj(facts.spec.result);
  return typeof result?.content_hash === 'string' ? result.content_hash : facts.targets[0]?.hash;
}

/** Now, at the precision the example's time has (seconds or milliseconds), or a number when it writes epoch numbers. */
function timestampLike(facts: TraceFacts, example: Obj, keys: KeyStyle): string | number {
  if (facts.givenTimestamp) return facts.spec.timestamp as string;
  const sample = example[keys.key(TIME_KEYS, 'timestamp')];
  if (typeof sample === 'number') return sample > 1e11 ? facts.now.getTime() : Math.floor(facts.now.getTime() / 1000);
  const iso = facts.now.toISOString();
  return typeof sample === 'string' && /\.\d+(Z|[+-]\d\d:?\d\d)$/.test(sample) ? iso : iso.replace(/\.\d{3}Z$/, 'Z');
}

const CHAIN_KEYS = new Set(['integrity', 'prev_record_hash', 'record_hash']);

/** The example's key order first (a fork's line looks like the fork's own), then the new keys, the chain's seal last. */
export function orderedLike(entry: Obj, example: Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(example)) if (k in entry && !CHAIN_KEYS.has(k)) out[k] = entry[k];
  for (const k of Object.keys(entry)) if (!(k in out) && !CHAIN_KEYS.has(k)) out[k] = entry[k];
  for (const k of Object.keys(example)) if (k in entry && CHAIN_KEYS.has(k)) out[k] = entry[k];
  for (const k of Object.keys(entry)) if (!(k in out)) out[k] = entry[k];
  return out;
}

function withoutUndefined(o: Obj): Obj {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
