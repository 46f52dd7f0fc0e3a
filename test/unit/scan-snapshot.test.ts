import * as assert from 'node:assert';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCommand } from '../../src/cli/check';
import type { CliOutput } from '../../src/cli/output';
import { scanCommand } from '../../src/cli/scan';
import { OrchestrationService, type IndexChange } from '../../src/core/service/orchestration-service';
import { FIXTURES, TempWorkspace, taskYaml } from './helpers/temp-workspace';

/** Runs a CLI command in this process and returns what it printed on stdout, and its exit status. */
async function run(command: typeof scanCommand, argv: string[]): Promise<{ stdout: string; code: number }> {
  let stdout = '';
  const out: CliOutput = {
    line: (text) => { stdout += `${text}\n`; },
    json: (text) => { stdout += `${typeof text === 'string' ? text : Buffer.from(text).toString('utf8')}\n`; },
    error: () => undefined,
  };
  const code = await command(argv, out);
  return { stdout, code };
}

/** The snapshot files the CLI saved in its cache folder. */
function snapshots(cache: string): string[] {
  try {
    return readdirSync(path.join(cache, 'baton')).filter((f) => f.endsWith('.snapshot'));
  } catch {
    return [];
  }
}

const stamp = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** One orc task running on this host: its executor is process `pid`, whose last heartbeat was at `beat`. */
function runningTask(pid: number, beat: string): TempWorkspace {
  return new TempWorkspace({
    '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Runs', status: 'running' }),
    '.orc/tasks/TASK-001/state.yaml': `status: running\nexecution:\n  pid: ${pid}\n  hostname: ${os.hostname()}\n  started_at: ${beat}\n  last_heartbeat: ${beat}\n`,
  });
}

