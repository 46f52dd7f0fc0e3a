import * as assert from 'node:assert';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { OrcAdapter } from '../../src/core/formats/orc-eras/adapter';
import type { OrcAnyRecord as OrcRecord } from '../../src/core/formats/orc-eras/record';
import type { SourceContext } from '../../src/core/model/adapter';
import { JsonIndexCache } from '../../src/core/service/index-cache';
import { OrchestrationService, type IndexChange } from '../../src/core/service/orchestration-service';
import { once } from '../../src/core/util/event';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';

/** The real orc adapter, counting which files it had to parse (to prove the cache and incremental reads). */
class CountingOrcAdapter extends OrcAdapter {
  parsed: string[] = [];
  override parse(file: string, text: string, ctx: SourceContext) {
    this.parsed.push(path.basename(path.dirname(file)) + '/' + path.basename(file));
    return super.parse(file, text, ctx);
  }
}

function workspace(n: number): TempWorkspace {
  const files: Record<string, string> = {};
  for (let i = 1; i <= n; i++) {
    const id = `TASK-${String(i).padStart(3, '0')}`;
    files[`.orc/tasks/${id}/task.yaml`] = taskYaml({ id, title: `Task ${i}`, status: 'planned', ...(i > 1 ? { blocked_by: [`TASK-${String(i - 1).padStart(3, '0')}`] } : {}) });
  }
  return new TempWorkspace(files);
}

describe('OrchestrationService', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('re-reads only the changed file and names the changed items', async () => {
    ws = workspace(5);
    const adapter = new CountingOrcAdapter();
    const service = new OrchestrationService({ folders: [{ root: ws.root }], adapters: [adapter as never] });
    await service.scan();
    assert.strictEqual(adapter.parsed.length, 5);
    adapter.parsed = [];

    ws.write('.orc/tasks/TASK-003/task.yaml', taskYaml({ id: 'TASK-003', title: 'Renamed', status: 'running', blocked_by: ['TASK-002'] }));
    const change = (await service.fileChanged(ws.path('.orc/tasks/TASK-003/task.yaml')))!;
    assert.deepStrictEqual(adapter.parsed, ['TASK-003/task.yaml']);
    assert.deepStrictEqual(change.changed.map((i) => i.id), ['TASK-003']);
    assert.deepStrictEqual(change.removed, []);
  });

  it('names items whose computed fields changed because of another file', async () => {
    ws = workspace(3);
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    ws.write('.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: 'Task 1', status: 'completed' }));
    const change = (await service.fileChanged(ws.path('.orc/tasks/TASK-001/task.yaml')))!;
    // TASK-002 is no longer blocked: its row must refresh too.
    assert.deepStrictEqual(change.changed.map((i) => i.id).sort(), ['TASK-001', 'TASK-002']);
  });

  it('reports created and deleted tasks, and a deleted task folder', async () => {
    ws = workspace(2);
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const changes: IndexChange[] = [];
    service.onDidChange((c) => changes.push(c));
    ws.write('.orc/tasks/TASK-009/task.yaml', taskYaml({ id: 'TASK-009', title: 'new' }));
    await service.fileChanged(ws.path('.orc/tasks/TASK-009/task.yaml'));
    assert.deepStrictEqual(changes[0]!.changed.map((i) => i.id), ['TASK-009']);
    ws.remove('.orc/tasks/TASK-002');
    await service.fileChanged(ws.path('.orc/tasks/TASK-002'));
    assert.strictEqual(changes[1]!.removed.length, 1);
    assert.match(changes[1]!.removed[0]!, /TASK-002$/);
    assert.deepStrictEqual(service.items().map((i) => i.id).sort(), ['TASK-001', 'TASK-009']);
  });

  it('ignores files that are not orchestrator state', async () => {
    ws = workspace(1);
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    assert.strictEqual(await service.fileChanged(ws.write('src/app.ts', 'x')), undefined);
    assert.strictEqual(await service.fileChanged(ws.write('.orc/tasks/TASK-001/notes.md', 'x')), undefined);
  });

  it('warm start from the index cache re-reads only what changed', async () => {
    ws = workspace(4);
    const cacheDir = ws.path('.cache');
    const first = new CountingOrcAdapter();
    await new OrchestrationService({ folders: [{ root: ws.root }], adapters: [first as never], cache: new JsonIndexCache(cacheDir) }).scan();
    assert.strictEqual(first.parsed.length, 4);

    const file = ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'changed', blocked_by: ['TASK-001'] }));
    utimesSync(file, new Date(), new Date(Date.now() + 5000)); // make sure the mtime differs
    const second = new CountingOrcAdapter();
    const service = new OrchestrationService({ folders: [{ root: ws.root }], adapters: [second as never], cache: new JsonIndexCache(cacheDir) });
    await service.scan();
    assert.deepStrictEqual(second.parsed, ['TASK-002/task.yaml']);
    assert.strictEqual(service.items().find((i) => i.id === 'TASK-002')!.title, 'changed');
    assert.strictEqual(service.items().find((i) => i.id === 'TASK-003')!.title, 'Task 3', 'cached items are whole');
  });

  it('ignores a corrupt cache file', async () => {
    ws = workspace(2);
    const cacheDir = ws.path('.cache');
    const cache = new JsonIndexCache(cacheDir);
    await new OrchestrationService({ folders: [{ root: ws.root }], cache }).scan();
    const { readdirSync, writeFileSync } = await import('node:fs');
    for (const f of readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, f), '{"format":1,"root":');
    const service = new OrchestrationService({ folders: [{ root: ws.root }], cache });
    await service.scan();
    assert.strictEqual(service.items().length, 2);
  });

  it('fires change events that a listener can wait on', async () => {
    ws = workspace(1);
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    const scanned = once(service.onDidChange);
    await service.scan();
    const change = await scanned;
    assert.deepStrictEqual(change.changed.map((i) => i.id), ['TASK-001']);
  });

  it('keeps records as plain JSON so they can be cached', async () => {
    ws = workspace(1);
    const parsed = new OrcAdapter().parse(ws.path('.orc/tasks/TASK-001/task.yaml'), taskYaml({ id: 'TASK-001', title: 'x' }), { root: ws.root });
    const record: OrcRecord = parsed.record;
    assert.deepStrictEqual(JSON.parse(JSON.stringify(record)), record);
  });
});
