import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The compiled core, as a process other than the test runner loads it (the test kills that process). */
const CLAUDE_PROCESS = path.join(__dirname, '..', '..', '..', 'src', 'core', 'executor', 'claude-process.js');
const RUN_COMMAND = path.join(__dirname, '..', '..', '..', 'src', 'core', 'executor', 'run-command.js');

/** Whether `pid` is a live process (a zombie waiting to be reaped is not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The process group of a live `pid` (field 5 of /proc/PID/stat). */
function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

function groupMembers(pgid: number): number[] {
  return readdirPids().filter((pid) => { try { return alive(pid) && groupOf(pid) === pgid; } catch { return false; } });
}

function readdirPids(): number[] {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a run ends when the process that started it dies (the editor\'s extension host killed)', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'baton-orphan-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('kill -9 of the supervisor: the fake Claude and its whole process group are gone within seconds', async function () {
    if (!existsSync('/proc/self/stat')) this.skip();
    // The "Claude": records its pid, starts a grandchild (a tool subprocess) and sleeps for ever.
    const claude = path.join(dir, 'claude.js');
    writeFileSync(claude, `
      const { spawn } = require('child_process');
      const fs = require('fs');
      const tool = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      fs.writeFileSync(${JSON.stringify(path.join(dir, 'pids'))}, process.pid + ' ' + tool.pid);
      setInterval(() => {}, 1000);
    `);
    // The supervisor: this process stands for the extension host, starting Claude the way every run does.
    const supervisor = path.join(dir, 'supervisor.js');
    writeFileSync(supervisor, `
      const { runClaude } = require(${JSON.stringify(CLAUDE_PROCESS)});
      runClaude({ command: process.execPath, args: [${JSON.stringify(claude)}], cwd: ${JSON.stringify(dir)}, prompt: 'go',
        timeoutMs: 600000, graceMs: 1000, signal: new AbortController().signal, onMessage() {}, onStderr() {} });
    `);
    const host = spawn(process.execPath, [supervisor], { stdio: 'ignore' });
    const pidsFile = path.join(dir, 'pids');
    await until('the fake Claude started', () => existsSync(pidsFile) && readFileSync(pidsFile, 'utf8').includes(' '), 10_000);
    const [claudePid, toolPid] = readFileSync(pidsFile, 'utf8').split(' ').map(Number) as [number, number];
    const pgid = groupOf(claudePid);
    assert.notEqual(pgid, groupOf(process.pid), 'Claude runs in a process group of its own');
    assert.ok(alive(toolPid));

    host.kill('SIGKILL');
    await until('the supervisor is gone', () => !alive(host.pid!), 5_000);
    try {
      await until('Claude, its tool subprocess and its group are gone', () => !alive(claudePid) && !alive(toolPid) && !groupMembers(pgid).length, 6_000);
    } finally {
      for (const pid of [claudePid, toolPid]) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
  });

  it('kill -9 of the supervisor during a project command (the tests a run checks): the command\'s group is gone too', async function () {
    if (!existsSync('/proc/self/stat')) this.skip();
    // The "test suite": records its pid, starts a worker and runs for ever (a watch-mode test runner).
    const suite = path.join(dir, 'suite.js');
    writeFileSync(suite, `
      const { spawn } = require('child_process');
      const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'pids'))}, process.pid + ' ' + worker.pid);
      setInterval(() => {}, 1000);
    `);
    const supervisor = path.join(dir, 'supervisor.js');
    writeFileSync(supervisor, `
      const { runCommand } = require(${JSON.stringify(RUN_COMMAND)});
      runCommand([process.execPath, ${JSON.stringify(suite)}], ${JSON.stringify(dir)}, 600000, 1000, new AbortController().signal);
    `);
    const host = spawn(process.execPath, [supervisor], { stdio: 'ignore' });
    const pidsFile = path.join(dir, 'pids');
    await until('the suite started', () => existsSync(pidsFile) && readFileSync(pidsFile, 'utf8').includes(' '), 10_000);
    const [suitePid, workerPid] = readFileSync(pidsFile, 'utf8').split(' ').map(Number) as [number, number];
    const pgid = groupOf(suitePid);
    assert.notEqual(pgid, groupOf(process.pid), 'the command runs in a process group of its own');

    host.kill('SIGKILL');
    await until('the supervisor is gone', () => !alive(host.pid!), 5_000);
    try {
      await until('the suite, its worker and its group are gone', () => !alive(suitePid) && !alive(workerPid) && !groupMembers(pgid).length, 6_000);
    } finally {
      for (const pid of [suitePid, workerPid]) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
  });
});
