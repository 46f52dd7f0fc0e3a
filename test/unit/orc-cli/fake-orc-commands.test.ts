import * as assert from 'node:assert/strict';
import { addDependency, insertGateDecision, insertInitiative, insertPhase } from '../helpers/orc-db';
import { FakeOrcProject, seedTask, seedWorkflow } from './fake-orc-project';

// The stand-in orc, command by command: orc's real flags, orc's messages and exit codes, and the rows orc's Go code
// writes (internal/cli/cmd_*.go → internal/storage SaveTask → internal/db).

const RFC3339_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const SQLITE_NOW = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const GATE_METADATA = { blocked_reason: 'gate_pending', blocked_error: 'blocked at gate: awaiting approval (phase implement)' };

describe('stand-in orc: command line as cobra parses it', () => {
  let p: FakeOrcProject;
  beforeEach(() => {
    p = new FakeOrcProject().createDb((db) => {
      seedWorkflow(db);
      seedTask(db, { id: 'TASK-001', title: 'Blocked one', status: 'blocked', currentPhase: 'implement', metadata: GATE_METADATA });
    });
  });
  afterEach(() => p.dispose());

  it('refuses unknown flags and shorthands with cobra\'s words and exit 1 (reject has no -r, whatever its help says)', () => {
    const r = p.orc(['reject', 'TASK-001', '-r', 'nope']);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, "Error: unknown shorthand flag: 'r' in -r\n");
    const u = p.orc(['approve', 'TASK-001', '--reason', 'ok']);
    assert.equal(u.status, 1);
    assert.equal(u.stderr, 'Error: unknown flag: --reason\n');
    assert.equal(p.task('TASK-001').status, 'blocked');
  });

  it('checks argument counts and unknown commands as cobra does', () => {
    assert.equal(p.orc(['approve']).stderr, 'Error: accepts 1 arg(s), received 0\n');
    assert.equal(p.orc(['close', 'A', 'B']).stderr, 'Error: accepts 1 arg(s), received 2\n');
    assert.equal(p.orc(['run']).stderr, 'Error: accepts between 1 and 2 arg(s), received 0\n');
    const unknown = p.orc(['aprove', 'TASK-001']);
    assert.equal(unknown.status, 1);
    assert.equal(unknown.stderr, 'Error: unknown command "aprove" for "orc"\nRun \'orc --help\' for usage.\n');
    const real = p.orc(['status']);
    assert.equal(real.status, 3);
    assert.match(real.stderr, /real orc command the stand-in does not simulate/);
  });

  it('takes --flag=value, -fvalue, grouped booleans, persistent flags before the command and -- before a title', () => {
    const r = p.orc(['--plain', 'close', 'TASK-001', '-fy', '-m=done by hand']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim().split('\n').at(-2), 'Task TASK-001 closed (was: TASK_STATUS_BLOCKED)');
    const n = p.orc(['new', '--json', '--priority=high', '-dDescribed', '--', '-starts with a dash']);
    assert.equal(n.status, 0, n.stderr);
    assert.deepEqual(JSON.parse(n.stdout), { task_id: 'TASK-002', title: '-starts with a dash', workflow_id: 'crossmodel-standard', category: 'feature', priority: 'high' });
    assert.equal(p.task('TASK-002').description, 'Described');
  });

  it('records every call with its argv, folder and exit code', () => {
    p.orc(['approve', 'TASK-001']);
    p.orc(['approve', 'TASK-001']);
    assert.deepEqual(p.calls().map((c) => [c.argv, c.cwd, c.exitCode]), [[['approve', 'TASK-001'], p.root, 0], [['approve', 'TASK-001'], p.root, 1]]);
    assert.equal(p.calls()[1]!.stderr, 'Error: task is not blocked (status: planned)\n');
  });

  it('outside an orc project says so, as orc does', () => {
    const r = p.orc(['approve', 'TASK-001'], { cwd: p.home });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, "Error: not an orc project (no .orc directory). Run 'orc init' first\n");
  });
});

