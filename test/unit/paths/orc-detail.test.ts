import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { resolveAttachment } from '../../../src/core/formats/orc/detail/attachments';
import { taskDetail } from '../../../src/core/formats/orc-eras/task-detail';
import { taskYaml, TempWorkspace } from '../helpers/temp-workspace';
import { link, Outside } from './outside';

const TASK = '.orc/tasks/TASK-001';

describe('paths: orc task detail (transcripts, attachments, test report, artifacts)', () => {
  let ws: TempWorkspace;
  let out: Outside;
  beforeEach(() => {
    ws = new TempWorkspace({
      [`${TASK}/task.yaml`]: taskYaml({ id: 'TASK-001', title: 'paths' }),
      [`${TASK}/transcripts/01-spec-001.md`]: '# Transcript: TASK-001 / spec / iteration 1\n\n**Tokens**: 5\n',
      [`${TASK}/notes/real-review.md`]: '## Verdict: APPROVED\n',
    });
    out = new Outside();
  });
  afterEach(() => { ws.dispose(); out.dispose(); });

  it('never reads a transcript, artifact or report that is a symbolic link out of the task folder, and says so', async () => {
    link(out.sentinel, ws.path(`${TASK}/transcripts/02-implement-001.md`));
    link(out.sentinel, ws.path(`${TASK}/spec.md`));
    link(path.join(out.subdir, 'report.json'), ws.path(`${TASK}/test-results/report.json`));
    link(out.sentinel, ws.path(`${TASK}/attachments/escape.md`));
    link(path.join(out.subdir, 'evil.png'), ws.path(`${TASK}/test-results/screenshots/evil.png`));
    const d = await taskDetail(ws.root, 'TASK-001');
    out.assertNotLeaked(d, 'the task detail');
    assert.deepEqual(d.transcripts.map((t) => t.name), ['01-spec-001.md']);
    assert.equal(d.spec, null);
    assert.equal(d.testReport, null);
    assert.deepEqual(d.attachments, []);
    const messages = d.diagnostics.map((x) => `${path.basename(x.file)}: ${x.message}`);
    for (const name of ['02-implement-001.md', 'spec.md', 'report.json', 'escape.md']) {
      assert.ok(messages.some((m) => m.startsWith(`${name}:`) && /outside|symbolic link/.test(m)), `no diagnostic for ${name}: ${messages.join(' | ')}`);
    }
  });

  it('never lists a symlinked transcripts/, artifacts/ or attachments/ folder that leads outside', async () => {
    ws.remove(`${TASK}/transcripts`);
    link(out.subdir, ws.path(`${TASK}/transcripts`));
    link(out.subdir, ws.path(`${TASK}/artifacts`));
    link(out.subdir, ws.path(`${TASK}/attachments`));
    link(out.subdir, ws.path(`${TASK}/test-results`));
    const d = await taskDetail(ws.root, 'TASK-001');
    out.assertNotLeaked(d, 'the task detail');
    assert.deepEqual([d.transcripts.length, d.attachments.length, d.spec, d.testReport], [0, 0, null, null]);
    assert.ok(d.diagnostics.length >= 3, 'each refused file is a diagnostic');
    assert.equal((await resolveAttachment(ws.path(TASK), 'secret.md')).ok, false);
  });

  it('shows nothing of a task folder that is itself a link out of the workspace', async () => {
    link(out.subdir, ws.path('.orc/tasks/TASK-666'));
    const d = await taskDetail(ws.root, 'TASK-666');
    out.assertNotLeaked(d, 'the task detail');
    assert.equal(d.diagnostics.length, 1);
    assert.match(d.diagnostics[0]!.message, /task folder not read: .*symbolic link/);
  });

  it('refuses attachment names that climb, absolute or Windows-style, and screenshot names with separators', async () => {
    ws.write(`${TASK}/test-results/report.json`, JSON.stringify({ suites: [{ name: 's', tests: [{ name: 't', status: 'failed',
      screenshots: ['../../../../etc/passwd', '..\\..\\secret.md', out.sentinel, 'ok.png'] }] }] }));
    ws.write(`${TASK}/test-results/screenshots/ok.png`, 'png');
    const d = await taskDetail(ws.root, 'TASK-001');
    const files = new Map(d.testReport!.screenshots.map((s) => [s.name, s.file]));
    assert.equal(files.get('ok.png'), ws.path(`${TASK}/test-results/screenshots/ok.png`));
    for (const bad of ['../../../../etc/passwd', '..\\..\\secret.md', out.sentinel]) assert.equal(files.get(bad), null, `${bad} is shown without a file`);
    for (const bad of ['../../task.yaml', '/etc/passwd', '..\\..\\task.yaml', '..']) assert.equal((await resolveAttachment(ws.path(TASK), bad)).ok, false, bad);
  });

  it('never opens an orc.db that links out of the workspace (someone else\'s comments)', async () => {
    link(path.join(out.subdir, 'secret.md'), ws.path('.orc/orc.db'));
    const d = await taskDetail(ws.root, 'TASK-001');
    out.assertNotLeaked(d, 'the task detail');
    assert.equal(d.database, null);
    assert.ok(d.diagnostics.some((x) => x.file === ws.path('.orc/orc.db') && /comments not read: .*symbolic link/.test(x.message)));
  });

  it('follows a symlink that stays inside the task folder (allowed)', async () => {
    link(ws.path(`${TASK}/notes/real-review.md`), ws.path(`${TASK}/review.md`));
    link('01-spec-001.md', ws.path(`${TASK}/transcripts/01-spec-002.md`));
    const d = await taskDetail(ws.root, 'TASK-001');
    assert.equal(d.review?.verdict, 'APPROVED');
    assert.deepEqual(d.transcripts.map((t) => t.name), ['01-spec-001.md', '01-spec-002.md']);
    assert.deepEqual(readdirSync(ws.path(`${TASK}/transcripts`)).sort(), ['01-spec-001.md', '01-spec-002.md']);
  });
});
