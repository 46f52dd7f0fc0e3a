import * as assert from 'node:assert';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { writeOrcWorkspace } from '../../../bench/lib/orc-workspace';
import { OrcAdapter } from '../../../src/core/formats/orc-eras/adapter';
import type { LinkInput } from '../../../src/core/model/adapter';
import type { OrcAnyRecord } from '../../../src/core/formats/orc-eras/record';
import { defaultAdapters, OrchestrationService } from '../../../src/core/service/orchestration-service';
import type { IndexChange } from '../../../src/core/service/workspace-index';
import type { AnyAdapter } from '../../../src/core/service/work-item';
import { runSteps } from '../../../src/core/util/steps';
import { FIXTURES, TempWorkspace, taskYaml } from '../helpers/temp-workspace';

/*
 * Issue 18: the editor's first scan must not hold the extension host for the whole link of 10,000 tasks (it did, for
 * a few hundred milliseconds after the last read). The scan runs orc's link in steps, with the event loop's other
 * work between slices; every other caller still links at once, and both give the same items.
 */

const TASKS = 10_000;

/** orc's adapter, telling while its link runs (whether called at once or in steps). */
class ObservedOrc extends OrcAdapter {
  depth = 0;
  get linking(): boolean {
    return this.depth > 0;
  }

  override link(input: LinkInput<OrcAnyRecord>): ReturnType<OrcAdapter['link']> {
    this.depth++;
    try {
      return super.link(input);
    } finally {
      this.depth--;
    }
  }

  override *linkSteps(input: LinkInput<OrcAnyRecord>): ReturnType<OrcAdapter['linkSteps']> {
    this.depth++;
    try {
      return yield* super.linkSteps(input);
    } finally {
      this.depth--;
    }
  }
}

/** The default adapters with orc's replaced. */
function adaptersWith(orc: OrcAdapter): AnyAdapter[] {
  return defaultAdapters().map((a) => a.system === 'orc' ? orc as unknown as AnyAdapter : a);
}

/** orc's adapter without steps: the scan links it at once, as every relink does. */
function linkingAtOnce(): OrcAdapter {
  const orc = new OrcAdapter();
  const steps = orc.linkSteps.bind(orc);
  return Object.assign(orc, { link: (input: LinkInput<OrcAnyRecord>) => runSteps(steps(input)), linkSteps: undefined });
}

/** Calls `each` at every turn of the event loop (setImmediate) until stopped. */
function everyTurn(each: () => void): () => void {
  let on = true;
  const turn = () => { if (!on) return; each(); setImmediate(turn); };
  setImmediate(turn);
  return () => { on = false; };
}

async function scanned(root: string, orc: OrcAdapter) {
  const service = new OrchestrationService({ folders: [{ root }], adapters: adaptersWith(orc) });
  await service.scan();
  const out = { items: service.items(), decisions: service.decisions(), diagnostics: service.diagnostics() };
  service.dispose();
  return out;
}

