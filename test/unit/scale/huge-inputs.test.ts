import * as assert from 'node:assert';
import path from 'node:path';
import type { Diagnostic } from '../../../src/core/model/diagnostic';
import { scanFolder } from '../helpers/scan';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { scanUltrawork, SESSIONS } from '../ultrawork/helpers';
import { scanOrchestral } from '../orchestral/wild-helpers';

/*
 * Issue 16, part 2: no input size makes the work super-linear or recursive. Each case is a file a hostile or
 * runaway writer could leave; before the fix the first overflowed the stack (and dropped every orc row), the second
 * built gigabytes of text, the last two took minutes.
 */

const textOf = (diagnostics: readonly Diagnostic[]) => diagnostics.reduce((n, d) => n + d.message.length, 0);

describe('huge inputs: linear work, bounded output', function () {
  this.timeout(120_000);
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('scans a task with 130,000 unknown blockers: its rows and one diagnostic counting the unknown blockers, no stack overflow', async () => {
    const unknown = Array.from({ length: 130_000 }, (_, i) => `TASK-${900_000 + i}`);
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Huge', status: 'planned', blocked_by: unknown }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Plain', status: 'planned' }),
    });
    const { tasks, diagnostics } = await scanFolder(ws.root);
    assert.deepStrictEqual([...tasks.keys()].sort(), ['TASK-001', 'TASK-002']);
    assert.strictEqual(tasks.get('TASK-001')!.blockedBy.length, 130_000);
    assert.strictEqual(tasks.get('TASK-001')!.blocked, true);
    assert.deepStrictEqual(diagnostics.map((d) => `${d.severity} ${d.line} ${d.message}`), [
      'warning 4 blocked_by names 130,000 tasks that do not exist: TASK-900000, TASK-900001, TASK-900002, TASK-900003, TASK-900004 and 129,995 more',
    ]);
  });

  it('reports a dependency cycle through 10,000 tasks once, with its length and first members, quickly', async () => {
    const n = 10_000;
    const id = (i: number) => `TASK-${String(i).padStart(5, '0')}`;
    const files: Record<string, string> = {};
    for (let i = 0; i < n; i++) files[`.orc/tasks/${id(i)}/task.yaml`] = taskYaml({ id: id(i), title: `T${i}`, status: 'planned', blocked_by: [id((i + 1) % n)] });
    ws = new TempWorkspace(files);
    const started = Date.now();
    const { tasks, diagnostics } = await scanFolder(ws.root);
    const elapsed = Date.now() - started;
    assert.strictEqual(tasks.size, n);
    assert.ok([...tasks.values()].every((t) => t.blocked));
    const cycles = diagnostics.filter((d) => d.message.startsWith('dependency cycle'));
    assert.strictEqual(cycles.length, 1, 'the cycle is reported once');
    assert.strictEqual(cycles[0]!.file, ws.path(`.orc/tasks/${id(0)}/task.yaml`));
    assert.strictEqual(cycles[0]!.message, 'dependency cycle of 10,000 tasks: TASK-00000 → TASK-00001 → TASK-00002 → TASK-00003 → TASK-00004 → … → TASK-09999 → TASK-00000');
    assert.ok(textOf(diagnostics) < 10_000, `${textOf(diagnostics)} characters of diagnostics`);
    assert.ok(elapsed < 60_000, `scanned in ${elapsed} ms`); // a generous bound (about 6 s idle): the old code gave 10,000 diagnostics
  });

  it('checks a 320 KB Dure state.json with 10,000 agent names that are not folders in well under the old minutes', async () => {
    const run = '.dure/runs/run-20260115143022';
    const agents: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) agents[`../escape-${i}`] = { status: 'odd-status' };
    const state = JSON.stringify({ run_id: 'run-20260115143022', started_at: '2026-01-15T14:30:22.000Z', phase: 'build', pending_crp: null, agents }, null, 2);
    assert.ok(state.length > 300_000, `${state.length} bytes`);
    ws = new TempWorkspace({ [`${run}/state.json`]: state });
    const started = Date.now();
    const { diagnostics } = await scanOrchestral(ws.root);
    const elapsed = Date.now() - started;
    const outside = diagnostics.filter((d) => d.message.startsWith('agent "../escape-'));
    assert.strictEqual(outside.length, 10_000);
    assert.strictEqual(diagnostics.filter((d) => /^unknown escape-\d+ status|^unknown \.\.\/escape-\d+ status/.test(d.message)).length, 10_000);
    // Each at its own line: the position is still found, once per file.
    const last = outside.find((d) => d.message.startsWith('agent "../escape-9999"'))!;
    assert.strictEqual(state.split("\n")[last.line! - 1]!.trim(), '"../escape-9999": {');
    assert.ok(elapsed < 20_000, `checked in ${elapsed} ms`); // about 1 s idle; the quadratic code took minutes
  });

  it('checks an Ultrawork session with 20,000 evidence entries that are not objects in well under the old minutes', async () => {
    const sessions = new TempWorkspace();
    ws = sessions;
    const project = ws.path('project');
    const evidence = Array.from({ length: 20_000 }, (_, i) => i);
    ws.write(path.join('home', SESSIONS, 's1', 'session.json'),
      JSON.stringify({ version: '5.0', session_id: 's1', working_dir: project, goal: 'Huge log', phase: 'EXECUTION', evidence_log: evidence }, null, 2));
    ws.write('project/.keep', '');
    const started = Date.now();
    const { diagnostics } = await scanUltrawork(project, ws.path('home'));
    const elapsed = Date.now() - started;
    const skipped = diagnostics.filter((d) => /^`evidence_log\.\d+` is not an evidence entry/.test(d.message));
    assert.strictEqual(skipped.length, 20_000);
    assert.strictEqual(skipped[19_999]!.line, 20_007);
    assert.ok(elapsed < 20_000, `checked in ${elapsed} ms`); // about 1 s idle; the quadratic code took minutes
  });
});
