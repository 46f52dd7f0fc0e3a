import * as assert from 'node:assert';
import { OrcAdapter } from '../../../src/core/formats/orc-eras/adapter';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { tasksSoFar, type TaskSoFar } from '../../../src/core/formats/orc/tasks-so-far';
import type { AnyAdapter } from '../../../src/core/service/work-item';
import { defaultAdapters, OrchestrationService, type ReadSoFar } from '../../../src/core/service/orchestration-service';
import { WorkspaceIndex } from '../../../src/core/service/workspace-index';
import { Slicer } from '../../../src/core/util/steps';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';

const STATUSES = ['created', 'planned', 'running', 'completed', 'failed', 'paused'];

/** n tasks of every status (some in the backlog, some naming a blocker read later, some with no status of their own). */
function workspace(n: number): TempWorkspace {
  const ws = new TempWorkspace({ 'orc.yaml': 'version: 1\n' });
  for (let i = 1; i <= n; i++) {
    const id = `TASK-${String(i).padStart(4, '0')}`;
    const fields: Record<string, unknown> = { id, title: `Task ${i}`, weight: 'small', priority: ['low', 'normal', 'high'][i % 3], category: 'feature',
      queue: i % 7 === 0 ? 'backlog' : 'active', created_at: '2026-01-01T00:00:00Z' };
    // Every 11th task's status is in state.yaml only (the link takes it from there): not shown before the link.
    if (i % 11) fields.status = STATUSES[i % STATUSES.length];
    // Blockers read after the task (a higher number) and one that does not exist: whether they block is not known yet.
    if (i % 5 === 0) fields.blocked_by = [`TASK-${String(i + 1).padStart(4, '0')}`, 'TASK-9999'];
    ws.write(`.orc/tasks/${id}/task.yaml`, taskYaml(fields));
    ws.write(`.orc/tasks/${id}/state.yaml`, taskYaml({ status: 'paused', current_phase: '' }));
  }
  return ws;
}

/** What a notice says of the tasks, copied at once (the scan goes on after the listener returns). */
function take(read: ReadSoFar): { files: number; tasks: TaskSoFar[]; notShown: number } | undefined {
  if (read.kind !== 'reading') return undefined;
  const soFar = tasksSoFar(read.records('orc'));
  return soFar && { files: read.files, tasks: soFar.tasks, notShown: soFar.notShown };
}

