import * as assert from 'node:assert';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO, TempWorkspace, taskYaml } from './helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[], cwd = REPO) {
  const cache = path.join(REPO, '.vscode-test', 'cli-test-cache');
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Two workspace folders side by side: `a` with orc tasks and a warning, `b` with other tasks and a broken file. */
function twoFolders(): TempWorkspace {
  return new TempWorkspace({
    'a/.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Alpha one', status: 'running' }),
    'a/.orc/tasks/TASK-002/task.yaml': 'id: TASK-002\ntitle: Alpha two\nblocked_by:\n  - TASK-404\n',
    'b/.orc/tasks/TASK-101/task.yaml': taskYaml({ id: 'TASK-101', title: 'Beta one', status: 'planned' }),
    'b/.orc/tasks/TASK-120/task.yaml': 'id: TASK-120\ntitle: broken\nstatus: [running\n',
  });
}

describe('baton CLI with several folders', () => {
  let ws: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  afterEach(() => ws?.dispose());

  it('scan A B --json gives {baton, folders: [the one-folder object of each]}', () => {
    ws = twoFolders();
    const r = baton(['scan', ws.path('a'), ws.path('b'), '--json']);
    assert.strictEqual(r.code, 1, 'b has an error diagnostic');
    const report = JSON.parse(r.stdout);
    assert.deepStrictEqual(Object.keys(report), ['baton', 'folders']);
    assert.strictEqual(report.baton, 1);
    assert.deepStrictEqual(report.folders.map((f: { root: string }) => f.root), [ws.path('a'), ws.path('b')]);
    // Each entry is exactly what scanning that folder alone prints.
    assert.deepStrictEqual(report.folders[0], JSON.parse(baton(['scan', ws.path('a'), '--json']).stdout));
    assert.deepStrictEqual(report.folders[1], JSON.parse(baton(['scan', ws.path('b'), '--json']).stdout));
    assert.deepStrictEqual(report.folders[0].items.map((i: { id: string }) => i.id).sort(), ['TASK-001', 'TASK-002']);
    // TASK-120's task.yaml is broken: the task stays listed, as unreadable (issue 17: a broken file never hides its task)
    assert.deepStrictEqual(report.folders[1].items.map((i: { id: string; status: string }) => `${i.id} ${i.status}`).sort(),
      ['TASK-101 planned', 'TASK-120 unreadable']);
    assert.deepStrictEqual(report.folders[1].diagnostics.map((d: { file: string; severity: string }) => [d.file, d.severity]),
      [['.orc/tasks/TASK-120/task.yaml', 'error']]);
  });

  it('scan A B prints one summary block per folder, each as the folder alone prints it', () => {
    ws = twoFolders();
    const r = baton(['scan', ws.path('a'), ws.path('b')]);
    assert.strictEqual(r.code, 1);
    const alone = [baton(['scan', ws.path('a')]).stdout, baton(['scan', ws.path('b')]).stdout];
    assert.strictEqual(r.stdout, `${alone[0]}\n${alone[1]}`);
    assert.match(alone[0]!, /^Baton scan of .*[\\/]a\n[\s\S]*TASK-001\s+running\s+normal\s+Alpha one/);
    assert.match(alone[1]!, /^Baton scan of .*[\\/]b\n[\s\S]*TASK-101\s+planned/);
    assert.doesNotMatch(alone[0]!, /TASK-101/);
  });

  it('check A B names each file from the current folder and exits 1 when any folder has an error', () => {
    ws = twoFolders();
    const r = baton(['check', 'a', 'b'], ws.root);
    assert.strictEqual(r.code, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.strictEqual(lines.length, 2, r.stdout);
    assert.strictEqual(lines[0], 'a/.orc/tasks/TASK-002/task.yaml:4:5: warning: blocked_by names TASK-404, which does not exist');
    assert.match(lines[1]!, /^b\/\.orc\/tasks\/TASK-120\/task\.yaml:\d+:\d+: error: /);
    // Only warnings: exit 0. A folder outside the current one is named by its absolute path.
    const one = baton(['check', ws.path('a')], REPO);
    assert.strictEqual(one.code, 0);
    assert.match(one.stdout, /^\.orc\/tasks\/TASK-002\/task\.yaml:4:5: warning:/, 'one folder keeps paths relative to it');
    const two = baton(['check', ws.path('a'), ws.path('a')], REPO);
    assert.strictEqual(two.code, 0);
    assert.ok(two.stdout.startsWith(`${ws.path('a/.orc/tasks/TASK-002/task.yaml')}:4:5: warning:`), two.stdout);
  });

  it('exits 2 and reads nothing when any DIR is not a folder', () => {
    ws = twoFolders();
    for (const args of [['scan', ws.path('a'), path.join(ws.root, 'missing')], ['scan', ws.path('a'), ws.path('a/.orc/tasks/TASK-001/task.yaml'), '--json'],
      ['check', ws.path('a'), path.join(ws.root, 'missing')]]) {
      const r = baton(args);
      assert.strictEqual(r.code, 2, args.join(' '));
      assert.strictEqual(r.stdout, '', 'nothing printed for the good folder either');
      assert.match(r.stderr, /not a folder: /);
    }
  });
});
