import * as assert from 'node:assert';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { scanFolder } from '../helpers/scan';

const NOW = Date.parse('2026-01-10T12:32:00Z');

const PLAN = `task_id: TASK-001
weight: medium
generated_at: 2026-01-10T10:32:00Z
phases:
  - name: spec
    type: spec
    max_iterations: 3
    timeout: 300s
    completion_criteria: [claude_confirms]
    checkpoint: true
    gate: {type: ai, criteria: [spec_complete]}
  - name: implement
    type: implement
    max_iterations: 10
    completion_criteria:
      - all_tests_pass
      - coverage_above: 80
    gate: {type: auto}
  - name: review
    type: review
    gate: {type: ai}
`;

const STATE = `current_phase: implement
current_iteration: 3
status: running
started_at: 2026-01-10T10:31:00Z
total_duration: 2h15m
execution: {pid: 1, hostname: elsewhere, started_at: 2026-01-10T10:31:00Z, last_heartbeat: 2026-01-10T12:30:00Z}
session: {id: sess_abc123, model: claude-opus-4-5-20251101, status: active, turn_count: 15}
phases:
  classify:
    status: completed
    started_at: 2026-01-10T10:31:00Z
    completed_at: 2026-01-10T10:32:00Z
    iterations: 1
    duration: 45s
    checkpoint: abc123def
    result: {weight: medium, confidence: 0.88}
  spec:
    status: completed
    started_at: 2026-01-10T10:32:00Z
    completed_at: 2026-01-10T10:45:30Z
    iterations: 2
    commit_sha: def456ghi
    artifacts: [.orc/tasks/TASK-001/artifacts/spec.md]
    tokens: {input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 10, cache_read_input_tokens: 1000, total_tokens: 1160}
  research:
    status: skipped
    completed_at: 2026-01-10T10:31:30Z
    iterations: 0
    error: "skipped: artifact exists"
  implement:
    status: running
    started_at: 2026-01-10T10:45:00Z
    iterations: 3
    last_checkpoint: ghi789jkl
    files_changed: [src/auth/oauth.go]
gates:
  - {phase: spec, type: ai, decision: approved, timestamp: 2026-01-10T10:45:00Z, rationale: "covers it"}
  - {phase: research, gate_type: skip, approved: true, reason: "artifact exists", timestamp: 2026-01-10T10:31:30Z}
tokens:
  input_tokens: 45000
  output_tokens: 12000
  total_tokens: 57000
  by_phase: {classify: 2000, spec: 1160, implement: 28000}
cost: {total_cost_usd: 1.25, phase_costs: {spec: 0.4, implement: 0.85}}
`;

