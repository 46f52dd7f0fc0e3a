import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { taskDetail } from '../../../src/core/formats/orc-eras/task-detail';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { readProjectCosts } from '../../../src/core/formats/orc-db/cost-report';
import { forgetOrcGlobalDbs } from '../../../src/core/formats/orc-db/global-db';
import { orcProjectId } from '../../../src/core/formats/orc-db/locate';
import { forgetOrcDbFollowers, orcDbFollower } from '../../../src/core/formats/orc-db/read-db';
import { dbAttachmentBytes, dbTranscriptMessages } from '../../../src/core/formats/orc-db/detail/detail-queries';
import { transcriptMarkdown } from '../../../src/core/formats/orc-db/detail/transcript-markdown';
import { costsOverview } from '../../../src/core/service/costs-overview';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { createGlobalDbFile, createProjectDbFile, insertComment, insertPhase, insertSpec, insertTask, insertTranscript, insertWorkflow,
  openOrcWriter, type OrcDb } from '../helpers/orc-db';
import { FIXTURES, REPO, TempWorkspace } from '../helpers/temp-workspace';

const DAY = 86_400_000;

function runCli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** SQLite's datetime('now') text, as cost_log's default writes it. */
const sqliteTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function costRow(db: OrcDb, r: { project: string; task: string; phase: string; model: string; cost: number; input?: number; at: number;
  initiative?: string; iteration?: number }): void {
  db.prepare(`INSERT INTO cost_log (project_id, task_id, phase, model, provider, iteration, cost_usd, input_tokens, output_tokens,
    cache_creation_tokens, cache_read_tokens, total_tokens, initiative_id, duration_ms, user_id, timestamp)
    VALUES (?, ?, ?, ?, 'claude', ?, ?, ?, 100, 10, 1000, ?, ?, 60000, '', ?)`).run(r.project, r.task, r.phase, r.model, r.iteration ?? 1,
    r.cost, r.input ?? 1000, (r.input ?? 1000) + 1110, r.initiative ?? '', sqliteTime(r.at));
}

