import * as assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  approveGate, closeTask, editTask, newTask, orcAvailability, rejectGate, runTask, runTaskInvocation,
  type OrcActionOptions, type OrcActionResult,
} from '../../../src/core/orc-cli/orc-actions';
import { spawnOrc } from '../../../src/core/orc-cli/spawn-orc';
import { insertInitiative } from '../helpers/orc-db';
import { FAKE_ORC, FakeOrcProject, seedTask, seedWorkflow } from './fake-orc-project';

// The core acting through orc: the argument arrays it builds are the ones the stand-in (orc's real flags) accepts,
// each action changes the database as orc does, and what cannot run says exactly what to run by hand.

const GATE = { blocked_reason: 'gate_pending', blocked_error: 'blocked at gate: awaiting approval (phase implement)' };

describe('orc actions through the stand-in orc', () => {
  let p: FakeOrcProject;
  let options: OrcActionOptions;
  beforeEach(() => {
    p = new FakeOrcProject().createDb((db) => {
      seedWorkflow(db);
      seedTask(db, { id: 'TASK-001', title: 'At the gate', status: 'blocked', currentPhase: 'implement', metadata: GATE });
      seedTask(db, { id: 'TASK-002', title: 'Broken', status: 'failed' });
      seedTask(db, { id: 'TASK-003', title: 'Planned', status: 'planned' });
      insertInitiative(db, { id: 'INIT-001', title: 'Auth' });
    });
    // orc found on PATH (test/fixtures/bin), as a person's installed orc would be.
    options = { trusted: true, env: p.env({ PATH: `${path.dirname(FAKE_ORC)}${path.delimiter}${process.env.PATH ?? ''}` }), platform: 'linux' };
  });
  afterEach(() => p.dispose());

  const ok = (r: OrcActionResult) => { assert.equal(r.ok, true, r.ok ? '' : r.message); return r as Extract<OrcActionResult, { ok: true }>; };
  const lastArgv = () => p.calls().at(-1)!.argv;

  it('approve: `orc approve TASK-001`; the gate is no longer pending (planned), as orc leaves it', async () => {
    const r = ok(await approveGate(p.root, 'TASK-001', options));
    assert.equal(r.command, 'orc approve TASK-001');
    assert.deepEqual(lastArgv(), ['approve', 'TASK-001']);
    assert.equal(p.calls()[0]!.cwd, p.root);
    assert.equal(p.task('TASK-001').status, 'planned');
  });

  it('reject: the reason reaches orc as one argument, whatever it holds', async () => {
    const reason = `-- it's "wrong"\n$(rm -rf ~) ; 100%`;
    const r = ok(await rejectGate(p.root, 'TASK-001', reason, options));
    assert.deepEqual(lastArgv(), ['reject', 'TASK-001', '--reason', reason]);
    assert.equal(r.command, `orc reject TASK-001 --reason '-- it'\\''s "wrong"\n$(rm -rf ~) ; 100%'`);
    assert.equal(p.task('TASK-001').status, 'failed');
    assert.deepEqual(p.query('SELECT phase, gate_type, approved, reason FROM gate_decisions'), [{ phase: 'implement', gate_type: 'human', approved: 0, reason }]);
    ok(await rejectGate(p.root, 'TASK-003', '  ', options));
    assert.deepEqual(lastArgv(), ['reject', 'TASK-003'], 'no reason: orc records "rejected by user"');
  });

  it('close: --yes so orc never waits on stdin; --force for a task that did not fail; the message kept', async () => {
    ok(await closeTask(p.root, 'TASK-002', { message: 'Fixed upstream' }, options));
    assert.deepEqual(lastArgv(), ['close', 'TASK-002', '--yes', '--message', 'Fixed upstream']);
    assert.equal(p.task('TASK-002').status, 'closed');
    assert.equal(JSON.parse(p.task('TASK-002').metadata as string).close_message, 'Fixed upstream');
    const refused = await closeTask(p.root, 'TASK-003', {}, options);
    assert.equal(refused.ok, false);
    assert.equal(refused.ok === false && refused.message,
      'orc close TASK-003 --yes failed (exit 1): task TASK-003 is planned, not failed; close is only for failed tasks (use --force to override)');
    ok(await closeTask(p.root, 'TASK-003', { force: true }, options));
    assert.deepEqual(lastArgv(), ['close', 'TASK-003', '--yes', '--force']);
    assert.equal(p.task('TASK-003').status, 'closed');
  });

  it('edit: every field orc edit has, in one call and one save', async () => {
    ok(await editTask(p.root, 'TASK-003', { title: '-Renamed', description: 'Why', priority: 'high', initiative: 'INIT-001',
      targetBranch: 'release/2', blockedBy: ['TASK-002'], workflow: 'implement-small' }, options));
    assert.deepEqual(lastArgv(), ['edit', 'TASK-003', '--title', '-Renamed', '--description', 'Why', '--priority', 'high',
      '--workflow', 'implement-small', '--initiative', 'INIT-001', '--target-branch', 'release/2', '--blocked-by', 'TASK-002']);
    const t = p.task('TASK-003');
    assert.deepEqual([t.title, t.description, t.priority, t.initiative_id, t.target_branch], ['-Renamed', 'Why', 'high', 'INIT-001', 'release/2']);
    assert.deepEqual(p.query('SELECT depends_on FROM task_dependencies WHERE task_id = ?', 'TASK-003'), [{ depends_on: 'TASK-002' }]);
    assert.deepEqual(p.query('SELECT task_id FROM initiative_tasks'), [{ task_id: 'TASK-003' }]);
    ok(await editTask(p.root, 'TASK-003', { initiative: '', blockedBy: [], status: 'paused' }, options));
    assert.deepEqual(lastArgv(), ['edit', 'TASK-003', '--status', 'paused', '--initiative', '', '--blocked-by', '']);
    assert.deepEqual([p.task('TASK-003').initiative_id, p.task('TASK-003').status], ['', 'paused']);
    assert.deepEqual(p.query('SELECT * FROM task_dependencies WHERE task_id = ?', 'TASK-003'), []);
    ok(await editTask(p.root, 'TASK-003', { addBlockers: ['TASK-001', 'TASK-002'], removeBlockers: ['TASK-001'] }, options));
    assert.deepEqual(p.query('SELECT depends_on FROM task_dependencies WHERE task_id = ?', 'TASK-003'), [{ depends_on: 'TASK-002' }]);
  });

  it('new: orc new --json, the id read from its answer; a title that starts with a dash stays a title', async () => {
    const r = await newTask(p.root, { title: '--force is not a flag here', description: 'd', workflow: 'implement-small', category: 'bug',
      priority: 'low', initiative: 'INIT-001', blockedBy: ['TASK-001'] }, options);
    assert.equal(r.ok && r.taskId, 'TASK-004');
    assert.deepEqual(lastArgv(), ['new', '--json', '--description', 'd', '--workflow', 'implement-small', '--category', 'bug', '--priority', 'low',
      '--initiative', 'INIT-001', '--blocked-by', 'TASK-001', '--', '--force is not a flag here']);
    const t = p.task('TASK-004');
    assert.deepEqual([t.title, t.status, t.category, t.priority, t.workflow_id], ['--force is not a flag here', 'planned', 'bug', 'low', 'implement-small']);
    const bad = await newTask(p.root, { title: 'x', initiative: 'INIT-404' }, options);
    assert.equal(bad.ok === false && bad.message, `orc new --json --initiative INIT-404 -- x failed (exit 1): initiative INIT-404 not found`);
  });

  it('run: to the end with output; a stop at a human gate is a failure that says so', async () => {
    const gate = await runTask(p.root, 'TASK-003', options);
    assert.equal(gate.ok, false);
    assert.equal(gate.ok === false && gate.message,
      'orc run TASK-003 failed (exit 1): workflow execution failed: task blocked: blocked at gate: awaiting approval (phase implement)');
    ok(await approveGate(p.root, 'TASK-003', options));
    const done = ok(await runTask(p.root, 'TASK-003', options));
    assert.match(done.stdout, /Workflow completed/);
    assert.equal(p.task('TASK-003').status, 'completed');
  });

  it('run in a terminal: the executable, orc\'s arguments and the folder, which run as they are', async () => {
    const inv = await runTaskInvocation(p.root, 'TASK-003', options);
    assert.ok(inv.ok);
    assert.deepEqual([inv.executable, inv.args, inv.cwd, inv.command], [FAKE_ORC, ['run', 'TASK-003'], p.root, 'orc run TASK-003']);
    const ran = await spawnOrc(inv.executable, inv.args, inv.cwd, { env: options.env });
    assert.equal(ran.exitCode, 1);
    assert.equal(p.task('TASK-003').status, 'blocked');
  });

  it('a run that outlives its timeout is stopped and reported', async () => {
    const r = await runTask(p.root, 'TASK-003', { ...options, timeoutMs: 300, env: { ...options.env, FAKE_ORC_PHASE_MS: '5000' } });
    assert.equal(r.ok, false);
    assert.match(r.ok === false ? r.message : '', /^orc run TASK-003 took longer than 0.3 s and was stopped$/);
  });

  it('baton.orc.path (absolute) is used instead of PATH', async () => {
    // PATH holds node (the stand-in's interpreter) but no orc.
    const r = await approveGate(p.root, 'TASK-001', { ...options, orcPath: FAKE_ORC, env: p.env({ PATH: path.dirname(process.execPath) }) });
    ok(r);
    assert.equal(p.task('TASK-001').status, 'planned');
  });
});

