import * as assert from 'node:assert';
import { JsonIndexCache } from '../../../src/core/service/index-cache';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { scanReportText } from '../../../src/core/report/scan-report';
import { jsonEqual } from '../../../src/core/util/json-equal';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { rng } from '../yaml/orc-yaml-gen';

/** A plan as orc writes one from its weight's template: the task's id and time, then the template's phases. */
const plan = (id: string, gate = 'auto') => `task_id: ${id}\nweight: small\ngenerated_at: 2026-01-05T10:00:00Z\nphases:\n`
  + ['spec', 'implement', 'test'].map((p) => `  - id: ${p}\n    name: ${p}\n    max_iterations: 3\n    gate:\n      type: ${p === 'test' ? gate : 'auto'}\n`).join('');

function files(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [n, gate] of [[1, 'auto'], [2, 'auto'], [3, 'auto'], [4, 'human']] as const) {
    const id = `TASK-00${n}`;
    out[`.orc/tasks/${id}/task.yaml`] = taskYaml({ id, title: `Task ${n}`, status: 'planned' });
    out[`.orc/tasks/${id}/plan.yaml`] = plan(id, gate);
  }
  return out;
}

interface PlanRecord { kind: string; dir: string; fields?: { task_id?: string; phases?: unknown[] } }

function planPhases(service: OrchestrationService): Map<string, unknown[] | undefined> {
  const out = new Map<string, unknown[] | undefined>();
  for (const { record } of service.records('orc')) {
    const r = record as PlanRecord;
    if (r.kind === 'plan') out.set(r.dir, r.fields?.phases);
  }
  return out;
}

describe('orc plans share their phases in the index (issue 18: heap per task)', () => {
  it('plans with equal phases hold one array, a different plan its own; what is shown is unchanged, cold and from the cache', async () => {
    const ws = new TempWorkspace(files());
    const cache = new TempWorkspace();
    try {
      for (const start of ['cold', 'from the cache']) {
        const service = new OrchestrationService({ folders: [{ root: ws.root }], cache: new JsonIndexCache(cache.root) });
        await service.scan();
        const phases = planPhases(service);
        assert.strictEqual(phases.size, 4, start);
        assert.ok(phases.get('TASK-001') === phases.get('TASK-002') && phases.get('TASK-002') === phases.get('TASK-003'), `${start}: one array for the three equal plans`);
        assert.notStrictEqual(phases.get('TASK-004'), phases.get('TASK-001'), `${start}: the plan with a human gate keeps its own`);
        // Each task still shows its own plan: the human gate of TASK-004 only, every record's own task_id.
        const report = JSON.parse(scanReportText(ws.root, service.items(), service.decisions(), service.diagnostics())) as { items: { id: string; phases?: { name: string; gateType?: string | null }[] }[] };
        const gateOfTest = (id: string) => report.items.find((i) => i.id === id)?.phases?.find((p) => p.name === 'test')?.gateType;
        assert.deepStrictEqual(['TASK-001', 'TASK-002', 'TASK-003', 'TASK-004'].map(gateOfTest), ['auto', 'auto', 'auto', 'human'], start);
        for (const { record } of service.records('orc')) {
          const r = record as PlanRecord;
          if (r.kind === 'plan') assert.strictEqual(r.fields?.task_id, r.dir, `${start}: ${r.dir}'s plan keeps its own task_id`);
        }
        service.dispose();
      }
    } finally {
      ws.dispose();
      cache.dispose();
    }
  });
});

describe('empty lists are one shared list, gates are read from state.yaml when asked (issue 18: heap per task)', () => {
  it('tasks with no blockers, dependants, mentions or gates share one frozen empty list; a task with them has its own, and its gates as state.yaml says', async () => {
    const ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Alone', status: 'planned' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Waits', status: 'blocked', blocked_by: ['TASK-003'] }),
      '.orc/tasks/TASK-003/task.yaml': taskYaml({ id: 'TASK-003', title: 'First', status: 'running' }),
      '.orc/tasks/TASK-003/state.yaml': 'status: running\ncurrent_phase: review\ngates:\n  - phase: spec\n    gate_type: human\n    approved: true\n    reason: fine\n    timestamp: 2026-01-05T10:00:00Z\n',
    });
    try {
      const service = new OrchestrationService({ folders: [{ root: ws.root }] });
      await service.scan();
      const task = (id: string) => service.items().find((i) => i.id === id) as unknown as Record<string, readonly unknown[]>;
      const alone = task('TASK-001');
      const lists = ['blockedBy', 'blocks', 'relatedTo', 'referencedBy', 'gates'].map((k) => alone[k]);
      assert.ok(lists.every((l) => l === lists[0] && Object.isFrozen(l) && l!.length === 0), 'one shared, frozen empty list');
      assert.deepStrictEqual(task('TASK-002')['blockedBy'], ['TASK-003']);
      assert.deepStrictEqual(task('TASK-003')['blocks'], ['TASK-002']);
      assert.deepStrictEqual(task('TASK-003')['gates'], [{ phase: 'spec', type: 'human', decision: 'approved', rationale: 'fine', timestamp: '2026-01-05T10:00:00Z' }]);
      const clean = service.diagnostics().filter((d) => d.file.endsWith('TASK-001/task.yaml'));
      assert.strictEqual(clean.length, 0);
      service.dispose();
    } finally {
      ws.dispose();
    }
  });

  it('jsonEqual says two values are equal only when JSON.stringify writes them alike, and finds equal copies equal', () => {
    const r = rng(4242);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const leaf = (): unknown => pick(['spec', 'implement', '', 3, 0, -0, 1.5, NaN, Infinity, true, false, null, undefined, '300s']);
    const value = (depth: number): unknown => {
      const x = r();
      if (depth > 3 || x < 0.4) return leaf();
      if (x < 0.6) return Array.from({ length: Math.floor(r() * 4) }, () => value(depth + 1));
      if (x < 0.62) return new Date(0);
      if (x < 0.64) return { toJSON: () => 'x' };
      const o: Record<string, unknown> = {};
      for (const k of ['id', 'name', 'gate', 'type', 'max_iterations'].filter(() => r() < 0.6)) o[k] = value(depth + 1);
      return o;
    };
    /** A copy, changed in one place now and then (a value, a key's order, a member left out). */
    const copy = (v: unknown): unknown => {
      if (r() < 0.03) return value(2);
      if (Array.isArray(v)) return v.map(copy);
      if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
        const entries = Object.entries(v).map(([k, x]) => [k, copy(x)] as const);
        if (r() < 0.05) entries.reverse();
        return Object.fromEntries(entries.filter(() => r() > 0.02));
      }
      return v;
    };
    let equal = 0;
    for (let i = 0; i < 20000; i++) {
      const a = value(0);
      const b = copy(a);
      if (jsonEqual(a, b)) {
        equal++;
        assert.strictEqual(JSON.stringify(a), JSON.stringify(b), `${i}`);
      }
    }
    assert.ok(equal > 5000, `${equal} equal`);
    const plans = JSON.parse(JSON.stringify([{ id: 'spec', gate: { type: 'auto' }, completion_criteria: ['x'] }])) as unknown;
    assert.ok(jsonEqual(plans, JSON.parse(JSON.stringify(plans))));
  });
});
