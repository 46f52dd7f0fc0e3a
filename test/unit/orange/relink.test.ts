import * as assert from 'node:assert';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexChange } from '../../../src/core/service/workspace-index';
import type { OrchestrationService } from '../../../src/core/service/orchestration-service';
import type { TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome, scanned } from './helpers';

const orangeItems = (s: OrchestrationService) => s.items().filter((i) => i.system === 'orange');
/** Items, decisions and problems as a full scan of the same files gives them (the relink must not drift from it). */
const snapshot = (s: OrchestrationService) => JSON.stringify({ items: orangeItems(s), decisions: s.decisions(), diagnostics: s.diagnostics() });

describe('orange: one changed file relinks only its task (issue 18)', () => {
  let tmp: TempWorkspace;
  let service: OrchestrationService;
  afterEach(() => { service?.dispose(); tmp?.dispose(); });

  async function changeAndCompare(home: ReturnType<typeof orangeHome>, file: string, edit: () => void): Promise<{ change: IndexChange; kept: number; others: number }> {
    service = await scanned(home.root, home.orangeRoot);
    const before = new Map(orangeItems(service).map((i) => [i.id, i]));
    const events: IndexChange[] = [];
    service.onDidChange((c) => events.push(c));
    edit();
    await service.fileChanged(file);
    assert.strictEqual(events.length, 1);
    const fresh = await scanned(home.root, home.orangeRoot);
    try {
      assert.strictEqual(snapshot(service), snapshot(fresh), 'the relinked index is what a full scan gives');
    } finally {
      fresh.dispose();
    }
    const taskOf = path.basename(path.dirname(file));
    const others = orangeItems(service).filter((i) => i.id !== taskOf);
    return { change: events[0]!, kept: others.filter((i) => before.get(i.id) === i).length, others: others.length };
  }

  it('a TASK.md edit: the change names only that task, and every other item is the very same object', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.planning, 'TASK.md');
    const { change, kept, others } = await changeAndCompare(home, file,
      () => writeFileSync(file, readFileSync(file, 'utf8').replace(/^summary: .*$/m, 'summary: Renamed by hand')));
    assert.deepStrictEqual(change.changed.map((i) => [i.id, i.title]), [[ID.planning, 'Renamed by hand']]);
    assert.deepStrictEqual(change.removed, []);
    assert.ok(others > 0);
    assert.strictEqual(kept, others, 'items of the tasks that did not change keep their identity');
  });

  it('a move into clarification: the task becomes a decision, in the order a full link gives', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.planning, 'TASK.md');
    const { change, kept, others } = await changeAndCompare(home, file,
      () => writeFileSync(file, readFileSync(file, 'utf8').replace(/^status: .*$/m, 'status: clarification')));
    assert.deepStrictEqual(change.changed.map((i) => i.id), [ID.planning]);
    assert.strictEqual(kept, others);
    assert.ok(service.decisions().some((d) => d.id === ID.planning));
  });

  it('a history.jsonl append: only its task changes', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.done, 'history.jsonl');
    const { change, kept, others } = await changeAndCompare(home, file,
      () => appendFileSync(file, `${JSON.stringify({ type: 'status.changed', timestamp: '2026-02-02T10:00:00Z', from: 'reviewing', to: 'done' })}\n`));
    assert.deepStrictEqual(change.changed.map((i) => i.id), [ID.done]);
    assert.strictEqual(kept, others);
  });

  it('a TASK.md whose created_at moves it in the order: linked again in full, same result as a scan', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.planning, 'TASK.md');
    const { change } = await changeAndCompare(home, file,
      () => writeFileSync(file, readFileSync(file, 'utf8').replace(/^created_at: .*$/m, "created_at: '2020-01-01T00:00:00Z'")));
    assert.deepStrictEqual(change.changed.map((i) => i.id), [ID.planning]);
    assert.strictEqual(orangeItems(service)[0]!.id, ID.planning, 'now the oldest');
  });
});
