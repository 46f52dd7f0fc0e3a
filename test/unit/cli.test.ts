import * as assert from 'node:assert';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO, TempWorkspace, taskYaml } from './helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[], cwd = REPO) {
  const cache = path.join(REPO, '.vscode-test', 'cli-test-cache');
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baton CLI', () => {
  let ws: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  afterEach(() => ws?.dispose());

  it('scan --json gives the contract fields', () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Base', status: 'completed' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Login page', status: 'running', blocked_by: ['TASK-003'], related_to: ['TASK-001'], requires_ui_testing: true }),
      '.orc/tasks/TASK-002/state.yaml': 'status: running\ntokens:\n  input_tokens: 1000\n  output_tokens: 500\n  cache_creation_input_tokens: 200\n  cache_read_input_tokens: 3000\n',
      '.orc/tasks/TASK-003/task.yaml': taskYaml({ id: 'TASK-003', title: 'Dep', description: 'after TASK-001' }),
      '.orc/initiatives/INIT-001/initiative.yaml': 'id: INIT-001\ntitle: Auth\nstatus: active\nblocked_by: [INIT-000]\n',
      '.orc/initiatives/INIT-000/initiative.yaml': 'id: INIT-000\ntitle: Infra\nstatus: active\n',
    });
    const r = baton(['scan', ws.root, '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.strictEqual(report.baton, 1);
    assert.strictEqual(report.root, ws.root);
    const t2 = report.items.find((i: { id: string }) => i.id === 'TASK-002');
    assert.deepStrictEqual(
      { system: t2.system, kind: t2.kind, title: t2.title, status: t2.status, file: t2.file, blockedBy: t2.blockedBy, blocks: t2.blocks,
        relatedTo: t2.relatedTo, referencedBy: t2.referencedBy, blocked: t2.blocked, orphaned: t2.orphaned, requiresUiTesting: t2.requiresUiTesting, tokens: t2.tokens },
      { system: 'orc', kind: 'task', title: 'Login page', status: 'running', file: '.orc/tasks/TASK-002/task.yaml', blockedBy: ['TASK-003'], blocks: [],
        relatedTo: ['TASK-001'], referencedBy: [], blocked: true, orphaned: true, requiresUiTesting: true,
        tokens: { input: 1000, output: 500, cacheCreation: 200, cacheRead: 3000, total: 4700, effectiveInput: 4200 } });
    const t1 = report.items.find((i: { id: string }) => i.id === 'TASK-001');
    assert.deepStrictEqual(t1.referencedBy, ['TASK-003']);
    const init = report.items.find((i: { id: string }) => i.id === 'INIT-001');
    assert.deepStrictEqual([init.kind, init.status, init.blocked], ['initiative', 'active', true]);
    assert.deepStrictEqual(report.decisions, []);
    assert.deepStrictEqual(report.diagnostics, []);
  });

  it('scan exits 1 with diagnostics carrying file, line and column', () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'ok' }),
      '.orc/tasks/TASK-020/task.yaml': 'id: TASK-020\ntitle: broken\nstatus: [running\n',
    });
    const r = baton(['scan', ws.root, '--json']);
    assert.strictEqual(r.code, 1);
    const report = JSON.parse(r.stdout);
    // The broken task stays listed (issue 17), with its problem; the contract's fields are all there.
    assert.deepStrictEqual(report.items.map((i: { id: string; status: string }) => [i.id, i.status]), [['TASK-001', 'created'], ['TASK-020', 'unreadable']]);
    const d = report.diagnostics[0];
    assert.deepStrictEqual(report.items[1].unreadable, { message: d.message, line: d.line, column: d.column });
    assert.deepStrictEqual([d.file, d.severity, typeof d.line, typeof d.column], ['.orc/tasks/TASK-020/task.yaml', 'error', 'number', 'number']);
  });

  it('check prints file:line:col: severity: message', () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\ntitle: x\nblocked_by:\n  - TASK-404\n' });
    const r = baton(['check', ws.root]);
    assert.strictEqual(r.code, 0, 'a warning is not an error');
    assert.strictEqual(r.stdout.trim(), '.orc/tasks/TASK-001/task.yaml:4:5: warning: blocked_by names TASK-404, which does not exist');
  });

  it('scan without --json prints a readable summary', () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Readable', status: 'running' }) });
    const r = baton(['scan', ws.root]);
    assert.match(r.stdout, /TASK-001\s+running\s+normal\s+Readable/);
  });

  it('uses the current folder by default', () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'here' }) });
    const r = baton(['scan', '--json'], ws.root);
    assert.strictEqual(JSON.parse(r.stdout).items[0].id, 'TASK-001');
  });

  it('exits 2 for a usage error or a missing folder', () => {
    assert.strictEqual(baton(['scan', '/no/such/folder']).code, 2);
    assert.strictEqual(baton(['scan', '--bogus']).code, 2);
    assert.strictEqual(baton(['frobnicate']).code, 2);
    assert.strictEqual(baton([]).code, 2);
  });

  it('answers --help and a mistyped command from the launcher alone, without loading the CLI', () => {
    // dist/cli.js copied without dist/cli-main.js beside it: whatever works there never loads the CLI's code.
    const alone = mkdtempSync(path.join(os.tmpdir(), 'baton-launcher-'));
    try {
      copyFileSync(CLI, path.join(alone, 'cli.js'));
      const run = (args: string[]) => spawnSync(process.execPath, [path.join(alone, 'cli.js'), ...args], { encoding: 'utf8' });
      const help = run(['--help']);
      assert.strictEqual(help.status, 0, help.stderr);
      assert.match(help.stdout, /^usage:\n {2}baton scan \[DIR…\]/);
      assert.strictEqual(help.stdout, baton(['--help']).stdout, 'the same text as the installed CLI');
      const typo = run(['sacn']);
      assert.strictEqual(typo.status, 2);
      assert.match(typo.stderr, /unknown command "sacn"/);
      assert.strictEqual(run([]).status, 2);
      // A command does need the CLI: proof that the cases above did not load it.
      assert.match(run(['scan']).stderr, /cli-main\.js/);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('owner answers in the contract shape and refuses paths outside the root', () => {
    ws = new TempWorkspace({ 'src/a.ts': 'x' });
    const r = baton(['owner', 'src/a.ts', '--root', ws.root, '--json'], ws.root);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.deepStrictEqual(JSON.parse(r.stdout), { file: 'src/a.ts', owners: [] });
    assert.strictEqual(baton(['owner', '../../etc/passwd', '--root', ws.root], ws.root).code, 2);
  });
});
