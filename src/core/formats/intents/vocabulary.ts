/** Intent statuses of spec 003, in the order the Intents view lists their groups. */
export const SPEC_INTENT_STATUSES = ['IN_PROGRESS', 'BLOCKED', 'PENDING', 'COMPLETED', 'ABANDONED'] as const;

/** Words the Roo Code forks use besides the spec's (specs/README.md); known, so not warned about. */
export const FORK_INTENT_STATUSES = ['ACTIVE', 'DRAFT', 'ABORTED'] as const;

export const KNOWN_INTENT_STATUSES: readonly string[] = [...SPEC_INTENT_STATUSES, ...FORK_INTENT_STATUSES];

const ORDER = ['IN_PROGRESS', 'ACTIVE', 'BLOCKED', 'PENDING', 'DRAFT', 'COMPLETED', 'ABANDONED', 'ABORTED'];

/** Group order: work under way first, finished work last; unknown values after the known ones. */
export function intentStatusRank(status: string): number {
  const i = ORDER.indexOf(status.toUpperCase());
  return i < 0 ? ORDER.length : i;
}

/** Finished intents: their groups start collapsed, and the scope guard does not offer them. */
export function isClosedIntentStatus(status: string): boolean {
  return ['COMPLETED', 'ABANDONED', 'ABORTED'].includes(status.toUpperCase());
}

export const TRACE_ACTION_TYPES = ['TOOL_EXECUTION', 'CONTEXT_LOAD', 'INTENT_SELECTION', 'SCOPE_VIOLATION', 'ERROR'] as const;
export const TRACE_RESULT_STATUSES = ['SUCCESS', 'FAILURE', 'DENIED'] as const;