describe('scan snapshot: a warm CLI run prints the saved output when no file changed', () => {
  let cache: string;
  let previousCache: string | undefined;
  let ws: TempWorkspace | undefined;
  beforeEach(() => {
    previousCache = process.env.XDG_CACHE_HOME;
    cache = mkdtempSync(path.join(os.tmpdir(), 'baton-snapshot-cache-'));
    process.env.XDG_CACHE_HOME = cache;
  });
  afterEach(() => {
    process.env.XDG_CACHE_HOME = previousCache;
    rmSync(cache, { recursive: true, force: true });
    ws?.dispose();
    ws = undefined;
  });

  function workspace(): TempWorkspace {
    return new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Base', status: 'completed' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Login page', status: 'planned', blocked_by: ['TASK-001', 'TASK-404'] }),
      '.orc/tasks/TASK-002/state.yaml': 'status: planned\ntokens:\n  input_tokens: 10\n  output_tokens: 5\n',
      '.orc/initiatives/INIT-001/initiative.yaml': 'id: INIT-001\ntitle: Auth\nstatus: active\ntasks:\n  - id: TASK-002\n',
    });
  }

  it('gives the saved bytes without reading a file (a same-size edit that keeps its mtime is not seen), then reads a real change', async () => {
    ws = workspace();
    // A whole-millisecond mtime, so that it can be set again exactly after the edit below.
    const file = ws.path('.orc/tasks/TASK-002/task.yaml');
    const atime = new Date('2026-01-02T03:04:05.000Z');
    const mtime = new Date('2026-01-02T03:04:05.000Z');
    utimesSync(file, atime, mtime);
    const cold = await run(scanCommand, [ws.root, '--json']);
    assert.strictEqual(snapshots(cache).length, 1, 'the first run saved a snapshot');
    JSON.parse(cold.stdout);
    // The same size and mtime: by the record cache's rule the file is unchanged, so nothing may be read.
    ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Lagin page', status: 'planned', blocked_by: ['TASK-001', 'TASK-404'] }));
    utimesSync(file, atime, mtime);
    const warm = await run(scanCommand, [ws.root, '--json']);
    assert.strictEqual(warm.stdout, cold.stdout, 'the saved output, byte for byte');
    assert.strictEqual(warm.code, cold.code);
    assert.match((await run(scanCommand, [ws.root, '--json', '--no-cache'])).stdout, /Lagin page/, '--no-cache reads every file');
    // A real change (a new mtime) is read, and the output is what a full read gives.
    utimesSync(file, atime, new Date(mtime.getTime() + 2000));
    const changed = await run(scanCommand, [ws.root, '--json']);
    assert.match(changed.stdout, /Lagin page/);
    assert.strictEqual(changed.stdout, (await run(scanCommand, [ws.root, '--json', '--no-cache'])).stdout);
  });

  it('reads again when a task folder is added or removed, and keeps the exit status', async () => {
    ws = workspace();
    const first = await run(scanCommand, [ws.root, '--json']);
    assert.strictEqual(first.code, 0);
    ws.write('.orc/tasks/TASK-003/task.yaml', 'id: TASK-003\ntitle: [unclosed\n');
    const added = await run(scanCommand, [ws.root, '--json']);
    assert.strictEqual(added.code, 1, 'the broken new task is an error');
    assert.ok(JSON.parse(added.stdout).items.some((i: { id: string }) => i.id === 'TASK-003'));
    const again = await run(scanCommand, [ws.root, '--json']);
    assert.strictEqual(again.code, 1, 'a saved output keeps its exit status');
    assert.strictEqual(again.stdout, added.stdout);
    ws.remove('.orc/tasks/TASK-003');
    const removed = await run(scanCommand, [ws.root, '--json']);
    assert.strictEqual(removed.code, 0);
    assert.strictEqual(removed.stdout, first.stdout);
  });

  it('saves the summary and the problems as views of their own, each equal to a full read', async () => {
    ws = workspace();
    for (const [command, argv] of [[scanCommand, [ws.root]], [checkCommand, [ws.root]], [scanCommand, [ws.root, '--json']]] as const) {
      const cold = await run(command, [...argv]);
      const warm = await run(command, [...argv]);
      const full = await run(command, [...argv, '--no-cache']);
      assert.strictEqual(warm.stdout, cold.stdout, `${argv.join(' ')}: warm = cold`);
      assert.strictEqual(full.stdout, cold.stdout, `${argv.join(' ')}: = a full read`);
    }
    assert.match((await run(checkCommand, [ws.root])).stdout, /TASK-404/);
    assert.strictEqual(snapshots(cache).length, 1, 'one snapshot file per folder, holding every view');
  });

  it('--no-cache saves nothing, and another home is another context', async () => {
    ws = workspace();
    await run(scanCommand, [ws.root, '--json', '--no-cache']);
    assert.deepStrictEqual(snapshots(cache), []);
    const empty = mkdtempSync(path.join(os.tmpdir(), 'baton-snapshot-home-'));
    const other = mkdtempSync(path.join(os.tmpdir(), 'baton-snapshot-home-'));
    try {
      cpSync(path.join(FIXTURES, 'orange', 'valid', 'orange'), path.join(other, 'orange'), { recursive: true });
      await run(scanCommand, [ws.root, '--json', '--home', empty]);
      // The saved scan under the empty home must not stand for the other home, whose orange tasks it never saw.
      const second = await run(scanCommand, [ws.root, '--json', '--home', other]);
      assert.ok(JSON.parse(second.stdout).items.some((i: { system: string }) => i.system === 'orange'));
      assert.strictEqual(second.stdout, (await run(scanCommand, [ws.root, '--json', '--home', other, '--no-cache'])).stdout);
    } finally {
      rmSync(empty, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a running task: the snapshot holds until its heartbeat goes stale or its executor dies', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const beat = stamp(1);
      ws = runningTask(child.pid!, beat);
      let now = Date.now();
      const service = new OrchestrationService({ folders: [{ root: ws.root }], now: () => now });
      await service.scan();
      const facts = service.scanFacts(ws.root)!;
      assert.ok(facts, 'a full scan gives its facts');
      assert.deepStrictEqual(facts.liveness.pids, [[child.pid, true]]);
      assert.strictEqual(facts.liveness.until, Date.parse(beat) + 5 * 60_000 + 1, 'the heartbeat goes stale five minutes after it was sent');
      assert.strictEqual(await service.unchangedSince(ws.root, facts), true);
      now = Date.parse(beat) + 5 * 60_000 + 1;
      assert.strictEqual(await service.unchangedSince(ws.root, facts), false, 'the clock passed the heartbeat: the verdict turns');
      now = Date.now();
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      assert.strictEqual(await service.unchangedSince(ws.root, facts), false, 'the executor died: the verdict turns');
      // The CLI reads again and says so.
      const item = JSON.parse((await run(scanCommand, [ws.root, '--json'])).stdout).items[0];
      assert.strictEqual(item.orphaned, true);
      service.dispose();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('a recheck after a scan asks again whether the executor is alive (a verdict turns when it dies)', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const beat = stamp(1);
      ws = runningTask(child.pid!, beat);
      const service = new OrchestrationService({ folders: [{ root: ws.root }] });
      await service.scan();
      assert.strictEqual(service.items()[0]!.kind === 'task' && (service.items()[0] as { orphaned: boolean }).orphaned, false);
      const changes: IndexChange[] = [];
      service.onDidChange((c) => changes.push(c));
      // Nothing turned: no change (the editor rechecks every minute; every view would rebuild its rows).
      service.recheck();
      assert.strictEqual(changes.length, 0, 'a recheck that changed nothing says nothing');
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      service.recheck();
      assert.strictEqual((service.items()[0] as { orphaned: boolean }).orphaned, true);
      assert.deepStrictEqual(changes.map((c) => c.changed.map((i) => i.id)), [['TASK-001']], 'one change, naming the task whose verdict turned');
      service.dispose();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('a refresh since the scan gives no facts to save (its items were not all recomputed)', async () => {
    ws = workspace();
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    assert.ok(service.scanFacts(ws.root));
    writeFileSync(ws.path('.orc/tasks/TASK-001/task.yaml'), taskYaml({ id: 'TASK-001', title: 'Base, renamed', status: 'completed' }));
    await service.fileChanged(ws.path('.orc/tasks/TASK-001/task.yaml'));
    assert.strictEqual(service.scanFacts(ws.root), undefined);
    service.dispose();
  });

  it('random edits, additions and removals: every warm run prints what a full read prints', async function () {
    this.timeout(120_000);
    ws = new TempWorkspace({});
    let seed = 7;
    const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const statuses = ['created', 'planned', 'running', 'completed', 'failed', 'blocked'];
    const write = (i: number) => ws!.write(`.orc/tasks/TASK-${String(i).padStart(3, '0')}/task.yaml`, taskYaml({
      id: `TASK-${String(i).padStart(3, '0')}`, title: `Task ${i} v${random(1000)}`, status: statuses[random(statuses.length)],
      ...(random(3) === 0 ? { blocked_by: [`TASK-${String(random(60)).padStart(3, '0')}`] } : {}),
    }));
    for (let i = 0; i < 60; i++) write(i);
    for (let round = 0; round < 12; round++) {
      for (let k = 0; k < 4; k++) {
        const i = random(70);
        const folder = `.orc/tasks/TASK-${String(i).padStart(3, '0')}`;
        if (random(5) === 0) ws.remove(folder); else write(i);
        // A new mtime even when the write lands in the same instant as the last one.
        const file = ws.path(`${folder}/task.yaml`);
        try { utimesSync(file, new Date(), new Date(Date.now() + round * 1000 + k)); } catch { /* removed */ }
      }
      const warm = await run(scanCommand, [ws.root, '--json']);
      const full = await run(scanCommand, [ws.root, '--json', '--no-cache']);
      assert.strictEqual(warm.stdout, full.stdout, `round ${round}`);
      assert.strictEqual((await run(scanCommand, [ws.root, '--json'])).stdout, full.stdout, `round ${round}, from the snapshot`);
    }
  });

  it('every fixture folder: the first run, the run from the snapshot and a full read print the same bytes', async function () {
    this.timeout(300_000);
    const folders: string[] = [];
    for (const system of readdirSync(FIXTURES)) {
      if (['bin', 'fake-orc', 'workspace'].includes(system)) continue;
      for (const name of readdirSync(path.join(FIXTURES, system))) {
        const folder = path.join(FIXTURES, system, name);
        if (!statSync(folder).isDirectory()) continue;
        if (system !== 'wild') { folders.push(folder); continue; }
        for (const leaf of readdirSync(folder)) if (statSync(path.join(folder, leaf)).isDirectory()) folders.push(path.join(folder, leaf));
      }
    }
    folders.push(path.join(FIXTURES, 'workspace'));
    assert.ok(folders.length > 40, `found ${folders.length} fixture folders`);
    for (const folder of folders) {
      // A copy, so the home-directory systems (orange/, .claude/ultrawork/) are read from it too: --home is the copy.
      const copy = mkdtempSync(path.join(os.tmpdir(), 'baton-snapshot-fixture-'));
      try {
        cpSync(folder, copy, { recursive: true });
        const argv = [copy, '--json', '--home', copy];
        const cold = await run(scanCommand, argv);
        const warm = await run(scanCommand, argv);
        const full = await run(scanCommand, [...argv, '--no-cache']);
        const name = path.relative(FIXTURES, folder);
        assert.strictEqual(warm.stdout, cold.stdout, `${name}: the run from the snapshot`);
        assert.strictEqual(full.stdout, cold.stdout, `${name}: a full read`);
        assert.strictEqual(warm.code, full.code, `${name}: exit status`);
        // Written a piece at a time, it is still one JSON document with no key twice (a reparse writes it back the same).
        assert.strictEqual(`${JSON.stringify(JSON.parse(cold.stdout))}\n`, cold.stdout, `${name}: well-formed, no repeated key`);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    }
  });
});
