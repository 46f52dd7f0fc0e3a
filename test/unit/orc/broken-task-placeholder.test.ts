import * as assert from 'node:assert';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { itemJson } from '../../../src/core/report/scan-report';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';

/** Issue 17 item 6: a task whose task.yaml breaks stays listed, as a placeholder carrying the file's problem. */
describe('orc: a task whose task.yaml breaks stays listed with its problem', () => {
  let ws: TempWorkspace;
  let service: OrchestrationService;
  afterEach(() => { service?.dispose(); ws?.dispose(); });

  const task = (id: string) => service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === id);

  it('write a valid task, break its YAML, scan again: the task is still there, unreadable, with the error at its line', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Waits', status: 'planned', blocked_by: ['TASK-002'] }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Will break', status: 'running' }),
    });
    service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    assert.strictEqual(task('TASK-002')?.title, 'Will break');
    assert.strictEqual(task('TASK-002')?.unreadable, undefined);

    const file = ws.write('.orc/tasks/TASK-002/task.yaml', 'id: TASK-002\ntitle: Will break\nstatus: [running\n');
    await service.fileChanged(file);
    const broken = task('TASK-002');
    assert.ok(broken, `TASK-002 is still listed: ${service.items().map((i) => i.id).join(', ')}`);
    assert.strictEqual(broken.status, 'unreadable');
    assert.strictEqual(broken.title, 'TASK-002', 'the id from its folder, nothing invented');
    assert.strictEqual(broken.file, file);
    const problem = service.diagnostics().find((d) => d.file === file && d.severity === 'error');
    assert.ok(problem, 'the problem is still a diagnostic');
    assert.deepStrictEqual(broken.unreadable, { message: problem.message, line: problem.line, column: problem.column });
    assert.ok(broken.unreadable!.line !== null && broken.unreadable!.line >= 3, `a line to open the file at: ${JSON.stringify(broken.unreadable)}`);
    // Its dependents do not call it missing, and are not known to be unblocked.
    assert.strictEqual(task('TASK-001')?.blocked, true);
    assert.ok(!service.diagnostics().some((d) => /does not exist/.test(d.message)));
    // The CLI's JSON keeps its fields and adds `unreadable`.
    const json = itemJson(ws.root, broken);
    assert.deepStrictEqual([json.id, json.status, json.file, json.unreadable], ['TASK-002', 'unreadable', '.orc/tasks/TASK-002/task.yaml', broken.unreadable]);

    // A fresh scan (no incremental relink) agrees.
    const fresh = new OrchestrationService({ folders: [{ root: ws.root }] });
    await fresh.scan();
    assert.deepStrictEqual(fresh.items().find((i) => i.id === 'TASK-002')?.unreadable, broken.unreadable);
    fresh.dispose();

    // Fixed: the placeholder gives way to the task as written.
    ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Fixed', status: 'completed' }));
    await service.fileChanged(file);
    assert.deepStrictEqual([task('TASK-002')?.title, task('TASK-002')?.status, task('TASK-002')?.unreadable], ['Fixed', 'completed', undefined]);
    assert.strictEqual(task('TASK-001')?.blocked, false);
  });

  it('a task.yaml whose top level is not a mapping is a placeholder too', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-005/task.yaml': '- just\n- a list\n' });
    service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    assert.match(task('TASK-005')?.unreadable?.message ?? '', /should be a mapping/);
  });
});
