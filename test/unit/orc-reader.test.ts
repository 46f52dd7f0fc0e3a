import * as assert from 'node:assert';
import os from 'node:os';
import path from 'node:path';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';
import { scanFolder } from './helpers/scan';

const NOW = Date.parse('2026-01-10T12:32:00Z');

describe('orc reader', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('reads every task field and keeps unknown fields', async () => {
    ws = new TempWorkspace({
      'orc.yaml': 'version: 1\nclaude:\n  path: claude\n',
      '.orc/tasks/TASK-001/task.yaml': [
        '# a comment', 'id: TASK-001', 'title: "Add user authentication"', 'description: |', '  OAuth2 with Google.',
        'weight: medium', 'status: running', 'current_phase: implement', 'branch: orc/TASK-001', 'queue: backlog',
        'priority: high', 'category: bug', 'initiative_id: INIT-001', 'testing_requirements:', '  unit: true',
        'created_at: 2026-01-10T10:30:00Z', 'metadata:', '  resolved: "true"', '  tags: [auth]', 'custom_field: {x: 1}', ''].join('\n'),
    });
    const { tasks, diagnostics } = await scanFolder(ws.root, NOW);
    const t = tasks.get('TASK-001')!;
    assert.strictEqual(t.title, 'Add user authentication');
    assert.strictEqual(t.description, 'OAuth2 with Google.\n');
    assert.strictEqual(t.weight, 'medium');
    assert.strictEqual(t.queue, 'backlog');
    assert.strictEqual(t.priority, 'high');
    assert.strictEqual(t.category, 'bug');
    assert.strictEqual(t.initiativeId, 'INIT-001');
    assert.strictEqual(t.branch, 'orc/TASK-001');
    assert.strictEqual(t.currentPhase, 'implement');
    assert.strictEqual(t.resolved, true);
    assert.strictEqual(t.fields.created_at, '2026-01-10T10:30:00Z', 'timestamps stay strings');
    assert.deepStrictEqual(t.fields.custom_field, { x: 1 }, 'unknown fields are kept');
    assert.deepStrictEqual(diagnostics, []);
  });

  it('reads what orc\'s own YAML reader (yaml.v3) accepts without a problem: scalars in text fields, empty values, tags as one string', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\ntitle: 2026\nweight: ""\nstatus: planned\nbranch: 42\npriority: ""\nmetadata:\n  tags: auth,web\n',
      '.orc/tasks/TASK-002/task.yaml': 'id: TASK-002\ntitle:\nstatus: created\n',
      '.orc/tasks/TASK-002/state.yaml': 'current_phase: ""\nstatus: pending\ntokens:\n  input_tokens: 0\n  output_tokens: 0\n  total_tokens: 0\n',
    });
    const { tasks, diagnostics } = await scanFolder(ws.root, NOW);
    const t = tasks.get('TASK-001')!;
    assert.deepStrictEqual([t.title, t.weight, t.branch, t.priority, t.fields.metadata?.tags], ['2026', null, '42', 'normal', 'auth,web']);
    const untitled = tasks.get('TASK-002')!;
    assert.deepStrictEqual([untitled.title, untitled.currentPhase], ['TASK-002', null]);
    assert.deepStrictEqual(diagnostics.map((d) => `${path.basename(path.dirname(d.file))}:${d.severity}:${d.message}`),
      ['TASK-002:info:task has no `title`; shown by its id'], 'an empty weight or priority is orc\'s zero value, not an unknown one');
  });

  it('applies the spec defaults (queue active, priority normal, category feature)', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'x' }) });
    const t = (await scanFolder(ws.root, NOW)).tasks.get('TASK-001')!;
    assert.deepStrictEqual([t.queue, t.priority, t.category, t.status], ['active', 'normal', 'feature', 'created']);
  });

  it('computes blocks, referenced_by and blocked', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a', status: 'completed' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'b', status: 'running', blocked_by: ['TASK-001'] }),
      '.orc/tasks/TASK-003/task.yaml': taskYaml({ id: 'TASK-003', title: 'c', blocked_by: ['TASK-002', 'TASK-001'],
        description: 'Follows TASK-002; see also TASK-001 and TASK-003 and TASK-999 and TASK-004.' }),
      '.orc/tasks/TASK-004/task.yaml': taskYaml({ id: 'TASK-004', title: 'Docs for TASK-001', related_to: ['TASK-002'],
        description: 'After TASK-002.' }),
    });
    const { tasks } = await scanFolder(ws.root, NOW);
    assert.deepStrictEqual(tasks.get('TASK-001')!.blocks, ['TASK-002', 'TASK-003']);
    assert.deepStrictEqual(tasks.get('TASK-002')!.blocks, ['TASK-003']);
    // As orc computes it: a mention in the title or the description, unless the mentioning task links it already.
    assert.deepStrictEqual(tasks.get('TASK-001')!.referencedBy, ['TASK-004'], 'TASK-003 names it in blocked_by');
    assert.deepStrictEqual(tasks.get('TASK-002')!.referencedBy, [], 'blocked_by of TASK-003, related_to of TASK-004');
    assert.deepStrictEqual(tasks.get('TASK-004')!.referencedBy, ['TASK-003']);
    assert.deepStrictEqual(tasks.get('TASK-003')!.referencedBy, [], 'a task mentioning itself is not a reference');
    assert.strictEqual(tasks.get('TASK-002')!.blocked, false, 'its only blocker is completed');
    assert.strictEqual(tasks.get('TASK-003')!.blocked, true, 'TASK-002 is still running');
  });

  it('reports a missing reference as a warning at its line, self-block and a cycle (once) as errors naming the tasks', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\ntitle: a\nblocked_by:\n  - TASK-404\n',
      '.orc/tasks/TASK-002/task.yaml': 'id: TASK-002\ntitle: b\nblocked_by:\n  - TASK-002\n',
      '.orc/tasks/TASK-003/task.yaml': 'id: TASK-003\ntitle: c\nblocked_by: [TASK-004]\n',
      '.orc/tasks/TASK-004/task.yaml': 'id: TASK-004\ntitle: d\nblocked_by: [TASK-005]\n',
      '.orc/tasks/TASK-005/task.yaml': 'id: TASK-005\ntitle: e\nblocked_by: [TASK-003]\n',
    });
    const { diagnostics, tasks } = await scanFolder(ws.root, NOW);
    const missing = diagnostics.find((d) => d.message.includes('TASK-404'))!;
    assert.strictEqual(missing.severity, 'warning');
    assert.strictEqual(missing.file, ws.path('.orc/tasks/TASK-001/task.yaml'));
    assert.deepStrictEqual([missing.line, missing.column], [4, 5]);
    const self = diagnostics.find((d) => d.message.includes('cannot block itself'))!;
    assert.strictEqual(self.severity, 'error');
    assert.strictEqual(self.line, 4);
    const cycles = diagnostics.filter((d) => d.message.startsWith('dependency cycle'));
    assert.strictEqual(cycles.length, 1, 'a cycle is reported once, at its first member');
    assert.strictEqual(cycles[0]!.severity, 'error');
    assert.strictEqual(cycles[0]!.message, 'dependency cycle: TASK-003 → TASK-004 → TASK-005 → TASK-003');
    assert.match(cycles[0]!.file, /TASK-003/);
    assert.strictEqual(tasks.size, 5, 'every task is still listed');
    assert.strictEqual(tasks.get('TASK-001')!.blocked, true, 'a missing blocker is unmet, as in orc');
  });

  it('reads requires_ui_testing as stored: orc detects it when it creates the task and omits it when false', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Fix the Submit button', requires_ui_testing: true }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Fix the Submit button' }),
      '.orc/tasks/TASK-003/task.yaml': taskYaml({ id: 'TASK-003', title: 'New modal dialog', requires_ui_testing: false }),
      '.orc/tasks/TASK-004/task.yaml': taskYaml({ id: 'TASK-004', title: 'Backend', description: 'Hover states in CSS' }),
    });
    const { tasks } = await scanFolder(ws.root, NOW);
    assert.deepStrictEqual(['TASK-001', 'TASK-002', 'TASK-003', 'TASK-004'].map((id) => tasks.get(id)!.requiresUiTesting),
      [true, false, false, false]);
  });

  it('reads tokens from state.yaml: an input smaller than the cache counts cannot hold them, so all four are totalled', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'x', status: 'completed' }),
      '.orc/tasks/TASK-001/state.yaml': 'status: completed\ntokens:\n  input_tokens: 1000\n  output_tokens: 500\n'
        + '  cache_creation_input_tokens: 200\n  cache_read_input_tokens: 3000\n',
    });
    const t = (await scanFolder(ws.root, NOW)).tasks.get('TASK-001')!;
    assert.deepStrictEqual(t.tokens, { input: 1000, output: 500, cacheCreation: 200, cacheRead: 3000, total: 4700, effectiveInput: 4200 });
    assert.strictEqual(t.stateFile, ws.path('.orc/tasks/TASK-001/state.yaml'));
  });

  it('reads both gate shapes', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'x' }),
      '.orc/tasks/TASK-001/state.yaml': [
        'gates:',
        '  - {phase: spec, type: ai, decision: approved, rationale: "ok", timestamp: 2026-01-10T10:45:00Z}',
        '  - {phase: review, gate_type: human, approved: false, reason: "needs work", timestamp: 2026-01-10T11:00:00Z}', ''].join('\n'),
    });
    const t = (await scanFolder(ws.root, NOW)).tasks.get('TASK-001')!;
    assert.deepStrictEqual(t.gates, [
      { phase: 'spec', type: 'ai', decision: 'approved', rationale: 'ok', timestamp: '2026-01-10T10:45:00Z' },
      { phase: 'review', type: 'human', decision: 'rejected', rationale: 'needs work', timestamp: '2026-01-10T11:00:00Z' },
    ]);
  });

  describe('orphan detection', () => {
    const state = (execution: string) => `status: running\n${execution}`;
    const cases: [string, string, boolean][] = [
      ['no execution record', '', true],
      ['a stale heartbeat elsewhere', 'execution:\n  pid: 1\n  hostname: other-host\n  last_heartbeat: 2026-01-10T12:00:00Z\n', true],
      ['a fresh heartbeat elsewhere', 'execution:\n  pid: 1\n  hostname: other-host\n  last_heartbeat: 2026-01-10T12:31:00Z\n', false],
      ['a dead pid on this host', `execution:\n  pid: 999999999\n  hostname: ${os.hostname()}\n  last_heartbeat: 2026-01-10T12:31:30Z\n`, true],
      ['a live pid on this host', `execution:\n  pid: ${process.pid}\n  hostname: ${os.hostname()}\n  last_heartbeat: 2026-01-10T12:31:30Z\n`, false],
    ];
    for (const [what, execution, expected] of cases) {
      it(`${expected ? 'flags' : 'does not flag'} a running task with ${what}`, async () => {
        ws = new TempWorkspace({
          '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'x', status: 'running' }),
          '.orc/tasks/TASK-001/state.yaml': state(execution),
        });
        const t = (await scanFolder(ws.root, NOW)).tasks.get('TASK-001')!;
        assert.strictEqual(t.orphaned, expected, t.orphanReason ?? '');
      });
    }

    it('never flags a task that is not running', async () => {
      ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'x', status: 'paused' }) });
      assert.strictEqual((await scanFolder(ws.root, NOW)).tasks.get('TASK-001')!.orphaned, false);
    });
  });

  it('reads initiatives: computed blocks, blocked when a blocker is not completed, task membership', async () => {
    ws = new TempWorkspace({
      '.orc/initiatives/INIT-000/initiative.yaml': 'id: INIT-000\ntitle: Infra\nstatus: completed\n',
      '.orc/initiatives/INIT-001/initiative.yaml': 'id: INIT-001\ntitle: Auth\nstatus: active\nblocked_by: [INIT-000]\ntasks:\n  - id: TASK-001\n',
      '.orc/initiatives/INIT-002/initiative.yaml': 'id: INIT-002\ntitle: React\nstatus: draft\nblocked_by: [INIT-001]\n',
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'x', initiative_id: 'INIT-001' }),
    });
    const { initiatives, diagnostics } = await scanFolder(ws.root, NOW);
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual(initiatives.get('INIT-000')!.blocks, ['INIT-001']);
    assert.strictEqual(initiatives.get('INIT-001')!.blocked, false);
    assert.strictEqual(initiatives.get('INIT-002')!.blocked, true);
    assert.deepStrictEqual(initiatives.get('INIT-001')!.taskIds, ['TASK-001', 'TASK-002']);
  });

  it('finds the project config in orc.yaml or .orc/config.yaml and reports its problems', async () => {
    ws = new TempWorkspace({ '.orc/config.yaml': 'version: 1\ngit:\n  worktrees: "yes please"\n' });
    const { diagnostics } = await scanFolder(ws.root, NOW);
    assert.strictEqual(diagnostics.length, 1);
    assert.strictEqual(diagnostics[0]!.file, ws.path('.orc/config.yaml'));
    assert.strictEqual(diagnostics[0]!.line, 3);
    assert.match(diagnostics[0]!.message, /git\.worktrees/);
  });
});
