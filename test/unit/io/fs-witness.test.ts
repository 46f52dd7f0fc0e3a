import * as assert from 'node:assert';
import { cpSync, mkdirSync, promises as fsp, readdirSync, readFileSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { listingFingerprint, listingRecorder, witnessed, witnessedPieces, witnessHolds, type FsWitness } from '../../../src/core/io/fs-witness';
import { ageTree } from '../helpers/age-tree';
import { TempWorkspace } from '../helpers/temp-workspace';

describe('fs-witness: what code asked the file system, replayed without the code', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  /** Lists `dir`'s sub-folders and reads `config` the way a discovery does. */
  async function discover(dir: string, config: string): Promise<string[]> {
    const names = (await fsp.readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    const extra = readFileSync(config, 'utf8').trim();
    return [...names, extra];
  }

  function fixture(): TempWorkspace {
    const made = new TempWorkspace({ 'tasks/A/task.yaml': 'a\n', 'tasks/B/task.yaml': 'b\n', 'config.txt': 'one\n' });
    ageTree(made.root);
    return made;
  }

  it('sees what code in pieces asks while it makes each piece, not what its caller does between them', async () => {
    ws = fixture();
    ws.write('elsewhere/x.txt', 'x\n');
    ageTree(ws.root);
    async function* pieces() {
      yield readdirSync(ws.path('tasks'));
      yield readFileSync(ws.path('config.txt'), 'utf8').trim();
    }
    let witness: FsWitness | undefined;
    const got: unknown[] = [];
    for await (const piece of witnessedPieces(pieces(), (w) => { witness = w; })) {
      got.push(piece);
      // The caller's own reads between pieces (the index reading a piece's files) are not the code's.
      readdirSync(ws.path('elsewhere'));
      readFileSync(ws.path('elsewhere/x.txt'));
    }
    assert.deepStrictEqual(got, [['A', 'B'], 'one']);
    assert.ok(witness, 'complete and not racy');
    assert.deepStrictEqual(witness.seen.map(([how, file]) => [how, file]), [['s', ws.path('tasks')], ['s', ws.path('config.txt')]]);
    // A folder listed elsewhere for the code (the read-ahead worker) is recorded with the fingerprint taken there;
    // a recorder asked for while no recording runs, or used after its recording ended, records nothing.
    assert.strictEqual(listingRecorder(), undefined);
    let late: ReturnType<typeof listingRecorder>;
    const other = ws.path('elsewhere');
    async function* listedElsewhere() {
      late = listingRecorder();
      late!(other, listingFingerprint(other));
      yield 1;
    }
    for await (const _ of witnessedPieces(listedElsewhere(), (w) => { witness = w; })) { /* nothing between */ }
    assert.deepStrictEqual(witness!.seen, [['s', other, listingFingerprint(other)]]);
    late!(ws.path('tasks'), listingFingerprint(ws.path('tasks')));
    assert.strictEqual(witness!.seen.length, 1);
    assert.ok(witnessHolds(witness!));
    mkdirSync(ws.path('elsewhere/new'));
    assert.strictEqual(witnessHolds(witness!), false, 'a folder added in the folder listed elsewhere breaks it');
  });

  it('holds while nothing changed; an added, removed or renamed entry, or a config rewritten to the same size, breaks it', async () => {
    ws = fixture();
    const run = () => witnessed(() => discover(ws.path('tasks'), ws.path('config.txt')));
    const first = await run();
    assert.deepStrictEqual(first.result, ['A', 'B', 'one']);
    assert.ok(first.witness, 'complete and not racy');
    assert.ok(witnessHolds(first.witness));
    const changes: [string, () => void][] = [
      ['added', () => mkdirSync(ws.path('tasks/C'))],
      ['removed', () => ws.remove('tasks/B')],
      ['renamed', () => renameSync(ws.path('tasks/A'), ws.path('tasks/Z'))],
      ['config, same size', () => writeFileSync(ws.path('config.txt'), 'two\n')],
    ];
    for (const [what, change] of changes) {
      ageTree(ws.root);
      const before = await run();
      assert.ok(before.witness && witnessHolds(before.witness), `${what}: holds before`);
      change();
      assert.strictEqual(witnessHolds(before.witness), false, `${what}: no longer holds`);
    }
  });

  it('a listed folder reached through a link is checked at its target: a link retargeted to an identical copy breaks it', async () => {
    ws = fixture();
    cpSync(ws.path('tasks'), ws.path('copy'), { recursive: true, preserveTimestamps: true });
    symlinkSync(ws.path('tasks'), ws.path('link'));
    ageTree(ws.root);
    const { result, witness } = await witnessed(() => discover(ws.path('link'), ws.path('config.txt')));
    assert.deepStrictEqual(result, ['A', 'B', 'one']);
    assert.ok(witness && witnessHolds(witness));
    unlinkSync(ws.path('link'));
    symlinkSync(ws.path('copy'), ws.path('link'));
    ageTree(ws.root);
    assert.strictEqual(witnessHolds(witness), false, 'the same names, another folder');
  });

  it('gives no witness for code that writes, lists recursively, or looks at paths that changed just now', async () => {
    ws = fixture();
    assert.strictEqual((await witnessed(async () => writeFileSync(ws.path('out.txt'), 'x'))).witness, undefined, 'a write');
    assert.strictEqual((await witnessed(async () => readdirSync(ws.root, { recursive: true }))).witness, undefined, 'a recursive listing');
    ws.write('tasks/C/task.yaml', 'c\n');
    assert.strictEqual((await witnessed(() => discover(ws.path('tasks'), ws.path('config.txt')))).witness, undefined, 'racy: tasks/ changed just now');
    // And the fs functions are themselves again afterwards: nothing is recorded outside a witnessed run.
    assert.strictEqual(fsp.readdir.name, 'readdir');
    assert.strictEqual(readFileSync.name, 'readFileSync');
  });
});