describe('the scan links in slices (issue 18)', function () {
  this.timeout(300_000);
  let ws: TempWorkspace;
  before(() => {
    ws = new TempWorkspace();
    writeOrcWorkspace(ws.root, TASKS);
  });
  after(() => ws?.dispose());

  it(`lets the event loop run while it links ${TASKS.toLocaleString('en-US')} tasks, and shows the previous items whole meanwhile`, async () => {
    const orc = new ObservedOrc();
    const service = new OrchestrationService({ folders: [{ root: ws.root }], adapters: adaptersWith(orc) });
    let turnsWhileLinking = 0;
    const seen = new Set<number>();
    const stop = everyTurn(() => {
      if (!orc.linking) return;
      turnsWhileLinking++;
      seen.add(service.items().length);
    });
    try {
      await service.scan();
    } finally {
      stop();
    }
    assert.ok(turnsWhileLinking >= 2, `the event loop turned ${turnsWhileLinking} times while orc's link ran`);
    // A cold scan: nothing until the link is done, never part of it.
    assert.deepStrictEqual([...seen], [0]);
    assert.strictEqual(service.items().filter((i) => i.kind === 'task').length, TASKS);

    // Again, with the items of the first scan in place: those are shown, whole, until the second link is done.
    seen.clear();
    const again = everyTurn(() => { if (orc.linking) seen.add(service.items().length); });
    try {
      await service.scan();
    } finally {
      again();
    }
    assert.deepStrictEqual([...seen], [TASKS + 100]);
    service.dispose();
  });

  it('gives the same items, decisions and problems as linking at once, on the generated workspace and every orc fixture', async () => {
    const under = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
    const roots = [ws.root, ...under(path.join(FIXTURES, 'orc')), ...under(path.join(FIXTURES, 'wild', 'orc'))];
    for (const root of roots) {
      const sliced = await scanned(root, new OrcAdapter());
      const atOnce = await scanned(root, linkingAtOnce());
      assert.ok(sliced.items.length > 0 || root !== ws.root);
      assert.deepStrictEqual(sliced, atOnce, root);
    }
  });

  it('lists every pending human gate as a decision when the link runs in slices, across many steps of tasks', async () => {
    const files: Record<string, string> = {};
    const expected: string[] = [];
    for (let i = 1; i <= 1500; i++) {
      const id = `TASK-${String(i).padStart(4, '0')}`;
      files[`.orc/tasks/${id}/task.yaml`] = taskYaml({ id, title: `Task ${i}`, status: 'blocked' });
      // A pending gate on tasks either side of the gate decisions' step boundaries (every 500 tasks).
      if ([1, 499, 500, 501, 1000, 1001, 1500].includes(i)) {
        files[`.orc/tasks/${id}/state.yaml`] = 'gates:\n  - {phase: review, type: human, decision: pending, timestamp: 2026-01-10T11:00:00Z}\n';
        expected.push(`${id}:review`);
      }
    }
    const gates = new TempWorkspace(files);
    try {
      const sliced = await scanned(gates.root, new OrcAdapter());
      assert.deepStrictEqual(sliced.decisions.map((d) => d.id).sort(), expected);
      assert.deepStrictEqual(sliced, await scanned(gates.root, linkingAtOnce()));
    } finally {
      gates.dispose();
    }
  });

  it('hands the scan\'s change to the views in turns: other work runs between two busy listeners', async () => {
    const small = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\ntitle: One\nstatus: planned\n' });
    const service = new OrchestrationService({ folders: [{ root: small.root }] });
    const order: string[] = [];
    // Each listener holds the loop longer than a slice, as a view given 10,000 changed items does.
    const busy = (name: string) => () => {
      order.push(name);
      const until = performance.now() + 25;
      while (performance.now() < until) { /* a view at work */ }
    };
    service.onDidChange(busy('first view'));
    service.onDidChange(busy('second view'));
    let scanning = true;
    const stop = everyTurn(() => { if (scanning && order.length === 1) order.push('other work'); });
    try {
      await service.scan();
    } finally {
      scanning = false;
      stop();
      service.dispose();
      small.dispose();
    }
    assert.deepStrictEqual(order, ['first view', 'other work', 'second view']);
  });

  it('a recheck during a scan links nothing half-read: every recheck sees the items whole, and no change removes one', async () => {
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const all = service.items().length;
    const changes: IndexChange[] = [];
    service.onDidChange((c) => changes.push(c));
    // What each recheck left: a recheck that linked the files read so far would leave fewer items (and remove some).
    const seen: number[] = [];
    const stop = everyTurn(() => { service.recheck(); seen.push(service.items().length); });
    try {
      await service.scan();
    } finally {
      stop();
    }
    // The scan's change, and maybe a recheck's after it (the views take the change in turns, and orc's initiatives are
    // linked anew by every relink): none removes anything.
    assert.ok(changes.length >= 1 && changes.every((c) => c.removed.length === 0), JSON.stringify(changes.map((c) => c.removed.length)));
    assert.ok(seen.length > 10, `${seen.length} rechecks during the scan`);
    assert.deepStrictEqual([...new Set(seen)], [all], 'every recheck saw every item');
    assert.strictEqual(service.items().length, all);
    service.dispose();
  });
});
