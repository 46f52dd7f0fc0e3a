import * as assert from 'node:assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ScanSnapshotStore } from '../../../src/core/service/scan-snapshot';
import { provenUnchanged } from '../../../src/core/service/snapshot-proof';
import { answerFromSnapshot } from '../../../src/cli/fast-answer';
import { handOverCheckedSnapshots, takeCheckedSnapshot } from '../../../src/cli/checked-snapshots';
import { folderContext } from '../../../src/cli/folder-context';
import { cliCodeFiles } from '../../../src/cli/cli-code';
import type { CliOutput } from '../../../src/cli/output';
import { scanCommand } from '../../../src/cli/scan';
import { ageTree } from '../helpers/age-tree';
import { FIXTURES, REPO, TempWorkspace, taskYaml } from '../helpers/temp-workspace';

const DIST = path.join(REPO, 'dist');
const MARK = 'baton-test: the CLI bundle was loaded';

/**
 * The CLI's second run: `baton scan` (and `check`) answered by dist/cli-fast.js from the saved output, without the CLI bundle. Every
 * run here is a real `node dist/cli.js` process; a preloaded probe says on stderr whether dist/cli-main.js was loaded
 * (the full path) or not (the saved output, proven current by fs calls alone). Whenever anything that shapes the
 * output changed, the full path must run and print what a full read (--no-cache) prints.
 */