describe('stand-in orc: approve and reject write what orc writes', () => {
  let p: FakeOrcProject;
  beforeEach(() => {
    p = new FakeOrcProject().createDb((db) => {
      seedWorkflow(db);
      seedTask(db, { id: 'TASK-001', title: 'Gate', status: 'blocked', currentPhase: 'implement', metadata: GATE_METADATA,
        createdAt: '2026-04-01T09:00:00+02:00', startedAt: '2026-04-01T09:05:00+02:00' });
      insertPhase(db, { taskId: 'TASK-001', phaseId: 'spec', status: 'completed', iterations: 1, input: 10, output: 5, costUsd: 0.2,
        startedAt: '2026-04-01T09:05:00Z', completedAt: '2026-04-01T09:06:00Z' });
      insertPhase(db, { taskId: 'TASK-001', phaseId: 'implement', status: 'completed', iterations: 2, input: 20, output: 7 });
      insertGateDecision(db, { taskId: 'TASK-001', phase: 'spec', gateType: 'auto', approved: true, reason: 'auto-approved on success', decidedBy: 'cli' });
      seedTask(db, { id: 'TASK-002', title: 'Gate in UTC', status: 'blocked', metadata: GATE_METADATA });
      db.prepare(`INSERT INTO attention_signals (id, kind, status, reference_type, reference_id, title, summary)
        VALUES ('ATT-001', 'blocker', 'blocked', 'task', 'TASK-001', 'Gate', 'waiting')`).run();
    });
  });
  afterEach(() => p.dispose());

  it('approve: status planned and the whole task saved again; blocked_reason, signal and gate rows are left as they were', () => {
    const r = p.orc(['approve', 'TASK-001']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '✅ Task TASK-001 approved\n   Run: orc run TASK-001 to continue\n');
    const t = p.task('TASK-001');
    assert.equal(t.status, 'planned');
    assert.deepEqual(JSON.parse(t.metadata as string), GATE_METADATA, 'orc never clears blocked_reason: a pending gate is blocked + gate_pending');
    assert.equal(t.created_at, '2026-04-01T09:00:00+02:00', 'created_at is not in the upsert');
    assert.equal(t.started_at, '2026-04-01T07:05:00Z', 'round-tripped through a protobuf Timestamp: UTC');
    assert.equal(t.updated_at, '2026-04-01T07:00:00Z', 'approve keeps updated_at: the same instant, re-written in UTC');
    assert.deepEqual([t.weight, t.state_status, t.worktree_path, t.created_by, t.assigned_to], ['', 'pending', '', '', '']);
    const phases = p.query<{ phase_id: string; cost_usd: number; total_tokens: number; started_at: string }>('SELECT * FROM phases ORDER BY phase_id');
    assert.deepEqual(phases.map((ph) => [ph.phase_id, ph.cost_usd, ph.total_tokens]), [['implement', 0, 27], ['spec', 0, 15]], 'phase cost is not kept');
    const gates = p.query<{ id: number; decided_by: string; gate_type: string }>('SELECT * FROM gate_decisions');
    assert.deepEqual(gates.map((g) => [g.gate_type, g.decided_by]), [['auto', '']]);
    assert.equal(gates[0]!.id, 2, 'deleted and inserted again');
    assert.deepEqual(p.query('SELECT status, resolved_at FROM attention_signals'), [{ status: 'blocked', resolved_at: null }]);
  });

  it('approve of a task whose updated_at is already UTC leaves the text as it was: the schema trigger then stamps datetime(now)', () => {
    assert.equal(p.task('TASK-002').updated_at, '2026-04-01T09:00:00Z');
    assert.equal(p.orc(['approve', 'TASK-002']).status, 0);
    assert.match(p.task('TASK-002').updated_at as string, SQLITE_NOW);
  });

  it('approve refuses a task that is not blocked', () => {
    p.orc(['approve', 'TASK-001']);
    const again = p.orc(['approve', 'TASK-001']);
    assert.equal(again.status, 1);
    assert.equal(again.stderr, 'Error: task is not blocked (status: planned)\n');
    assert.equal(p.orc(['approve', 'TASK-404']).stderr, 'Error: load task: task TASK-404 not found\n');
  });

  it('reject: a human gate decision for the current phase with the reason, status failed', () => {
    const r = p.orc(['reject', 'TASK-001', '--reason', 'Needs tests']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '❌ Task TASK-001 rejected: Needs tests\n');
    assert.equal(p.task('TASK-001').status, 'failed');
    const gates = p.query<Record<string, unknown>>('SELECT phase, gate_type, approved, reason, decided_by, decided_at FROM gate_decisions ORDER BY id');
    assert.equal(gates.length, 2);
    assert.deepEqual({ ...gates[1], decided_at: undefined }, { phase: 'implement', gate_type: 'human', approved: 0, reason: 'Needs tests', decided_by: '', decided_at: undefined });
    assert.match(gates[1]!.decided_at as string, RFC3339_UTC);
    p.orc(['edit', 'TASK-001', '--status', 'blocked']);
    p.orc(['reject', 'TASK-001']);
    assert.equal(p.query<{ reason: string }>('SELECT reason FROM gate_decisions ORDER BY id DESC LIMIT 1')[0]!.reason, 'rejected by user');
  });
});

