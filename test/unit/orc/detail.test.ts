import * as assert from 'node:assert';
import { symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { taskDetail } from '../../../src/core/formats/orc-eras/task-detail';
import { resolveAttachment } from '../../../src/core/formats/orc/detail/attachments';
import { parseFinalization, parseReview } from '../../../src/core/formats/orc/detail/artifacts';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';

/** A real orc.db made with sql.js: the spec's task_comments table and a few rows. */
async function makeOrcDb(rows: [string, string, string, string, string, string | null, string][]): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE tasks (id TEXT PRIMARY KEY);
    CREATE TABLE task_comments (id TEXT PRIMARY KEY, task_id TEXT NOT NULL, author TEXT NOT NULL, author_type TEXT NOT NULL,
      content TEXT NOT NULL, phase TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
  for (const r of rows) db.run('INSERT INTO task_comments VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [...r, r[6]]);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

const PNG_1x1 = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2b1a2d50000000049454e44ae426082', 'hex');

describe('orc task detail (read on demand)', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('reads comments of one task from a real orc.db, oldest first, without holding the file', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }) });
    ws.write('.orc/orc.db', await makeOrcDb([
      ['TC-a1b2c3d4', 'TASK-001', 'claude', 'agent', 'Uses the existing\nauth flow', 'implement', '2026-01-10T10:30:00Z'],
      ['TC-00000001', 'TASK-001', 'maya', 'human', 'Please keep the cookie httpOnly', null, '2026-01-10T09:00:00Z'],
      ['TC-00000002', 'TASK-002', 'orc', 'system', 'other task', null, '2026-01-10T09:00:00Z'],
      ['TC-00000003', 'TASK-001', 'orc', 'system', 'Phase spec completed', 'spec', '2026-01-10T11:00:00Z'],
    ]));
    const d = await taskDetail(ws.root, 'TASK-001');
    assert.deepStrictEqual(d.comments.map((c) => [c.id, c.author, c.authorType, c.phase]), [
      ['TC-00000001', 'maya', 'human', null], ['TC-a1b2c3d4', 'claude', 'agent', 'implement'], ['TC-00000003', 'orc', 'system', 'spec']]);
    assert.strictEqual(d.comments[1]!.content, 'Uses the existing\nauth flow');
    assert.deepStrictEqual(d.commentStats, { total: 3, human: 1, agent: 1, system: 1 });
    assert.deepStrictEqual(d.diagnostics, []);
    // Read-only: the bytes on disk are untouched, and the file can be replaced at once (no lock, no handle).
    ws.write('.orc/orc.db', await makeOrcDb([['TC-9', 'TASK-001', 'x', 'human', 'new', null, '2026-01-11T00:00:00Z']]));
    utimesSync(ws.path('.orc/orc.db'), new Date(), new Date(Date.now() + 5000));
    assert.deepStrictEqual((await taskDetail(ws.root, 'TASK-001')).comments.map((c) => c.id), ['TC-9'], 'a changed file is read again');
  });

  it('reads a WAL-mode database and reports a corrupt one instead of failing', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }) });
    const wal = await makeOrcDb([['TC-1', 'TASK-001', 'a', 'human', 'hi', null, '2026-01-10T09:00:00Z']]);
    wal[18] = 2; wal[19] = 2; // the header of a database in write-ahead-log mode
    ws.write('.orc/orc.db', wal);
    assert.deepStrictEqual((await taskDetail(ws.root, 'TASK-001')).comments.map((c) => c.id), ['TC-1']);
    ws.write('.orc/orc.db', Buffer.from('SQLite format 3\0 but then garbage '.repeat(40)));
    const d = await taskDetail(ws.root, 'TASK-001');
    assert.deepStrictEqual(d.comments, []);
    assert.strictEqual(d.diagnostics.length, 1);
    assert.match(d.diagnostics[0]!.message, /orc\.db could not be read/);
  });

  it('lists transcripts in run order with their header fields, reading only the header', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-001/transcripts/02-implement-003.md': '# Transcript: TASK-001 / implement / iteration 3\n\n**Timestamp**: 2026-01-10T11:15:00Z\n**Duration**: 5m 32s\n**Tokens**: 8,500\n**Status**: running\n**Model**: opus\n\n---\n\n## Prompt\n\n**Timestamp**: not a header field\n' + 'x'.repeat(100_000),
      '.orc/tasks/TASK-001/transcripts/01-spec-001.md': '# Transcript: TASK-001 / spec / iteration 1\n\n**Status**: completed\n',
      '.orc/tasks/TASK-001/transcripts/02-implement-001.md': '**Tokens**: many\n',
      '.orc/tasks/TASK-001/transcripts/notes.md': 'free text\n',
    });
    const d = await taskDetail(ws.root, 'TASK-001');
    assert.deepStrictEqual(d.transcripts.map((t) => [t.name, t.sequence, t.phase, t.iteration]), [
      ['01-spec-001.md', 1, 'spec', 1], ['02-implement-001.md', 2, 'implement', 1], ['02-implement-003.md', 2, 'implement', 3], ['notes.md', null, null, null]]);
    const t = d.transcripts[2]!;
    assert.deepStrictEqual([t.title, t.timestamp, t.duration, t.tokens, t.status, t.fields.Model],
      ['Transcript: TASK-001 / implement / iteration 3', '2026-01-10T11:15:00Z', '5m 32s', 8500, 'running', 'opus']);
    assert.strictEqual(d.transcripts[1]!.tokens, null, 'an unreadable token count is null, not NaN');
    assert.deepStrictEqual(d.diagnostics.map((x) => path.basename(x.file)), ['notes.md']);
  });

  it('lists attachments from the file system, applies the filename rules and never follows a link out of the task folder', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-001/attachments/screenshot-001.png': PNG_1x1,
      '.orc/tasks/TASK-001/attachments/error-log.txt': 'boom\n',
      '.orc/tasks/TASK-001/attachments/.tmp-upload': 'partial',
      '.orc/tasks/TASK-001/attachments/sub/nested.txt': 'folders are not attachments',
    });
    utimesSync(ws.path('.orc/tasks/TASK-001/attachments/error-log.txt'), new Date('2026-01-01'), new Date('2026-01-01'));
    const secret = path.join(os.tmpdir(), `baton-secret-${process.pid}.txt`);
    writeFileSync(secret, 'secret');
    symlinkSync(secret, ws.path('.orc/tasks/TASK-001/attachments/escape.txt'));
    symlinkSync('screenshot-001.png', ws.path('.orc/tasks/TASK-001/attachments/alias.png'));
    writeFileSync(ws.path('.orc/tasks/TASK-001/attachments/back\\slash.txt'), 'x');
    const d = await taskDetail(ws.root, 'TASK-001');
    assert.deepStrictEqual(d.attachments.map((a) => a.filename).sort(), ['alias.png', 'error-log.txt', 'screenshot-001.png']);
    assert.strictEqual(d.attachments[d.attachments.length - 1]!.filename, 'error-log.txt', 'newest first');
    const png = d.attachments.find((a) => a.filename === 'screenshot-001.png')!;
    assert.deepStrictEqual([png.contentType, png.isImage, png.size], ['image/png', true, PNG_1x1.length]);
    assert.deepStrictEqual(d.diagnostics.map((x) => x.message).sort(), [
      'attachment not shown: "back\\slash.txt" contains a path separator', 'attachment not shown: escape.txt points outside the task folder']);
    const dir = ws.path('.orc/tasks/TASK-001');
    for (const bad of ['../task.yaml', '..', '.', '', 'a/b.png', 'escape.txt']) assert.strictEqual((await resolveAttachment(dir, bad)).ok, false, bad);
    assert.strictEqual((await resolveAttachment(dir, 'error-log.txt')).ok, true);
  });

  it('reads test-results/report.json: summary, suites, failing tests, coverage and screenshots', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-001/test-results/screenshots/login-error.png': PNG_1x1,
      '.orc/tasks/TASK-001/test-results/screenshots/dashboard-initial.png': PNG_1x1,
      '.orc/tasks/TASK-001/test-results/report.json': JSON.stringify({ version: 1, framework: 'playwright', duration: 300000,
        summary: { total: 3, passed: 1, failed: 1, skipped: 1 }, extra: { kept: true },
        suites: [{ name: 'Login Flow', tests: [
          { name: 'logs in', status: 'passed', duration: 1500, screenshots: ['login-success.png'], trace: 'trace-1.zip' },
          { name: 'shows an error', status: 'failed', duration: 2000, error: 'Expected error message not found', screenshots: ['login-error.png', '../../task.yaml'] },
          { name: 'remembers me', status: 'skipped' }] }],
        coverage: { percentage: 85.5, lines: { total: 1000, covered: 855, percent: 85.5 }, branches: { total: 200, covered: 170, percent: 85 } } }, null, 2),
    });
    const r = (await taskDetail(ws.root, 'TASK-001')).testReport!;
    assert.deepStrictEqual(r.summary, { total: 3, passed: 1, failed: 1, skipped: 1 });
    assert.deepStrictEqual(r.suites.map((s) => [s.name, s.passed, s.failed, s.skipped]), [['Login Flow', 1, 1, 1]]);
    assert.strictEqual(r.suites[0]!.tests[1]!.error, 'Expected error message not found');
    assert.deepStrictEqual(r.coverage, { percentage: 85.5, lines: 85.5, branches: 85 });
    assert.deepStrictEqual(r.screenshots.map((s) => [s.name, s.file ? path.basename(s.file) : null]), [
      ['../../task.yaml', null], ['dashboard-initial.png', 'dashboard-initial.png'], ['login-error.png', 'login-error.png'], ['login-success.png', null]]);
  });

  it('reports a broken report.json at its line and a wrong field at its value', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-001/test-results/report.json': '{\n  "summary": {\n    "total": 3,\n  }\n}\n',
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'b' }),
      '.orc/tasks/TASK-002/test-results/report.json': '{\n  "summary": {"total": "ten", "failed": 1}\n}\n',
    });
    const broken = await taskDetail(ws.root, 'TASK-001');
    assert.strictEqual(broken.testReport, null);
    assert.deepStrictEqual(broken.diagnostics.map((d) => [d.line, d.severity]), [[4, 'error']]);
    const wrong = await taskDetail(ws.root, 'TASK-002');
    assert.deepStrictEqual(wrong.diagnostics.map((d) => [d.line, d.message]), [[2, '`summary.total` should be a number']]);
    assert.deepStrictEqual(wrong.testReport?.summary, { total: 0, passed: 0, failed: 1, skipped: 0 }, 'the rest of the report still counts');
  });

  it('parses review.md (verdict, findings) and finalization-report.md (risk), ignoring headings in code blocks', async () => {
    const review = parseReview('r', '# Review: TASK-001 / implement\n\n```md\n## Verdict: REJECTED\n```\n\n## Verdict: APPROVED\n\n## Findings\n### Major\n- None\n\n### Minor\n- Line 45: Consider using constant for timeout value\n\n## Tests\n- 24/24 passing\n- Coverage: 87%\n');
    assert.deepStrictEqual([review.verdict, review.findings, review.tests], ['APPROVED',
      [{ severity: 'Major', items: [] }, { severity: 'Minor', items: ['Line 45: Consider using constant for timeout value'] }], ['24/24 passing', 'Coverage: 87%']]);
    assert.strictEqual(parseReview('r', '**Verdict**: CHANGES_REQUESTED\n').verdict, 'CHANGES_REQUESTED');
    assert.strictEqual(parseReview('r', '# Review\nnothing\n').verdict, null);
    const fin = parseFinalization('f', '# Finalization Report: TASK-001\n\n## Sync Summary\n\n| Metric | Value |\n|--------|-------|\n| Target Branch | main |\n| Conflicts Resolved | 2 |\n\n## Risk Assessment\n\n| Factor | Value | Risk |\n|--------|-------|------|\n| Files Changed | 12 | Medium |\n| **Overall Risk** | | **High** |\n\n## Merge Decision\n\n**Ready for Merge**: YES\n**Recommended Action**: review-then-merge\n');
    assert.deepStrictEqual([fin.risk, fin.readyForMerge, fin.recommendedAction, fin.summary],
      ['High', 'YES', 'review-then-merge', [['Target Branch', 'main'], ['Conflicts Resolved', '2']]]);
  });

  it('finds spec.md in artifacts/ or the task folder, and refuses ids that are paths', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-001/spec.md': '# Specification: Add auth\n\n## Success Criteria\n- [x] Google works\n- [ ] GitHub works\n',
      '.orc/tasks/TASK-001/artifacts/review.md': '## Verdict: NEEDS_CHANGES\n',
    });
    const d = await taskDetail(ws.root, 'TASK-001');
    assert.deepStrictEqual([d.spec?.title, d.spec?.criteriaDone, d.spec?.criteriaTotal, d.review?.verdict], ['Add auth', 1, 2, 'NEEDS_CHANGES']);
    assert.match(d.taskFileSha256 ?? '', /^[0-9a-f]{64}$/);
    await assert.rejects(taskDetail(ws.root, '../TASK-001'), /not a task id/);
  });
});
