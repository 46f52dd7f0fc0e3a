import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createGlobalDbFile, openOrcWriter } from '../helpers/orc-db';
import { FAKE_ORC, FakeOrcProject, seedTask, seedWorkflow } from './fake-orc-project';

// `orc run` in the stand-in: a task driven through its workflow's phases without Claude, the database written as
// orc's executor writes it, so the views can follow it; and where the stand-in finds and how it leaves the database.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('stand-in orc: run', () => {
  let p: FakeOrcProject;
  beforeEach(() => {
    p = new FakeOrcProject().createDb((db) => {
      seedWorkflow(db);
      seedTask(db, { id: 'TASK-001', title: 'Run me', status: 'planned', workflowId: 'implement-small', description: 'Do it' });
    });
    createGlobalDbFile(path.join(p.home, '.orc', 'orc.db')).close();
  });
  afterEach(() => p.dispose());

  it('marks the task running with its executor while a phase runs, then stops blocked at the human gate', async () => {
    const child = spawn(FAKE_ORC, ['run', 'TASK-001'], { cwd: p.root, env: p.env({ FAKE_ORC_PHASE_MS: '400' }) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let running: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !running; i++) {
      await sleep(30);
      const [row] = existsSync(p.dbFile) ? p.query(`SELECT * FROM tasks WHERE id = 'TASK-001' AND status = 'running' AND current_phase = 'spec'`) : [];
      running = row;
    }
    assert.ok(running, 'the task was seen running during the spec phase');
    assert.deepEqual([running.executor_pid, running.executor_hostname], [child.pid, os.hostname()]);
    assert.ok(running.last_heartbeat && running.executor_started_at && running.started_at);

    assert.equal(await exited, 1);
    assert.match(stdout, /Running workflow: implement-small/);
    assert.equal(stderr, 'Error: workflow execution failed: task blocked: blocked at gate: awaiting approval (phase implement)\n');
    const t = p.task('TASK-001');
    assert.deepEqual([t.status, t.current_phase, t.executor_pid, t.executor_hostname, t.last_heartbeat], ['blocked', 'implement', 0, '', null]);
    const meta = JSON.parse(t.metadata as string) as Record<string, string>;
    assert.deepEqual([meta.blocked_reason, meta.blocked_error], ['gate_pending', 'blocked at gate: awaiting approval (phase implement)']);
    assert.deepEqual([meta['phase:spec:provider'], meta['phase:spec:model']], ['claude', 'claude-sonnet-4-6']);
    assert.equal(t.total_cost_usd, 0.1);
    assert.deepEqual(p.query('SELECT phase_id, status, iterations, input_tokens, output_tokens, cache_creation_tokens, cache_read_tokens, total_tokens FROM phases ORDER BY phase_id'), [
      { phase_id: 'implement', status: 'completed', iterations: 0, input_tokens: 1200, output_tokens: 300, cache_creation_tokens: 100, cache_read_tokens: 4000, total_tokens: 5600 },
      { phase_id: 'spec', status: 'completed', iterations: 0, input_tokens: 1200, output_tokens: 300, cache_creation_tokens: 100, cache_read_tokens: 4000, total_tokens: 5600 },
    ], 'orc counts iterations in phases only for loops and retries');
    assert.deepEqual(p.query('SELECT phase_template_id, status, iterations FROM workflow_run_phases ORDER BY id'), [
      { phase_template_id: 'spec', status: 'PHASE_STATUS_COMPLETED', iterations: 1 },
      { phase_template_id: 'implement', status: 'PHASE_STATUS_COMPLETED', iterations: 1 },
    ]);
    assert.deepEqual(p.query('SELECT phase, gate_type, approved, reason FROM gate_decisions'), [{ phase: 'spec', gate_type: 'auto', approved: 1, reason: 'auto-approved on success' }],
      'the pending human gate has no row');
    const events = p.query<{ event_type: string; phase: string; data: string }>('SELECT event_type, phase, data FROM event_log ORDER BY id');
    assert.deepEqual(events.map((e) => `${e.event_type}:${e.phase}`), ['phase:spec', 'phase:spec', 'phase:implement', 'phase:implement', 'decision_required:implement']);
    assert.deepEqual([events[0]!.data, events[1]!.data], ['{"phase":"spec","status":"running"}', '{"phase":"spec","status":"completed"}']);
    assert.deepEqual(p.query('SELECT DISTINCT duration_ms, source FROM event_log'), [{ duration_ms: null, source: 'cli' }],
      'orc times phases from a "started" event its executor never sends');
    assert.equal(JSON.parse(events[4]!.data).gate_type, 'human');
    assert.deepEqual(p.query('SELECT kind, status, reference_id, summary, resolved_at FROM attention_signals'),
      [{ kind: 'blocker', status: 'blocked', reference_id: 'TASK-001', summary: 'blocked at gate: awaiting approval (phase implement)', resolved_at: null }]);
    assert.deepEqual(p.query('SELECT id, status, current_phase, error FROM workflow_runs'),
      [{ id: 'RUN-001', status: 'completed', current_phase: 'implement', error: 'blocked at gate: awaiting approval (phase implement)' }]);
  });

  it('after orc approve, run passes over the completed phases and completes the task', () => {
    assert.equal(p.orc(['run', 'TASK-001']).status, 1);
    const started = p.task('TASK-001').started_at;
    assert.equal(p.orc(['approve', 'TASK-001']).status, 0);
    const r = p.orc(['run', 'TASK-001']);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.includes('✅ Workflow completed: RUN-002\n  Phases completed: 1\n'), r.stdout);
    const t = p.task('TASK-001');
    assert.deepEqual([t.status, t.current_phase, t.executor_pid, t.started_at], ['completed', 'review', 0, started]);
    assert.ok(t.completed_at);
    assert.equal(Math.round((t.total_cost_usd as number) * 100), 15);
    assert.deepEqual(p.query('SELECT phase FROM gate_decisions ORDER BY decided_at, id').map((g) => g.phase), ['spec', 'review']);
    assert.deepEqual(p.query('SELECT status, resolved_by FROM attention_signals'), [{ status: 'resolved', resolved_by: 'executor' }]);
    const global = new Database(path.join(p.home, '.orc', 'orc.db'), { readonly: true });
    try {
      assert.deepEqual(global.prepare('SELECT project_id, task_id, phase, model, provider, total_tokens FROM cost_log ORDER BY id').all(), [
        { project_id: p.root, task_id: 'TASK-001', phase: 'spec', model: 'sonnet', provider: 'claude', total_tokens: 5600 },
        { project_id: p.root, task_id: 'TASK-001', phase: 'implement', model: 'sonnet', provider: 'claude', total_tokens: 5600 },
        { project_id: p.root, task_id: 'TASK-001', phase: 'review', model: 'sonnet', provider: 'claude', total_tokens: 5600 },
      ]);
    } finally { global.close(); }
  });

  it('a failing phase fails the run and the task, with a failed attention signal; the executor is left as orc leaves it', () => {
    const r = p.orc(['run', 'TASK-001'], { env: { FAKE_ORC_FAIL_PHASE: 'spec' } });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'Error: workflow execution failed: fake orc: phase spec failed\n');
    const t = p.task('TASK-001');
    assert.equal(t.status, 'failed');
    assert.notEqual(t.executor_pid, 0);
    assert.deepEqual(p.query('SELECT status FROM attention_signals'), [{ status: 'failed' }]);
    assert.equal(p.orc(['run', 'TASK-001']).stderr, 'Error: task TASK-001 has failed\n\nTo resume: orc resume TASK-001\nTo view log: orc log TASK-001\n');
  });

  it('refuses a task whose blockers are not done, unless forced', () => {
    const q = new FakeOrcProject().createDb((db) => {
      seedWorkflow(db, 'auto');
      seedTask(db, { id: 'TASK-001', title: 'First', status: 'running' });
      seedTask(db, { id: 'TASK-002', title: 'Second', status: 'planned', workflowId: 'implement-small' });
      db.prepare(`INSERT INTO task_dependencies VALUES ('TASK-002', 'TASK-001'), ('TASK-002', 'TASK-GONE')`).run();
    });
    try {
      const r = q.orc(['run', 'TASK-002']);
      assert.equal(r.status, 1);
      assert.equal(r.stdout, '\n⚠️  This task is blocked by incomplete tasks:\n    - TASK-001: First (TASK_STATUS_RUNNING)\n' +
        '    - TASK-GONE: (task not found) (TASK_STATUS_UNSPECIFIED)\n\nUse --force to run anyway\n');
      assert.equal(q.task('TASK-002').status, 'planned');
      assert.equal(q.orc(['run', 'TASK-002', '--force']).status, 0);
      assert.equal(q.task('TASK-002').status, 'completed');
    } finally { q.dispose(); }
  });
});

