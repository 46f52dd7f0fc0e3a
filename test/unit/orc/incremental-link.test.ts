import assert from 'node:assert/strict';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace } from '../helpers/temp-workspace';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const STATUSES = ['created', 'planned', 'running', 'completed', 'failed', 'blocked'];

/** A small deterministic pseudo-random sequence, so a failure replays. */
function sequence(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 0x100000000; };
}

function task(id: string, fields: { status: string; priority: string; deps: string[]; initiative: string; title: string; mention?: string }): string {
  return [`# ${id}`, `id: ${id}`, `title: "${fields.title}"`, `status: ${fields.status}`, `priority: ${fields.priority}`,
    `initiative_id: ${fields.initiative}`, fields.deps.length ? `blocked_by: [${fields.deps.join(', ')}]` : '',
    fields.mention ? `description: "see ${fields.mention}"` : '', ''].join('\n');
}

function state(status: string, tokens: number, gate?: 'pending' | 'approved'): string {
  return `status: ${status}\ncurrent_phase: implement\nphases:\n  implement:\n    status: ${status === 'completed' ? 'completed' : 'running'}\n    iterations: 1\n` +
    `execution:\n  pid: 1\n  hostname: elsewhere\n  last_heartbeat: 2026-03-01T11:59:00Z\ntokens:\n  input_tokens: ${tokens}\n  output_tokens: 5\n` +
    (gate ? `gates:\n  - phase: implement\n    type: human\n    decision: ${gate}\n    timestamp: 2026-03-01T11:${String(tokens % 60).padStart(2, '0')}:00Z\n` : '');
}

/** Everything a view could show, in a stable order, without object identity. */
function snapshot(service: OrchestrationService): string {
  const items = service.items().map((i) => JSON.stringify(i)).sort();
  const diagnostics = service.diagnostics().map((d) => JSON.stringify(d)).sort();
  const decisions = service.decisions().map((d) => JSON.stringify(d)).sort();
  return JSON.stringify({ items, diagnostics, decisions }, null, 1);
}

