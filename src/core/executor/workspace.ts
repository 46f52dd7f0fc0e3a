import { promises as fs } from 'node:fs';
import path from 'node:path';
import { containedPath } from '../io/contained-path';
import { readStateTextIfAny } from '../io/read-text';
import type { ExecutorHost } from './contract';
import type { ExecutorConfig } from './config';
import { git, NOT_ORC } from './git-tree';

/** Where Claude works for a task: its own worktree, or the person's checkout. */
export interface TaskWorkspace {
  readonly cwd: string;
  readonly branch: string | null;
  readonly worktree: boolean;
  /** The branch the task started from (finalize syncs with it). */
  readonly baseBranch: string | null;
}

/**
 * Worktrees live in `<root>/.orc/worktrees/<TASK-ID>` (orc's layout), on branch `<branch_prefix><TASK-ID>`
 * created from the current HEAD; `/.orc/worktrees/` is added to the repository's `info/exclude`, so the
 * person's checkout never shows them as untracked. A later run (or a resume) reuses the worktree.
 * Without worktrees Claude works in the checkout itself, on whatever branch is checked out; a checkout with
 * uncommitted changes (orc's own files aside) is only used when the host says so.
 */
export async function prepareWorkspace(root: string, taskId: string, config: ExecutorConfig, host: ExecutorHost):
  Promise<TaskWorkspace | { error: string }> {
  const g = await git(root);
  const inside = await g.raw(['rev-parse', '--is-inside-work-tree']).catch(() => '');
  if (inside.trim() !== 'true') return { error: `${root} is not a git repository: the executor needs git for checkpoints` };
  const baseBranch = (await g.raw(['rev-parse', '--abbrev-ref', 'HEAD']).catch(() => '')).trim() || null;
  const hasHead = (await g.raw(['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '')).trim() !== '';

  if (!config.git.worktrees) {
    const status = await g.raw(['status', '--porcelain', '-z', '--', '.', NOT_ORC]);
    const changed = status.split('\0').filter(Boolean).map((l) => l.slice(3)).filter((f) => f && !f.startsWith('.orc/'));
    if (changed.length && !(await host.confirmDirtyCheckout(root, changed))) {
      return { error: `the checkout has uncommitted changes (${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''}); ` +
        'commit or stash them, or turn on git.worktrees in orc.yaml' };
    }
    return { cwd: root, branch: baseBranch === 'HEAD' ? null : baseBranch, worktree: false, baseBranch };
  }

  if (!hasHead) return { error: 'the repository has no commit yet: a worktree needs one to start from' };
  const branch = `${config.git.branchPrefix}${taskId}`;
  const valid = await g.raw(['check-ref-format', '--branch', branch]).then(() => true, () => false);
  if (!valid) return { error: `"${branch}" is not a valid branch name (git.branch_prefix + task id)` };
  const dir = path.join(root, '.orc', 'worktrees', taskId);
  // .orc/worktrees may be a link: git would create (or reuse) a checkout wherever it points.
  const contained = await containedPath(root, dir, { what: 'the repository' });
  if (!contained.ok) return { error: `the worktree ${path.relative(root, dir)} is refused: ${contained.reason}` };
  await excludeWorktrees(root);
  const existing = await fs.stat(path.join(dir, '.git')).then(() => true, () => false);
  if (existing) {
    const current = (await (await git(dir)).raw(['rev-parse', '--abbrev-ref', 'HEAD']).catch(() => '')).trim();
    if (current !== branch) return { error: `${path.relative(root, dir)} is checked out on "${current}", not ${branch}` };
    return { cwd: dir, branch, worktree: true, baseBranch };
  }
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const branchExists = (await g.raw(['branch', '--list', branch])).trim() !== '';
  try {
    await g.raw(branchExists ? ['worktree', 'add', dir, branch] : ['worktree', 'add', '-b', branch, dir, 'HEAD']);
  } catch (err) {
    return { error: `cannot create the worktree ${path.relative(root, dir)}: ${(err as Error).message.trim()}` };
  }
  return { cwd: dir, branch, worktree: true, baseBranch };
}

async function excludeWorktrees(root: string): Promise<void> {
  const common = (await (await git(root)).raw(['rev-parse', '--git-common-dir'])).trim();
  const file = path.join(path.resolve(root, common), 'info', 'exclude');
  const text = (await readStateTextIfAny(file)) ?? '';
  if (text.split('\n').some((l) => l.trim() === '/.orc/worktrees/')) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.appendFile(file, `${text && !text.endsWith('\n') ? '\n' : ''}# orc task worktrees (Baton)\n/.orc/worktrees/\n`);
}
