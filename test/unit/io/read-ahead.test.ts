import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { witnessedPieces, type FsWitness } from '../../../src/core/io/fs-witness';
import { filesIn, namesIn } from '../../../src/core/io/list-dirs';
import { ReadAhead, type AheadAnswer, type AheadAsk, type AheadBatch } from '../../../src/core/io/read-ahead';
import { MAX_STATE_FILE_BYTES, readStateTextSync } from '../../../src/core/io/read-text';
import { ageTree } from '../helpers/age-tree';
import { TempWorkspace } from '../helpers/temp-workspace';

/** Every answer of a batch, taken in order as the index takes them (waiting only where the worker has not been yet). */
async function takeAll(batch: AheadBatch, files: readonly string[], waitFirst = false): Promise<AheadAnswer[]> {
  if (waitFirst) await batch.settled;
  const answers: AheadAnswer[] = [];
  for (let i = 0; i < files.length; i++) {
    // A turn for the event loop now and then, as the index gives one between its slices.
    if (!waitFirst && i % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
    if (!batch.ready(i)) await batch.wait(i);
    const answer = batch.take(i);
    // What the worker leaves to the index, the index reads (and takes that long).
    if (answer === undefined) readStateTextSync(files[i]!, undefined, false);
    answers.push(answer);
  }
  return answers;
}

describe('read-ahead worker', function () {
  this.timeout(60000);
  let ws: TempWorkspace;
  let ahead: ReadAhead | undefined;
  beforeEach(() => { ws = new TempWorkspace(); });
  afterEach(() => { ahead?.close(); ahead = undefined; ws.dispose(); });

  /** 600 files of every kind the index meets; each asked to be read (links refused, as the index asks). */
  function oddFiles(): string[] {
    const files: string[] = [];
    for (let i = 0; i < 560; i++) files.push(ws.write(`t/${i}.yaml`, `id: T-${i}\ntitle: "é ${'x'.repeat(i % 97)}"\n`));
    files.push(ws.write('odd/empty.yaml', ''));
    files.push(ws.write('odd/bom.yaml', '\ufeffid: BOM\n'));
    files.push(ws.write('odd/binary.yaml', Buffer.from([0x69, 0x64, 0x00, 0x3a])));
    files.push(ws.write('odd/large.yaml', Buffer.alloc(MAX_STATE_FILE_BYTES + 1, 0x61)));
    files.push(ws.path('odd/missing.yaml'));
    mkdirSync(ws.path('odd/a-folder.yaml'));
    files.push(ws.path('odd/a-folder.yaml'));
    execFileSync('mkfifo', [ws.path('odd/pipe.yaml')]);
    files.push(ws.path('odd/pipe.yaml'));
    symlinkSync(ws.path('t/1.yaml'), ws.path('odd/link.yaml'));
    files.push(ws.path('odd/link.yaml'));
    while (files.length < 600) files.push(ws.write(`u/${files.length}.yaml`, `n: ${files.length}\n`));
    return files;
  }

  it('runs at the lowest priority there is, its thread alone (Linux): the editor\'s window keeps the processors it wants', async function () {
    if (process.platform !== 'linux') this.skip();
    const files = Array.from({ length: 300 }, (_, i) => ws.write(`p/${i}.yaml`, `n: ${i}\n`));
    ahead = ReadAhead.start();
    assert.ok(ahead, 'read-ahead is on (more than one processor here)');
    await takeAll(ahead.ask(files, () => 'read' as const), files, true);
    // Each thread's nice value: the 19th field after the command in /proc/self/task/<tid>/stat.
    const nice = (tid: string) => { const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'); return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); };
    const threads = readdirSync('/proc/self/task').map((tid) => ({ tid, nice: nice(tid) }));
    const base = os.getPriority();
    assert.strictEqual(nice(String(process.pid)), base, 'the index\'s thread keeps the process\'s priority');
    assert.ok(threads.some((t) => t.nice === Math.min(19, base + 19)), `a thread at the lowest priority: ${JSON.stringify(threads)}`);
    assert.ok(threads.filter((t) => t.nice !== base).length <= 2, `only the worker (and a spare) lowered: ${JSON.stringify(threads)}`);
  });

  it('answers each file as the index\'s own read would, every kind of file, in order', async () => {
    const files = oddFiles();
    ahead = ReadAhead.start();
    assert.ok(ahead, 'read-ahead is on (more than one processor here)');
    const batch = ahead.ask(files, () => 'read' as const);
    // Waiting for the whole job first: the worker has answered all it started at.
    const answers = await takeAll(batch, files, true);
    let own = 0;
    for (let i = 0; i < files.length; i++) {
      if (answers[i] === undefined) {
        own++;
        continue;
      }
      assert.deepStrictEqual(answers[i], readStateTextSync(files[i]!, undefined, false), files[i]);
    }
    assert.ok(own <= 4, `${own} files left to the index`);
    assert.strictEqual(batch.answered, files.length - own);
    const kinds = answers.filter((a): a is Exclude<AheadAnswer, 'same' | undefined> => a !== undefined && a !== 'same');
    for (const expected of [/binary, not text/, /too large/, /a named pipe/, /a directory/, /symbolic link/]) {
      assert.ok(kinds.some((a) => !a.ok && (expected.test(a.cause ?? '') || expected.test(a.reason))), `no answer says ${expected}`);
    }
    assert.ok(kinds.some((a) => !a.ok && a.missing), 'the missing file is missing');
    assert.ok(kinds.some((a) => a.ok && a.text === 'id: BOM\n'), 'a BOM is not content');
  });

  it('lets the index read the first files itself while the worker starts, then answers the rest', async () => {
    const files = oddFiles();
    for (let i = 0; i < 6000; i++) files.push(ws.write(`more/${i}.yaml`, `n: ${i}\n`));
    // Until the worker answered some (a busy machine may start its thread after the index is done): a second attempt
    // has the first one's worker, already started.
    for (let attempt = 0; attempt < 5; attempt++) {
      ahead = ReadAhead.start()!;
      const answers = await takeAll(ahead.ask(files, () => 'read' as const), files);
      ahead.close();
      // What the index read itself is one run at the start (the files before the worker's start), never a hole later.
      const firstAnswered = answers.findIndex((a) => a !== undefined);
      if (firstAnswered < 0) continue;
      assert.ok(answers.slice(firstAnswered).every((a) => a !== undefined), 'a file after the worker\'s start was not answered');
      for (let i = firstAnswered; i < files.length; i++) assert.deepStrictEqual(answers[i], readStateTextSync(files[i]!, undefined, false));
      return;
    }
    assert.fail('the worker answered nothing in five attempts');
  });

  it('checks a cached stat: "same" when it holds, the file\'s read when it moved, nothing for a file it is not asked', async () => {
    const files: string[] = [];
    for (let i = 0; i < 300; i++) files.push(ws.write(`c/${i}.yaml`, `n: ${i}\n`));
    const stats = files.map((f) => statSync(f));
    // Every third file changes after its stat was cached; every fifth is not the worker's.
    for (let i = 0; i < files.length; i += 3) utimesSync(files[i]!, stats[i]!.atime, new Date(stats[i]!.mtimeMs + 2000));
    const asks = (_file: string, i: number): AheadAsk => (i % 5 === 0 ? undefined : { size: stats[i]!.size, mtimeMs: stats[i]!.mtimeMs });
    ahead = ReadAhead.start()!;
    const answers = await takeAll(ahead.ask(files, asks), files, true);
    for (let i = 8; i < files.length; i++) {
      if (i % 5 === 0) assert.strictEqual(answers[i], undefined, `${i}: not asked`);
      else if (i % 3 === 0) assert.deepStrictEqual(answers[i], readStateTextSync(files[i]!, undefined, false), `${i}: moved`);
      else assert.strictEqual(answers[i], 'same', `${i}: unchanged`);
    }
  });

  it('lets the index check a job\'s last cached files itself: the worker stops where they begin, every answer as the worker\'s', async () => {
    const files: string[] = [];
    for (let i = 0; i < 3000; i++) files.push(ws.write(`e/${i}.yaml`, `n: ${i}\n`));
    const stats = files.map((f) => statSync(f));
    for (let i = 0; i < files.length; i += 3) utimesSync(files[i]!, stats[i]!.atime, new Date(stats[i]!.mtimeMs + 2000));
    ahead = ReadAhead.start()!;
    const batch = ahead.ask(files, (_file, i) => ({ size: stats[i]!.size, mtimeMs: stats[i]!.mtimeMs }));
    // The index, waiting at its first file, checks the last 1,000 itself (the worker, starting, is far behind them).
    let checked = 0;
    while (checked < 1000 && batch.checkFromEnd(0)) checked++;
    assert.strictEqual(checked, 1000);
    assert.ok(batch.ready(2000) && batch.ready(2999), 'the files the index checked are ready at once');
    // A file at or before the one waited for, or one the worker has, is never taken.
    assert.strictEqual(batch.checkFromEnd(1999), false);
    await batch.settled;
    const answers = await takeAll(batch, files);
    for (let i = 8; i < files.length; i++) {
      const answer = answers[i];
      if (i % 3 !== 0) assert.strictEqual(answer, 'same', `${i}: unchanged`);
      // A moved file: the worker's read of it, or (checked here) nothing: the index reads it itself.
      else if (i >= 2000) assert.strictEqual(answer, undefined, `${i}: moved, checked by the index`);
      else assert.deepStrictEqual(answer, readStateTextSync(files[i]!, undefined, false), `${i}: moved`);
    }
    assert.ok(batch.answered <= 2000, `the worker answered ${batch.answered} files (it stops where the index's checks begin)`);
  });

  it('never reads more than 32 MB past the file the index is on (a folder of large files is not held at once)', async () => {
    const files: string[] = [];
    for (let i = 0; i < 48; i++) files.push(ws.write(`big/${i}.yaml`, Buffer.alloc(1024 * 1024, 0x61 + (i % 26))));
    ahead = ReadAhead.start()!;
    const batch = ahead.ask(files, () => 'read' as const);
    // The index takes nothing for a while: the worker reads up to its limit, and stops there.
    for (const until = Date.now() + 20_000; !batch.ready(20) && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(batch.ready(20), 'the worker read up to its limit');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(!batch.ready(40), 'the worker read 40 MB ahead of the index');
    const answers = await takeAll(batch, files);
    for (let i = 4; i < files.length; i++) {
      const answer = answers[i];
      assert.ok(answer !== undefined && answer !== 'same' && answer.ok, `${i}: read`);
      assert.strictEqual(answer.text, String.fromCharCode(0x61 + (i % 26)).repeat(1024 * 1024));
    }
  });

  it('keeps the worker for the next scan when the index outran it: the job is cancelled, and the same thread answers next', async () => {
    const files: string[] = [];
    for (let i = 0; i < 3000; i++) files.push(ws.write(`s/${i}.yaml`, `n: ${i}\n`));
    // Warm: a scan whose worker answered, closed idle.
    const first = ReadAhead.start()!;
    await takeAll(first.ask(files, () => 'read' as const), files, true);
    first.close();
    // The next takes that thread, and is outrun: the index takes every file at once (never waits), then closes.
    ahead = ReadAhead.start()!;
    assert.strictEqual(ahead.threadId, first.threadId, 'the idle worker was kept');
    const outrun = ahead.ask(files, () => 'read' as const);
    for (let i = 0; i < files.length; i++) if (outrun.ready(i)) outrun.take(i);
    const outrunThread = ahead.threadId;
    ahead.close();
    // Once the worker said it stopped that job (it looks at each file), it is the spare again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    ahead = ReadAhead.start()!;
    assert.strictEqual(ahead.threadId, outrunThread, 'the cancelled worker was not kept');
    const answers = await takeAll(ahead.ask(files, () => 'read' as const), files, true);
    assert.ok(answers.filter((a) => a !== undefined).length >= files.length - 8, 'the kept worker answers the next job');
  });

  it('lists folders as the index would once it says it is listening, and a witness under way records them as if listed here', async () => {
    const names = ['task.yaml', 'state.yaml', 'plan.yaml'];
    const dirs: string[] = [];
    for (let i = 0; i < 70; i++) {
      if (i % 3 !== 2) ws.write(`tasks/T-${i}/task.yaml`, 'id: x\n');
      if (i % 2) ws.write(`tasks/T-${i}/state.yaml`, 'status: running\n');
      if (i % 5 === 0) ws.write(`tasks/T-${i}/notes.md`, 'not asked\n');
      if (i % 7 === 0) mkdirSync(ws.path(`tasks/T-${i}/plan.yaml`), { recursive: true }); // a folder by a file's name, as a listing shows it
      dirs.push(ws.path(`tasks/T-${i}`));
    }
    dirs.push(ws.path('tasks/missing'), ws.write('tasks/a-file', 'x\n'));
    ageTree(ws.root);
    ahead = ReadAhead.start()!;
    let listing = ahead.list(dirs, names);
    for (let i = 0; i < 200 && !listing; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      listing = ahead.list(dirs, names);
    }
    assert.ok(listing, 'the worker said it is listening');
    assert.deepStrictEqual(await listing, dirs.map((dir) => namesIn(dir, names)));
    assert.strictEqual(ahead.foldersListed, dirs.length);
    // filesIn with the worker's listing, and with its own, under a witness each: the same files and the same witness.
    const witnessOf = async (elsewhere: boolean) => {
      let witness: FsWitness | undefined;
      const files: string[][] = [];
      const pieces = async function* () { yield await filesIn(dirs, names, ['task.yaml'], elsewhere ? ahead!.list(dirs, names) : undefined); };
      for await (const piece of witnessedPieces(pieces(), (w) => { witness = w; })) files.push(piece);
      return { files, witness };
    };
    const viaWorker = await witnessOf(true);
    const here = await witnessOf(false);
    assert.strictEqual(ahead.foldersListed, 2 * dirs.length);
    assert.deepStrictEqual(viaWorker.files, here.files);
    assert.ok(here.witness && viaWorker.witness, 'both complete and not racy');
    assert.deepStrictEqual(viaWorker.witness, here.witness);
  });

  it('answers "read it yourself" for everything not received once it is closed, and never leaves the index waiting', async () => {
    const files: string[] = [];
    for (let i = 0; i < 5000; i++) files.push(path.join(ws.root, `nothing-${i}.yaml`));
    writeFileSync(files[0]!, 'a: 1\n');
    ahead = ReadAhead.start()!;
    const batch = ahead.ask(files, () => 'read' as const);
    ahead.close();
    const answers = await takeAll(batch, files);
    assert.strictEqual(answers.length, files.length);
    // A batch asked after the close is the index's from the start.
    const after = ahead.ask(files.slice(0, 10), () => 'read' as const);
    assert.ok(after.ready(9));
    assert.strictEqual(after.take(0), undefined);
  });
});
