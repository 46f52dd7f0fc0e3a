import path from 'node:path';
import type { PlaceState } from '../service/other-places';

/** Another worktree of a folder's repository that a directory names, and how a row says so. */
export interface WorktreeNamed {
  /** The worktree as git lists it (the place's `elsewhere.worktree`). */
  readonly worktree: string;
  /** Its branch, or null when detached or unknown. */
  readonly branch: string | null;
  /** "wt-b (agent-b)": the worktree's folder name and branch. */
  readonly label: string;
}

/**
 * The other worktree (one of the folder's places) a directory written in a state file is at or under — orc's
 * `worktree_path`, a session's working folder — the deepest when worktrees nest. Text only: the path is compared,
 * never opened, resolved against the current folder or handed to a command; a relative path names nothing.
 */
export function worktreeAt(places: readonly PlaceState[], dir: string | null | undefined): WorktreeNamed | undefined {
  if (!dir || !path.isAbsolute(dir) || dir.includes('\0')) return undefined;
  const at = fold(path.normalize(dir)).replace(/[\\/]+$/, '');
  let best: { place: PlaceState; length: number } | undefined;
  for (const place of places) {
    const wt = place.elsewhere.worktree;
    if (wt === undefined) continue;
    const top = fold(path.normalize(wt)).replace(/[\\/]+$/, '');
    if ((at === top || at.startsWith(top + path.sep)) && top.length > (best?.length ?? -1)) best = { place, length: top.length };
  }
  if (!best) return undefined;
  const worktree = best.place.elsewhere.worktree!;
  const branch = (best.place as PlaceState & { branch?: string | null }).branch ?? null;
  return { worktree, branch, label: `${path.basename(worktree)} (${branch ?? 'detached HEAD'})` };
}

function fold(p: string): string {
  return process.platform === 'win32' || process.platform === 'darwin' ? p.toLowerCase() : p;
}
