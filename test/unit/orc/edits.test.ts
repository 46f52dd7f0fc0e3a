import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { editContext, type OrcEditContext } from '../../../src/core/formats/orc/edit-context';
import { setDependencies } from '../../../src/core/formats/orc/edit-dependencies';
import { setTaskInitiative } from '../../../src/core/formats/orc/edit-initiative-link';
import { createTask, nextTaskId } from '../../../src/core/formats/orc/edit-new-task';
import { resolveTask } from '../../../src/core/formats/orc/edit-resolve';
import { setTaskField } from '../../../src/core/formats/orc/edit-task-fields';
import { EditRefused, sha256, writeIfUnchanged } from '../../../src/core/io/guarded-edit';
import { REPO, TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { scanFolder } from '../helpers/scan';

const NOW = new Date('2026-02-01T08:00:00Z');
const DEMO = path.join(REPO, 'demo');

async function context(ws: TempWorkspace): Promise<OrcEditContext> {
  const { service } = await scanFolder(ws.root);
  return editContext(ws.root, service.items(), () => NOW);
}

/** The lines of `after` that differ from `before` (same line count expected), as [line number, text]. */
function changedLines(before: string, after: string): [number, string][] {
  const a = before.split('\n');
  const b = after.split('\n');
  assert.strictEqual(b.length, a.length, `line count changed:\n${after}`);
  return b.map((l, i) => [i + 1, l] as [number, string]).filter(([i, l]) => a[i - 1] !== l);
}

describe('orc edits', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());
  // The demo's files are hand-written with aligned comments: the hardest case for keeping bytes.
  const demo = () => new TempWorkspace({}, path.join(DEMO));

  it('sets priority: only that line and updated_at change, comments and key order kept', async () => {
    ws = demo();
    const file = ws.path('.orc/tasks/TASK-002/task.yaml');
    const before = readFileSync(file, 'utf8');
    const result = await setTaskField(await context(ws), 'TASK-002', 'priority', 'low');
    assert.deepStrictEqual(result.changed, [file]);
    const after = readFileSync(file, 'utf8');
    assert.deepStrictEqual(changedLines(before, after), [[17, 'priority: low'], [35, 'updated_at: 2026-02-01T08:00:00Z']]);
    const { tasks } = await scanFolder(ws.root);
    assert.strictEqual(tasks.get('TASK-002')!.priority, 'low');
    assert.strictEqual(tasks.get('TASK-002')!.fields.metadata?.external_id, 'ACME-431', 'other fields survive');
  });

  it('sets queue, category and weight, keeping a trailing comment in its column', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\ntitle: a\nstatus: created\nqueue: active                     # active | backlog\nweight: small\n' });
    const ctx = await context(ws);
    await setTaskField(ctx, 'TASK-001', 'queue', 'backlog');
    await setTaskField(ctx, 'TASK-001', 'category', 'bug');
    await setTaskField(ctx, 'TASK-001', 'weight', 'large');
    assert.strictEqual(readFileSync(ws.path('.orc/tasks/TASK-001/task.yaml'), 'utf8'),
      'id: TASK-001\ntitle: a\nstatus: created\nqueue: backlog                    # active | backlog\ncategory: bug\nweight: large\nupdated_at: 2026-02-01T08:00:00Z\n');
  });

  it('refuses values outside orc\'s sets, a weight change while running, and a file changed since it was shown', async () => {
    ws = demo();
    const ctx = await context(ws);
    const file = ws.path('.orc/tasks/TASK-002/task.yaml');
    const before = readFileSync(file, 'utf8');
    await assert.rejects(setTaskField(ctx, 'TASK-002', 'priority', 'urgent'), (e: Error) => e instanceof EditRefused && /critical, high, normal, low/.test(e.message));
    await assert.rejects(setTaskField(ctx, 'TASK-002', 'weight', 'large'), /running task TASK-002: pause it first/);
    await assert.rejects(setTaskField(ctx, 'TASK-002', 'priority', 'high', { expectedSha256: sha256('what the view showed') }), /changed on disk since it was shown/);
    await assert.rejects(setTaskField(ctx, 'TASK-999', 'priority', 'high'), /no task TASK-999/);
    assert.strictEqual(readFileSync(file, 'utf8'), before, 'nothing was written');
  });

  it('writes nothing when a planned file changed between read and write', async () => {
    ws = new TempWorkspace({ 'a.yaml': 'x: 1\n', 'b.yaml': 'y: 1\n' });
    const a = ws.path('a.yaml');
    const b = ws.path('b.yaml');
    const plan = [{ file: a, sha256: sha256('x: 1\n'), text: 'x: 2\n' }, { file: b, sha256: sha256('y: 1\n'), text: 'y: 2\n' }];
    ws.write('b.yaml', 'y: changed\n');
    await assert.rejects(writeIfUnchanged(plan), /b\.yaml changed on disk/);
    assert.strictEqual(readFileSync(a, 'utf8'), 'x: 1\n');
  });

  it('edits blocked_by keeping the comment of an id that stays; warns about unknown ids', async () => {
    ws = demo();
    const file = ws.path('.orc/tasks/TASK-002/task.yaml');
    const result = await setDependencies(await context(ws), 'TASK-002', 'blocked_by', ['TASK-001', ' TASK-042 ']);
    assert.deepStrictEqual(result.warnings, ['TASK-042 does not exist (yet); TASK-002 lists it in blocked_by anyway']);
    const text = readFileSync(file, 'utf8');
    assert.match(text, /blocked_by:\n {2}- TASK-001 {22}# OAuth2 login sets the first session\n {2}- TASK-042\nrelated_to:/);
  });

  it('refuses a self-block and a cycle, showing the cycle', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'b', blocked_by: ['TASK-001'] }),
      '.orc/tasks/TASK-003/task.yaml': taskYaml({ id: 'TASK-003', title: 'c', blocked_by: ['TASK-002'] }),
    });
    const ctx = await context(ws);
    const before = readFileSync(ws.path('.orc/tasks/TASK-001/task.yaml'), 'utf8');
    await assert.rejects(setDependencies(ctx, 'TASK-001', 'blocked_by', ['TASK-001']), /TASK-001 cannot block itself/);
    await assert.rejects(setDependencies(ctx, 'TASK-001', 'blocked_by', ['TASK-003']),
      (e: Error) => e instanceof EditRefused && e.message === 'refused: this would make a dependency cycle TASK-001 → TASK-003 → TASK-002 → TASK-001');
    assert.strictEqual(readFileSync(ws.path('.orc/tasks/TASK-001/task.yaml'), 'utf8'), before);
    await setDependencies(ctx, 'TASK-001', 'related_to', ['TASK-003']);
    assert.deepStrictEqual((await scanFolder(ws.root)).tasks.get('TASK-001')!.relatedTo, ['TASK-003'], 'related_to may point anywhere');
  });

  it('rewrites a flow list in flow style and empties a block list to []', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\ntitle: a\nrelated_to: [TASK-002]   # soft\nblocked_by:\n  - TASK-002\n',
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'b' }) });
    const ctx = await context(ws);
    await setDependencies(ctx, 'TASK-001', 'related_to', ['TASK-002', 'TASK-003']);
    await setDependencies(ctx, 'TASK-001', 'blocked_by', []);
    assert.strictEqual(readFileSync(ws.path('.orc/tasks/TASK-001/task.yaml'), 'utf8'),
      'id: TASK-001\ntitle: a\nrelated_to: [TASK-002, TASK-003] # soft\nblocked_by: []\nupdated_at: 2026-02-01T08:00:00Z\n', 'the comment keeps one space when the value outgrows its column');
  });

  it('moves a task between initiatives with the bidirectional sync of both tasks lists', async () => {
    ws = demo();
    const taskFile = ws.path('.orc/tasks/TASK-002/task.yaml');
    const init1 = ws.path('.orc/initiatives/INIT-001/initiative.yaml');
    const init2 = ws.path('.orc/initiatives/INIT-002/initiative.yaml');
    const before1 = readFileSync(init1, 'utf8');
    const result = await setTaskInitiative(await context(ws), 'TASK-002', 'INIT-002');
    assert.deepStrictEqual([...result.changed].sort(), [init1, init2, taskFile].sort());
    let scan = await scanFolder(ws.root);
    assert.strictEqual(scan.tasks.get('TASK-002')!.initiativeId, 'INIT-002');
    assert.deepStrictEqual(scan.initiatives.get('INIT-002')!.fields.tasks?.map((t) => [t.id, t.status]), [['TASK-004', 'paused'], ['TASK-002', 'running']]);
    assert.deepStrictEqual(scan.initiatives.get('INIT-001')!.fields.tasks?.map((t) => t.id), ['TASK-001', 'TASK-003']);
    // Only TASK-002's three lines left INIT-001 (and updated_at moved on); every comment stayed.
    const after1 = readFileSync(init1, 'utf8');
    assert.strictEqual(after1, before1.replace(/ {2}- id: TASK-002\n.*\n.*\n/, '').replace('updated_at: 2026-01-15T15:02:10Z', 'updated_at: 2026-02-01T08:00:00Z'));
    assert.match(readFileSync(init2, 'utf8'), / {2}- id: TASK-004\n {4}title: .*\n {4}status: paused\n {2}- id: TASK-002\n {4}title: "?Rotate refresh tokens and detect reuse"?\n {4}status: running\n/);

    await setTaskInitiative(await context(ws), 'TASK-002', null);
    scan = await scanFolder(ws.root);
    assert.strictEqual(scan.tasks.get('TASK-002')!.initiativeId, null);
    assert.doesNotMatch(readFileSync(taskFile, 'utf8'), /initiative_id/);
    assert.deepStrictEqual(scan.initiatives.get('INIT-002')!.fields.tasks?.map((t) => t.id), ['TASK-004']);
    await assert.rejects(setTaskInitiative(await context(ws), 'TASK-002', 'INIT-404'), /no initiative INIT-404/);
  });

  it('resolves a failed task as orc resolve does, and refuses one that did not fail', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\ntitle: a\nstatus: failed\ncreated_at: 2026-01-01T00:00:00Z\nmetadata:\n  source: cli   # from the CLI\n',
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'b', status: 'running' }),
    });
    const ctx = await context(ws);
    await resolveTask(ctx, 'TASK-001', 'Fixed manually outside of orc');
    assert.strictEqual(readFileSync(ws.path('.orc/tasks/TASK-001/task.yaml'), 'utf8'),
      'id: TASK-001\ntitle: a\nstatus: completed\ncreated_at: 2026-01-01T00:00:00Z\nupdated_at: 2026-02-01T08:00:00Z\ncompleted_at: 2026-02-01T08:00:00Z\nmetadata:\n  source: cli   # from the CLI\n  resolved: "true"\n  resolved_at: 2026-02-01T08:00:00Z\n  resolution_message: Fixed manually outside of orc\n');
    assert.strictEqual((await scanFolder(ws.root)).tasks.get('TASK-001')!.resolved, true);
    await assert.rejects(resolveTask(ctx, 'TASK-002'), /TASK-002 is running, not failed/);
  });

  it('creates the next free TASK-NNN, past orc\'s sequence counter, linked to its initiative', async () => {
    ws = demo();
    ws.write('.orc/tasks/TASK-011/task.yaml', taskYaml({ id: 'TASK-011', title: 'gap before' }));
    assert.strictEqual((await nextTaskId(ws.root)).id, 'TASK-012');
    ws.write('.orc/local/sequences.yaml', 'prefixes:\n  _solo: 20   # orc handed out up to 20\n');
    const result = await createTask(await context(ws), { title: 'Add a session list page', weight: 'small', priority: 'high',
      category: 'feature', queue: 'backlog', initiative: 'INIT-001', blockedBy: ['TASK-002'], description: 'Shows active sessions.' });
    assert.strictEqual(result.id, 'TASK-021');
    assert.match(readFileSync(ws.path('.orc/local/sequences.yaml'), 'utf8'), /_solo: 21 {3}# orc handed out up to 20/);
    const { tasks, initiatives, diagnostics } = await scanFolder(ws.root);
    assert.deepStrictEqual(diagnostics.filter((d) => d.file.includes('TASK-021')), []);
    const t = tasks.get('TASK-021')!;
    assert.deepStrictEqual([t.title, t.status, t.weight, t.priority, t.queue, t.category, t.initiativeId, t.blockedBy, t.requiresUiTesting, t.description],
      ['Add a session list page', 'created', 'small', 'high', 'backlog', 'feature', 'INIT-001', ['TASK-002'], true, 'Shows active sessions.\n']);
    assert.strictEqual(t.fields.created_at, '2026-02-01T08:00:00Z');
    // As orc's task.New sets it: its executor names, pushes and deletes this branch.
    assert.strictEqual(t.branch, 'orc/TASK-021');
    assert.ok(initiatives.get('INIT-001')!.fields.tasks?.some((x) => x.id === 'TASK-021' && x.status === 'created'));
    await assert.rejects(createTask(await context(ws), { title: 'x', priority: 'asap' }), /priority must be one of/);
    await assert.rejects(createTask(await context(ws), { title: '  ' }), /one non-empty line/);
  });
});