describe('orc actions that cannot run', () => {
  let p: FakeOrcProject;
  beforeEach(() => { p = new FakeOrcProject().createDb((db) => seedTask(db, { id: 'TASK-012', status: 'blocked' })); });
  afterEach(() => p.dispose());

  it('without orc on PATH: refused with the exact command to run by hand, nothing run', async () => {
    const r = await rejectGate(p.root, 'TASK-012', 'Needs tests', { trusted: true, env: p.env({ PATH: '/nonexistent' }), platform: 'linux' });
    assert.deepEqual(r, { ok: false, reason: 'orc-not-found', manualCommand: "orc reject TASK-012 --reason 'Needs tests'",
      message: "orc was not found on PATH. Baton acts on orc's database only through orc; run in a terminal: orc reject TASK-012 --reason 'Needs tests'" });
    const configured = await approveGate(p.root, 'TASK-012', { trusted: true, orcPath: '/opt/nothing/orc', env: p.env(), platform: 'linux' });
    assert.equal(configured.ok === false && configured.message,
      'orc was not found at "/opt/nothing/orc" (baton.orc.path). Baton acts on orc\'s database only through orc; run in a terminal: orc approve TASK-012');
    assert.deepEqual(p.calls(), []);
    assert.equal(p.task('TASK-012').status, 'blocked');
  });

  it('PowerShell quoting for the command on Windows', async () => {
    const r = await rejectGate(p.root, 'TASK-012', "it's bad", { trusted: true, env: p.env({ PATH: '' }), platform: 'win32' });
    assert.equal(r.ok === false && r.manualCommand, "orc reject TASK-012 --reason 'it''s bad'");
  });

  it('in an untrusted workspace nothing is run, even with orc on PATH', async () => {
    const env = p.env({ PATH: path.dirname(FAKE_ORC) });
    const r = await approveGate(p.root, 'TASK-012', { trusted: false, env, platform: 'linux' });
    assert.deepEqual(r, { ok: false, reason: 'untrusted', manualCommand: 'orc approve TASK-012',
      message: 'Baton runs no program in an untrusted workspace. To do this, run in a terminal: orc approve TASK-012' });
    assert.deepEqual(await orcAvailability({ trusted: false, env }), { available: false, reason: 'untrusted', message: 'Baton runs no program in an untrusted workspace' });
    assert.deepEqual(p.calls(), []);
  });

  it('a relative PATH entry or a relative baton.orc.path never picks a program out of the workspace', async () => {
    mkdirSync(p.temp.path('project/bin'), { recursive: true });
    copyFileSync(FAKE_ORC, p.temp.path('project/orc'));
    chmodSync(p.temp.path('project/orc'), 0o755);
    assert.deepEqual(await orcAvailability({ trusted: true, env: { ...p.env(), PATH: '.' } }), { available: false, reason: 'orc-not-found', message: 'orc was not found on PATH' });
    const rel = await orcAvailability({ trusted: true, orcPath: './orc', env: p.env({ PATH: '' }) });
    assert.equal(rel.available, false);
    assert.deepEqual(p.calls(), []);
  });

  it('input orc would misread is refused before anything runs', async () => {
    const opts: OrcActionOptions = { trusted: true, orcPath: FAKE_ORC, env: p.env() };
    const cases: [Promise<OrcActionResult<unknown>>, string][] = [
      [approveGate(p.root, '--force', opts), '"--force" is not an orc task id'],
      [editTask(p.root, 'TASK-012', {}, opts), 'nothing to change'],
      [editTask(p.root, 'TASK-012', { title: ' ' }, opts), 'orc edit cannot clear a title'],
      [editTask(p.root, 'TASK-012', { blockedBy: ['TASK-1,TASK-2'] }, opts), '"TASK-1,TASK-2" is not an orc task id'],
      [editTask(p.root, 'TASK-012', { status: 'resolved' as never }, opts), 'orc calls the resolved status "closed" (or use orc close)'],
      [newTask(p.root, { title: '  ' }, opts), 'a new task needs a title'],
      [runTask(p.root, 'AUTO-001', opts), 'orc run takes a TASK-<number> id, not "AUTO-001"'],
    ];
    for (const [pending, message] of cases) {
      const r = await pending;
      assert.deepEqual(r, { ok: false, reason: 'invalid-input', message });
    }
    assert.deepEqual(p.calls(), []);
  });
});
