import * as assert from 'node:assert';
import { lstatSync, readFileSync, symlinkSync } from 'node:fs';
import { EditRefused, readForEdit, writeIfUnchanged } from '../../../src/core/io/guarded-edit';
import { TempWorkspace } from '../helpers/temp-workspace';

/** What `writeIfUnchanged` replaces when the file is a symlink: its target within the root, nothing outside. */
describe('guarded edits through symlinks', () => {
  let ws: TempWorkspace;
  let outside: TempWorkspace;
  beforeEach(() => {
    ws = new TempWorkspace({ 'shared/a.yaml': 'x: 1\n' });
    outside = new TempWorkspace({ 'a.yaml': 'x: 1\n' });
  });
  afterEach(() => { ws.dispose(); outside.dispose(); });

  it('replaces the target of a link inside the root, in the target\'s folder; the link stays', async () => {
    const link = ws.path('tasks/a.yaml');
    ws.write('tasks/.keep', '');
    symlinkSync('../shared/a.yaml', link);
    const read = await readForEdit(link);
    await writeIfUnchanged([{ file: link, root: ws.root, sha256: read.sha256, text: 'x: 2\n' }]);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.strictEqual(readFileSync(ws.path('shared/a.yaml'), 'utf8'), 'x: 2\n');
  });

  it('refuses a link whose target is outside the root, and a link when no root is given; nothing is written', async () => {
    const link = ws.path('tasks/a.yaml');
    ws.write('tasks/.keep', '');
    symlinkSync(outside.path('a.yaml'), link);
    const read = await readForEdit(link);
    await assert.rejects(writeIfUnchanged([{ file: link, root: ws.root, sha256: read.sha256, text: 'x: 2\n' }]),
      (err: Error) => err instanceof EditRefused && err.message === `a.yaml is a symbolic link to ${outside.path('a.yaml')}, outside ${ws.root}; nothing was written`);
    await assert.rejects(writeIfUnchanged([{ file: link, sha256: read.sha256, text: 'x: 2\n' }]),
      /a\.yaml is a symbolic link; Baton writes through a link only within the workspace/);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.strictEqual(readFileSync(outside.path('a.yaml'), 'utf8'), 'x: 1\n');
  });
});
