import * as assert from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createProjectDbFile, insertTask } from './helpers/orc-db';
import { REPO, TempWorkspace, taskYaml } from './helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');
/** Far more than any of these commands needs; a command still running then was hanging on a file. */
const HANG_MS = 8_000;

/** Runs the CLI and asserts it ended by itself (exit status), not by the timeout's signal. */
function baton(args: string[], cwd = REPO) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: HANG_MS, killSignal: 'SIGKILL',
    env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  assert.strictEqual(r.signal, null, `baton ${args.join(' ')} did not finish within ${HANG_MS} ms (it hung on a file)`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, all: r.stdout + r.stderr };
}

function mkfifo(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  execFileSync('mkfifo', [file]);
}

const PLAN = 'phases:\n  - id: implement\n    status: pending\n';

describe('hostile files: FIFOs, devices and huge files are refused by name, never read (CLI)', function () {
  this.timeout(4 * HANG_MS);
  let ws: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  beforeEach(() => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Fine', status: 'planned' }),
      '.orc/tasks/TASK-001/plan.yaml': PLAN,
    });
  });
  afterEach(() => ws.dispose());

  it('scan and check: a FIFO task.yaml, state.yaml and plan.yaml are each a diagnostic naming the file', () => {
    ws.write('.orc/tasks/TASK-002/plan.yaml', PLAN);
    mkfifo(ws.path('.orc/tasks/TASK-002/task.yaml'));
    mkfifo(ws.path('.orc/tasks/TASK-001/state.yaml'));
    ws.write('.orc/tasks/TASK-003/task.yaml', taskYaml({ id: 'TASK-003', title: 'Planned', status: 'planned' }));
    mkfifo(ws.path('.orc/tasks/TASK-003/plan.yaml'));
    for (const command of ['scan', 'check']) {
      const r = baton([command, ws.root, '--no-cache']);
      assert.strictEqual(r.code, 1, r.all);
      for (const file of ['.orc/tasks/TASK-001/state.yaml', '.orc/tasks/TASK-003/plan.yaml']) {
        assert.match(r.stdout, new RegExp(`${file.replace(/\./g, '\\.')}:1:1: error: not a regular file \\(a named pipe\\)`), `${command}: ${file}\n${r.all}`);
      }
      // A task.yaml names its task: the task is known to exist, its file cannot be read.
      assert.match(r.stdout, /\.orc\/tasks\/TASK-002\/task\.yaml:1:1: error: TASK-002: cannot be read \(a named pipe, not a regular file\)/, `${command}\n${r.all}`);
    }
  });

  it('task show: a FIFO spec.md and a FIFO test report are diagnostics; a FIFO task.yaml is named when the task is asked for', () => {
    mkfifo(ws.path('.orc/tasks/TASK-001/spec.md'));
    mkfifo(ws.path('.orc/tasks/TASK-001/test-results/report.json'));
    let r = baton(['task', 'show', 'TASK-001', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.all);
    assert.match(r.stdout, /\.orc\/tasks\/TASK-001\/spec\.md:1:1: warning: .*not a regular file \(a named pipe\)/);
    assert.match(r.stdout, /\.orc\/tasks\/TASK-001\/test-results\/report\.json:1:1: .*not a regular file \(a named pipe\)/);
    mkfifo(ws.path('.orc/tasks/TASK-004/task.yaml'));
    r = baton(['task', 'show', 'TASK-004', '--dir', ws.root]);
    assert.strictEqual(r.code, 1, r.all);
    assert.match(r.stderr, /no readable task TASK-004[^]*\.orc\/tasks\/TASK-004\/task\.yaml:1:1: error: TASK-004: cannot be read \(a named pipe, not a regular file\)/);
  });

  it('run: a FIFO task.yaml or plan.yaml, a config linked to /dev/urandom and a 200 MB task.yaml are refused with the file named', () => {
    mkfifo(ws.path('.orc/tasks/TASK-005/task.yaml'));
    let r = baton(['run', 'TASK-005', '--dir', ws.root]);
    assert.strictEqual(r.code, 1, r.all);
    assert.match(r.stderr, /\.orc\/tasks\/TASK-005\/task\.yaml of TASK-005 cannot be read: not a regular file \(a named pipe\)/);

    mkfifo(ws.path('.orc/tasks/TASK-001/plan.yaml'));
    r = baton(['run', 'TASK-001', '--dir', ws.root]);
    assert.strictEqual(r.code, 1, r.all);
    assert.match(r.stderr, /\.orc\/tasks\/TASK-001\/plan\.yaml of TASK-001 cannot be read: not a regular file \(a named pipe\)/);

    ws.write('.orc/tasks/TASK-006/plan.yaml', PLAN);
    writeFileSync(ws.path('.orc/tasks/TASK-006/task.yaml'), '');
    truncateSync(ws.path('.orc/tasks/TASK-006/task.yaml'), 200 * 1024 * 1024); // sparse: no disk used
    r = baton(['run', 'TASK-006', '--dir', ws.root]);
    assert.strictEqual(r.code, 1, r.all);
    assert.match(r.stderr, /\.orc\/tasks\/TASK-006\/task\.yaml of TASK-006 cannot be read: file is too large to read \(209715200 bytes; the limit is 8388608\)/);

    symlinkSync('/dev/urandom', ws.path('orc.yaml'));
    r = baton(['run', 'TASK-006', '--dir', ws.root]);
    assert.strictEqual(r.code, 1, r.all);
    assert.match(r.stderr, /orc\.yaml cannot be read: not a regular file \(a character device\)/);
  });

  it('the database snapshot: a FIFO in place of orc.db-wal (as a swap after discovery would leave) is refused, the read ends', () => {
    const db = ws.path('.orc/orc.db');
    const w = createProjectDbFile(db);
    insertTask(w, { id: 'TASK-050', title: 'In the repo' });
    w.close();
    mkfifo(`${db}-wal`);
    // The reader itself, in a child process: on a hang the test fails by its timeout instead of hanging mocha.
    const reader = path.join(REPO, 'out', 'src', 'core', 'io', 'sqlite-snapshot.js');
    const r = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(reader)}).readSqliteSnapshot(${JSON.stringify(db)}).then((r) => console.log(JSON.stringify(r)))`],
      { encoding: 'utf8', timeout: HANG_MS, killSignal: 'SIGKILL' });
    assert.strictEqual(r.signal, null, 'readSqliteSnapshot hung on a FIFO -wal');
    const result = JSON.parse(r.stdout) as { ok: boolean; reason?: string };
    assert.strictEqual(result.ok, false);
    assert.match(result.reason!, /not a (regular )?file/);
  });
});
