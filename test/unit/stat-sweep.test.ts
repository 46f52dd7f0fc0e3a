import * as assert from 'node:assert';
import { rmSync, utimesSync } from 'node:fs';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import { StatSweep } from '../../src/core/service/stat-sweep';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';

function tasks(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= n; i++) {
    const id = `TASK-${String(i).padStart(3, '0')}`;
    files[`.orc/tasks/${id}/task.yaml`] = taskYaml({ id, title: `Task ${i}`, status: 'planned' });
  }
  return files;
}

describe('StatSweep (the safety net under the file watcher)', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('re-reads a file written behind the watcher\'s back, and nothing else', async () => {
    ws = new TempWorkspace(tasks(3));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const sweep = new StatSweep(service);
    assert.deepStrictEqual(await sweep.tick(), [], 'nothing changed yet');

    const file = ws.path('.orc/tasks/TASK-002/task.yaml');
    ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Done behind our back', status: 'completed' }));
    utimesSync(file, new Date(), new Date(Date.now() + 5000)); // a different mtime even on a coarse clock
    assert.deepStrictEqual(await sweep.tick(), [file]);
    const task = service.items().find((i) => i.id === 'TASK-002');
    assert.deepStrictEqual([task?.title, task?.status], ['Done behind our back', 'completed']);
    assert.deepStrictEqual(await sweep.tick(), [], 'read once, then it matches again');
  });

  it('finds a deleted task folder gone', async () => {
    ws = new TempWorkspace(tasks(2));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    rmSync(ws.path('.orc/tasks/TASK-001'), { recursive: true });
    await new StatSweep(service).tick();
    assert.deepStrictEqual(service.items().filter((i) => i.kind === 'task').map((i) => i.id), ['TASK-002']);
  });

  it('stats at most its budget per tick, round-robin, so a large workspace is swept in slices', async () => {
    ws = new TempWorkspace(tasks(10));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const sweep = new StatSweep(service, 4);
    const last = ws.path('.orc/tasks/TASK-010/task.yaml');
    ws.write('.orc/tasks/TASK-010/task.yaml', taskYaml({ id: 'TASK-010', title: 'Changed', status: 'running' }));
    utimesSync(last, new Date(), new Date(Date.now() + 5000));
    const found: string[][] = [];
    for (let i = 0; i < 4; i++) found.push(await sweep.tick());
    // 10 files (plus orc.yaml when present) in slices of 4: the changed one turns up in exactly one slice
    assert.deepStrictEqual(found.flat(), [last]);
    assert.strictEqual(service.items().find((i) => i.id === 'TASK-010')?.title, 'Changed');
  });

  it('does nothing before the first scan', async () => {
    ws = new TempWorkspace(tasks(1));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    assert.deepStrictEqual(await new StatSweep(service).tick(), []);
  });
});

describe('OrchestrationService.readUndiscovered (files written before a new folder\'s watchers were up)', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('reads the files no event named, only in the folders asked for, and names them as changed', async () => {
    ws = new TempWorkspace(tasks(1));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Written unseen', status: 'planned' }));
    const changes: string[][] = [];
    service.onDidChange((c) => changes.push(c.changed.map((i) => i.id)));
    await service.readUndiscovered(['/somewhere/else']);
    assert.deepStrictEqual(changes, [], 'another folder: nothing read');
    await service.readUndiscovered([ws.root]);
    assert.deepStrictEqual(changes, [['TASK-002']]);
    await service.readUndiscovered([ws.root]);
    assert.deepStrictEqual(changes.length, 1, 'nothing new the second time');
  });
});
