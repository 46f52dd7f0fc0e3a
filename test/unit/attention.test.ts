import * as assert from 'node:assert';
import { attentionCounts, hasTaskState, orcTasks } from '../../src/core/service/attention';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';

/** Issue 17 item 5: one counting function for the status bar and the Tasks view (its groups and its filter). */
describe('attention counts (status bar and Tasks view)', () => {
  let ws: TempWorkspace;
  let service: OrchestrationService;
  afterEach(() => { service?.dispose(); ws?.dispose(); });

  const recent = new Date().toISOString();
  const stale = new Date(Date.now() - 3_600_000).toISOString();

  it('counts a live running task as running, an orphaned one as orphaned only, a broken file as unreadable', async () => {
    ws = new TempWorkspace({
      // Running with a fresh heartbeat on another host: a live executor.
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Live', status: 'running' }),
      '.orc/tasks/TASK-001/state.yaml': `status: running\nexecution:\n  pid: 1\n  hostname: elsewhere\n  last_heartbeat: "${recent}"\n  started_at: "${recent}"\n`,
      // Running by its files, but its executor's heartbeat is an hour old: orphaned.
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Orphan', status: 'running', blocked_by: ['TASK-003'] }),
      '.orc/tasks/TASK-002/state.yaml': `status: running\nexecution:\n  pid: 1\n  hostname: elsewhere\n  last_heartbeat: "${stale}"\n  started_at: "${stale}"\n`,
      '.orc/tasks/TASK-003/task.yaml': taskYaml({ id: 'TASK-003', title: 'Planned', status: 'planned' }),
      '.orc/tasks/TASK-004/task.yaml': 'id: TASK-004\nstatus: {broken\n',
      // Another system's "running" is not in the Tasks view, so not in its counts.
      '.orchestration/active_intents.yaml': 'active_intents:\n  - id: INT-001\n    name: x\n    status: running\n',
    });
    service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const tasks = new Map(orcTasks(service.items()).map((t) => [t.id, t]));
    assert.strictEqual(tasks.get('TASK-002')?.orphaned, true, 'the fixture: TASK-002 is orphaned');
    assert.strictEqual(tasks.get('TASK-001')?.orphaned, false, 'the fixture: TASK-001 is live');
    assert.deepStrictEqual(attentionCounts(service.items(), service.decisions()), { decisions: 0, running: 1, orphaned: 1, blocked: 1, unreadable: 1 });
    assert.deepStrictEqual(['running', 'orphaned', 'blocked', 'unreadable'].map((s) => [...tasks.values()].filter((t) => hasTaskState(t, s as never)).map((t) => t.id)),
      [['TASK-001'], ['TASK-002'], ['TASK-002'], ['TASK-004']]);
  });
});
