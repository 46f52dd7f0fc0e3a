import { promises as fs } from 'node:fs';
import path from 'node:path';
import { git } from './git-tree';

export interface SyncResult {
  readonly target: string;
  /** Target commits the task branch did not have before the sync. */
  readonly behind: number;
  /** Files left conflicted by the merge (or rebase, which is then aborted). */
  readonly conflicts: readonly string[];
  /** A merge is in progress (conflicts to resolve before it can be committed). */
  readonly mergeInProgress: boolean;
  readonly error: string | null;
}

/**
 * Brings the target branch's changes into the task branch per orc.yaml's `merge_strategy`: `rebase` rebases the
 * task branch onto the target (a conflicting rebase is aborted and reported); `squash` and `preserve` merge the
 * target in (the squash happens when the task branch is merged back, not here), leaving conflicts in the tree
 * for the finalize phase to resolve.
 */
export async function syncWithTarget(cwd: string, target: string, strategy: string, message: string): Promise<SyncResult> {
  const g = await git(cwd);
  const behind = Number((await g.raw(['rev-list', '--count', `HEAD..${target}`])).trim()) || 0;
  if (behind === 0) return { target, behind, conflicts: [], mergeInProgress: false, error: null };
  // simple-git's raw() does not always reject when git exits non-zero: the tree is asked what happened.
  if (strategy === 'rebase') {
    const failed = await g.raw(['-c', 'core.editor=true', 'rebase', target]).then(() => null, (err: Error) => err);
    const conflicts = await unmerged(cwd);
    if (!failed && !conflicts.length && !(await rebaseInProgress(cwd))) return { target, behind, conflicts: [], mergeInProgress: false, error: null };
    await g.raw(['rebase', '--abort']).catch(() => undefined);
    return { target, behind, conflicts, mergeInProgress: false,
      error: `rebasing onto ${target} ${conflicts.length ? `conflicts in ${conflicts.join(', ')}` : `failed${failed ? `: ${failed.message.trim()}` : ''}`}; the rebase was aborted` };
  }
  const failed = await g.raw(['merge', '--no-edit', '--no-ff', '-m', message, target]).then(() => null, (err: Error) => err);
  const conflicts = await unmerged(cwd);
  if (conflicts.length) return { target, behind, conflicts, mergeInProgress: true, error: null };
  if (failed || await mergeInProgress(cwd)) {
    await g.raw(['merge', '--abort']).catch(() => undefined);
    return { target, behind, conflicts: [], mergeInProgress: false, error: `merging ${target} failed${failed ? `: ${failed.message.trim()}` : ''}` };
  }
  return { target, behind, conflicts: [], mergeInProgress: false, error: null };
}

async function gitPathExists(cwd: string, name: string): Promise<boolean> {
  const p = (await (await git(cwd)).raw(['rev-parse', '--git-path', name])).trim();
  return fs.stat(path.resolve(cwd, p)).then(() => true, () => false);
}

const rebaseInProgress = async (cwd: string) => (await gitPathExists(cwd, 'rebase-merge')) || gitPathExists(cwd, 'rebase-apply');
const mergeInProgress = (cwd: string) => gitPathExists(cwd, 'MERGE_HEAD');

export async function unmerged(cwd: string): Promise<string[]> {
  const out = await (await git(cwd)).raw(['diff', '--name-only', '--diff-filter=U']).catch(() => '');
  return out.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** Concludes a merge whose conflicts were resolved; false (and the merge aborted) when some are left. */
export async function concludeMerge(cwd: string, message: string): Promise<{ ok: boolean; left: string[] }> {
  const g = await git(cwd);
  await g.raw(['add', '-A', '--', '.', ':(exclude).orc']);
  const left = await unmerged(cwd);
  const markers = (await g.raw(['diff', '--cached', '--name-only', '-G', '^(<<<<<<<|>>>>>>>) ']).catch(() => ''))
    .split('\n').map((l) => l.trim()).filter(Boolean);
  const stillConflicted = [...new Set([...left, ...markers])];
  if (stillConflicted.length) {
    await g.raw(['merge', '--abort']).catch(() => undefined);
    return { ok: false, left: stillConflicted };
  }
  await g.raw(['commit', '--no-verify', '-m', message]);
  return { ok: true, left: [] };
}

export interface BranchStats {
  readonly files: readonly string[];
  readonly linesChanged: number;
}

/** What the task branch changes against the target (from their merge base), orc's files left out. */
export async function branchStats(cwd: string, target: string): Promise<BranchStats> {
  const out = await (await git(cwd)).raw(['diff', '--numstat', `${target}...HEAD`, '--', '.', ':(exclude).orc']);
  let lines = 0;
  const files: string[] = [];
  for (const row of out.split('\n')) {
    const m = /^(\d+|-)\t(\d+|-)\t(.+)$/.exec(row);
    if (!m) continue;
    files.push(m[3]!);
    lines += (m[1] === '-' ? 0 : Number(m[1])) + (m[2] === '-' ? 0 : Number(m[2]));
  }
  return { files, linesChanged: lines };
}
