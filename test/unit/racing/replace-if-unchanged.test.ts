import * as assert from 'node:assert';
import { appendFileSync, closeSync, openSync, readFileSync, readdirSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { settleLateAppends } from '../../../src/core/io/late-appends';
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
  afterEach(async () => { await settleLateAppends(); ws.dispose(); });

  const isOriginal = (bytes: Buffer) => bytes.toString() === original;

  it('writes when nobody else did, leaving no temp or pin file behind', async () => {
    await replaceIfUnchanged(file, 'status: done\n', isOriginal);
    assert.strictEqual(readFileSync(file, 'utf8'), 'status: done\n');
    await settleLateAppends();
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
    await settleLateAppends();
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
    await settleLateAppends();
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
    await settleLateAppends();
    assert.strictEqual(readFileSync(file, 'utf8'), 'status: done\n# late line\n');
    await settleLateAppends();
    assert.deepStrictEqual(readdirSync(ws.root), ['state.yaml']);
  });

  it('taking the edit back keeps a line appended to Baton\'s version in the meantime', async () => {
    let calls = 0;
    await assert.rejects(replaceIfUnchanged(file, 'status: done\n', (bytes) => {
      const same = isOriginal(bytes);
      if (calls === 0) appendFileSync(file, '# appended to the old file\n'); // before the rename: the edit is taken back
      if (calls++ === 1) appendFileSync(file, '# appended to Baton\'s file\n'); // after it, into Baton's version
      return same;
    }), ReplaceConflict);
    await settleLateAppends();
    assert.strictEqual(readFileSync(file, 'utf8'), `${original}# appended to the old file\n# appended to Baton's file\n`);
    assert.deepStrictEqual(readdirSync(ws.root), ['state.yaml']);
  });

  it('appends a forwarded line again when a rewrite that read before the forward replaced the file', async () => {
    let fd: number | undefined;
    let calls = 0;
    let rewrite: Promise<void> | undefined;
    await replaceIfUnchanged(file, 'status: done\n', (bytes) => {
      if (calls === 0) fd = openSync(file, 'a'); // the agent opens the old file…
      if (calls++ === 1) {
        setTimeout(() => { writeSync(fd!, '# late line\n'); closeSync(fd!); }, 2); // …writes after the rename…
        // …and another of its processes reads the file before Baton forwards the line, and renames its rewrite
        // over it after.
        rewrite = new Promise((resolve) => setTimeout(() => {
          const seen = readFileSync(file, 'utf8');
          setTimeout(() => { writeFileSync(`${file}.ext`, `${seen}ext: 1\n`); renameSync(`${file}.ext`, file); resolve(); }, 60);
        }, 8));
      }
      return isOriginal(bytes);
    });
    await rewrite;
    await settleLateAppends();
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).sort();
    assert.deepStrictEqual(lines, ['# late line', 'ext: 1', 'status: done']);
    assert.deepStrictEqual(readdirSync(ws.root), ['state.yaml']);
  });

  it('refuses when the file was deleted', async () => {
    ws.remove('state.yaml');
    await assert.rejects(replaceIfUnchanged(file, 'status: done\n', isOriginal), /deleted/);
  });
});
