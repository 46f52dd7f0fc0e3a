import * as assert from 'node:assert';
import { appendFileSync, closeSync, openSync, readFileSync, readdirSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { replaceIfUnchanged, ReplaceConflict } from '../../../src/core/io/replace-if-unchanged';
import { TempWorkspace } from '../helpers/temp-workspace';

/**
 * The write that closes the check-then-rename window, driven deterministically: the external write happens
 * inside the check itself (the callback runs after Baton pinned the file and before the rename), i.e. after
 * Baton's read. The edit must be refused and the external write must survive.
 */
describe('replaceIfUnchanged: an external write after Baton read the file is never overwritten', () => {
  let ws: TempWorkspace;
  let file: string;
  const original = 'status: pending\n';
  beforeEach(() => { ws = new TempWorkspace({ 'state.yaml': original }); file = ws.path('state.yaml'); });
  afterEach(() => ws.dispose());

  const isOriginal = (bytes: Buffer) => bytes.toString() === original;

  it('writes when nobody else did, leaving no temp or pin file behind', async () => {
    await replaceIfUnchanged(file, 'status: done\n', isOriginal);
    assert.strictEqual(readFileSync(file, 'utf8'), 'status: done\n');
    assert.deepStrictEqual(readdirSync(ws.root), ['state.yaml']);
  });

  it('refuses when the file changed before the check', async () => {
    writeFileSync(file, 'status: running\n');
    await assert.rejects(replaceIfUnchanged(file, 'status: done\n', isOriginal), ReplaceConflict);
    assert.strictEqual(readFileSync(file, 'utf8'), 'status: running\n');
  });

  it('refuses when another writer renames a new version over the file after the check (the old lost-write window)', async () => {
    let calls = 0;
    await assert.rejects(replaceIfUnchanged(file, 'status: done\n', (bytes) => {
      const same = isOriginal(bytes);
      if (calls++ === 0) { writeFileSync(`${file}.ext`, 'status: running\n'); renameSync(`${file}.ext`, file); }
      return same;
    }), ReplaceConflict);
    assert.strictEqual(readFileSync(file, 'utf8'), 'status: running\n');
    assert.deepStrictEqual(readdirSync(ws.root), ['state.yaml']);
  });

  it('takes the edit back when another writer appended in place between the check and the rename', async () => {
    let calls = 0;
    await assert.rejects(replaceIfUnchanged(file, 'status: done\n', (bytes) => {
      const same = isOriginal(bytes);
      if (calls++ === 0) appendFileSync(file, '# appended by the agent\n');
      return same;
    }), ReplaceConflict);
    assert.strictEqual(readFileSync(file, 'utf8'), `${original}# appended by the agent\n`);
    assert.deepStrictEqual(readdirSync(ws.root), ['state.yaml']);
  });

  it('keeps an append written through a descriptor opened before the rename (appended to the new file)', async () => {
    let fd: number | undefined;
    let calls = 0;
    await replaceIfUnchanged(file, 'status: done\n', (bytes) => {
      if (calls === 0) fd = openSync(file, 'a'); // the agent opens the old file…
      if (calls++ === 1) setTimeout(() => { writeSync(fd!, '# late line\n'); closeSync(fd!); }, 5); // …and writes after the rename
      return isOriginal(bytes);
    });
    assert.strictEqual(readFileSync(file, 'utf8'), 'status: done\n# late line\n');
    assert.deepStrictEqual(readdirSync(ws.root), ['state.yaml']);
  });

  it('refuses when the file was deleted', async () => {
    ws.remove('state.yaml');
    await assert.rejects(replaceIfUnchanged(file, 'status: done\n', isOriginal), /deleted/);
  });
});
