import * as assert from 'node:assert';
import { copyFileSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome, scanned } from './helpers';

/**
 * history.jsonl is opened without following links (no lstat before each read, issue 18): a link must still be read
 * only when its real target stays inside the orange root.
 */
describe('orange: a history.jsonl that is a symbolic link', () => {
  let tmp: TempWorkspace;
  afterEach(() => tmp?.dispose());

  async function historyOf(target: (history: string) => string) {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const history = path.join(home.orangeRoot, 'tasks', 'app', ID.done, 'history.jsonl');
    const moved = target(history);
    renameSync(history, moved);
    symlinkSync(moved, history);
    const service = await scanned(home.root, home.orangeRoot);
    try {
      const item = service.items().find((i) => i.system === 'orange' && i.id === ID.done);
      assert.ok(item?.system === 'orange');
      return { events: item.recentHistory.length, problems: service.diagnostics().filter((d) => d.file === history).map((d) => d.message) };
    } finally {
      service.dispose();
    }
  }

  it('leading out of the orange root: not read, and said so', async () => {
    const got = await historyOf(() => tmp.path('elsewhere.jsonl'));
    assert.strictEqual(got.events, 0);
    assert.strictEqual(got.problems.length, 1);
    assert.match(got.problems[0]!, /^not read: /);
  });

  it('leading to a file inside the orange root: read as the file itself', async () => {
    const got = await historyOf((history) => {
      const inside = path.join(path.dirname(history), 'history.real.jsonl');
      copyFileSync(history, inside);
      return inside;
    });
    assert.deepStrictEqual(got, { events: 2, problems: [] });
  });
});
