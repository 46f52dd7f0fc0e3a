import { containedPath } from '../io/contained-path';
import type { Owner } from '../service/ownership';
import { elsewhereJson } from '../report/scan-report';
import type { OrchestrationService } from '../service/orchestration-service';
import { folderForPath } from './folders';
import { QueryError } from './query-error';

const OWNERS_SHOWN = 200;

export interface OwnerAnswer {
  readonly folder: string;
  /** Workspace-relative, with `/`. */
  readonly file: string;
  /**
   * One entry per intent and way (owned_scope, intent_map; trace only when nothing else owns it); when other
   * worktrees or refs are read, their owners follow, each with `worktree` or `ref` (issue 20).
   */
  readonly owners: (Owner & { readonly worktree?: string; readonly ref?: string })[];
  /** Two or more intents claim the file (here or in another worktree or ref): a conflict a person should resolve before an agent writes it. */
  readonly conflict: boolean;
  /** The intents that claim it (owned_scope, intent_map), each once; the first 200. */
  readonly intents: string[];
  /** Owner entries past the first 200, not listed. */
  readonly moreOwners?: number;
}

/**
 * Which intents own a path: relative to the folder, or absolute inside it. A path that leaves the folder — `..`,
 * an absolute path elsewhere, a symbolic link whose target lies outside — is refused with the reason.
 */
export async function ownerOf(service: OrchestrationService, file: string, folder: string | undefined): Promise<OwnerAnswer> {
  const root = folderForPath(service.folders, file, folder);
  const inside = await containedPath(root, file, { what: 'the workspace folder' });
  if (!inside.ok) throw new QueryError(inside.reason);
  // Another agent's claim in its worktree or on its branch counts too (the places are read only when asked for).
  const all = [...service.intents.ownersOf(root, inside.relative),
    ...service.places.ownersElsewhere(root, inside.relative).map(({ elsewhere, ...o }) => ({ ...o, ...elsewhereJson(elsewhere) }))];
  const intents = [...new Set(all.filter((o) => o.via !== 'trace').map((o) => o.intent))];
  // A catch-all scope (`**` in every intent) gives a file hundreds of owners: the first ones, and how many more.
  const owners = all.slice(0, OWNERS_SHOWN);
  return { folder: root, file: inside.relative, owners, conflict: intents.length > 1, intents: intents.slice(0, OWNERS_SHOWN),
    ...(all.length > OWNERS_SHOWN ? { moreOwners: all.length - OWNERS_SHOWN } : {}) };
}