describe('stand-in orc: close', () => {
  let p: FakeOrcProject;
  beforeEach(() => {
    p = new FakeOrcProject().createDb((db) => {
      seedWorkflow(db);
      seedTask(db, { id: 'TASK-001', title: 'Failed', status: 'failed', currentPhase: 'implement', executorPid: 4242, executorHostname: 'box',
        lastHeartbeat: '2026-04-01T09:00:00Z' });
      insertPhase(db, { taskId: 'TASK-001', phaseId: 'spec', status: 'completed', iterations: 1 });
      insertPhase(db, { taskId: 'TASK-001', phaseId: 'implement', status: 'pending', iterations: 1 });
      seedTask(db, { id: 'TASK-002', title: 'Blocked', status: 'blocked' });
      db.prepare(`INSERT INTO attention_signals (id, kind, status, reference_type, reference_id, title, summary)
        VALUES ('ATT-001', 'blocker', 'failed', 'task', 'TASK-001', 'Failed', 'boom')`).run();
    });
  });
  afterEach(() => p.dispose());

  it('without --yes it asks on stdin and an empty answer aborts, writing nothing', () => {
    const r = p.orc(['close', 'TASK-001']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /Continue\? \[y\/N\]: Aborted\.\n$/);
    assert.equal(p.task('TASK-001').status, 'failed');
  });

  it('closes a failed task: pending phases skipped with skip gate decisions, quality and metadata, executor cleared, signals resolved', () => {
    const r = p.orc(['close', 'TASK-001', '--yes', '--message', 'Fixed by hand']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'Resolved 1 attention signal(s)\n✓ Task TASK-001 marked as closed\n   Message: Fixed by hand\n');
    const t = p.task('TASK-001');
    assert.deepEqual([t.status, t.current_phase, t.executor_pid, t.executor_hostname, t.last_heartbeat, t.executor_started_at], ['closed', '', 0, '', null, null]);
    assert.deepEqual(JSON.parse(t.quality as string), { manual_intervention: true, manual_intervention_reason: 'Fixed by hand' });
    const meta = JSON.parse(t.metadata as string) as Record<string, string>;
    assert.deepEqual(Object.keys(meta), ['close_message', 'closed', 'closed_at'], 'Go writes map keys sorted');
    assert.equal(meta.closed, 'true');
    const phases = p.query('SELECT phase_id, status, error_message FROM phases ORDER BY phase_id');
    assert.deepEqual(phases, [{ phase_id: 'implement', status: 'skipped', error_message: 'skipped: task closed' }, { phase_id: 'spec', status: 'completed', error_message: '' }]);
    assert.deepEqual(p.query('SELECT phase, gate_type, approved, reason FROM gate_decisions'), [{ phase: 'implement', gate_type: 'skip', approved: 1, reason: 'task closed' }]);
    assert.deepEqual(p.query('SELECT status, resolved_by FROM attention_signals'), [{ status: 'resolved', resolved_by: 'task-closed' }]);
  });

  it('refuses a blocked task unless forced, pointing at approve; forced, it records why and what it was', () => {
    const r = p.orc(['close', 'TASK-002', '-y']);
    assert.equal(r.status, 1);
    assert.ok(r.stderr.startsWith('Error: task TASK-002 is blocked (status: blocked), not failed\n\nFor blocked tasks'), r.stderr);
    assert.ok(r.stderr.includes('\n  orc approve TASK-002   Approve a gate'), r.stderr);
    const forced = p.orc(['close', 'TASK-002', '--force']);
    assert.equal(forced.status, 0, forced.stderr);
    const meta = JSON.parse(p.task('TASK-002').metadata as string) as Record<string, string>;
    assert.deepEqual([meta.force_closed, meta.original_status], ['true', 'blocked']);
  });
});