describe('orc database era: the task detail and costs', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let home: TempWorkspace;
  let orcHome: string;
  let file: string;
  const now = Date.UTC(2026, 3, 20, 12);

  beforeEach(() => {
    forgetOrcDbFollowers();
    forgetOrcGlobalDbs();
    ws = new TempWorkspace({ '.orc/config.yaml': 'version: 1\n' });
    home = new TempWorkspace();
    orcHome = home.path('.orc');
    const id = orcProjectId(ws.root);
    home.write('.orc/projects.yaml', `projects:\n  - id: ${id}\n    name: p\n    path: ${ws.root}\n`);
    file = path.join(orcHome, 'projects', id, 'orc.db');
    const db = createProjectDbFile(file);
    insertWorkflow(db, 'implement-small', ['spec', 'implement', { id: 'review', gateType: 'human' }]);
    insertTask(db, { id: 'TASK-001', title: 'Ran', status: 'running', currentPhase: 'implement', initiativeId: 'INIT-001' });
    insertTask(db, { id: 'TASK-002', title: 'Never ran', workflowId: 'qa-e2e' });
    insertPhase(db, { taskId: 'TASK-001', phaseId: 'spec', status: 'completed', startedAt: '2026-04-01T10:00:00Z',
      completedAt: '2026-04-01T10:12:30Z', input: 1200, output: 300, cacheRead: 4000, commitSha: 'abc1234', sessionId: 'sess-spec' });
    insertPhase(db, { taskId: 'TASK-001', phaseId: 'implement', status: 'pending', startedAt: '2026-04-01T10:13:00Z', error: 'tests failed once' });
    db.prepare(`INSERT INTO workflow_runs (id, workflow_id, context_type, context_data, task_id, prompt, status, started_at, created_at, updated_at)
      VALUES ('RUN-001', 'implement-small', 'task', '{}', 'TASK-001', '', 'running', '2026-04-01T10:00:00Z', '2026-04-01T10:00:00Z', '2026-04-01T10:00:00Z')`).run();
    db.prepare(`INSERT INTO workflow_run_phases (workflow_run_id, phase_template_id, status, iterations, started_at, completed_at, commit_sha)
      VALUES ('RUN-001', 'spec', 'completed', 3, '2026-04-01T10:00:00Z', '2026-04-01T10:12:30Z', 'abc1234')`).run();
    insertComment(db, { id: 'TC-1', taskId: 'TASK-001', author: 'alice', content: 'Please keep the API.' });
    insertComment(db, { id: 'TC-2', taskId: 'TASK-001', author: 'claude', authorType: 'agent', content: 'Kept.', phase: 'implement' });
    for (let m = 0; m < 4; m++) {
      insertTranscript(db, { taskId: 'TASK-001', phase: 'spec', uuid: `s-${m}`, content: `message ${m} ${'x'.repeat(20_000)}`,
        at: Date.UTC(2026, 3, 1, 10, 0, m * 30), input: 100, output: 50 });
    }
    db.prepare(`INSERT INTO task_attachments (task_id, filename, content_type, size_bytes, data, is_image, created_at)
      VALUES ('TASK-001', 'screen.png', 'image/png', ?, ?, 1, '2026-04-01T11:00:00Z')`).run(1_000_000, Buffer.alloc(1_000_000, 7));
    insertSpec(db, 'TASK-001', '# Specification: Keep the API\n\n## Success criteria\n- [x] one\n- [ ] two\n', 'RUN-SPEC');
    db.close();
    const global = createGlobalDbFile(path.join(orcHome, 'orc.db'));
    insertWorkflow(global, 'qa-e2e', ['qa', { id: 'e2e', gateType: 'human' }]);
    costRow(global, { project: ws.root, task: 'TASK-001', phase: 'spec', model: 'sonnet', cost: 0.25, at: now - 2 * DAY, initiative: 'INIT-001', iteration: 3 });
    costRow(global, { project: ws.root, task: 'TASK-001', phase: 'implement', model: 'opus', cost: 1.5, at: now - DAY, initiative: 'INIT-001' });
    costRow(global, { project: ws.root, task: 'TASK-003', phase: 'spec', model: 'haiku', cost: 0.01, at: now - 40 * DAY });
    costRow(global, { project: '/somewhere/else', task: 'TASK-001', phase: 'spec', model: 'opus', cost: 9, at: now - DAY });
    costRow(global, { project: '', task: 'TASK-001', phase: 'gate:spec', model: 'sonnet', cost: 0.02, at: now - DAY });
    global.close();
  });

  afterEach(() => {
    forgetOrcDbFollowers();
    forgetOrcGlobalDbs();
    ws.dispose();
    home.dispose();
  });

  async function scan(): Promise<{ service: OrchestrationService; task: (id: string) => OrcTask }> {
    const service = new OrchestrationService({ folders: [{ root: ws.root, orcHome }] });
    await service.scan();
    return { service, task: (id) => service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === id)! };
  }

  it('reads comments, transcripts per session (never their text), attachment metadata (never the bytes), the spec, runs and costs', async () => {
    const { task } = await scan();
    const d = await taskDetail(ws.root, 'TASK-001', { task: task('TASK-001'), orcHome });
    assert.strictEqual(d.era, 'db');
    assert.strictEqual(d.database, file);
    assert.deepStrictEqual(d.comments.map((c) => [c.author, c.authorType, c.content, c.phase]),
      [['alice', 'human', 'Please keep the API.', null], ['claude', 'agent', 'Kept.', 'implement']]);
    assert.deepStrictEqual(d.commentStats, { total: 2, human: 1, agent: 1, system: 0 });
    assert.strictEqual(d.transcripts.length, 1);
    const t = d.transcripts[0]!;
    assert.deepStrictEqual([t.phase, t.timestamp, t.duration, t.tokens, t.fields.Messages, t.fields.Session],
      ['spec', '2026-04-01T10:00:00.000Z', '1m 30s', 600, '4', 'sess-1']);
    assert.ok(t.size > 80_000, 'the stored size is counted');
    assert.ok(JSON.stringify(d).length < 20_000, 'no transcript text and no attachment bytes in the detail');
    assert.deepStrictEqual(d.attachments.map((a) => [a.filename, a.size, a.contentType, a.isImage, a.createdAt]),
      [['screen.png', 1_000_000, 'image/png', true, '2026-04-01T11:00:00Z']]);
    assert.deepStrictEqual([d.spec?.title, d.spec?.criteriaDone, d.spec?.criteriaTotal], ['Keep the API', 1, 2]);
    assert.deepStrictEqual(d.db?.runs.map((r) => [r.id, r.status, r.phases.map((p) => [p.phase, p.iterations])]),
      [['RUN-001', 'running', [['spec', 3]]], ['RUN-SPEC', 'completed', []]]);
    const costs = d.db?.costs;
    assert.ok(costs);
    assert.strictEqual(costs.total.costUsd, 1.75, 'this project only: not another project\'s rows, not the AI gate\'s');
    assert.deepStrictEqual(costs.rows.map((r) => [r.phase, r.model, r.costUsd, r.iterations]), [['spec', 'sonnet', 0.25, 3], ['implement', 'opus', 1.5, 1]]);
    assert.deepStrictEqual(Object.keys(costs.byPhase).sort(), ['implement', 'spec']);
    assert.deepStrictEqual(d.diagnostics, []);
  });

  it('opens a transcript as its first messages, each cut at 8 KB, in fences no content can close; an attachment\'s bytes only on demand', async () => {
    const w = openOrcWriter(file);
    insertTranscript(w, { taskId: 'TASK-001', phase: 'implement', uuid: 'i-1', content: 'before ``` inside ```` after', at: Date.UTC(2026, 3, 1, 11) });
    w.close();
    const follower = orcDbFollower(file);
    const spec = await follower.query((src) => dbTranscriptMessages(src, 'TASK-001', 'spec', 'sess-1', 3, 8192));
    assert.deepStrictEqual(spec?.map((m) => [m.content.length, m.length, m.atMs]), [0, 1, 2].map((i) => [8192, 20_010, Date.UTC(2026, 3, 1, 10, 0, i * 30)]));
    const implement = (await follower.query((src) => dbTranscriptMessages(src, 'TASK-001', 'implement', 'sess-1', 10, 8192)))!;
    const md = transcriptMarkdown('TASK-001', file, 'implement · sess-1', implement);
    assert.match(md, /\n`````\nbefore ``` inside ```` after\n`````\n/);
    const cut = transcriptMarkdown('TASK-001', file, 'spec · sess-1', spec!);
    assert.match(cut, /11,818 more characters/);
    const bytes = await follower.query((src) => dbAttachmentBytes(src, 'TASK-001', 'screen.png', 2_000_000));
    assert.ok(bytes && bytes.length === 1_000_000 && bytes.every((b) => b === 7));
    assert.strictEqual(await follower.query((src) => dbAttachmentBytes(src, 'TASK-001', 'screen.png', 1000)), null, 'larger than allowed: not read');
  });

  it('the timeline counts iterations from the workflow run, and a task never run has its phases from the global workflows', async () => {
    const { task } = await scan();
    const ran = task('TASK-001');
    assert.deepStrictEqual(ran.phases.map((p) => [p.name, p.status, p.iterations, p.duration, p.checkpoint, p.error]), [
      ['spec', 'completed', 3, '12m 30s', 'abc1234', null],
      ['implement', 'pending', 0, null, null, 'tests failed once'],
      ['review', 'pending', null, null, null, null],
    ]);
    assert.deepStrictEqual(task('TASK-002').phases.map((p) => [p.name, p.gateType, p.inPlan]), [['qa', 'auto', true], ['e2e', 'human', true]]);
  });

  it('a workflow added to the global database reaches a task that names it (the global database is part of the record)', async () => {
    const { service, task } = await scan();
    const w = openOrcWriter(file);
    w.prepare(`UPDATE tasks SET workflow_id = 'docs' WHERE id = 'TASK-002'`).run();
    w.close();
    await service.fileChanged(file);
    assert.deepStrictEqual(task('TASK-002').phases, []);
    const g = openOrcWriter(path.join(orcHome, 'orc.db'));
    insertWorkflow(g, 'docs', ['write', 'check']);
    g.close();
    const change = await service.fileChanged(path.join(orcHome, 'orc.db'));
    assert.deepStrictEqual(change?.changed.map((i) => i.id), ['TASK-002']);
    assert.deepStrictEqual(task('TASK-002').phases.map((p) => p.name), ['write', 'check']);
  });

  it('follows the database: a comment committed after a first read is in the next detail', async () => {
    const { task } = await scan();
    assert.strictEqual((await taskDetail(ws.root, 'TASK-001', { task: task('TASK-001'), orcHome })).comments.length, 2);
    const w = openOrcWriter(file);
    insertComment(w, { id: 'TC-3', taskId: 'TASK-001', author: 'bob', content: 'Merged.' });
    // orc's writer keeps its connection open: the comment is only in orc.db-wal
    assert.strictEqual((await taskDetail(ws.root, 'TASK-001', { task: task('TASK-001'), orcHome })).comments.at(-1)?.content, 'Merged.');
    w.close();
  });

  it('costs per day and model over the last 30 days, per task, initiative and phase; a symlinked project path counts', async () => {
    const link = home.path('link-to-project');
    symlinkSync(ws.root, link);
    const g = openOrcWriter(path.join(orcHome, 'orc.db'));
    costRow(g, { project: link, task: 'TASK-004', phase: 'docs', model: '', cost: 0.5, at: now });
    g.close();
    const report = await readProjectCosts({ root: ws.root, orcHome }, new Date(now));
    const c = report.costs!;
    assert.strictEqual(report.database, path.join(orcHome, 'orc.db'));
    assert.strictEqual(c.days.length, 30);
    assert.deepStrictEqual([c.window.from, c.window.to], ['2026-03-22', '2026-04-20']);
    assert.deepStrictEqual(c.byDayModel.map((r) => [r.day, r.model, r.costUsd]),
      [['2026-04-18', 'sonnet', 0.25], ['2026-04-19', 'opus', 1.5], ['2026-04-20', 'unknown', 0.5]]);
    assert.deepStrictEqual(c.byModel.map((r) => r.key), ['opus', 'unknown', 'sonnet'], 'the 40-day-old haiku run is outside the window');
    assert.strictEqual(c.total.costUsd, 2.26);
    assert.deepStrictEqual(c.byTask.map((r) => [r.key, r.costUsd]), [['TASK-001', 1.75], ['TASK-004', 0.5], ['TASK-003', 0.01]]);
    assert.deepStrictEqual(c.byInitiative.map((r) => [r.key, r.costUsd]), [['INIT-001', 1.75]]);
    assert.deepStrictEqual(c.byPhase.map((r) => r.key), ['implement', 'docs', 'spec']);
    assert.strictEqual(c.total.tokens.total, 4 * 2110, 'input, output and both cache counts summed');
  });

  it('the Cost view\'s overview: the ledger per folder beside the tokens of database tasks, file-era tasks and Dure runs', async () => {
    const w = openOrcWriter(file);
    w.prepare("UPDATE tasks SET total_cost_usd = 1.75 WHERE id = 'TASK-001'").run();
    w.close();
    const dure = new TempWorkspace({}, path.join(FIXTURES, 'wild', 'dure', 'usage-and-model-selection'));
    const files = new TempWorkspace({}, path.join(FIXTURES, 'workspace'));
    try {
      const service = new OrchestrationService({ folders: [{ root: ws.root, orcHome }, { root: files.root, orcHome }, { root: dure.root, orcHome }] });
      await service.scan();
      const overview = await costsOverview(service, new Date(now));
      assert.strictEqual(overview.length, 3);
      const [db, fileEra, runs] = overview as [typeof overview[0], typeof overview[0], typeof overview[0]];
      assert.deepStrictEqual([db.root, fileEra.root, runs.root], [ws.root, files.root, dure.root]);
      const ledger = db.orcLedger!;
      assert.deepStrictEqual(ledger.models, ['opus', 'sonnet']);
      assert.deepStrictEqual(ledger.windowTotal.costUsd, 1.75);
      assert.deepStrictEqual(ledger.total, { costUsd: 1.76, tokens: 3 * 2110, entries: 3 });
      assert.deepStrictEqual(ledger.tasks.map((t) => [t.id, t.title, t.costUsd]), [['TASK-001', 'Ran', 1.75], ['TASK-003', null, 0.01]],
        'titles from the tasks the index holds; a task the database no longer has keeps its id');
      assert.deepStrictEqual(db.orcDatabase && [db.orcDatabase.items, db.orcDatabase.withTokens, db.orcDatabase.tokens.total], [2, 1, 5500]);
      // Each database task's cost is tasks.total_cost_usd (TASK-002, never run, costs 0).
      assert.deepStrictEqual([db.orcDatabase!.costUsd, db.orcDatabase!.top.map((t) => [t.id, t.costUsd])], [1.75, [['TASK-001', 1.75]]]);
      assert.strictEqual(db.orcFiles, null);
      assert.strictEqual(fileEra.orcLedger, null, 'no ledger rows name the file-era folder');
      assert.ok(fileEra.orcFiles && fileEra.orcFiles.withTokens >= 1 && fileEra.orcFiles.tokens.total > 0);
      assert.strictEqual(fileEra.orcDatabase, null);
      assert.ok(runs.dure && runs.dure.items >= 1 && runs.dure.tokens.total > 0 && runs.dure.costUsd! > 0, JSON.stringify(runs.dure));
      assert.deepStrictEqual([db.problems, fileEra.problems, runs.problems], [[], [], []]);
    } finally {
      dure.dispose();
      files.dispose();
    }
  });

  it('baton task show --json covers the database era with the same shape, era "db"', async () => {
    const run = runCli(['task', 'show', 'TASK-001', '--json', '--dir', ws.root, '--home', home.root]);
    assert.strictEqual(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as Record<string, unknown> & { detail: Record<string, unknown> };
    assert.strictEqual(json.era, 'db');
    assert.strictEqual(json.detail.era, 'db');
    for (const key of ['transcripts', 'attachments', 'testReport', 'spec', 'review', 'finalization', 'comments', 'commentStats']) {
      assert.ok(key in json.detail, key);
    }
    assert.strictEqual((json.detail.comments as unknown[]).length, 2);
    assert.strictEqual((json.detail.costs as { total: { costUsd: number } }).total.costUsd, 1.75);
    const text = runCli(['task', 'show', 'TASK-001', '--dir', ws.root, '--home', home.root]);
    assert.match(text.stdout, /spec\s+completed\s+3\//);
    assert.match(text.stdout, /cost: \$1\.75 over 2 phase run/);
  });
});