describe('baton scan and check, second run: answered from the snapshot only when proven current', function () {
  this.timeout(120_000);
  let probe: string;
  let cache: string;
  let home: string;
  let ws: TempWorkspace | undefined;
  const extra: string[] = [];

  before(() => {
    if (!existsSync(path.join(DIST, 'cli-fast.js'))) throw new Error('dist/cli-fast.js is missing: run `node scripts/build.mjs` first');
    probe = path.join(mkdtempSync(path.join(os.tmpdir(), 'baton-probe-')), 'probe.js');
    writeFileSync(probe, `const M = require('node:module'); const load = M._load;
M._load = function (request, ...rest) { if (String(request).endsWith('cli-main.js')) process.stderr.write(${JSON.stringify(`${MARK}\n`)}); return load.call(this, request, ...rest); };\n`);
  });
  after(() => rmSync(path.dirname(probe), { recursive: true, force: true }));
  beforeEach(() => {
    cache = mkdtempSync(path.join(os.tmpdir(), 'baton-fast-cache-'));
    home = mkdtempSync(path.join(os.tmpdir(), 'baton-fast-home-'));
  });
  afterEach(() => {
    for (const dir of [cache, home, ...extra.splice(0)]) rmSync(dir, { recursive: true, force: true });
    ws?.dispose();
    ws = undefined;
  });

  /** One `baton` process: its stdout, exit status, and whether it loaded the CLI bundle (the full path). */
  function baton(args: string[], options: { cli?: string; cache?: string; cwd?: string } = {}): { stdout: string; code: number | null; full: boolean } {
    const r = spawnSync(process.execPath, ['-r', probe, options.cli ?? path.join(DIST, 'cli.js'), ...args],
      { cwd: options.cwd ?? REPO, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: options.cache ?? cache }, maxBuffer: 64 * 1024 * 1024 });
    return { stdout: r.stdout, code: r.status, full: r.stderr.includes(MARK) };
  }

  function workspace(): TempWorkspace {
    const made = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Alpha', status: 'completed' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Login', status: 'planned', blocked_by: ['TASK-001'] }),
      '.orc/tasks/TASK-002/state.yaml': 'status: planned\n',
      '.orc/initiatives/INIT-001/initiative.yaml': 'id: INIT-001\ntitle: Auth\nstatus: active\ntasks:\n  - id: TASK-002\n',
    });
    ageTree(made.root);
    return made;
  }

  /** Saves a snapshot (a first run), checks that the next run answers from it with a full read's bytes; gives those. */
  function primed(args: string[]): { stdout: string; code: number | null } {
    ageTree(home);
    const first = baton(args);
    assert.ok(first.full, 'a first run reads');
    const second = baton(args);
    assert.strictEqual(second.full, false, `${args.join(' ')}: the second run answers from the snapshot`);
    const full = baton([...args, '--no-cache']);
    assert.strictEqual(second.stdout, full.stdout, 'byte for byte what a full read prints');
    assert.strictEqual(second.stdout, first.stdout);
    assert.strictEqual(second.code, full.code, 'and its exit status');
    return second;
  }

  /** After a change: the full path runs and prints what a full read prints. */
  function readsAgain(args: string[], what: string): { stdout: string } {
    const after = baton(args);
    assert.ok(after.full, `${what}: the CLI reads again`);
    const full = baton([...args, '--no-cache']);
    assert.strictEqual(after.stdout, full.stdout, `${what}: = a full read`);
    assert.strictEqual(after.code, full.code, `${what}: exit status`);
    return after;
  }

  it('scan --json, scan, check, and several folders: the saved bytes and exit status of a full read', () => {
    ws = workspace();
    ws.write('b/.orc/tasks/TASK-120/task.yaml', 'id: TASK-120\ntitle: broken\nstatus: [running\n');
    ageTree(ws.root);
    primed(['scan', ws.root, '--json', '--home', home]);
    primed(['scan', ws.root, '--home', home]);
    const two = primed(['scan', ws.root, ws.path('b'), '--json', '--home', home]);
    assert.strictEqual(two.code, 1, 'the broken file of b is an error');
    primed(['scan', ws.root, ws.path('b'), '--home', home]);
    assert.match(primed(['check', ws.path('b'), '--home', home]).stdout, /TASK-120/);
    assert.match(primed(['check', ws.root, ws.path('b'), '--home', home]).stdout, /TASK-120/, 'several folders: lines from the current folder');
    assert.ok(baton(['check', ws.root, ws.path('b'), '--home', home], { cwd: ws.root }).full, 'from another folder: another view');
    ws.write('b/.orc/tasks/TASK-120/task.yaml', 'id: TASK-120\ntitle: broken\nstatus: [runnin\n');
    readsAgain(['check', ws.path('b'), '--home', home], 'check after a change');
  });

  it('every change to the folder\'s files or folders is read', () => {
    ws = workspace();
    const args = ['scan', ws.root, '--json', '--home', home];
    const changes: [string, () => void][] = [
      ['same-size content change', () => ws!.write('.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: 'Omega', status: 'completed' }))],
      ['added task folder', () => ws!.write('.orc/tasks/TASK-003/task.yaml', taskYaml({ id: 'TASK-003', title: 'New', status: 'planned' }))],
      ['removed task folder', () => ws!.remove('.orc/tasks/TASK-003')],
      ['renamed task folder', () => renameSync(ws!.path('.orc/tasks/TASK-002'), ws!.path('.orc/tasks/TASK-009'))],
      ['new file in a listed folder', () => ws!.write('.orc/tasks/TASK-001/state.yaml', 'status: completed\ntokens:\n  input_tokens: 10\n  output_tokens: 5\n')],
      ['new intents file', () => ws!.write('.orchestration/active_intents.yaml', readFileSync(path.join(FIXTURES, 'workspace', '.orchestration', 'active_intents.yaml')))],
      ['orc.yaml added (broken)', () => ws!.write('orc.yaml', 'version: [1\n')],
    ];
    for (const [what, change] of changes) {
      const before = primed(args);
      change();
      const after = readsAgain(args, what);
      assert.notStrictEqual(after.stdout, before.stdout, `${what}: the saved output would have been wrong`);
      ageTree(ws.root);
    }
  });

  it('a linked tasks folder retargeted, another home root, orc\'s registry, orange and Ultrawork state', () => {
    ws = workspace();
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'baton-fast-link-'));
    extra.push(elsewhere);
    renameSync(ws.path('.orc/tasks'), path.join(elsewhere, 'tasks'));
    symlinkSync(path.join(elsewhere, 'tasks'), ws.path('.orc/tasks'));
    ageTree(ws.root);
    ageTree(elsewhere);
    const args = ['scan', ws.root, '--json', '--home', home];
    primed(args);
    // A copy behind the link: every file the snapshot read is there with its size and mtime, and one more task. Only
    // the folder the link leads to tells them apart (the files' stats are the same).
    const other = path.join(elsewhere, 'other');
    cpSync(path.join(elsewhere, 'tasks'), other, { recursive: true, preserveTimestamps: true });
    mkdirSync(path.join(other, 'TASK-004'));
    writeFileSync(path.join(other, 'TASK-004', 'task.yaml'), taskYaml({ id: 'TASK-004', title: 'Four', status: 'planned' }));
    rmSync(ws.path('.orc/tasks'));
    symlinkSync(other, ws.path('.orc/tasks'));
    readsAgain(args, 'retargeted link');
    ageTree(elsewhere); // the copy was made just now: not provable by mtimes until it is older (fs-witness.ts)

    // Another home is another context; the same home again answers from its own snapshot.
    const otherHome = mkdtempSync(path.join(os.tmpdir(), 'baton-fast-home-'));
    extra.push(otherHome);
    cpSync(path.join(FIXTURES, 'orange', 'valid', 'orange'), path.join(otherHome, 'orange'), { recursive: true });
    ageTree(otherHome);
    readsAgain(['scan', ws.root, '--json', '--home', otherHome], 'another home');
    const homeArgs = ['scan', ws.root, '--json', '--home', otherHome];
    assert.strictEqual(baton(homeArgs).full, false, 'its own snapshot, now saved');

    // orc's registry (read by discovery, not a file of the scan): any rewrite is read again.
    mkdirSync(path.join(otherHome, '.orc'));
    writeFileSync(path.join(otherHome, '.orc', 'projects.yaml'), 'projects: []\n');
    readsAgain(homeArgs, 'registry added');
    ageTree(otherHome);
    primed(homeArgs);
    writeFileSync(path.join(otherHome, '.orc', 'projects.yaml'), 'projects: ~ \n');
    readsAgain(homeArgs, 'registry rewritten, same size');

    // An orange task folder added under the home root; an Ultrawork session added.
    ageTree(otherHome);
    primed(homeArgs);
    const project = path.join(otherHome, 'orange', 'tasks', 'app');
    cpSync(path.join(project, firstTask(project)), path.join(project, 'zz-new-task'), { recursive: true });
    readsAgain(homeArgs, 'orange task added');
    ageTree(otherHome);
    primed(homeArgs);
    cpSync(path.join(FIXTURES, 'ultrawork', 'valid', 'home', '.claude'), path.join(otherHome, '.claude'), { recursive: true });
    readsAgain(homeArgs, 'Ultrawork sessions added');
  });

  it('an executor that dies is read again; a stale heartbeat is past the snapshot\'s facts', async () => {
    ws = workspace();
    const sleeper: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const beat = new Date(Date.now() - 60_000).toISOString();
      ws.write('.orc/tasks/TASK-002/state.yaml', `status: running\nexecution:\n  pid: ${sleeper.pid}\n  hostname: ${os.hostname()}\n  started_at: ${beat}\n  last_heartbeat: ${beat}\n`);
      ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Login', status: 'running' }));
      ageTree(ws.root);
      const args = ['scan', ws.root, '--json', '--home', home];
      primed(args);
      // The snapshot's facts say when the output changes by itself (the heartbeat goes stale): past then, never.
      const snapshot = await new ScanSnapshotStore(path.join(cache, 'baton'), bundleCode()).load(folderContext(ws.root, home));
      assert.ok(snapshot?.facts.discovery, 'the CLI saved its discovery\'s witness');
      assert.strictEqual(provenUnchanged(snapshot.facts, Date.now()), true);
      assert.ok(snapshot.facts.liveness.until !== null, 'a running task: its heartbeat goes stale');
      assert.strictEqual(provenUnchanged(snapshot.facts, snapshot.facts.liveness.until), false, 'stale by then');
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
      readsAgain(args, 'executor died');
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('another build of Baton, another cache folder, and options the snapshot does not hold', () => {
    ws = workspace();
    const args = ['scan', ws.root, '--json', '--home', home];
    primed(args);
    assert.ok(baton(args, { cache: mkdtempAndForget(extra) }).full, 'another XDG cache: no snapshot there');
    for (const option of ['--worktrees', '--no-cache']) assert.ok(baton([...args, option]).full, `${option} reads`);
    assert.ok(baton(['scan', ws.root, '--json', '--home', home, '--bogus']).full, 'a usage error is the CLI\'s to give');
    // A copy of the bundles: its first run saves, its second answers; a rebuilt bundle never answers from it.
    const copy = mkdtempAndForget(extra);
    for (const file of ['cli.js', 'cli-fast.js', 'cli-main.js']) copyFileSync(path.join(DIST, file), path.join(copy, file));
    const cli = path.join(copy, 'cli.js');
    assert.ok(baton(args, { cli }).full);
    assert.strictEqual(baton(args, { cli }).full, false);
    for (const file of ['cli-main.js', 'cli-fast.js']) {
      const bundle = path.join(copy, file);
      utimesSync(bundle, new Date(), new Date(statSync(bundle).mtimeMs + 1000));
      assert.ok(baton(args, { cli }).full, `${file} rebuilt: read again`);
      assert.strictEqual(baton(args, { cli }).full, false, `${file} rebuilt: then saved again`);
    }
  });

  it('a snapshot saved while a folder had just changed has no witness; the next full check that holds adds it', () => {
    ws = workspace();
    const args = ['scan', ws.root, '--json', '--home', home];
    ageTree(home);
    // A folder's mtime this recent proves nothing (a second change in the same clock tick keeps it): no witness.
    const tasks = ws.path('.orc/tasks');
    utimesSync(tasks, new Date(), new Date(Date.now() + 60_000));
    assert.ok(baton(args).full);
    assert.ok(baton(args).full, 'saved without a witness: the full check');
    // The files are as they were: the full check holds, prints the saved output, and saves the witness it recorded.
    ageTree(ws.root);
    readsAgain(args, 'the full check that holds');
    const fast = baton(args);
    assert.strictEqual(fast.full, false, 'then answered from the snapshot');
    assert.strictEqual(fast.stdout, baton([...args, '--no-cache']).stdout);
  });

  it('in process: the fast answer prints through the same printer, and refuses without a snapshot', async () => {
    ws = workspace();
    const previous = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = cache;
    try {
      let printed = '';
      const out: CliOutput = { line: (t) => { printed += `${t}\n`; }, json: (t) => { printed += `${String(t)}\n`; }, error: () => undefined };
      assert.strictEqual(await answerFromSnapshot('scan', [ws.root, '--json', '--home', home], out), undefined);
      assert.strictEqual(printed, '');
      ageTree(home);
      await scanCommand([ws.root, '--json', '--home', home], { ...out, json: () => undefined });
      assert.strictEqual(await answerFromSnapshot('scan', [ws.root, '--json', '--home', home], out), 0);
      assert.ok(JSON.parse(printed).items.length > 0);
      assert.deepStrictEqual(cliCodeFiles().length, 1, 'unbundled: this module stands for the code');
    } finally {
      process.env.XDG_CACHE_HOME = previous;
    }
  });
});

