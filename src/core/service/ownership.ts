import type { WorkItem } from '../model/work-item';

/** One way an intent owns a file (CLI.md `baton owner`). */
export interface Owner {
  readonly intent: string;
  readonly name: string;
  readonly via: 'owned_scope' | 'intent_map';
}

/**
 * Which intents own a workspace-relative file. Ownership comes only from the intents system
 * (owned_scope globs and intent_map.md rows); until that reader is plugged in, no item can own a file,
 * so the answer is honestly empty.
 */
export function ownersOf(_items: readonly WorkItem[], _relativeFile: string): Owner[] {
  return [];
}
