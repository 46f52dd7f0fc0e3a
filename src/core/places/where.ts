import type { Elsewhere } from '../model/items';

/** "in worktree /path" or "on origin/feature-a"; "in this folder" for the folder's own (no `elsewhere`). */
export function whereText(elsewhere: Elsewhere | undefined): string {
  if (!elsewhere) return 'in this folder';
  return elsewhere.ref !== undefined ? `on ${elsewhere.ref}` : `in worktree ${elsewhere.worktree}`;
}
