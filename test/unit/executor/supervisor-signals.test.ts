import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { alive, ExecutorRepo } from './fixture';

const CLI = path.join(REPO, 'dist', 'cli.js');

/** Is any process left in this process group? */
function groupAlive(pgid: number): boolean {
  try { process.kill(-pgid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    assert.ok(Date.now() < deadline, `${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Issue 16, part 5: a run never outlives its supervisor. A closed terminal (SIGHUP) or a parent that dies without a
 * word ends Claude's whole process group, and state.yaml records the phase as interrupted (the task paused).
 */
describe('baton run: a run never outlives its supervisor', function () {
  this.timeout(60_000);
  let repo: ExecutorRepo;
  let child: ChildProcess | undefined;
  beforeEach(() => { repo = new ExecutorRepo().scenario({ calls: [[{ text: 'Working.' }, { hang: true }]] }); });
  afterEach(() => {
    child?.kill('SIGKILL');
    for (const c of repo.calls()) if (groupAlive(c.pid)) process.kill(-c.pid, 'SIGKILL');
    repo.dispose();
  });

  function assertInterrupted(claudePid: number): void {
    assert.ok(!groupAlive(claudePid), 'Claude\'s whole process group is gone');
    const s = repo.state();
    assert.equal(s.status, 'paused');
    assert.equal(s.phases.spec.status, 'interrupted');
    assert.equal(s.execution, undefined, 'no executor is recorded as running');
  }

  it('SIGHUP (the terminal closed) ends Claude\'s process group within 2 s and leaves the run paused', async () => {
    child = spawn(process.execPath, [CLI, 'run', 'TASK-001', '--dir', repo.root], { env: { ...process.env, ...repo.env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout!.on('data', (c: Buffer) => { stdout += c.toString(); });
    const exited = new Promise<void>((r) => child!.once('exit', () => r()));
    await until('Claude started', () => stdout.includes('Working.'), 20_000);
    const claudePid = repo.calls()[0]!.pid;
    assert.ok(groupAlive(claudePid));
    const sent = Date.now();
    child.kill('SIGHUP');
    await exited;
    assert.ok(Date.now() - sent < 2000, `baton run exited ${Date.now() - sent} ms after SIGHUP`);
    assertInterrupted(claudePid);
  });

  it('the parent\'s death (SIGKILL, no signal to the child) ends the run and Claude\'s process group', async () => {
    // A shell starts baton run and is killed: baton is re-parented and must notice on its own.
    child = spawn('sh', ['-c', '"$0" "$@" & echo "pid $!"; wait', process.execPath, CLI, 'run', 'TASK-001', '--dir', repo.root],
      { env: { ...process.env, ...repo.env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout!.on('data', (c: Buffer) => { stdout += c.toString(); });
    await until('Claude started', () => stdout.includes('Working.'), 20_000);
    const batonPid = Number(/^pid (\d+)$/m.exec(stdout)![1]);
    const claudePid = repo.calls()[0]!.pid;
    const killed = Date.now();
    child.kill('SIGKILL');
    // It notices within a quarter of a second; the rest is winding down as after SIGHUP (slower on a loaded machine).
    await until('baton run ended', () => !alive(batonPid), 5000);
    assert.ok(Date.now() - killed < 5000);
    assertInterrupted(claudePid);
  });
});