describe('stand-in orc: which database, and how it is left', () => {
  it('a registered project\'s database is ~/.orc/projects/<id>/orc.db (id = sha256 of the path, 8 hex)', () => {
    const p = new FakeOrcProject({ registered: true }).createDb((db) => seedTask(db, { id: 'TASK-001', status: 'blocked' }));
    try {
      assert.equal(p.dbFile, path.join(p.home, '.orc', 'projects', p.projectId, 'orc.db'));
      assert.equal(p.orc(['approve', 'TASK-001']).status, 0);
      assert.equal(p.task('TASK-001').status, 'planned');
      assert.equal(existsSync(path.join(p.root, '.orc', 'orc.db')), false);
    } finally { p.dispose(); }
  });

  it('reads registry ids as text, as Go\'s yaml does: 1e234567 is a folder name, not a number', () => {
    const p = new FakeOrcProject({ registered: true, registryId: '1e234567' }).createDb((db) => seedTask(db, { id: 'TASK-001', status: 'blocked' }));
    try {
      assert.equal(p.orc(['approve', 'TASK-001']).status, 0);
      assert.equal(p.task('TASK-001').status, 'planned');
    } finally { p.dispose(); }
  });

  it('moves a registered project\'s legacy .orc/orc.db to the registry location first, as orc does', () => {
    const p = new FakeOrcProject({ registered: true }).createDb((db) => seedTask(db, { id: 'TASK-001', status: 'blocked' }));
    try {
      renameSync(p.dbFile, path.join(p.root, '.orc', 'orc.db'));
      assert.equal(p.orc(['approve', 'TASK-001']).status, 0);
      assert.equal(existsSync(path.join(p.root, '.orc', 'orc.db')), false);
      assert.equal(p.task('TASK-001').status, 'planned');
    } finally { p.dispose(); }
  });

  it('without a database it says so and creates none', () => {
    const p = new FakeOrcProject();
    try {
      const r = p.orc(['approve', 'TASK-001']);
      assert.equal(r.status, 1);
      assert.match(r.stderr, /^Error: get backend: fake orc: no project database at .*orc\.db/);
      assert.equal(existsSync(p.dbFile), false);
    } finally { p.dispose(); }
  });

  it('checkpoints the WAL into orc.db and truncates it when it closes, as orc\'s driver does', () => {
    const p = new FakeOrcProject().createDb((db) => seedTask(db, { id: 'TASK-001', status: 'blocked' }));
    try {
      // An idle reader keeps the WAL file from being deleted at orc's close, so its truncation can be seen.
      const reader = new Database(p.dbFile, { readonly: true });
      try {
        assert.equal(reader.pragma('journal_mode', { simple: true }), 'wal');
        assert.equal(p.orc(['approve', 'TASK-001']).status, 0);
        assert.equal(statSync(`${p.dbFile}-wal`).size, 0);
        assert.equal((reader.prepare(`SELECT status FROM tasks`).get() as { status: string }).status, 'planned');
      } finally { reader.close(); }
    } finally { p.dispose(); }
  });

  it('waits for another writer\'s lock (busy_timeout 5000) instead of failing', async () => {
    const p = new FakeOrcProject().createDb((db) => seedTask(db, { id: 'TASK-001', status: 'blocked' }));
    try {
      mkdirSync(path.dirname(p.dbFile), { recursive: true });
      const writer = openOrcWriter(p.dbFile);
      writer.exec('BEGIN IMMEDIATE');
      const child = spawn(FAKE_ORC, ['approve', 'TASK-001'], { cwd: p.root, env: p.env() });
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      await sleep(700);
      writer.exec('COMMIT');
      writer.close();
      assert.equal(await exited, 0);
      assert.equal(p.task('TASK-001').status, 'planned');
    } finally { p.dispose(); }
  });
});