describe('stand-in orc: new and edit', () => {
  let p: FakeOrcProject;
  beforeEach(() => {
    p = new FakeOrcProject().createDb((db) => {
      seedWorkflow(db);
      seedTask(db, { id: 'TASK-001', title: 'One', status: 'completed' });
      seedTask(db, { id: 'TASK-002', title: 'Two', status: 'planned' });
      addDependency(db, 'TASK-002', 'TASK-001');
      insertInitiative(db, { id: 'INIT-001', title: 'Auth', tasks: ['TASK-001', 'TASK-GONE'] });
    });
  });
  afterEach(() => p.dispose());

  it('new: the next TASK id from the sequence, planned, branch orc/<id>, blockers and the initiative link', () => {
    const r = p.orc(['new', 'Add login', '-d', 'With tests', '--workflow', 'implement-small', '-c', 'bug', '-p', 'high',
      '--blocked-by', 'TASK-001,TASK-002', '-i', 'INIT-001']);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.startsWith('Task created: TASK-003\n   Title:    Add login\n   Category: bug\n   Priority: high\n' +
      '   Workflow: implement-small\n   Initiative: INIT-001\n'), r.stdout);
    const t = p.task('TASK-003');
    assert.deepEqual([t.status, t.branch, t.category, t.priority, t.queue, t.workflow_id, t.initiative_id, t.metadata, t.description],
      ['planned', 'orc/TASK-003', 'bug', 'high', 'active', 'implement-small', 'INIT-001', '', 'With tests']);
    assert.match(t.created_at as string, RFC3339_UTC);
    assert.equal(t.created_at, t.updated_at);
    assert.deepEqual(p.query('SELECT depends_on FROM task_dependencies WHERE task_id = ? ORDER BY depends_on', 'TASK-003'),
      [{ depends_on: 'TASK-001' }, { depends_on: 'TASK-002' }]);
    assert.deepEqual(p.query('SELECT task_id, sequence FROM initiative_tasks ORDER BY sequence'),
      [{ task_id: 'TASK-001', sequence: 0 }, { task_id: 'TASK-003', sequence: 1 }], 'the link to a deleted task is dropped, the new one goes last');
    assert.deepEqual(p.query(`SELECT current_value FROM sequences WHERE name = 'task'`), [{ current_value: 3 }]);
  });

  it('new refuses unknown blockers and initiatives after drawing the id, as orc does', () => {
    const r = p.orc(['new', 'X', '--blocked-by', 'TASK-404']);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'Error: dependency error for TASK-003: blocked_by references non-existent task TASK-404\n');
    const j = p.orc(['new', 'Y', '--json', '-i', 'INIT-404']);
    assert.equal(j.status, 1);
    assert.equal(j.stderr, '');
    assert.deepEqual(JSON.parse(j.stdout), { error: 'initiative INIT-404 not found' });
    assert.deepEqual(p.query(`SELECT current_value FROM sequences WHERE name = 'task'`), [{ current_value: 4 }]);
    assert.equal(p.query('SELECT id FROM tasks').length, 2);
  });

  it('edit: title, priority, status, initiative and blockers in one save; the initiative lists follow', () => {
    const r = p.orc(['edit', 'TASK-002', '--title', 'Two!', '-p', 'critical', '-s', 'paused', '-i', 'INIT-001', '--blocked-by', '']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'Updated task TASK-002\n   Title: Two!\n   Priority: normal -> critical\n   Status: planned -> paused\n' +
      '   Initiative: linked to INIT-001\n   Blocked by: (none)\n');
    const t = p.task('TASK-002');
    assert.deepEqual([t.title, t.priority, t.status, t.initiative_id], ['Two!', 'critical', 'paused', 'INIT-001']);
    assert.deepEqual(p.query('SELECT * FROM task_dependencies WHERE task_id = ?', 'TASK-002'), []);
    assert.deepEqual(p.query('SELECT task_id FROM initiative_tasks ORDER BY sequence').map((x) => x.task_id), ['TASK-001', 'TASK-002']);
    const moved = p.orc(['edit', 'TASK-002', '--initiative', '']);
    assert.equal(moved.stdout, 'Updated task TASK-002\n   Initiative: unlinked from INIT-001\n');
    assert.deepEqual(p.query('SELECT task_id FROM initiative_tasks').map((x) => x.task_id), ['TASK-001']);
  });

  it('edit: cycles refused, `resolved` is not a status, nothing changed writes nothing', () => {
    const cycle = p.orc(['edit', 'TASK-001', '--add-blocker', 'TASK-002']);
    assert.equal(cycle.stderr, 'Error: circular dependency detected: TASK-002 -> TASK-001 -> TASK-002\n');
    assert.match(p.orc(['edit', 'TASK-002', '--status', 'resolved']).stderr, /^Error: invalid status "resolved" - valid options:/);
    const before = p.task('TASK-002');
    assert.equal(p.orc(['edit', 'TASK-002', '--title', 'Two']).stdout, 'No changes to apply to task TASK-002\n');
    assert.deepEqual(p.task('TASK-002'), before);
  });

  it('edit --workflow resets the task for a fresh run; the workflow must be in the project database', () => {
    assert.match(p.orc(['edit', 'TASK-002', '--workflow', 'nope']).stderr, /^Error: workflow not found: nope\n/);
    p.orc(['edit', 'TASK-002', '--workflow', '']);
    const r = p.orc(['edit', 'TASK-002', '--workflow', 'implement-small']);
    assert.equal(r.stdout, 'Updated task TASK-002\n   Workflow: set to implement-small\n');
    const t = p.task('TASK-002');
    assert.deepEqual([t.status, JSON.parse(t.metadata as string)], ['planned', { _fresh_reset_pending: 'true' }]);
    // updated_at = now: RFC 3339 in UTC, or the trigger's datetime('now') when the second edit fell in the same second.
    assert.match(t.updated_at as string, new RegExp(`${RFC3339_UTC.source}|${SQLITE_NOW.source}`));
    assert.notEqual(t.updated_at, '2026-04-01T09:00:00Z');
  });

  it('edit refuses a running task', () => {
    p.orc(['edit', 'TASK-002', '--status', 'running']);
    assert.equal(p.orc(['edit', 'TASK-002', '--title', 'x']).stderr, 'Error: cannot edit running task TASK-002 - pause it first\n');
  });
});
