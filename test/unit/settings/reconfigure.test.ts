import * as assert from 'node:assert';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TraceFileRecord } from '../../../src/core/formats/intents/model';
import type { SourceContext } from '../../../src/core/model/adapter';
import { JsonIndexCache } from '../../../src/core/service/index-cache';
import { OrchestrationService, type IndexChange } from '../../../src/core/service/orchestration-service';
import { orangeHome } from '../orange/helpers';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';

const TRACE = '.orchestration/agent_trace.jsonl';

/** A folder with two orc tasks, one broken orc file (a diagnostic) and an intents trace of `entries` lines. */
function folder(name: string, entries = 3): TempWorkspace {
  const lines = Array.from({ length: entries }, (_, i) =>
    JSON.stringify({ timestamp: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`, intent_id: 'INT-001', action_type: 'TOOL_EXECUTION' }));
  return new TempWorkspace({
    '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: `${name} one`, status: 'planned' }),
    '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: `${name} two`, status: 'running' }),
    '.orc/tasks/TASK-003/task.yaml': 'id: [unclosed\n',
    '.orchestration/active_intents.yaml': 'active_intents:\n  - id: INT-001\n    name: Intent one\n    status: IN_PROGRESS\n',
    [TRACE]: lines.join('\n') + '\n',
  });
}

/** Every change the service fires while `body` runs. */
async function changesDuring(service: OrchestrationService, body: () => Promise<unknown>): Promise<IndexChange[]> {
  const seen: IndexChange[] = [];
  const sub = service.onDidChange((c) => seen.push(c));
  try { await body(); } finally { sub.dispose(); }
  return seen;
}

const itemsOf = (service: OrchestrationService, root: string, system?: string) =>
  service.items().filter((i) => i.root === root && (!system || i.system === system));
const traceOf = (service: OrchestrationService, root: string) =>
  service.records('intents').find((r) => r.root === root && (r.record as { kind?: string }).kind === 'trace')?.record as TraceFileRecord | undefined;

describe('OrchestrationService.reconfigure (settings and folders without a reload)', () => {
  const made: TempWorkspace[] = [];
  const ws = (w: TempWorkspace) => { made.push(w); return w; };
  afterEach(() => { for (const w of made.splice(0)) w.dispose(); });

  it('keeps an unchanged folder as it was, reads a new folder, and drops a removed one', async () => {
    const a = ws(folder('A'));
    const b = ws(folder('B'));
    const service = new OrchestrationService({ folders: [{ root: a.root }] });
    await service.scan();
    const before = itemsOf(service, a.root);
    assert.ok(before.length >= 3);

    let result;
    const added = await changesDuring(service, async () => { result = await service.reconfigure([{ root: a.root }, { root: b.root }]); });
    assert.deepStrictEqual(result, { kept: [a.root], read: [b.root], dropped: [] });
    assert.deepStrictEqual(service.folders, [a.root, b.root]);
    // The kept folder's items are the very same objects: nothing of it was read again.
    const after = itemsOf(service, a.root);
    assert.strictEqual(after.length, before.length);
    assert.ok(after.every((item, i) => item === before[i]));
    // and B's broken TASK-003 as the placeholder that keeps its place (titled by its folder)
    assert.deepStrictEqual(itemsOf(service, b.root, 'orc').map((t) => t.title).sort(), ['B one', 'B two', 'TASK-003']);
    assert.deepStrictEqual(added.map((c) => c.root), [b.root]);
    assert.deepStrictEqual(added[0]!.changed.map((i) => i.id).sort(), itemsOf(service, b.root).map((i) => i.id).sort());
    assert.ok(service.diagnostics().some((d) => d.file.startsWith(b.root + path.sep)), 'the new folder\'s problems are there');

    const dropped = await changesDuring(service, async () => { result = await service.reconfigure([{ root: b.root }]); });
    assert.deepStrictEqual(result, { kept: [b.root], read: [], dropped: [a.root] });
    assert.deepStrictEqual(service.folders, [b.root]);
    assert.deepStrictEqual(itemsOf(service, a.root), []);
    assert.ok(!service.diagnostics().some((d) => d.file.startsWith(a.root + path.sep)), 'the dropped folder\'s problems are gone');
    assert.deepStrictEqual(dropped.map((c) => [c.root, c.changed.length, c.removed.length, c.diagnosticsChanged]), [[a.root, 0, before.length, true]]);
    assert.ok(!service.watchPatterns().some((p) => p.base === a.root));
  });

  it('a system turned off is neither read nor watched, and comes back when turned on', async () => {
    const a = ws(folder('A'));
    const service = new OrchestrationService({ folders: [{ root: a.root }] });
    await service.scan();
    const orcKeys = itemsOf(service, a.root, 'orc').length;
    assert.ok(orcKeys >= 2);
    assert.ok(service.diagnostics().some((d) => d.system === 'orc'));
    const watchedOrc = () => service.watchPatterns().some((p) => p.glob.includes('.orc/'));
    assert.ok(watchedOrc());

    const off = await changesDuring(service, () => service.reconfigure([{ root: a.root, systems: ['orchestral', 'intents', 'ultrawork', 'orange'] }]));
    assert.deepStrictEqual(itemsOf(service, a.root, 'orc'), []);
    assert.ok(itemsOf(service, a.root, 'intents').length > 0, 'the other systems stay');
    assert.ok(!service.diagnostics().some((d) => d.system === 'orc'), 'its problems leave the Problems panel');
    assert.ok(!watchedOrc(), 'its files are not watched');
    assert.strictEqual(off.length, 1);
    assert.strictEqual(off[0]!.removed.filter((k) => k.includes('\u0000orc\u0000')).length, orcKeys);
    // A file event for a system not read changes nothing.
    a.write('.orc/tasks/TASK-004/task.yaml', taskYaml({ id: 'TASK-004', title: 'new', status: 'planned' }));
    assert.strictEqual(await service.fileChanged(a.path('.orc/tasks/TASK-004/task.yaml')), undefined);

    await service.reconfigure([{ root: a.root }]);
    assert.deepStrictEqual(itemsOf(service, a.root, 'orc').map((t) => t.id).sort(), ['TASK-001', 'TASK-002', 'TASK-003', 'TASK-004']);
    assert.ok(service.diagnostics().some((d) => d.system === 'orc'));
    assert.ok(watchedOrc());
  });

  it('a changed trace tail reads the trace again, even when the persistent cache holds it', async () => {
    const a = ws(folder('A', 12));
    const cacheDir = ws(new TempWorkspace());
    const cache = new JsonIndexCache(cacheDir.root);
    const service = new OrchestrationService({ folders: [{ root: a.root, traceTail: 5 }], cache });
    await service.scan();
    assert.strictEqual(traceOf(service, a.root)!.entries.length, 5);

    await service.reconfigure([{ root: a.root, traceTail: 10 }]);
    assert.strictEqual(traceOf(service, a.root)!.entries.length, 10);
    assert.strictEqual(traceOf(service, a.root)!.entries[0]!.timestamp, '2026-01-01T00:00:11Z', 'the newest first');
    // A new window with the same tail reuses the cache; one with another tail does not take the cached record.
    const again = new OrchestrationService({ folders: [{ root: a.root, traceTail: 10 }], cache });
    await again.scan();
    assert.strictEqual(traceOf(again, a.root)!.entries.length, 10);
    const fewer = new OrchestrationService({ folders: [{ root: a.root, traceTail: 2 }], cache });
    await fewer.scan();
    assert.strictEqual(traceOf(fewer, a.root)!.entries.length, 2);
  });

  it('bounds the trace tail: a huge or broken value never makes a read unbounded', async () => {
    const a = ws(folder('A', 30));
    const service = new OrchestrationService({ folders: [{ root: a.root, traceTail: 0 }] });
    await service.scan();
    assert.strictEqual(traceOf(service, a.root)!.entries.length, 1, 'below the minimum: 1');
    await service.reconfigure([{ root: a.root, traceTail: Number.NaN }]);
    assert.strictEqual(traceOf(service, a.root)!.entries.length, 30, 'not a number: the default (200), here all 30');
    await service.reconfigure([{ root: a.root, traceTail: 1e12 }]);
    assert.strictEqual(traceOf(service, a.root)!.entries.length, 30);
  });

  it('follows a changed orange root: the old root\'s tasks leave, the watchers move', async () => {
    const home = orangeHome('valid');
    made.push(home.tmp);
    const empty = home.tmp.path('elsewhere/orange');
    mkdirSync(empty, { recursive: true });
    const ctx = (orangeRoot: string): SourceContext => ({ root: home.root, orangeRoot });
    const service = new OrchestrationService({ folders: [ctx(empty)] });
    await service.scan();
    assert.deepStrictEqual(itemsOf(service, home.root, 'orange'), []);

    const result = await service.reconfigure([ctx(home.orangeRoot)]);
    assert.deepStrictEqual(result.read, [home.root]);
    assert.strictEqual(itemsOf(service, home.root, 'orange').filter((i) => i.kind === 'task').length, 8);
    assert.ok(service.watchPatterns().some((p) => p.base === home.orangeRoot));
    assert.ok(!service.watchPatterns().some((p) => p.base === empty));

    const back = await changesDuring(service, () => service.reconfigure([ctx(empty)]));
    assert.deepStrictEqual(itemsOf(service, home.root, 'orange'), []);
    assert.ok(back[0]!.removed.length >= 8, 'the old root\'s tasks are named as removed');
  });

  it('reconfigures after a scan that is still running, never in the middle of it', async () => {
    const a = ws(folder('A'));
    const b = ws(folder('B'));
    const service = new OrchestrationService({ folders: [{ root: a.root }] });
    const order: string[] = [];
    const scan = service.scan().then(() => order.push('scan'));
    const reconfigure = service.reconfigure([{ root: b.root }]).then(() => order.push('reconfigure'));
    await Promise.all([scan, reconfigure]);
    assert.deepStrictEqual(order, ['scan', 'reconfigure']);
    assert.deepStrictEqual(service.folders, [b.root]);
    assert.deepStrictEqual(itemsOf(service, a.root), []);
    assert.ok(itemsOf(service, b.root, 'orc').length >= 2);
  });
});
