import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { FAKE_ORC, FakeOrcProject, seedTask, seedWorkflow } from './fake-orc-project';

// The `baton` CLI's writes on a folder whose orc keeps a database: the same commands as in the file era, run by orc
// itself (the stand-in takes orc's real flags and writes the database as orc does); without orc, the command to run.

const GATE = { blocked_reason: 'gate_pending', blocked_error: 'blocked at gate: awaiting approval (phase implement)' };

describe('baton CLI on orc\'s database era: writes go through orc', function () {
  this.timeout(30_000);
  let p: FakeOrcProject;
  beforeEach(() => {
    p = new FakeOrcProject({ registered: true }).createDb((db) => {
      seedWorkflow(db);
      seedTask(db, { id: 'TASK-001', title: 'At the gate', status: 'blocked', currentPhase: 'implement', metadata: GATE });
      seedTask(db, { id: 'TASK-002', title: 'Broken', status: 'failed' });
      seedTask(db, { id: 'TASK-003', title: 'Planned', status: 'planned' });
    });
  });
  afterEach(() => p.dispose());

  function baton(args: string[], withOrc = true): { code: number | null; stdout: string; stderr: string } {
    const PATH = withOrc ? `${path.dirname(FAKE_ORC)}${path.delimiter}${path.dirname(process.execPath)}` : path.dirname(process.execPath);
    const r = spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], { cwd: p.root, env: p.env({ PATH }), encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }
  const argvs = () => p.calls().map((c) => c.argv);

  it('task set / new / resolve run orc edit, orc new and orc close; orc\'s database changes as orc changes it', () => {
    let r = baton(['task', 'set', 'TASK-003', 'priority', 'high']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /ran: orc edit TASK-003 --priority high/);
    assert.equal(p.task('TASK-003')!.priority, 'high');
    r = baton(['task', 'set', 'TASK-003', 'blocked_by', 'TASK-002']);
    assert.equal(r.code, 0, r.stderr);
    r = baton(['task', 'new', 'Export invoices as CSV', '--priority', 'low']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), 'TASK-004');
    assert.equal(p.task('TASK-004')!.title, 'Export invoices as CSV');
    r = baton(['task', 'resolve', 'TASK-002', '--message', 'Superseded']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(p.task('TASK-002')!.status, 'closed');
    assert.deepEqual(argvs(), [['edit', 'TASK-003', '--priority', 'high'], ['edit', 'TASK-003', '--blocked-by', 'TASK-002'],
      ['new', '--json', '--priority', 'low', '--', 'Export invoices as CSV'], ['close', 'TASK-002', '--yes', '--message', 'Superseded']]);
  });

  it('a field orc edit has no flag for is refused and nothing runs; orc\'s own refusal comes back as exit 1', () => {
    const r = baton(['task', 'set', 'TASK-003', 'queue', 'backlog']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /orc edit has no flag for the queue.*nothing changed/);
    const bad = baton(['task', 'set', 'TASK-003', 'priority', 'urgent']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /priority/);
    assert.deepEqual(argvs(), []);
  });

  it('answer TASK:PHASE runs orc approve / orc reject --reason; the gate leaves the scan', () => {
    const r = baton(['answer', 'TASK-001:implement', '--option', 'approve']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(argvs(), [['approve', 'TASK-001']]);
    const scan = JSON.parse(baton(['scan', '--json']).stdout) as { decisions: unknown[] };
    assert.deepEqual(scan.decisions, []);
  });

  it('without orc: the exact command to run, exit 1; baton run says orc runs its own phases', () => {
    const r = baton(['task', 'set', 'TASK-003', 'title', 'Plan it'], false);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /orc edit TASK-003 --title 'Plan it'/);
    const run = baton(['run', 'TASK-003']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /orc runs them itself: run orc run TASK-003 in this folder/);
    assert.deepEqual(argvs(), []);
    assert.equal(p.task('TASK-003')!.title, 'Planned');
  });
});
