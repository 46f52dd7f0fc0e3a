import type { IntentsFileRecord, TraceEntry, TraceFileRecord } from '../formats/intents/model';
import { resolveContained } from '../io/contained-path';

/**
 * Who last changed each file, from the newest trace entries the index keeps: the owner of a file that neither
 * owned_scope nor intent_map.md gives to an intent (forks whose only record of file → intent is their trace, in
 * agent-trace.dev records above all). Only intents active_intents.yaml lists count, and only entries that changed
 * something: reads, listings, intent selection and denied or failed writes do not make a file an intent's.
 */
export interface TracedOwners {
  /** Workspace-relative path (with `/`) → intent id, newest entry first. */
  readonly byFile: ReadonlyMap<string, string>;
  /** Equal for two traces that give the same files to the same intents (an append that changes no owner). */
  readonly signature: string;
}

const NOT_A_CHANGE = new Set(['READ_ONLY', 'READ', 'CONTEXT_LOAD', 'INTENT_SELECTION', 'SCOPE_VIOLATION', 'STATE_TRANSITION', 'N/A', 'UNKNOWN']);
const READING_TOOL = /^(read|list|search|glob|grep|select_active_intent|ask_followup|update_todo|switch_mode|attempt_completion|new_task)/i;
const NO_EFFECT = /^(denied|failure|failed|error|blocked|pending|rejected)$/i;

export function tracedOwners(root: string, intents: IntentsFileRecord | undefined, trace: TraceFileRecord | undefined): TracedOwners {
  const byFile = new Map<string, string>();
  if (!intents || !trace) return { byFile, signature: '' };
  const known = new Set(intents.intents.map((i) => i.fields.id));
  for (const entry of trace.entries) {
    if (!entry.intentId || !known.has(entry.intentId) || !changedFiles(entry)) continue;
    for (const file of entry.files) {
      const inside = resolveContained(root, file);
      if (inside.ok && !byFile.has(inside.relative)) byFile.set(inside.relative, entry.intentId);
    }
  }
  return { byFile, signature: [...byFile].map(([f, i]) => `${f}\u0000${i}`).sort().join('\u0001') };
}

function changedFiles(entry: TraceEntry): boolean {
  const kinds = [entry.action, entry.mutationClass].filter((k): k is string => !!k).map((k) => k.toUpperCase());
  if (kinds.length && kinds.every((k) => NOT_A_CHANGE.has(k))) return false;
  if (entry.toolName && READING_TOOL.test(entry.toolName)) return false;
  return !(entry.status && NO_EFFECT.test(entry.status));
}
