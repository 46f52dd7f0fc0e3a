import * as assert from 'node:assert';
import { anyTargets, resolvableTasks, resumableTasks, targetsOf, tasksWithClaudeSession, tasksWithPullRequest,
  tasksWithTmuxSession } from '../../../src/core/actions/command-targets';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import type { OrangeTask } from '../../../src/core/formats/orange/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { ID, orangeHome, scanned } from '../orange/helpers';

/** A task.yaml task with an optional state.yaml. */
function orcTask(tmp: TempWorkspace, id: string, status: string, state?: string): void {
  tmp.write(`.orc/tasks/${id}/task.yaml`, taskYaml({ id, title: `Task ${id}`, status, weight: 'small', created_at: '2026-01-10T10:00:00Z' }));
  if (state) tmp.write(`.orc/tasks/${id}/state.yaml`, state);
}

describe('command targets: what each picker offers', () => {
  let tmp: TempWorkspace;
  afterEach(() => tmp.dispose());

  it('Resolve offers failed tasks only; Open in Claude Code tasks with a session; Resume interrupted ones', async () => {
    tmp = new TempWorkspace();
    orcTask(tmp, 'TASK-001', 'failed');
    orcTask(tmp, 'TASK-002', 'completed', 'status: completed\nsession:\n  id: 0b8f3c2e-1111-4222-8333-944455556666\n');
    orcTask(tmp, 'TASK-003', 'running', 'status: running\ncurrent_phase: implement\nsession:\n  id: 1b8f3c2e-1111-4222-8333-944455556666\n');
    orcTask(tmp, 'TASK-004', 'planned', 'status: planned\nsession:\n  id: "  "\n');
    orcTask(tmp, 'TASK-005', 'failed', 'status: failed\n');
    const service = new OrchestrationService({ folders: [{ root: tmp.root }] });
    await service.scan();
    const tasks = service.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task');
    assert.strictEqual(tasks.length, 5);
    const ids = (list: OrcTask[]) => list.map((t) => t.id).sort();
    assert.deepStrictEqual(ids(targetsOf(tasks, resolvableTasks)), ['TASK-001', 'TASK-005']);
    assert.deepStrictEqual(ids(targetsOf(tasks, tasksWithClaudeSession)), ['TASK-002', 'TASK-003']);
    assert.deepStrictEqual(ids(targetsOf(tasks, resumableTasks)), ['TASK-003']);
    // Nothing qualifies: the context key is false and the message says what to do next.
    const notFailed = tasks.filter((t) => t.status !== 'failed');
    assert.strictEqual(anyTargets(notFailed, resolvableTasks), false);
    assert.match(resolvableTasks.none, /No orc task has failed/);
    assert.match(tasksWithClaudeSession.none, /run a phase first/);
  });

  it('Open Pull Request offers tasks whose pr_url is a web address; Attach those with a session orange keeps running', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    const tasks = service.items().filter((i): i is OrangeTask => i.system === 'orange');
    assert.ok(tasks.length >= 5, `orange tasks: ${tasks.length}`);
    const withPr = targetsOf(tasks, tasksWithPullRequest);
    assert.ok(withPr.length >= 1 && withPr.every((t) => /^https:\/\/github\.com\//.test(t.prUrl!)), JSON.stringify(withPr.map((t) => t.prUrl)));
    assert.ok(tasks.some((t) => !t.prUrl), 'some task has no pull request');
    assert.ok(withPr.length < tasks.length);
    const withSession = targetsOf(tasks, tasksWithTmuxSession);
    // A done task keeps its tmux_session name, but orange ends its session: it is not offered.
    assert.ok(!withSession.some((t) => t.id === ID.done), 'the done task is not offered for Attach');
    assert.ok(withSession.some((t) => t.id === ID.clarify), 'a clarification task is offered for Attach');
    assert.strictEqual(anyTargets(tasks.filter((t) => !t.prUrl), tasksWithPullRequest), false);
  });
});
