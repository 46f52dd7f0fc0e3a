import * as assert from 'node:assert';
import os from 'node:os';
import path from 'node:path';
import type { OrcInitiative, OrcTask } from '../../../src/core/formats/orc/model';
import { orcProjectId } from '../../../src/core/formats/orc-db/locate';
import type { OrcGateDecision } from '../../../src/core/formats/orc/gate-decisions';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { scanReportText } from '../../../src/core/report/scan-report';
import { addDependency, createProjectDbFile, insertComment, openOrcWriter, insertGateDecision, insertInitiative, insertPhase, insertSpec,
  insertTask, insertTranscript, insertWorkflow, rfc3339, type OrcDb } from '../helpers/orc-db';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';

const STATUSES = ['created', 'classifying', 'planned', 'running', 'paused', 'blocked', 'finalizing', 'completed', 'failed', 'closed'];

/** A workspace folder and an orc home; the project registered in the home's projects.yaml, its database there. */
class DbProject {
  readonly ws = new TempWorkspace({ '.orc/config.yaml': 'version: 1\ngates:\n  default_type: auto\n' });
  readonly home = new TempWorkspace();
  readonly orcHome = this.home.path('.orc');
  readonly id = orcProjectId(this.ws.root);
  readonly file = path.join(this.orcHome, 'projects', this.id, 'orc.db');

  constructor(layout: 'registry' | 'in-repo' = 'registry') {
    if (layout === 'registry') {
      this.home.write('.orc/projects.yaml', `projects:\n  - id: ${this.id}\n    name: p\n    path: ${this.ws.root}\n    created_at: 2026-04-01T10:00:00Z\n`);
    } else {
      this.file = this.ws.path('.orc/orc.db');
    }
  }

  build(fill: (db: OrcDb) => void, options: Parameters<typeof createProjectDbFile>[1] = {}): void {
    const db = createProjectDbFile(this.file, options);
    try { fill(db); } finally { db.close(); }
  }

  async scan(): Promise<OrchestrationService> {
    const service = new OrchestrationService({ folders: [{ root: this.ws.root, orcHome: this.orcHome }] });
    await service.scan();
    return service;
  }

  dispose(): void {
    this.ws.dispose();
    this.home.dispose();
  }
}

const tasksOf = (s: OrchestrationService) => s.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task');
const task = (s: OrchestrationService, id: string) => tasksOf(s).find((t) => t.id === id)!;