describe('what a scan has read so far', () => {
  it('is told while the scan reads, and says of each task only what its own task.yaml says, as the scan\'s item will', async function () {
    this.timeout(120_000);
    const ws = workspace(1_200);
    try {
      const index = new WorkspaceIndex({ root: ws.root }, defaultAdapters());
      index.readSoFarEveryMs = 0; // at every slice
      const notices: NonNullable<ReturnType<typeof take>>[] = [];
      index.onReadSoFar = (read) => { const n = take(read); if (n) notices.push(n); };
      const change = await index.scan();
      const total = [...index.files()].length;
      assert.ok(notices.length >= 2, `told while reading (${notices.length} notices)`);
      assert.ok(notices.some((n) => n.files < total && n.tasks.length > 0), 'tasks told before every file was read');
      for (let i = 1; i < notices.length; i++) assert.ok(notices[i]!.files >= notices[i - 1]!.files, 'files read only grow');
      const items = new Map((change.changed.filter((i) => i.kind === 'task') as OrcTask[]).map((t) => [t.id, t]));
      assert.strictEqual(items.size, 1_200);
      for (const notice of notices) {
        for (const t of notice.tasks) {
          const item = items.get(t.id)!;
          assert.deepStrictEqual({ id: t.id, file: t.file, title: t.title, status: t.status, priority: t.priority, queue: t.queue, blockedBy: t.blockedBy },
            { id: item.id, file: item.file, title: item.title, status: item.status, priority: item.priority, queue: item.queue, blockedBy: item.blockedBy });
        }
        // A task whose status is in its state.yaml only is never shown with a guessed one.
        assert.ok(notice.tasks.every((t) => Number(t.id.slice(5)) % 11 !== 0));
        assert.strictEqual(new Set(notice.tasks.map((t) => t.id)).size, notice.tasks.length, 'one row per task');
      }
      const last = notices.at(-1)!;
      assert.ok(last.notShown > 0, 'the tasks left out are counted');

      // A file re-read alone tells nothing (only a scan reads the whole folder).
      const before = notices.length;
      ws.write('.orc/tasks/TASK-0001/task.yaml', taskYaml({ id: 'TASK-0001', title: 'Changed', status: 'planned' }));
      await index.refresh(ws.path('.orc/tasks/TASK-0001/task.yaml'));
      assert.strictEqual(notices.length, before);
    } finally {
      ws.dispose();
    }
  });

  it('goes through the service, at most every 100 ms, and says when a folder\'s scan failed', async function () {
    this.timeout(120_000);
    const ws = workspace(300);
    const failing: AnyAdapter = Object.assign(Object.create(new OrcAdapter()) as AnyAdapter, {
      system: 'orchestral' as const,
      discover: () => Promise.reject(new Error('the disk went away')),
      discoverInPieces: undefined, // orc's own pieces would not fail
    });
    const service = new OrchestrationService({ folders: [{ root: ws.root }], adapters: [new OrcAdapter() as AnyAdapter, failing] });
    try {
      const told: ReadSoFar[] = [];
      const at: number[] = [];
      service.onDidReadSoFar((r) => { told.push(r); at.push(performance.now()); });
      await assert.rejects(service.scan(), /the disk went away/);
      assert.deepStrictEqual(told.at(-1), { kind: 'failed', root: ws.root });
      assert.ok(told.slice(0, -1).every((r) => r.kind === 'reading' && r.root === ws.root));
      for (let i = 1; i < at.length - 1; i++) assert.ok(at[i]! - at[i - 1]! >= 95, 'at most every 100 ms');
      assert.deepStrictEqual(service.items(), [], 'nothing reached the items');
    } finally {
      service.dispose();
      ws.dispose();
    }
  });

  it('starts before the listing ends: orc\'s task folders are listed in pieces, each read once the next is listed', async function () {
    this.timeout(120_000);
    const ws = workspace(1_600);
    /** orc's adapter, noting when each piece of its listing was given (performance.now()). */
    class PiecesNoted extends OrcAdapter {
      readonly given: number[] = [];
      override async *discoverInPieces(ctx: Parameters<OrcAdapter['discoverInPieces']>[0]) {
        for await (const piece of super.discoverInPieces(ctx)) {
          this.given.push(performance.now());
          yield piece;
        }
      }
    }
    try {
      const orc = new PiecesNoted();
      const index = new WorkspaceIndex({ root: ws.root }, defaultAdapters().map((a) => a.system === 'orc' ? orc as unknown as AnyAdapter : a));
      index.readSoFarEveryMs = 0;
      const told: { at: number; tasks: number }[] = [];
      index.onReadSoFar = (read) => { const n = take(read); if (n) told.push({ at: performance.now(), tasks: n.tasks.length }); };
      await index.scan();
      // The config files, four pieces of at most 500 task folders, the initiatives.
      assert.strictEqual(orc.given.length, 6, `${orc.given.length} pieces`);
      const firstRows = told.find((t) => t.tasks > 0);
      assert.ok(firstRows && firstRows.at < orc.given.at(-2)!, 'tasks told before the last task folders were listed');
      // The same items, in the same order, as the CLI's scan (its listing witnessed, in the same pieces).
      const whole = new WorkspaceIndex({ root: ws.root }, defaultAdapters());
      whole.recordsDiscovery = true;
      await whole.scan();
      assert.deepStrictEqual([...index.files()], [...whole.files()]);
      assert.deepStrictEqual(JSON.stringify(index.allItems()), JSON.stringify(whole.allItems()));
      assert.deepStrictEqual(await orc.discover({ root: ws.root }), [...whole.files()], 'discover() gives the pieces, one after the other');
    } finally {
      ws.dispose();
    }
  });

  it('is told between the listing\'s pieces too, when each piece is read within one slice (the worker reads ahead)', async function () {
    this.timeout(120_000);
    const ws = workspace(1_600);
    try {
      const index = new WorkspaceIndex({ root: ws.root }, defaultAdapters());
      index.readSoFarEveryMs = 0;
      const told: number[] = [];
      index.onReadSoFar = (read) => { const n = take(read); if (n) told.push(n.tasks.length); };
      // Slices far longer than the scan: no slice ends inside a piece, so only the pieces' own turns can tell.
      await index.scan(new Map(), new Slicer(60_000));
      assert.ok(told.some((n) => n > 0 && n < 1_600), `told ${JSON.stringify(told)}: some tasks, before all of them`);
    } finally {
      ws.dispose();
    }
  });

  it('shows nothing of orc\'s database era, and nothing twice', () => {
    assert.strictEqual(tasksSoFar([{ file: '/w/.orc/orc.db', record: { kind: 'db' } }]), undefined);
    const task = (file: string, dir: string, status?: string) => ({ file, record: { kind: 'task', dir, mentions: [], fields: { title: dir, ...(status ? { status } : {}) } } });
    const read = tasksSoFar([task('/a/TASK-1/task.yaml', 'TASK-1', 'planned'), task('/b/TASK-1/task.yaml', 'TASK-1', 'running'),
      task('/a/TASK-2/task.yaml', 'TASK-2', 'planned'), task('/a/TASK-3/task.yaml', 'TASK-3'),
      { file: '/a/TASK-4/task.yaml', record: { kind: 'task', dir: 'TASK-4', mentions: [], fields: undefined } }])!;
    assert.deepStrictEqual(read.tasks.map((t) => t.id), ['TASK-2']);
    assert.strictEqual(read.notShown, 4);
  });
});