describe('baton scan after a change: the CLI takes over what the second-run answer found', function () {
  this.timeout(120_000);
  let cache: string;
  let home: string;
  let previous: string | undefined;
  let ws: TempWorkspace;
  beforeEach(() => {
    cache = mkdtempSync(path.join(os.tmpdir(), 'baton-handed-cache-'));
    home = mkdtempSync(path.join(os.tmpdir(), 'baton-handed-home-'));
    previous = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = cache;
  });
  afterEach(() => {
    process.env.XDG_CACHE_HOME = previous;
    for (const dir of [cache, home]) rmSync(dir, { recursive: true, force: true });
    ws.dispose();
  });

  /** What a command printed on stdout, run in this process. */
  async function printed(run: (out: CliOutput) => Promise<number | undefined>): Promise<{ stdout: string; code: number | undefined }> {
    let stdout = '';
    const out: CliOutput = { line: (t) => { stdout += `${t}\n`; }, json: (t) => { stdout += `${Buffer.from(t).toString('utf8')}\n`; }, error: () => undefined };
    const code = await run(out);
    return { stdout, code };
  }

  it('random edits: the run after the answer\'s check (listing proven, files moved) prints what a full read prints', async () => {
    ws = new TempWorkspace({});
    let seed = 11;
    const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const statuses = ['created', 'planned', 'running', 'completed', 'failed', 'blocked'];
    const id = (i: number) => `TASK-${String(i).padStart(3, '0')}`;
    const write = (i: number) => ws.write(`.orc/tasks/${id(i)}/task.yaml`, taskYaml({ id: id(i), title: `Task ${i} v${random(1000)}`,
      status: statuses[random(statuses.length)], ...(random(3) === 0 ? { blocked_by: [id(random(40))] } : {}) }));
    for (let i = 0; i < 40; i++) write(i);
    ws.write('.orc/initiatives/INIT-001/initiative.yaml', 'id: INIT-001\ntitle: All\nstatus: active\ntasks:\n  - id: TASK-001\n  - id: TASK-007\n');
    ageTree(ws.root);
    ageTree(home);
    const args = [ws.root, '--json', '--home', home];
    await printed((out) => scanCommand(args, out));
    let taken = 0;
    for (let round = 0; round < 10; round++) {
      const addsFolder = round % 4 === 3;
      for (let k = 0; k < 3; k++) {
        const file = write(random(40));
        // In the past, distinct per edit: not "racy", so each full run saves a witness for the next check.
        const when = new Date(Date.now() - (50 - round) * 60_000 + k * 1000);
        utimesSync(file, when, when);
      }
      // A folder added (the whole tree aged after it, so that the witness the full run saves is not racy).
      if (addsFolder) { write(100 + round); ageTree(ws.root); }
      assert.strictEqual((await printed((out) => answerFromSnapshot('scan', args, out))).code, undefined, `round ${round}: changed`);
      const handed = takeCheckedSnapshot(ws.root, home);
      assert.ok(handed?.check, `round ${round}: the answer handed its check over`);
      assert.strictEqual(handed.check.listing, !addsFolder, `round ${round}: the listing is proven unless a folder was added`);
      if (handed.check.listing) taken++;
      handOverCheckedSnapshots([handed]);
      const after = await printed((out) => scanCommand(args, out));
      assert.strictEqual(takeCheckedSnapshot(ws.root, home), undefined, 'the CLI took it');
      const full = await printed((out) => scanCommand([...args, '--no-cache'], out));
      assert.strictEqual(after.stdout, full.stdout, `round ${round}`);
      assert.strictEqual(after.code, full.code, `round ${round}: exit status`);
    }
    assert.ok(taken >= 7, `the listing was taken over in ${taken} rounds`);
  });

  it('several folders, one changed: the unchanged one prints its saved output, the changed one reads what moved', async () => {
    ws = new TempWorkspace({
      'a/.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Alpha', status: 'running' }),
      'b/.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Beta', status: 'planned' }),
      'b/.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Gamma', status: 'planned', blocked_by: ['TASK-001'] }),
    });
    ageTree(ws.root);
    ageTree(home);
    const args = [ws.path('a'), ws.path('b'), '--json', '--home', home];
    await printed((out) => scanCommand(args, out));
    const file = ws.write('b/.orc/tasks/TASK-001/task.yaml', taskYaml({ id: 'TASK-001', title: 'Beta', status: 'completed' }));
    const when = new Date(Date.now() - 20 * 60_000);
    utimesSync(file, when, when);
    assert.strictEqual((await printed((out) => answerFromSnapshot('scan', args, out))).code, undefined);
    const a = takeCheckedSnapshot(ws.path('a'), home);
    const b = takeCheckedSnapshot(ws.path('b'), home);
    assert.deepStrictEqual([a?.check?.current, a?.check?.listing, b?.check?.current, b?.check?.listing, b?.check?.moved?.size], [true, true, false, true, 1]);
    handOverCheckedSnapshots([a!, b!]);
    const after = await printed((out) => scanCommand(args, out));
    const full = await printed((out) => scanCommand([...args, '--no-cache'], out));
    assert.strictEqual(after.stdout, full.stdout);
    assert.match(after.stdout, /"status":"completed"/);
    assert.strictEqual((await printed((out) => answerFromSnapshot('scan', args, out))).stdout, full.stdout, 'then answered from the snapshots');
  });
});

function firstTask(project: string): string {
  return readdirSync(project).sort()[0]!;
}

function mkdtempAndForget(list: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baton-fast-'));
  list.push(dir);
  return dir;
}

/** The bundles' code files, as the CLI names them (a test process runs from out/, not from dist/). */
function bundleCode(): string[] {
  return ['cli-main.js', 'cli-fast.js'].map((f) => path.join(DIST, f));
}
