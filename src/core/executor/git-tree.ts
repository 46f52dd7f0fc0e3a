import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SimpleGit } from 'simple-git';

/** orc's own files are never part of a task's changes or its checkpoints. */
export const NOT_ORC = ':(exclude).orc';

/**
 * git in `cwd`. simple-git is loaded on first use (only running a phase needs git): the bundles keep it in a file of
 * its own (see scripts/build.mjs), so opening the editor or listing tasks never loads it.
 */
export async function git(cwd: string): Promise<SimpleGit> {
  const { simpleGit } = await import('simple-git');
  return simpleGit({ baseDir: cwd });
}

export interface FileChange {
  readonly file: string;
  readonly action: 'created' | 'modified' | 'deleted' | 'renamed';
  /** null for binary files. */
  readonly added: number | null;
  readonly removed: number | null;
}

/**
 * The working tree as a git tree object (tracked and untracked files, ignored ones left out), built in a
 * throw-away index so the person's own staging area is never touched. Two snapshots diff to what one iteration
 * changed, whether or not it was committed.
 */
export async function snapshotTree(cwd: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'baton-index-'));
  try {
    const g = (await git(cwd)).env({ ...plainEnv(), GIT_INDEX_FILE: path.join(dir, 'index') });
    const head = await g.raw(['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '');
    if (head.trim()) await g.raw(['read-tree', 'HEAD']);
    await g.raw(['add', '-A', '--', '.', NOT_ORC]);
    return (await g.raw(['write-tree'])).trim();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The environment git needs, without what simple-git refuses to pass on (EDITOR, SSH commands, …). */
function plainEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TMPDIR', 'XDG_CONFIG_HOME', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
}

/** What changed between two trees, with +/- lines per file. */
export async function diffTrees(cwd: string, from: string, to: string): Promise<FileChange[]> {
  if (from === to) return [];
  const g = await git(cwd);
  const status = await g.raw(['diff', '--name-status', '-M', '-z', from, to]);
  const numstat = await g.raw(['diff', '--numstat', '-M', '-z', from, to]);
  const counts = new Map<string, { added: number | null; removed: number | null }>();
  // -z numstat: "added\tremoved\tpath\0", or for a rename "added\tremoved\t\0old\0new\0".
  const parts = numstat.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const m = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(parts[i]!);
    if (!m) continue;
    let file = m[3]!;
    if (!file) { i += 2; file = parts[i] ?? ''; }
    counts.set(file, { added: m[1] === '-' ? null : Number(m[1]), removed: m[2] === '-' ? null : Number(m[2]) });
  }
  const changes: FileChange[] = [];
  const fields = status.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const code = fields[i];
    if (!code) continue;
    const renamed = code.startsWith('R') || code.startsWith('C');
    const file = renamed ? fields[i + 2] ?? '' : fields[i + 1] ?? '';
    i += renamed ? 2 : 1;
    const action = code.startsWith('A') ? 'created' : code.startsWith('D') ? 'deleted' : renamed ? 'renamed' : 'modified';
    const c = counts.get(file) ?? { added: null, removed: null };
    changes.push({ file, action, ...c });
  }
  return changes;
}

/** Commits everything in the working tree but orc's files. Returns the new commit's sha, or null if nothing changed. */
export async function commitAll(cwd: string, message: string, allowEmpty: boolean): Promise<string | null> {
  const g = await git(cwd);
  await g.raw(['add', '-A', '--', '.', NOT_ORC]);
  const staged = await g.raw(['diff', '--cached', '--name-only']);
  if (!staged.trim() && !allowEmpty) return null;
  // Checkpoints are the executor's bookkeeping: a project's pre-commit hooks are for the person's commits.
  await g.raw(['commit', '--no-verify', ...(staged.trim() ? [] : ['--allow-empty']), '-m', message]);
  return (await g.raw(['rev-parse', 'HEAD'])).trim();
}
