import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { bulkRefs, GitRepos, git, write } from './git-repos';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Row { id: string; ref?: string; worktree?: string; file: string; message?: string }

describe('baton --worktrees / --refs (issue 20)', function () {
  let repos: GitRepos;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
    repos = new GitRepos();
  });
  after(() => repos.dispose());

  /** Runs a command and checks the repository is byte for byte what it was. */
  function read(args: string[]) {
    const before = repos.snapshot();
    const r = baton(args, repos.clone);
    assert.strictEqual(repos.snapshot(), before, `baton ${args.join(' ')} changed the repository`);
    return r;
  }

  it('scan --json marks items, decisions and problems from elsewhere with `worktree` or `ref`', () => {
    const r = read(['scan', '--json', '--worktrees', '--refs', 'origin/*']);
    assert.strictEqual(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { items: Row[]; decisions: Row[]; diagnostics: Row[] };
    const own = report.items.filter((i) => !i.ref && !i.worktree).map((i) => i.id).sort();
    assert.deepStrictEqual(own, ['INT-001', 'TASK-001']);
    const t10 = report.items.find((i) => i.id === 'TASK-010')!;
    assert.deepStrictEqual([t10.ref, t10.worktree, t10.file], ['origin/feature-a', undefined, '.orc/tasks/TASK-010/task.yaml']);
    const t20 = report.items.find((i) => i.id === 'TASK-020')!;
    assert.deepStrictEqual([t20.worktree, t20.ref, t20.file], [repos.wtA, undefined, path.join(repos.wtA, '.orc/tasks/TASK-020/task.yaml')]);
    // Identical items are not repeated: TASK-001 appears twice only because feature-b changed it.
    assert.deepStrictEqual(report.items.filter((i) => i.id === 'TASK-001').map((i) => i.ref ?? 'own'), ['own', 'origin/feature-b']);
    assert.deepStrictEqual(report.items.filter((i) => i.id === 'INT-001').length, 1);
    assert.deepStrictEqual(report.decisions.map((d) => d.ref ?? d.worktree).sort(), ['origin/feature-a', repos.wtB].sort());
    const conflict = report.diagnostics.find((d) => /overlapping scope/.test(d.message!))!;
    assert.strictEqual(conflict.worktree, repos.wtA);
    assert.match(conflict.message!, /INT-003 .* in worktree .*wt-a and INT-002 .* on origin\/feature-a/);
  });

  it('scan without the flags is the folder alone, and the readable summary says where each other item is', () => {
    const plain = JSON.parse(read(['scan', '--json']).stdout) as { items: Row[]; diagnostics: Row[] };
    assert.deepStrictEqual(plain.items.map((i) => i.id).sort(), ['INT-001', 'TASK-001']);
    assert.ok(plain.items.every((i) => !('ref' in i) && !('worktree' in i)));
    const text = read(['scan', '--worktrees', '--refs', 'origin/*']).stdout;
    assert.match(text, new RegExp(`In worktree ${repos.wtA.replace(/[/.]/g, '\\$&')}: 2 differing from this folder\\n  orc task TASK-020 .*\\n  intents intent INT-003`));
    assert.match(text, /On origin\/feature-a: 4 differing from this folder/);
    assert.match(text, /waiting: orchestral crp crp-001 pending/);
  });

  it('check, owner and trace read the other places too', () => {
    const check = read(['check', '--worktrees', '--refs', 'origin/*']);
    assert.strictEqual(check.code, 0, check.stderr);
    assert.match(check.stdout, /wt-a\/\.orchestration\/active_intents\.yaml:6:5: warning: INT-003 .* overlapping scope .* \(in worktree .*wt-a\)/);
    const owner = read(['owner', 'src/auth/login.ts', '--json', '--worktrees', '--refs', 'origin/*']);
    const owners = (JSON.parse(owner.stdout) as { owners: { intent: string; ref?: string; worktree?: string }[] }).owners;
    assert.deepStrictEqual(owners.map((o) => `${o.intent}@${o.ref ?? o.worktree ?? 'here'}`),
      ['INT-001@here', `INT-003@${repos.wtA}`, 'INT-002@origin/feature-a']);
    assert.match(read(['owner', 'src/auth/login.ts', '--refs', 'origin/*']).stdout, /INT-002 Login page \(via owned_scope src\/auth\/login\.ts\) on origin\/feature-a/);
    write(repos.wtA, '.orchestration/agent_trace.jsonl', `${JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', intent_id: 'INT-003', action: 'TOOL_EXECUTION', files: ['src/session/a.ts'] })}\n`);
    try {
      const trace = read(['trace', '--json', '--worktrees']);
      const entries = (JSON.parse(trace.stdout) as { entries: { intent: string; worktree?: string }[] }).entries;
      assert.deepStrictEqual(entries.map((e) => `${e.intent}@${e.worktree}`), [`INT-003@${repos.wtA}`]);
    } finally {
      git(repos.wtA, ['clean', '-q', '-f', '--', '.orchestration/agent_trace.jsonl']);
    }
  });

  it('refuses a ref pattern git would not accept, as a usage error', () => {
    for (const bad of ['a b', '--output=x', 'origin/**/x', 'x..y', 'refs/heads/*']) {
      const r = read(['scan', `--refs=${bad}`]);
      assert.strictEqual(r.code, 2, `${bad}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /--refs/);
    }
  });

  it('reads 200 refs, each with its own task, and leaves them all as they were', function () {
    bulkRefs(repos.clone, 200);
    const r = read(['scan', '--json', '--refs', 'origin/bulk-*']);
    assert.strictEqual(r.code, 0, r.stderr);
    const items = (JSON.parse(r.stdout) as { items: Row[] }).items.filter((i) => i.ref);
    assert.strictEqual(items.length, 200);
    assert.strictEqual(items.find((i) => i.id === 'TASK-1199')!.ref, 'origin/bulk-199');
  });

  it('takes hostile ref names and worktree paths as data, never as options', () => {
    const c = repos.clone;
    git(c, ['update-ref', 'refs/remotes/origin/-rf', 'refs/remotes/origin/feature-a']);
    git(c, ['update-ref', 'refs/remotes/origin/--output=owned', 'refs/remotes/origin/feature-b']);
    const odd = path.join(repos.base, '-wt odd\nname');
    git(c, ['worktree', 'add', '-q', '-b', 'odd', '--', odd]);
    write(odd, '.orc/tasks/TASK-030/task.yaml', 'id: TASK-030\ntitle: In an odd folder\nstatus: running\n');
    try {
      const r = read(['scan', '--json', '--worktrees', '--refs', 'origin/*']);
      assert.strictEqual(r.code, 0, r.stderr);
      const items = (JSON.parse(r.stdout) as { items: Row[] }).items;
      assert.strictEqual(items.find((i) => i.id === 'TASK-030')!.worktree, odd);
      assert.ok(items.some((i) => i.id === 'TASK-010' && i.ref === 'origin/-rf'));
      assert.ok(items.some((i) => i.id === 'TASK-001' && i.ref === 'origin/--output=owned'));
      assert.ok(!existsSync(path.join(c, 'owned')), 'a ref name was taken as an option');
    } finally {
      git(c, ['worktree', 'remove', '--force', '--', odd]);
      git(c, ['branch', '-q', '-D', 'odd']);
      git(c, ['update-ref', '-d', 'refs/remotes/origin/-rf']);
      git(c, ['update-ref', '-d', 'refs/remotes/origin/--output=owned']);
    }
  });

  it('never runs a program the repository configures (fsmonitor, pager, textconv, filters, hooks)', () => {
    const marker = path.join(repos.base, 'MARKER');
    const script = path.join(repos.base, 'evil.sh');
    writeFileSync(script, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat\n`);
    chmodSync(script, 0o755);
    const c = repos.clone;
    for (const [key, value] of [['core.fsmonitor', script], ['core.pager', script], ['pager.cat-file', script], ['pager.for-each-ref', script],
      ['diff.evil.textconv', script], ['filter.evil.clean', script], ['filter.evil.smudge', script], ['filter.evil.process', script],
      ['core.hooksPath', repos.base], ['core.sshCommand', script], ['credential.helper', `!${script}`], ['core.alternateRefsCommand', script]]) {
      git(c, ['config', key!, value!]);
    }
    write(c, '.gitattributes', '* diff=evil filter=evil\n');
    for (const hook of ['post-checkout', 'reference-transaction', 'post-index-change']) {
      writeFileSync(path.join(repos.base, hook), `#!/bin/sh\necho hook >> '${marker}'\n`);
      chmodSync(path.join(repos.base, hook), 0o755);
    }
    try {
      for (const args of [['scan', '--worktrees', '--refs', 'origin/*'], ['scan', '--json', '--worktrees', '--refs', '*'], ['check', '--worktrees', '--refs', 'origin/*'],
        ['owner', 'src/auth/login.ts', '--worktrees', '--refs', 'origin/*'], ['trace', '--worktrees', '--refs', 'origin/*']]) {
        baton(args, c);
        assert.ok(!existsSync(marker), `baton ${args.join(' ')} ran a program the repository configured`);
      }
      // The trap is real: git's own status runs the fsmonitor.
      spawnSync('git', ['status'], { cwd: c, env: { ...process.env, GIT_PAGER: 'cat' } });
      assert.ok(existsSync(marker), 'the hostile config did not work, so the test proves nothing');
    } finally {
      for (const key of ['core.fsmonitor', 'core.pager', 'pager.cat-file', 'pager.for-each-ref', 'diff.evil.textconv', 'filter.evil.clean', 'filter.evil.smudge',
        'filter.evil.process', 'core.hooksPath', 'core.sshCommand', 'credential.helper', 'core.alternateRefsCommand']) git(c, ['config', '--unset', key]);
      git(c, ['clean', '-q', '-f', '--', '.gitattributes']);
    }
  });
});
