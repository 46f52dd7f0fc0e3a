import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { loadExecutorConfig } from '../../../src/core/executor/config';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { complete, ExecutorRepo, FAKE_CLAUDE } from './fixture';

const CLI = path.join(REPO, 'dist', 'cli.js');

/**
 * orc's own Go config keeps these keys at its top level (orc a48c6caf, internal/config/config.go), and `orc init`
 * writes them so, four-space indented: what a project configured by orc itself has, where spec 000 nests
 * `claude:` and `git:`.
 */
const ORC_WRITTEN_CONFIG = [
  'version: 1',
  'profile: auto',
  'gates:',
  '    default_type: auto',
  'model: opus',
  'max_turns: 150',
  'timeout: 1h30m0s',
  'branch_prefix: feat/',
  'commit_prefix: \'[bot]\'',
  'claude_path: ~/.local/bin/claude-stable',
  'dangerously_skip_permissions: true',
  'templates_dir: templates',
  '',
].join('\n');

describe('orc\'s own config keys (top-level model, timeout, claude_path, …) as the executor reads them', function () {
  this.timeout(60_000);

  it('takes the model, the timeout (a Go duration), the git prefixes; asks before the program and the skipped permissions', async () => {
    const ws = new TempWorkspace({ '.orc/config.yaml': ORC_WRITTEN_CONFIG });
    try {
      const asked: unknown[] = [];
      const denied = await loadExecutorConfig(ws.root, {}, async (a) => { asked.push(a); return false; });
      assert.ok(!('error' in denied), JSON.stringify(denied));
      assert.deepEqual([denied.model, denied.timeoutSeconds, denied.git.branchPrefix, denied.git.checkpointPrefix], ['opus', 5400, 'feat/', '[bot]']);
      assert.deepEqual([denied.claudePath, denied.claudeSource, denied.permissionMode], ['claude', 'PATH', 'acceptEdits']);
      assert.deepEqual(asked, [{ configFile: path.join('.orc', 'config.yaml'), claudePath: path.join(process.env.HOME ?? '', '.local/bin/claude-stable'), permissionMode: 'bypassPermissions' }]);
      assert.deepEqual(denied.ignored.map((m) => m.replace(/ \(.*?\)/, '')), [
        '.orc/config.yaml\'s claude_path "~/.local/bin/claude-stable" was ignored; running claude from your PATH',
        '.orc/config.yaml\'s dangerously_skip_permissions: true was ignored; using acceptEdits']);
      const allowed = await loadExecutorConfig(ws.root, {}, async () => true);
      assert.ok(!('error' in allowed));
      assert.deepEqual([allowed.claudePath, allowed.claudeSource, allowed.permissionMode],
        [path.join(process.env.HOME ?? '', '.local/bin/claude-stable'), '.orc/config.yaml claude_path', 'bypassPermissions']);
    } finally {
      ws.dispose();
    }
  });

  it('spec 000\'s nested keys win where both are written; values of another type are left out, never a problem', async () => {
    const both = new TempWorkspace({ 'orc.yaml': 'version: 1\nmodel: opus\ntimeout: 90m\nbranch_prefix: feat/\nclaude:\n  model: sonnet\n  timeout: 60\ngit:\n  branch_prefix: orc/\n' });
    const odd = new TempWorkspace({ 'orc.yaml': 'version: 1\nmodel: [opus]\ntimeout: {minutes: 5}\nbranch_prefix: 7\nclaude_path: ""\ndangerously_skip_permissions: "yes"\n' });
    try {
      const nothingToAsk = async () => { throw new Error('nothing to ask'); };
      const config = await loadExecutorConfig(both.root, {}, nothingToAsk);
      assert.ok(!('error' in config), JSON.stringify(config));
      assert.deepEqual([config.model, config.timeoutSeconds, config.git.branchPrefix], ['sonnet', 60, 'orc/']);
      const lenient = await loadExecutorConfig(odd.root, {}, nothingToAsk);
      assert.ok(!('error' in lenient), JSON.stringify(lenient));
      assert.deepEqual([lenient.model, lenient.timeoutSeconds, lenient.git.branchPrefix, lenient.claudePath, lenient.permissionMode, lenient.ignored],
        [null, null, 'orc/', 'claude', 'acceptEdits', []]);
      const flag = new TempWorkspace({ 'orc.yaml': 'version: 1\nmodel: --dangerously-skip-permissions\n' });
      try {
        assert.deepEqual(await loadExecutorConfig(flag.root, {}, nothingToAsk),
          { error: 'orc.yaml\'s model "--dangerously-skip-permissions" starts with "-": Claude would read it as a flag, so it is refused' });
      } finally {
        flag.dispose();
      }
    } finally {
      both.dispose();
      odd.dispose();
    }
  });

  it('baton run starts Claude with the config\'s model and never with its own program or skipped permissions unless allowed', () => {
    const repo = new ExecutorRepo().scenario({ calls: [[complete()]] });
    try {
      const mark = path.join(repo.side, 'repo-claude-ran');
      repo.ws.write('orc.yaml', 'version: 1\nmodel: claude-fake-2\nclaude_path: ./tools/claude\ndangerously_skip_permissions: true\n');
      repo.ws.write('tools/claude', `#!/bin/sh\necho "$@" >> '${mark}'\nexec '${FAKE_CLAUDE}' "$@"\n`);
      chmodSync(repo.ws.path('tools/claude'), 0o755);
      repo.git('add', '-A');
      repo.git('commit', '-q', '-m', 'orc\'s own config keys');
      const r = spawnSync(process.execPath, [CLI, 'run', 'TASK-001', '--dir', repo.root], { cwd: repo.side, encoding: 'utf8', env: { ...process.env, ...repo.env() }, timeout: 30_000 });
      assert.equal(r.status, 0, r.stderr);
      assert.ok(!existsSync(mark), 'the repository\'s program did not run');
      const argv = repo.calls()[0]!.argv;
      assert.deepEqual(argv.slice(argv.indexOf('--model'), argv.indexOf('--model') + 2), ['--model', 'claude-fake-2']);
      assert.deepEqual(argv.slice(argv.indexOf('--permission-mode'), argv.indexOf('--permission-mode') + 2), ['--permission-mode', 'acceptEdits']);
      assert.ok(!argv.some((a) => /dangerously|bypassPermissions/.test(a)), argv.join(' '));
      assert.match(r.stderr, /^baton run: orc\.yaml's claude_path "\.\/tools\/claude" was ignored /m);
      assert.match(r.stderr, /^baton run: orc\.yaml's dangerously_skip_permissions: true was ignored /m);
    } finally {
      repo.dispose();
    }
  });
});
