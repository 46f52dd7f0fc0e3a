import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES } from '../helpers/temp-workspace';

/** git for building test repositories: the real binary, a config of its own (no user or system config). */
export function git(cwd: string, args: readonly string[], input?: string): string {
  const r = spawnSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=Test', '-c', 'user.email=t@example.com', ...args],
    { cwd, encoding: 'utf8', input, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_OPTIONAL_LOCKS: '0' } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

export function write(root: string, rel: string, text: string): void {
  const file = path.join(root, ...rel.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export function intentsYaml(intents: { id: string; name: string; status: string; scope: string[] }[]): string {
  return `active_intents:\n${intents.map((i) => `  - id: ${i.id}\n    name: ${i.name}\n    status: ${i.status}\n    owned_scope: [${i.scope.map((s) => JSON.stringify(s)).join(', ')}]\n`).join('')}`;
}

export function taskYaml(id: string, title: string, status = 'running'): string {
  return `id: ${id}\ntitle: ${title}\nstatus: ${status}\nweight: small\n`;
}

const PENDING_RUN = path.join(FIXTURES, 'workspace', '.orchestral', 'runs', 'run-20260201120000');

/**
 * The scene of issue 20: a bare origin with branches, a clone of it on main, and two linked worktrees of the clone
 * with uncommitted changes.
 * - main: TASK-001, INT-001 (src/auth/**).
 * - origin/feature-a: main + INT-002 (src/auth/login.ts, active) + TASK-010 + a pending CRP run.
 * - origin/feature-b: main with TASK-001 renamed.
 * - worktree wt-a (branch agent-a): uncommitted INT-003 (src/auth/login.ts, src/session/) and TASK-020.
 * - worktree wt-b (branch agent-b): an uncommitted pending CRP run.
 */
export class GitRepos {
  readonly base: string;
  readonly origin: string;
  readonly clone: string;
  readonly wtA: string;
  readonly wtB: string;

  constructor(options: { wtBName?: string } = {}) {
    this.base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'baton-places-')));
    this.origin = path.join(this.base, 'origin.git');
    this.clone = path.join(this.base, 'clone');
    this.wtA = path.join(this.base, 'wt-a');
    this.wtB = path.join(this.base, options.wtBName ?? 'wt-b');
    git(this.base, ['init', '-q', '--bare', this.origin]);
    git(this.base, ['clone', '-q', this.origin, this.clone]);
    const c = this.clone;
    write(c, '.orchestration/active_intents.yaml', intentsYaml([{ id: 'INT-001', name: 'Auth', status: 'IN_PROGRESS', scope: ['src/auth/**'] }]));
    write(c, '.orc/tasks/TASK-001/task.yaml', taskYaml('TASK-001', 'Base'));
    write(c, 'src/auth/login.ts', 'export {};\n');
    this.commit(c, 'main');
    git(c, ['push', '-q', 'origin', 'HEAD:main']);
    git(c, ['checkout', '-q', '-b', 'feature-a']);
    write(c, '.orchestration/active_intents.yaml', intentsYaml([{ id: 'INT-001', name: 'Auth', status: 'IN_PROGRESS', scope: ['src/auth/**'] },
      { id: 'INT-002', name: 'Login page', status: 'IN_PROGRESS', scope: ['src/auth/login.ts'] }]));
    write(c, '.orc/tasks/TASK-010/task.yaml', taskYaml('TASK-010', 'Feature A'));
    cpSync(PENDING_RUN, path.join(c, '.orchestral', 'runs', 'run-20260201120000'), { recursive: true });
    this.commit(c, 'feature a');
    git(c, ['push', '-q', 'origin', 'feature-a']);
    git(c, ['checkout', '-q', 'main']);
    git(c, ['checkout', '-q', '-b', 'feature-b']);
    write(c, '.orc/tasks/TASK-001/task.yaml', taskYaml('TASK-001', 'Base, renamed on feature-b'));
    this.commit(c, 'feature b');
    git(c, ['push', '-q', 'origin', 'feature-b']);
    git(c, ['checkout', '-q', 'main']);
    git(c, ['branch', '-q', '-D', 'feature-a', 'feature-b']);
    git(c, ['fetch', '-q']);
    git(c, ['worktree', 'add', '-q', '-b', 'agent-a', '--', this.wtA]);
    git(c, ['worktree', 'add', '-q', '-b', 'agent-b', '--', this.wtB]);
    write(this.wtA, '.orchestration/active_intents.yaml', intentsYaml([{ id: 'INT-001', name: 'Auth', status: 'IN_PROGRESS', scope: ['src/auth/**'] },
      { id: 'INT-003', name: 'Session tokens', status: 'IN_PROGRESS', scope: ['src/auth/login.ts', 'src/session/'] }]));
    write(this.wtA, '.orc/tasks/TASK-020/task.yaml', taskYaml('TASK-020', 'Agent A task'));
    cpSync(PENDING_RUN, path.join(this.wtB, '.orchestral', 'runs', 'run-20260201120000'), { recursive: true });
  }

  commit(cwd: string, message: string): void {
    git(cwd, ['add', '-A']);
    git(cwd, ['commit', '-q', '-m', message]);
  }

  /**
   * Everything of the clone's repository a read must leave alone, as bytes: status, refs, HEAD, each worktree's
   * index file and the worktree list. (`git status` runs with GIT_OPTIONAL_LOCKS=0: it must not refresh the index
   * it is looking at.)
   */
  snapshot(): string {
    const gitDir = path.join(this.clone, '.git');
    const indexes = [path.join(gitDir, 'index'), ...['wt-a', path.basename(this.wtB)].map((w) => path.join(gitDir, 'worktrees', w, 'index'))];
    return JSON.stringify({
      status: [this.clone, this.wtA, this.wtB].map((w) => git(w, ['status', '--porcelain', '-z', '--untracked-files=all'])),
      refs: git(this.clone, ['for-each-ref', '--format=%(objectname) %(refname)']),
      head: readFileSync(path.join(gitDir, 'HEAD'), 'latin1'),
      index: indexes.map((f) => readFileSync(f).toString('base64')),
      worktrees: git(this.clone, ['worktree', 'list', '--porcelain']),
      stash: spawnSync('git', ['rev-parse', '--verify', '-q', 'refs/stash'], { cwd: this.clone, encoding: 'utf8' }).stdout,
    });
  }

  dispose(): void {
    rmSync(this.base, { recursive: true, force: true });
  }
}

/**
 * `count` remote-tracking refs `origin/bulk-NNN`, each main plus one task of its own, made in one `git fast-import`
 * (200 commits by `git commit` would take seconds).
 */
export function bulkRefs(repo: string, count: number): void {
  const main = git(repo, ['rev-parse', 'HEAD']).trim();
  let stream = '';
  for (let n = 0; n < count; n++) {
    const id = `TASK-${String(1000 + n)}`;
    const body = taskYaml(id, `Bulk ${n}`);
    stream += `commit refs/remotes/origin/bulk-${String(n).padStart(3, '0')}\ncommitter Test <t@example.com> 1700000000 +0000\ndata 4\nbulk\nfrom ${main}\n`
      + `M 100644 inline .orc/tasks/${id}/task.yaml\ndata ${Buffer.byteLength(body)}\n${body}\n`;
  }
  git(repo, ['fast-import', '--quiet'], stream);
}
