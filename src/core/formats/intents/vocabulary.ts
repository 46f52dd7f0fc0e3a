/**
 * Intent status words. The spec lists five; forks write many more, in any case and with `-` or spaces
 * (`in-progress`, `active`, `PLANNED`, `DONE`, `TODO`, `NOT_STARTED`, `PAUSED`, `inactive`: see
 * test/fixtures/wild/intents/intents-status-words). A status is always shown as written; Baton only needs to know
 * what kind of state a word means, to order the Intents view's groups and fold finished work.
 */
export const SPEC_INTENT_STATUSES = ['IN_PROGRESS', 'BLOCKED', 'PENDING', 'COMPLETED', 'ABANDONED'] as const;

/** Words the forks use besides the spec's, offered when a person changes a status. */
export const FORK_INTENT_STATUSES = ['ACTIVE', 'DRAFT', 'PLANNED', 'DONE', 'ABORTED'] as const;

export const KNOWN_INTENT_STATUSES: readonly string[] = [...SPEC_INTENT_STATUSES, ...FORK_INTENT_STATUSES];

export type IntentStatusKind = 'active' | 'blocked' | 'pending' | 'draft' | 'none' | 'other' | 'done' | 'dropped';

const KINDS: Record<string, IntentStatusKind> = {};
const words = (kind: IntentStatusKind, list: string) => { for (const w of list.split(' ')) KINDS[w] = kind; };
words('active', 'IN_PROGRESS ACTIVE WORKING STARTED DOING ONGOING REVIEW IN_REVIEW');
words('blocked', 'BLOCKED PAUSED ON_HOLD WAITING STALLED');
words('pending', 'PENDING PLANNED TODO TO_DO NOT_STARTED OPEN CREATED PROPOSED NEW QUEUED READY BACKLOG');
words('draft', 'DRAFT');
words('done', 'COMPLETED COMPLETE DONE FINISHED CLOSED RESOLVED MERGED');
words('dropped', 'ABANDONED ABORTED CANCELLED CANCELED INACTIVE REJECTED ARCHIVED');

/** `in-progress`, `In Progress` and `IN_PROGRESS` are one word. */
export function normalizeIntentStatus(status: string): string {
  return status.trim().toUpperCase().replace(/[\s-]+/g, '_');
}

export function intentStatusKind(status: string): IntentStatusKind {
  const key = normalizeIntentStatus(status);
  return key ? KINDS[key] ?? 'other' : 'none';
}

const ORDER: readonly IntentStatusKind[] = ['active', 'blocked', 'pending', 'draft', 'none', 'other', 'done', 'dropped'];

/** Group order: work under way first, finished work last; the spec's word before a fork's of the same kind. */
export function intentStatusRank(status: string): number {
  const key = normalizeIntentStatus(status);
  const spec = (SPEC_INTENT_STATUSES as readonly string[]).includes(key) ? 0 : 0.5;
  return ORDER.indexOf(intentStatusKind(status)) + spec;
}

/** Finished intents: their groups start collapsed, and the scope guard does not offer them. */
export function isClosedIntentStatus(status: string): boolean {
  const kind = intentStatusKind(status);
  return kind === 'done' || kind === 'dropped';
}

export const TRACE_ACTION_TYPES = ['TOOL_EXECUTION', 'CONTEXT_LOAD', 'INTENT_SELECTION', 'SCOPE_VIOLATION', 'ERROR'] as const;
export const TRACE_RESULT_STATUSES = ['SUCCESS', 'FAILURE', 'DENIED'] as const;
