import * as assert from 'node:assert';
import crypto from 'node:crypto';
import { realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { locateOrcGlobalDb, locateOrcProjectDb, orcProjectId, readOrcRegistry } from '../../../src/core/formats/orc-db/locate';
import { TempWorkspace } from '../helpers/temp-workspace';

describe('orc database: where it is', () => {
  let home: TempWorkspace;
  let ws: TempWorkspace;
  beforeEach(() => { home = new TempWorkspace(); ws = new TempWorkspace(); });
  afterEach(() => { home.dispose(); ws.dispose(); });

  it('a project id is the first 8 hex of sha256 of the resolved path (symlinks resolved)', () => {
    const link = path.join(home.root, 'link');
    symlinkSync(ws.root, link);
    const expected = crypto.createHash('sha256').update(realpathSync(ws.root)).digest('hex').slice(0, 8);
    assert.strictEqual(orcProjectId(ws.root), expected);
    assert.strictEqual(orcProjectId(link), expected);
  });

  it('uses the registry entry (matched by resolved path, its own id) before the folder\'s .orc/orc.db', async () => {
    const orcHome = home.path('.orc');
    const link = path.join(home.root, 'link');
    symlinkSync(ws.root, link);
    home.write('.orc/projects.yaml', `projects:\n  - id: cafe1234\n    name: p\n    path: ${link}\n    created_at: 2026-04-01T10:00:00Z\ndefault_project: cafe1234\n`);
    ws.write('.orc/orc.db', 'x');
    // Registered, but orc has not moved the database yet: it is still in the folder.
    assert.deepStrictEqual(await locateOrcProjectDb(ws.root, orcHome), { file: ws.path('.orc/orc.db'), layout: 'in-repo', projectId: 'cafe1234' });
    home.write('.orc/projects/cafe1234/orc.db', 'x');
    assert.deepStrictEqual(await locateOrcProjectDb(ws.root, orcHome),
      { file: home.path('.orc/projects/cafe1234/orc.db'), layout: 'registry', projectId: 'cafe1234' });
    assert.strictEqual(locateOrcGlobalDb(orcHome), null);
    home.write('.orc/orc.db', 'x');
    assert.strictEqual(locateOrcGlobalDb(orcHome), home.path('.orc/orc.db'));
  });

  it('an id that looks like a number is that text, as orc reads it into a string (12345678, 1e234567, 00012345)', async () => {
    const orcHome = home.path('.orc');
    for (const id of ['12345678', '1e234567', '00012345', '0x1f2e3d']) {
      home.write('.orc/projects.yaml', `projects:\n  - id: ${id}\n    name: 2026\n    path: ${ws.root}\n`);
      home.write(`.orc/projects/${id}/orc.db`, 'x');
      assert.deepStrictEqual(await locateOrcProjectDb(ws.root, orcHome), { file: home.path(`.orc/projects/${id}/orc.db`), layout: 'registry', projectId: id }, id);
      assert.strictEqual((await readOrcRegistry(orcHome)).entries[0]!.name, '2026');
    }
    home.write('.orc/projects.yaml', 'projects:\n');
    assert.deepStrictEqual(await readOrcRegistry(orcHome), { file: home.path('.orc/projects.yaml'), entries: [], problem: null });
  });

  it('an unregistered folder keeps .orc/orc.db; a broken registry reads as empty, as orc falls back to the folder', async () => {
    const orcHome = home.path('.orc');
    assert.strictEqual(await locateOrcProjectDb(ws.root, orcHome), null);
    ws.write('.orc/orc.db', 'x');
    home.write('.orc/projects.yaml', 'projects: [unclosed\n');
    const registry = await readOrcRegistry(orcHome);
    assert.ok(registry.problem);
    assert.deepStrictEqual(await locateOrcProjectDb(ws.root, orcHome, registry), { file: ws.path('.orc/orc.db'), layout: 'in-repo', projectId: null });
  });
});