describe('orc state.yaml and plan.yaml', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('merges plan and state into one timeline, placing state-only phases by time', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a', status: 'running', weight: 'medium' }),
      '.orc/tasks/TASK-001/plan.yaml': PLAN, '.orc/tasks/TASK-001/state.yaml': STATE,
    });
    const { tasks, diagnostics } = await scanFolder(ws.root, NOW);
    assert.deepStrictEqual(diagnostics, []);
    const t = tasks.get('TASK-001')!;
    assert.deepStrictEqual(t.phases.map((p) => [p.name, p.status, p.inPlan]),
      [['classify', 'completed', false], ['research', 'skipped', false], ['spec', 'completed', true],
        ['implement', 'running', true], ['review', 'pending', true]]);
    const [classify, research, spec, implement, review] = t.phases;
    assert.deepStrictEqual([classify!.duration, classify!.checkpoint], ['45s', 'abc123def']);
    assert.deepStrictEqual([spec!.duration, spec!.checkpoint, spec!.iterations, spec!.maxIterations], ['13m 30s', 'def456ghi', 2, 3],
      'duration computed from the timestamps; orc\'s commit_sha is the checkpoint');
    assert.deepStrictEqual(spec!.gates.map((g) => [g.type, g.decision, g.rationale]), [['ai', 'approved', 'covers it']]);
    assert.deepStrictEqual(research!.gates.map((g) => [g.type, g.decision, g.rationale]), [['skip', 'approved', 'artifact exists']]);
    assert.strictEqual(research!.error, 'skipped: artifact exists');
    assert.deepStrictEqual([implement!.current, implement!.checkpoint, implement!.filesChanged, implement!.completionCriteria],
      [true, 'ghi789jkl', ['src/auth/oauth.go'], ['all_tests_pass', 'coverage_above: 80']]);
    assert.deepStrictEqual([spec!.gateType, spec!.gateCriteria, spec!.timeout, review!.iterations], ['ai', ['spec_complete'], '300s', null]);
    assert.deepStrictEqual(spec!.tokens, { input: 100, output: 50, cacheCreation: 10, cacheRead: 1000, total: 1160, effectiveInput: 1110 });
    assert.deepStrictEqual(implement!.tokens, { input: null, output: null, cacheCreation: null, cacheRead: null, effectiveInput: null, total: 28000 },
      'a bare number in by_phase is a total only');
    assert.deepStrictEqual([spec!.costUsd, implement!.costUsd, review!.costUsd], [0.4, 0.85, null]);
    assert.strictEqual(t.state?.session?.id, 'sess_abc123');
    assert.strictEqual(t.plan?.generated_at, '2026-01-10T10:32:00Z');
  });

  it('never derives phases from the weight: no plan and no state means no timeline', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a', weight: 'large' }) });
    assert.deepStrictEqual((await scanFolder(ws.root, NOW)).tasks.get('TASK-001')!.phases, []);
  });

  it('without a plan, lists the phases state.yaml knows in its order', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-001/state.yaml': 'phases:\n  implement: {status: completed}\n  test: {status: paused}\n',
    });
    assert.deepStrictEqual((await scanFolder(ws.root, NOW)).tasks.get('TASK-001')!.phases.map((p) => [p.name, p.status]),
      [['implement', 'completed'], ['test', 'paused']]);
  });

  it('reports a broken plan.yaml at its line and still lists the task; unknown phase statuses are noted and kept', async () => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }),
      '.orc/tasks/TASK-001/plan.yaml': 'phases:\n  - name: spec\n    max_iterations: many\n  - type: test\n',
      '.orc/tasks/TASK-001/state.yaml': 'phases:\n  spec:\n    status: thinking\n',
    });
    const { tasks, diagnostics } = await scanFolder(ws.root, NOW);
    const lines = diagnostics.map((d) => [d.file.split('/').pop(), d.line, d.severity, d.message]);
    assert.deepStrictEqual(lines.sort(), [
      ['plan.yaml', 3, 'error', '`phases.0.max_iterations` should be a number'],
      ['plan.yaml', 4, 'warning', 'plan phase 2 has no `id` or `name`: orc cannot record it; it is shown as "phase 2"'],
      ['state.yaml', 3, 'info', 'unknown phase status "thinking" (known: pending, running, completed, failed, paused, interrupted, skipped); shown as written'],
    ].sort());
    assert.deepStrictEqual(tasks.get('TASK-001')!.phases.map((p) => [p.name, p.status, p.maxIterations]),
      [['spec', 'thinking', null], ['phase 2', 'pending', null]]);
  });

  it('a plan.yaml edit re-links the task alone', async () => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a' }) });
    const { service } = await scanFolder(ws.root, NOW);
    const file = ws.write('.orc/tasks/TASK-001/plan.yaml', 'phases:\n  - name: implement\n');
    const change = await service.fileChanged(file);
    assert.deepStrictEqual(change?.changed.map((i) => i.id), ['TASK-001']);
    const t = service.items().find((i) => i.id === 'TASK-001');
    assert.ok(t?.system === 'orc' && t.kind === 'task');
    assert.deepStrictEqual(t.phases.map((p) => p.name), ['implement']);
  });
});
