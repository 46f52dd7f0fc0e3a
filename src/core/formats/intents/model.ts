import type { RecordedHash } from '../../io/content-hash';
import type { ItemProblem, WorkItemBase } from '../../model/items';
import type { YamlPath } from '../../yaml/locate';
import type { IntentView } from './intent-fields';
import type { ScopeEntry } from './scope';

/*
 * What each intents file contributes to the index (plain JSON, so it can be cached), and the intent item the
 * views consume.
 */

export interface IntentEntryRecord {
  /** Position among the file's intents. */
  readonly index: number;
  /** The `yaml` path to the intent's mapping (`['intents', 0]`, `[0]`, `['intents', 'INT-001']`, `[]`). */
  readonly path: YamlPath;
  /** The key holding the id (`id`, or an alias such as `intent_id`); null when the id is the intent's map key. */
  readonly idKey: string | null;
  /** The key holding the status (`status`, or the alias `state`), and the one a status edit writes. */
  readonly statusKey: string;
  /** Every field as written, unknown ones included. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** The fields Baton shows, read through the forks' aliases. */
  readonly view: IntentView;
  readonly scope: readonly ScopeEntry[];
}

export interface IntentsFileRecord {
  readonly kind: 'intents';
  /** Which root key holds the list (the spec's `intents`, the forks' `active_intents`, …), or null for a bare list. */
  readonly rootKey: string | null;
  /** contentHash (hex sha256) of the text parsed: an edit is refused when the file on disk no longer has it. */
  readonly textHash: string;
  readonly intents: readonly IntentEntryRecord[];
  /** Ids the file itself marks as the selected intent (`active_intent_id`, `active_intent`). */
  readonly selected: readonly string[];
  /** The file's other root keys (`version`, `project`, `sessions`, …), as written. */
  readonly rootFields: Readonly<Record<string, unknown>>;
  /** Why the file yielded no intents at all (not YAML, not readable): the Intents view shows one row with it. */
  readonly problem?: ItemProblem;
}

/** One file (or glob) intent_map.md maps to an intent: a table row, or a path listed in an intent's section. */
export interface MapRow {
  /** Workspace-relative with `/`; a glob when `glob` is set. */
  readonly file: string;
  /** The entry is a glob (`src/auth/**`): it owns every file it matches and has no hash of its own. */
  readonly glob?: true;
  readonly owner: string | null;
  readonly lastModifiedBy: string | null;
  /** The hash cell as written (`sha256:…`, `sha256:1a2b...`, `n/a`), or null when empty. */
  readonly hashText: string | null;
  readonly hash: RecordedHash | null;
  /** 1-based line of the row (or bullet) in intent_map.md. */
  readonly line: number;
}

export interface MapFileRecord {
  readonly kind: 'map';
  readonly rows: readonly MapRow[];
}

/**
 * One trace entry, normalised from whichever shape it was written in (spec 003's nested shape, the forks' flat
 * `trace_id/mutation_class/ranges` lines, agent-trace.dev records, `file_path`/`operation` lines and the rest);
 * bounded in size. A field the entry does not have is null.
 */
export interface TraceEntry {
  /** `spec` (action_type/payload/result), `agent-trace` (files[].conversations[]), `flat` (mutation_class/ranges), `other`. */
  readonly shape: 'spec' | 'agent-trace' | 'flat' | 'other';
  /** 1 for the newest line of the file: the physical line the entry starts on, counted from the end. */
  readonly fromEnd: number;
  /** Absolute 1-based line the entry starts on, when known cheaply (the whole file was read, or a problem needed counting). */
  readonly line: number | null;
  readonly timestamp: string | null;
  /** `agent_id`, the actor, or the contributing model (agent-trace.dev's contributor). */
  readonly agentId: string | null;
  /** The intent: an explicit intent id, else the `related` entry naming it (`intent`, then `specification`). */
  readonly intentId: string | null;
  /** What was done, as written: `action_type`, `operation`, `agent_action`, `event`, else the mutation class. */
  readonly action: string | null;
  /** `mutation_class` (wherever the line keeps it) or `classification`, as written. */
  readonly mutationClass: string | null;
  /** The outcome as written: `result.status`, a `result`/`status` word, or `success` as success/failure. */
  readonly status: string | null;
  readonly summary: string | null;
  readonly error: string | null;
  readonly toolName: string | null;
  readonly command: string | null;
  /** Target files as written (also `.`, folders and placeholders: shown, never warned about). */
  readonly files: readonly string[];
  readonly contentHash: string | null;
  readonly sessionId: string | null;
  readonly vcsRef: string | null;
  readonly traceId: string | null;
}

export interface TraceFileRecord {
  readonly kind: 'trace';
  readonly size: number;
  /** The newest entries (newest first), at most the context's trace tail (traceTailOf, default 200). */
  readonly entries: readonly TraceEntry[];
  /** The last line has no newline yet and is not valid JSON: a writer is still adding to it. */
  readonly writeInProgress: boolean;
  /** Every line of the file was read (it is small); otherwise only the tail was. */
  readonly complete: boolean;
}

export type IntentsRecord = IntentsFileRecord | MapFileRecord | TraceFileRecord;

export interface Intent extends WorkItemBase {
  readonly system: 'intents';
  readonly kind: 'intent';
  readonly name: string | null;
  readonly description: string | null;
  readonly constraints: readonly string[];
  /** owned_scope as written. */
  readonly ownedScope: readonly string[];
  readonly scope: readonly ScopeEntry[];
  readonly acceptanceCriteria: readonly string[];
  readonly relatedSpecs: readonly string[];
  readonly assignedAgent: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly index: number;
  /** Where the intent is in its file (see IntentEntryRecord). */
  readonly yamlPath: YamlPath;
  readonly idKey: string | null;
  readonly statusKey: string;
  /** The file marks this intent as the selected one (`active_intent_id`). */
  readonly selected: boolean;
  /** Rows of intent_map.md this intent owns or last modified. */
  readonly mapRows: readonly MapRow[];
  /** The newest trace entries naming this intent (newest first). */
  readonly recentTrace: readonly TraceEntry[];
  /** Every field the file holds for the intent, as written, unknown ones included. */
  readonly fields: Readonly<Record<string, unknown>>;
}

export type IntentsItem = Intent;

/** Newest trace entries kept per intent (the index keeps the context's trace tail per file: traceTailOf). */
export const RECENT_TRACE_PER_INTENT = 5;