describe('orc database era: rows to the model', () => {
  let p: DbProject;
  afterEach(() => p.dispose());

  it('reads every status as written, from the registry layout, with era "db" and the database as file', async () => {
    p = new DbProject();
    p.build((db) => STATUSES.forEach((status, i) => insertTask(db, { id: `TASK-00${i}`, status })));
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => t.status), STATUSES);
    assert.ok(tasksOf(s).every((t) => t.era === 'db' && t.file === p.file));
    assert.deepStrictEqual(s.diagnostics(), []);
  });

  it('blocks on a dependency that is running or deleted, not on a completed or closed one', async () => {
    p = new DbProject();
    p.build((db) => {
      insertTask(db, { id: 'TASK-001', status: 'running', executorPid: process.pid, executorHostname: os.hostname(), lastHeartbeat: rfc3339() });
      insertTask(db, { id: 'TASK-002', status: 'closed' });
      insertTask(db, { id: 'TASK-003', status: 'completed' });
      insertTask(db, { id: 'TASK-010', title: 'on running' });
      insertTask(db, { id: 'TASK-011', title: 'on closed and completed' });
      insertTask(db, { id: 'TASK-012', title: 'on a deleted task' });
      addDependency(db, 'TASK-010', 'TASK-001');
      addDependency(db, 'TASK-011', 'TASK-002');
      addDependency(db, 'TASK-011', 'TASK-003');
      addDependency(db, 'TASK-012', 'TASK-404');
    });
    const s = await p.scan();
    assert.deepStrictEqual(['TASK-010', 'TASK-011', 'TASK-012'].map((id) => task(s, id).blocked), [true, false, true]);
    assert.deepStrictEqual(task(s, 'TASK-001').blocks, ['TASK-010']);
    assert.deepStrictEqual(task(s, 'TASK-011').blockedBy, ['TASK-002', 'TASK-003']);
    assert.strictEqual(task(s, 'TASK-001').orphaned, false, 'a live executor on this host');
    assert.deepStrictEqual(s.diagnostics().map((d) => [d.severity, d.message]),
      [['warning', 'task TASK-012 depends on TASK-404, which does not exist (deleted?): orc keeps TASK-012 blocked']]);
  });

  it('reads orc\'s two weeks of `resolved` (before it was `closed`) as done, and when and why a task was closed under either era\'s keys', async () => {
    p = new DbProject();
    p.build((db) => {
      insertTask(db, { id: 'TASK-001', status: 'resolved', metadata: { resolved: 'true', resolved_at: '2026-01-20T09:00:00Z', resolution_message: 'fixed by hand' } });
      insertTask(db, { id: 'TASK-002', status: 'closed', metadata: { closed: 'true', closed_at: '2026-02-05T10:00:00Z', close_message: 'nah' } });
      insertTask(db, { id: 'TASK-010', title: 'on resolved and closed' });
      addDependency(db, 'TASK-010', 'TASK-001');
      addDependency(db, 'TASK-010', 'TASK-002');
    });
    const s = await p.scan();
    assert.strictEqual(task(s, 'TASK-010').blocked, false);
    const report = JSON.parse(scanReportText(p.ws.root, s.items(), s.decisions(), s.diagnostics())) as { items: Record<string, unknown>[] };
    const closing = (id: string) => report.items.filter((i) => i.id === id).map((i) => [i.status, i.resolved, i.resolvedAt, i.resolutionMessage])[0];
    assert.deepStrictEqual(closing('TASK-001'), ['resolved', true, '2026-01-20T09:00:00Z', 'fixed by hand']);
    assert.deepStrictEqual(closing('TASK-002'), ['closed', true, '2026-02-05T10:00:00Z', 'nah']);
    assert.deepStrictEqual(s.diagnostics(), []);
  });

  it('marks a running task orphaned when its executor is gone', async () => {
    p = new DbProject();
    p.build((db) => {
      insertTask(db, { id: 'TASK-001', status: 'running', executorPid: 2 ** 22 + 17, executorHostname: os.hostname(), lastHeartbeat: rfc3339() });
      insertTask(db, { id: 'TASK-002', status: 'running' });
    });
    const s = await p.scan();
    assert.match(task(s, 'TASK-001').orphanReason ?? '', /not running on this host/);
    assert.match(task(s, 'TASK-002').orphanReason ?? '', /no executor is recorded in the database/);
  });

  it('blocks an initiative on one that is not completed, and counts its tasks', async () => {
    p = new DbProject();
    p.build((db) => {
      insertTask(db, { id: 'TASK-001', status: 'completed', initiativeId: 'INIT-002' });
      insertTask(db, { id: 'TASK-002', status: 'running', initiativeId: 'INIT-002' });
      insertInitiative(db, { id: 'INIT-001', status: 'completed' });
      insertInitiative(db, { id: 'INIT-002', status: 'active', tasks: ['TASK-002', 'TASK-001'], dependsOn: ['INIT-001'] });
      insertInitiative(db, { id: 'INIT-003', status: 'draft', dependsOn: ['INIT-002'] });
    });
    const s = await p.scan();
    const inits = s.items().filter((i): i is OrcInitiative => i.kind === 'initiative');
    assert.deepStrictEqual(inits.map((i) => [i.id, i.blocked]), [['INIT-001', false], ['INIT-002', false], ['INIT-003', true]]);
    const two = inits.find((i) => i.id === 'INIT-002')!;
    assert.deepStrictEqual(two.taskIds, ['TASK-002', 'TASK-001']);
    assert.deepStrictEqual([two.progress.completed, two.progress.total], [1, 2]);
    assert.deepStrictEqual(inits.find((i) => i.id === 'INIT-001')!.blocks, ['INIT-002']);
  });

  it('shows a pending human gate in Needs You, and the timeline from the workflow merged with the phase rows', async () => {
    p = new DbProject();
    p.build((db) => {
      insertWorkflow(db, 'implement-small', ['spec', { id: 'implement', gateType: 'human' }, 'review']);
      insertTask(db, { id: 'TASK-001', title: 'Gate me', status: 'blocked', currentPhase: 'implement',
        metadata: { blocked_reason: 'gate_pending', blocked_error: 'blocked at gate: wants a look (phase implement)' } });
      insertPhase(db, { taskId: 'TASK-001', phaseId: 'spec', status: 'completed', iterations: 1, commitSha: 'abc123',
        startedAt: '2026-04-01T10:00:00Z', completedAt: '2026-04-01T10:06:48Z', input: 100, output: 40, cacheCreation: 10, cacheRead: 1000, sessionId: 's-1' });
      insertPhase(db, { taskId: 'TASK-001', phaseId: 'implement', status: 'pending', iterations: 2, error: 'tests failed', input: 7, output: 3 });
      insertGateDecision(db, { taskId: 'TASK-001', phase: 'spec', gateType: 'auto', approved: true, reason: 'ok' });
      insertTask(db, { id: 'TASK-002', status: 'blocked', metadata: { blocked_reason: 'review_loop_exhausted' } });
    });
    const s = await p.scan();
    const decisions = s.decisions() as OrcGateDecision[];
    assert.deepStrictEqual(decisions.map((d) => [d.kind, d.taskId, d.phase, d.gateType, d.status, d.nextPhase, d.file]),
      [['gate', 'TASK-001', 'implement', 'human', 'pending', 'review', p.file]]);
    const t = task(s, 'TASK-001');
    assert.deepStrictEqual(t.phases.map((r) => [r.name, r.status, r.current, r.gateType]),
      [['spec', 'completed', false, 'auto'], ['implement', 'pending', true, 'human'], ['review', 'pending', false, 'auto']]);
    const spec = t.phases[0]!;
    assert.deepStrictEqual([spec.iterations, spec.checkpoint, spec.duration, spec.gates.map((g) => g.decision)], [1, 'abc123', '6m 48s', ['approved']]);
    assert.deepStrictEqual([t.phases[1]!.error, t.phases[1]!.gates.map((g) => g.decision)], ['tests failed', ['pending']]);
    // Tokens are the sums over the phases rows; the cache counts are apart from the input, never added twice.
    assert.deepStrictEqual(t.tokens, { input: 107, output: 43, cacheCreation: 10, cacheRead: 1000, total: 1160, effectiveInput: 1117 });
    assert.deepStrictEqual(spec.tokens, { input: 100, output: 40, cacheCreation: 10, cacheRead: 1000, effectiveInput: 1110, total: 1150 });
  });

  it('reads a retry from metadata._retry_state and a merge from pr_status, and no phase limit (orc keeps none since February)', async () => {
    p = new DbProject();
    p.build((db) => {
      insertWorkflow(db, 'implement-small', ['implement', 'review']);
      // As orc's SetRetryState writes it on a review loop back to implement (internal/task/retry_state.go).
      insertTask(db, { id: 'TASK-001', status: 'running', currentPhase: 'implement', metadata: { _retry_state: JSON.stringify(
        { from_phase: 'review', to_phase: 'implement', reason: 'review found 2 blocking issues', failure_output: 'x.go:3: nil map', attempt: 2 }) } });
      insertTask(db, { id: 'TASK-002', status: 'completed', metadata: { _retry_state: '{not json' } });
      // orc records a merge as pr_status 'merged' only; pr_merged stays 0 (internal/task/enum_convert.go).
      db.prepare('UPDATE tasks SET pr_url = ?, pr_number = ?, pr_status = ? WHERE id = ?').run('https://github.com/acme/shop/pull/7', 7, 'merged', 'TASK-002');
    });
    const s = await p.scan();
    const report = JSON.parse(scanReportText(p.ws.root, s.items(), s.decisions(), s.diagnostics())) as { items: Record<string, unknown>[] };
    const item = (id: string) => report.items.find((i) => i.id === id)!;
    assert.deepStrictEqual(item('TASK-001').retryContext, { fromPhase: 'review', toPhase: 'implement', reason: 'review found 2 blocking issues', attempt: 2, timestamp: null });
    assert.deepStrictEqual([item('TASK-002').retryContext, item('TASK-001').pr], [null, null]);
    assert.deepStrictEqual(item('TASK-002').pr, { url: 'https://github.com/acme/shop/pull/7', number: 7, status: 'merged', merged: true, mergedAt: null, targetBranch: null });
    // The templates hold the schema's default max_iterations of 20, which orc has not read since 2026-02-04.
    assert.deepStrictEqual(task(s, 'TASK-001').phases.map((r) => [r.name, r.maxIterations]), [['implement', null], ['review', null]]);
    assert.deepStrictEqual(s.diagnostics(), []);
  });

  it('counts comments, transcripts and the spec without choking on them', async () => {
    p = new DbProject();
    p.build((db) => {
      insertTask(db, { id: 'TASK-001' });
      insertComment(db, { id: 'c1', taskId: 'TASK-001', content: 'first' });
      insertComment(db, { id: 'c2', taskId: 'TASK-001', content: 'second', authorType: 'agent', phase: 'spec' });
      insertTranscript(db, { taskId: 'TASK-001', phase: 'spec', uuid: 'm1', content: '{"text":"hello"}', input: 5, output: 7 });
      insertSpec(db, 'TASK-001', '# Spec\n\nDo it.');
    });
    const t = task(await p.scan(), 'TASK-001');
    assert.deepStrictEqual([t.db?.comments, t.db?.transcripts, t.db?.hasSpec], [2, 1, true]);
  });

  it('reads the in-repo layout of a project orc has not registered', async () => {
    p = new DbProject('in-repo');
    p.build((db) => insertTask(db, { id: 'TASK-001', title: 'Here' }));
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => [t.id, t.file]), [['TASK-001', p.ws.path('.orc/orc.db')]]);
  });

  it('shows a database of a newer orc read-only with one diagnostic', async () => {
    p = new DbProject();
    p.build((db) => {
      insertTask(db, { id: 'TASK-001' });
      db.exec('INSERT INTO _migrations (version) VALUES (74)');
      db.exec('ALTER TABLE tasks ADD COLUMN future TEXT');
    });
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => [t.id, t.db?.readOnlyReason !== null]), [['TASK-001', true]]);
    assert.strictEqual(s.diagnostics().length, 1);
    assert.match(s.diagnostics()[0]!.message, /newer orc \(schema version 74; Baton knows orc's schema up to version 73\): shown read-only/);
  });

  it('shows a half-migrated database read-only with one diagnostic, reading what is there', async () => {
    p = new DbProject();
    p.build((db) => {
      insertTask(db, { id: 'TASK-001' });
      db.exec('DROP TABLE gate_decisions; DROP TABLE initiative_dependencies; DELETE FROM _migrations WHERE version > 40');
    });
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => t.id), ['TASK-001']);
    assert.strictEqual(s.diagnostics().length, 1);
    assert.match(s.diagnostics()[0]!.message, /schema is incomplete \(its schema version is 40, Baton knows version 73.*not found: gate_decisions, initiative_dependencies; shown read-only/);
  });

  it('reads a database an older orc wrote (its ledger before a column came) as complete: no problem, not read-only', async () => {
    // orc of early February 2026 (migration 56): no tasks.assigned_to (57), workflow_phases.type_override nor
    // phase_templates.type (62) yet. Missing in a database whose ledger says 62, they are a half-migrated schema.
    const olderOrc = (migratedTo: number) => (db: OrcDb) => {
      insertTask(db, { id: 'TASK-001' });
      db.exec(`DROP INDEX IF EXISTS idx_tasks_assigned_to;
        ALTER TABLE tasks DROP COLUMN assigned_to; ALTER TABLE workflow_phases DROP COLUMN type_override; ALTER TABLE phase_templates DROP COLUMN type;
        DELETE FROM _migrations WHERE version > ${migratedTo}`);
    };
    p = new DbProject();
    p.build(olderOrc(56));
    let s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => [t.id, t.db?.readOnlyReason]), [['TASK-001', null]]);
    assert.deepStrictEqual(s.diagnostics(), []);
    p.dispose();
    p = new DbProject();
    p.build(olderOrc(62));
    s = await p.scan();
    assert.strictEqual(s.diagnostics().length, 1);
    assert.match(s.diagnostics()[0]!.message, /its schema version is 62.*not found: tasks\.assigned_to, workflow_phases\.type_override, phase_templates\.type; shown read-only/);
  });

  it('with both eras in one folder, the database is the truth and one info says the YAML files are left over', async () => {
    p = new DbProject();
    p.ws.write('.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: 'Old YAML', status: 'bogus-status' }));
    p.ws.write('.orc/tasks/TASK-009/task.yaml', taskYaml({ id: 'TASK-009', title: 'Only in YAML' }));
    p.build((db) => insertTask(db, { id: 'TASK-001', title: 'From the database' }));
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => [t.id, t.title, t.era]), [['TASK-001', 'From the database', 'db']]);
    assert.deepStrictEqual(s.diagnostics().map((d) => d.severity), ['info']);
    assert.match(s.diagnostics()[0]!.message, /2 task and initiative folders under \.orc\/ are left from orc's file era/);
  });

  it('a file-era orc.db that holds only comments leaves the YAML files in charge', async () => {
    p = new DbProject('in-repo');
    p.ws.write('.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: 'YAML', status: 'planned' }));
    const db = createProjectDbFile(p.ws.path('.orc/orc.db'));
    db.exec('DROP TABLE _migrations; DROP TABLE tasks');
    db.close();
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => [t.id, t.era]), [['TASK-001', 'file']]);
  });

  it('file-era orc\'s own orc.db (migrated to version 11, its tasks table a cache of the YAML) leaves the YAML files in charge', async () => {
    // What `orc init` and most commands of the file era made: the ledger up to 11, a tasks table with a few cached
    // fields that may lag behind the YAML files (here: still running, its title an old one).
    p = new DbProject('in-repo');
    p.ws.write('.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: 'Done in YAML', status: 'completed' }));
    p.ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Waits for it', status: 'planned', blocked_by: ['TASK-001'] }));
    const db = openOrcWriter(p.ws.path('.orc/orc.db'));
    db.exec(`CREATE TABLE _migrations (version INTEGER PRIMARY KEY, applied_at TEXT DEFAULT (datetime('now')));
      CREATE TABLE tasks (id TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT, weight TEXT, status TEXT, current_phase TEXT,
        branch TEXT, worktree_path TEXT, created_at TEXT DEFAULT (datetime('now')), started_at TEXT, completed_at TEXT, total_cost_usd REAL DEFAULT 0);
      INSERT INTO tasks (id, title, status) VALUES ('TASK-001', 'Old title', 'running');`);
    for (let version = 1; version <= 11; version++) db.prepare('INSERT INTO _migrations (version) VALUES (?)').run(version);
    db.close();
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => [t.id, t.era, t.title, t.status, t.blocked]),
      [['TASK-001', 'file', 'Done in YAML', 'completed', false], ['TASK-002', 'file', 'Waits for it', 'planned', false]]);
    assert.deepStrictEqual(s.diagnostics(), []);
  });

  it('a folder\'s own orc.db from the database era\'s first version (12) on is the truth', async () => {
    p = new DbProject('in-repo');
    p.ws.write('.orc/tasks/TASK-009/task.yaml', taskYaml({ id: 'TASK-009', title: 'Left in YAML' }));
    p.build((db) => {
      insertTask(db, { id: 'TASK-001', title: 'From the database' });
      db.exec('DELETE FROM _migrations WHERE version > 12');
    });
    const s = await p.scan();
    assert.deepStrictEqual(tasksOf(s).map((t) => [t.id, t.era]), [['TASK-001', 'db']]);
  });
});