describe('orc incremental relink', () => {
  it('after each of 300 random one-file edits, equals a fresh scan of the same files (items, diagnostics, decisions)', async function () {
    this.timeout(120_000);
    const random = sequence(20261122);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const ws = new TempWorkspace({ 'orc.yaml': 'version: 1\n' });
    try {
      const ids = Array.from({ length: 30 }, (_, i) => `TASK-${String(i + 1).padStart(3, '0')}`);
      // Each initiative's own list names tasks of the other one too (progress counts both its members and its list).
      for (const [init, listed] of [['INIT-001', ['TASK-004', 'TASK-011']], ['INIT-002', ['TASK-007', 'TASK-404']]] as const) {
        ws.write(`.orc/initiatives/${init}/initiative.yaml`, `id: ${init}\ntitle: ${init}\nstatus: active\ntasks:\n${listed.map((t) => `  - id: ${t}\n    status: planned\n`).join('')}`);
      }
      const fieldsOf = new Map(ids.map((id, i) => [id, { status: pick(STATUSES), priority: 'normal', deps: i > 0 && i % 3 === 0 ? [ids[i - 1]!] : [],
        initiative: i % 2 ? 'INIT-001' : 'INIT-002', title: `Task ${i}`, mention: undefined as string | undefined }]));
      for (const id of ids) {
        ws.write(`.orc/tasks/${id}/task.yaml`, task(id, fieldsOf.get(id)!));
        if (random() < 0.5) ws.write(`.orc/tasks/${id}/state.yaml`, state(pick(STATUSES), 10, pick([undefined, 'pending'] as const)));
      }
      const live = new OrchestrationService({ folders: [{ root: ws.root }], now: () => NOW });
      await live.scan();

      for (let step = 0; step < 300; step++) {
        const id = pick(ids);
        const fields = { ...fieldsOf.get(id)! };
        const roll = random();
        let file: string;
        if (roll < 0.25) { fields.status = pick(STATUSES); file = ws.write(`.orc/tasks/${id}/task.yaml`, task(id, fields)); }
        else if (roll < 0.4) { fields.priority = pick(['low', 'high', 'critical', 'normal']); fields.title = `Task ${step}`; file = ws.write(`.orc/tasks/${id}/task.yaml`, task(id, fields)); }
        else if (roll < 0.5) { fields.initiative = pick(['INIT-001', 'INIT-002', 'INIT-404']); file = ws.write(`.orc/tasks/${id}/task.yaml`, task(id, fields)); }
        else if (roll < 0.6) { fields.deps = random() < 0.5 ? [] : [pick(ids), pick([...ids, 'TASK-999'])]; file = ws.write(`.orc/tasks/${id}/task.yaml`, task(id, fields)); }
        else if (roll < 0.65) { fields.mention = pick(ids); file = ws.write(`.orc/tasks/${id}/task.yaml`, task(id, fields)); }
        else if (roll < 0.8) file = ws.write(`.orc/tasks/${id}/state.yaml`, state(pick(STATUSES), Math.floor(random() * 1000), pick([undefined, 'pending', 'approved'] as const)));
        else if (roll < 0.85) { ws.remove(`.orc/tasks/${id}/state.yaml`); file = ws.path(`.orc/tasks/${id}/state.yaml`); }
        else if (roll < 0.9) file = ws.write(`.orc/tasks/${id}/plan.yaml`, 'phases:\n  - name: implement\n    type: implement\n');
        else if (roll < 0.95) file = ws.write(`.orc/tasks/${id}/task.yaml`, `${task(id, fields)}broken: [\n`);
        else { ws.remove(`.orc/tasks/${id}/task.yaml`); file = ws.path(`.orc/tasks/${id}/task.yaml`); }
        fieldsOf.set(id, fields);
        const shown = new Map(live.items().map((i) => [`${i.kind}:${i.id}`, JSON.stringify(i)]));
        const change = await live.fileChanged(file);
        const fresh = new OrchestrationService({ folders: [{ root: ws.root }], now: () => NOW });
        await fresh.scan();
        const what = `step ${step}: ${file.slice(ws.root.length)} (roll ${roll.toFixed(3)})`;
        assert.equal(snapshot(live), snapshot(fresh), what);
        assert.deepEqual(live.items().map((i) => `${i.kind}:${i.id}`), fresh.items().map((i) => `${i.kind}:${i.id}`), `${what}: in a fresh scan's order`);
        // Every item that reads differently now is named by the change (a view updates only what it is told of).
        const named = new Set(change?.changed.map((i) => `${i.kind}:${i.id}`));
        for (const item of live.items()) {
          const key = `${item.kind}:${item.id}`;
          if (shown.get(key) !== JSON.stringify(item)) assert.ok(named.has(key), `${what}: ${key} changed and is named`);
        }
        fresh.dispose();
      }
      live.dispose();
    } finally {
      ws.dispose();
    }
  });

  it('initiatives: the same objects while nothing of theirs changed, so a recheck says nothing', async () => {
    const ws = new TempWorkspace({ 'orc.yaml': 'version: 1\n' });
    try {
      const base = { priority: 'normal', deps: [] as string[], title: 'T' };
      ws.write('.orc/initiatives/INIT-001/initiative.yaml', 'id: INIT-001\ntitle: One\nstatus: active\n');
      ws.write('.orc/initiatives/INIT-002/initiative.yaml', 'id: INIT-002\ntitle: Two\nstatus: active\nblocked_by: [INIT-001]\n');
      ws.write('.orc/tasks/TASK-001/task.yaml', task('TASK-001', { ...base, status: 'running', initiative: 'INIT-001' }));
      ws.write('.orc/tasks/TASK-002/task.yaml', task('TASK-002', { ...base, status: 'planned', initiative: 'INIT-002' }));
      const service = new OrchestrationService({ folders: [{ root: ws.root }], now: () => NOW });
      await service.scan();
      const changes: unknown[] = [];
      service.onDidChange((c) => changes.push(c));
      const initiatives = () => new Map(service.items().filter((i) => i.kind === 'initiative').map((i) => [i.id, i]));
      const before = initiatives();
      service.recheck();
      assert.strictEqual(changes.length, 0, 'a full relink with nothing changed fires nothing');
      assert.deepEqual([...initiatives()].map(([id, i]) => [id, i === before.get(id)]), [['INIT-001', true], ['INIT-002', true]]);
      // TASK-001 done: INIT-001's progress moves (a new object, named); INIT-002's does not (the same object).
      const change = await service.fileChanged(ws.write('.orc/tasks/TASK-001/task.yaml', task('TASK-001', { ...base, status: 'completed', initiative: 'INIT-001' })));
      const after = initiatives();
      assert.notEqual(after.get('INIT-001'), before.get('INIT-001'));
      assert.equal(after.get('INIT-002'), before.get('INIT-002'));
      assert.deepEqual(change?.changed.map((i) => i.id).sort(), ['INIT-001', 'TASK-001']);
      service.dispose();
    } finally {
      ws.dispose();
    }
  });

  it('hands back the same object for every task a one-file edit cannot change', async () => {
    const ws = new TempWorkspace({ 'orc.yaml': 'version: 1\n' });
    try {
      const base = { priority: 'normal', deps: [] as string[], initiative: 'INIT-001', title: 'T' };
      ws.write('.orc/tasks/TASK-001/task.yaml', task('TASK-001', { ...base, status: 'running' }));
      ws.write('.orc/tasks/TASK-002/task.yaml', task('TASK-002', { ...base, status: 'planned', deps: ['TASK-001'] }));
      ws.write('.orc/tasks/TASK-003/task.yaml', task('TASK-003', { ...base, status: 'planned' }));
      const service = new OrchestrationService({ folders: [{ root: ws.root }], now: () => NOW });
      await service.scan();
      const before = new Map(service.items().map((i) => [i.id, i]));
      const file = ws.write('.orc/tasks/TASK-001/task.yaml', task('TASK-001', { ...base, status: 'completed' }));
      const change = await service.fileChanged(file);
      const after = new Map(service.items().map((i) => [i.id, i]));
      assert.equal(after.get('TASK-003'), before.get('TASK-003'), 'an unrelated task is the same object');
      assert.notEqual(after.get('TASK-002'), before.get('TASK-002'), 'the blocked task it unblocked is rebuilt');
      assert.deepEqual(change?.changed.map((i) => i.id).sort(), ['INIT-001', 'TASK-001', 'TASK-002'].filter((id) => after.has(id)).sort());
      service.dispose();
    } finally {
      ws.dispose();
    }
  });
});
