import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { whenFolderExists } from '../../../src/vscode/folder-arrival';
import { TempWorkspace } from '../helpers/temp-workspace';

// A watch pattern's folder that does not exist yet (orc's ~/.orc/projects/<id>/): waited for level by level.

const arrival = (folder: string) => {
  let arrived = false;
  const wait = new Promise<number>((resolve) => {
    const started = Date.now();
    const sub = whenFolderExists(folder, () => { arrived = true; sub.dispose(); resolve(Date.now() - started); });
  });
  return { wait, get arrived() { return arrived; } };
};

describe('waiting for a folder to exist', () => {
  let temp: TempWorkspace;
  beforeEach(() => { temp = new TempWorkspace(); });
  afterEach(() => temp.dispose());

  it('fires once the folder exists, created levels deep after the wait began, not before', async () => {
    const folder = temp.path('.orc/projects/0a1b2c3d');
    const a = arrival(folder);
    await new Promise((r) => setTimeout(r, 50));
    mkdirSync(temp.path('.orc'));
    await new Promise((r) => setTimeout(r, 50));
    mkdirSync(temp.path('.orc/projects'));
    writeFileSync(temp.path('.orc/projects.yaml'), 'projects: []\n');
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(a.arrived, false);
    mkdirSync(folder);
    const ms = await a.wait;
    assert.ok(ms < 1000, `${ms} ms`);
  });

  it('fires at once for a folder that is there, and a folder made in one go (mkdir -p) is seen', async () => {
    assert.ok(await arrival(temp.root).wait < 100);
    const deep = path.join(temp.root, 'a', 'b', 'c');
    const a = arrival(deep);
    mkdirSync(deep, { recursive: true });
    assert.ok(await a.wait < 3000);
  });

  it('does nothing once disposed', async () => {
    const folder = temp.path('later');
    let fired = false;
    whenFolderExists(folder, () => { fired = true; }).dispose();
    mkdirSync(folder);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(fired, false);
  });
});
