import * as assert from 'node:assert';
import type { SourceContext } from '../../../src/core/model/adapter';
import { otherPlaces } from '../../../src/core/places/places-service';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';

/** A folder with one orc task titled after it. */
function folder(name: string): TempWorkspace {
  return new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: `${name} one`, status: 'planned' }) });
}

/** The folders as a function that counts how often it was asked (the editor's: it reads the settings). */
function counted(contexts: () => readonly SourceContext[]): { folders: () => readonly SourceContext[]; readonly asked: number } {
  let asked = 0;
  return { folders: () => { asked++; return contexts(); }, get asked() { return asked; } };
}

const titles = (service: OrchestrationService) => service.items().map((i) => i.title).sort();

describe('OrchestrationService: the folders given as a function (read when first needed, not when made)', () => {
  const made: TempWorkspace[] = [];
  const ws = (w: TempWorkspace) => { made.push(w); return w; };
  afterEach(() => { for (const w of made.splice(0)) w.dispose(); });

  it('the constructor does not ask; the first use asks once, and a scan reads what it gave', async () => {
    const a = ws(folder('A'));
    const given = counted(() => [{ root: a.root }]);
    const service = new OrchestrationService({ folders: given.folders, places: otherPlaces() });
    try {
      assert.strictEqual(given.asked, 0, 'made (with its intents and other places) without asking');
      service.onDidChange(() => undefined);
      assert.strictEqual(given.asked, 0);
      await service.scan();
      assert.strictEqual(given.asked, 1);
      assert.deepStrictEqual(service.folders, [a.root]);
      assert.deepStrictEqual(service.contextOf(a.root), { root: a.root });
      assert.deepStrictEqual(titles(service), ['A one']);
      service.recheck();
      assert.strictEqual(given.asked, 1, 'asked once, never again');
    } finally {
      service.dispose();
    }
  });

  it('a query before the scan gets the folders (not none), and nothing read yet', () => {
    const a = ws(folder('A'));
    const b = ws(folder('B'));
    const given = counted(() => [{ root: a.root }, { root: b.root }]);
    const service = new OrchestrationService({ folders: given.folders });
    try {
      assert.deepStrictEqual(service.folders, [a.root, b.root]);
      assert.deepStrictEqual(service.contextOf(b.root), { root: b.root });
      assert.deepStrictEqual(service.items(), []);
      assert.strictEqual(service.hasScanned, false);
      assert.strictEqual(given.asked, 1);
    } finally {
      service.dispose();
    }
  });

  it('a reconfigure queued before anything asked: the given folders, then the new ones, each read once', async () => {
    const a = ws(folder('A'));
    const b = ws(folder('B'));
    const given = counted(() => [{ root: a.root }]);
    const service = new OrchestrationService({ folders: given.folders });
    try {
      // The editor: settings changed before the first scan; the scan is queued after the reconfigure.
      const reconfigured = service.reconfigure([{ root: a.root }, { root: b.root }]);
      const scanned = service.scan();
      assert.deepStrictEqual(await reconfigured, { kept: [a.root], read: [b.root], dropped: [] });
      await scanned;
      assert.strictEqual(given.asked, 1);
      assert.deepStrictEqual(service.folders, [a.root, b.root]);
      assert.deepStrictEqual(titles(service), ['A one', 'B one']);

      // A scan queued first, then a folder removed: the scan reads the given folders, the reconfigure drops one.
      const c = ws(folder('C'));
      const second = new OrchestrationService({ folders: () => [{ root: c.root }, { root: a.root }] });
      try {
        const first = second.scan();
        const dropped = second.reconfigure([{ root: a.root }]);
        await first;
        assert.deepStrictEqual(await dropped, { kept: [a.root], read: [], dropped: [c.root] });
        assert.deepStrictEqual(titles(second), ['A one']);
      } finally {
        second.dispose();
      }
    } finally {
      service.dispose();
    }
  });

  it('folders that cannot be given (the function throws) are asked for again at the next use', async () => {
    const a = ws(folder('A'));
    let fail = true;
    const service = new OrchestrationService({ folders: () => { if (fail) throw new Error('settings not readable'); return [{ root: a.root }]; } });
    try {
      await assert.rejects(service.scan(), /settings not readable/);
      assert.strictEqual(service.hasScanned, false);
      fail = false;
      await service.scan();
      assert.deepStrictEqual(titles(service), ['A one']);
    } finally {
      service.dispose();
    }
  });
});
