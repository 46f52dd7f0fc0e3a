import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runGit } from './git-command';

/** The git repository a workspace folder is in, as git itself sees it. */
export interface Repository {
  /** The top of the folder's own worktree (git's --show-toplevel). */
  readonly top: string;
  /** The folder relative to `top`, with `/` and no trailing slash ('' at the top). */
  readonly prefix: string;
  /** The git directory shared by every worktree (refs, objects, worktrees/). */
  readonly commonDir: string;
}

/** One other worktree of the repository. */
export interface Worktree {
  /** As git lists it (absolute). */
  readonly path: string;
  /** The branch checked out there (`feature-a`), or null when detached. */
  readonly branch: string | null;
}

/** A branch or remote-tracking ref matching one of the user's patterns. */
export interface RefTip {
  /** Short name: `feature-a`, `origin/feature-a` (`heads/x` when a remote-tracking ref has the same short name). */
  readonly name: string;
  /** The full name as git lists it (refs/heads/…, refs/remotes/…). */
  readonly full: string;
  readonly commit: string;
  /** The commit's root tree. */
  readonly tree: string;
}

const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** The repository of a folder, or undefined when the folder is not in one (or is a bare repository's folder). */
export async function repositoryOf(folder: string): Promise<Repository | undefined> {
  let out: string;
  try {
    out = (await runGit(folder, ['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-common-dir', '--show-prefix'])).toString('utf8');
  } catch {
    return undefined;
  }
  // Three lines: a path holding a line break would make more, and is not guessed at.
  const lines = out.split('\n');
  if (lines.length !== 4 || lines[3] !== '') return undefined;
  const [top, commonDir, prefix] = lines as [string, string, string];
  if (!path.isAbsolute(top) || !path.isAbsolute(commonDir)) return undefined;
  return { top, commonDir, prefix: prefix.replace(/\/+$/, '') };
}

/**
 * Every other worktree of the repository that is there on disk (`git worktree list --porcelain -z`): not the
 * folder's own, not a bare entry, not one git calls prunable (its folder is gone).
 */
export async function otherWorktrees(repo: Repository): Promise<Worktree[]> {
  const out = (await runGit(repo.top, ['worktree', 'list', '--porcelain', '-z'])).toString('utf8');
  const own = await realpathOr(repo.top);
  const found: Worktree[] = [];
  for (const record of out.split('\0\0')) {
    const fields = record.split('\0').filter((f) => f.length);
    const at = fields.find((f) => f.startsWith('worktree '))?.slice('worktree '.length);
    if (!at || !path.isAbsolute(at) || fields.some((f) => f === 'bare' || f === 'prunable' || f.startsWith('prunable '))) continue;
    if (await realpathOr(at) === own) continue;
    if (!(await fs.stat(at).catch(() => undefined))?.isDirectory()) continue;
    const branch = fields.find((f) => f.startsWith('branch '))?.slice('branch '.length) ?? null;
    found.push({ path: at, branch: branch?.startsWith('refs/heads/') ? branch.slice('refs/heads/'.length) : branch });
  }
  return found;
}

/**
 * The branches and remote-tracking refs whose short name matches one of the patterns, by git's rules for ref
 * globs (`*` and `?` match across `/`, as in `git branch --list`). Symbolic refs (`origin/HEAD`) are left out: the
 * ref they point to is listed in its own right. Ref names come from git's output and are only ever labels: what
 * is read is the tree id beside them.
 */
export async function matchingRefs(repo: Repository, patterns: readonly string[]): Promise<RefTip[]> {
  if (!patterns.length) return [];
  const format = '%(objectname)%00%(objecttype)%00%(tree)%00%(symref)%00%(refname)';
  const out = (await runGit(repo.top, ['for-each-ref', `--format=${format}`, '--', 'refs/heads', 'refs/remotes'])).toString('utf8');
  const tests = patterns.map(refGlob);
  const rows: { full: string; short: string; commit: string; tree: string }[] = [];
  for (const line of out.split('\n')) {
    const [commit, type, tree, symref, full] = line.split('\0');
    if (!full || symref || type !== 'commit' || !OID.test(commit!) || !OID.test(tree!)) continue;
    const short = full.startsWith('refs/heads/') ? full.slice('refs/heads/'.length) : full.startsWith('refs/remotes/') ? full.slice('refs/remotes/'.length) : undefined;
    if (short === undefined || !tests.some((t) => t.test(short))) continue;
    rows.push({ full, short, commit: commit!, tree: tree! });
  }
  const shorts = new Map<string, number>();
  for (const r of rows) shorts.set(r.short, (shorts.get(r.short) ?? 0) + 1);
  return rows.map((r) => ({ full: r.full, commit: r.commit, tree: r.tree,
    name: shorts.get(r.short)! > 1 ? r.full.slice('refs/'.length) : r.short }));
}

/** A ref glob as git matches it (wildmatch without WM_PATHNAME: `*` matches any run of characters, `/` included). */
export function refGlob(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`, 's');
}

/**
 * Whether a user's ref pattern is acceptable: plain text checks first (nothing git could take as an option, no
 * control characters or spaces), then git's own rules (`git check-ref-format --refspec-pattern`, which allows one
 * `*`). The reason when it is not.
 */
export async function refPatternProblem(cwd: string, pattern: string): Promise<string | undefined> {
  if (!pattern.trim()) return 'a ref pattern cannot be empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f~^:\\]/.test(pattern) || pattern.startsWith('-') || pattern.startsWith('/') || pattern.startsWith('refs/')) {
    return `"${pattern}" is not a ref pattern (write it as a branch or remote-tracking name, such as origin/* or feature/*)`;
  }
  try {
    await runGit(cwd, ['check-ref-format', '--allow-onelevel', '--refspec-pattern', `refs/heads/${pattern}`]);
    return undefined;
  } catch {
    return `"${pattern}" is not a ref pattern git accepts (at most one *, no "..", no "@{")`;
  }
}

async function realpathOr(p: string): Promise<string> {
  return fs.realpath(p).catch(() => path.resolve(p));
}
