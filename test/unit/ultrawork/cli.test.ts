import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { emptyWorkspace, homeFor, SESSIONS } from './helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baton scan and check with Ultrawork sessions (--home)', () => {
  let ws: string;
  let scratch: string;
  beforeEach(() => { ws = emptyWorkspace(); scratch = emptyWorkspace(); });
  afterEach(() => { rmSync(ws, { recursive: true, force: true }); rmSync(scratch, { recursive: true, force: true }); });

  it('scan --json lists this folder\'s sessions and tasks in the contract shape, files absolute under HOME', () => {
    const home = homeFor('valid', ws, scratch);
    const r = baton(['scan', ws, '--home', home, '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const items = (JSON.parse(r.stdout).items as Record<string, unknown>[]).filter((i) => i.system === 'ultrawork');
    const sessions = items.filter((i) => i.kind === 'session');
    assert.deepStrictEqual(sessions.map((s) => `${s.id}:${s.status}:${s.assigned}`).sort(),
      ['a1-v5-mine:EXECUTION:true', 'b2-v7-mine:DOCUMENTATION:true', 'd4-v5-unassigned:EXPLORATION:false', 'e5-cancelled:CANCELLED:true']);
    const a1 = sessions.find((s) => s.id === 'a1-v5-mine')!;
    assert.strictEqual(a1.file, path.join(home, SESSIONS, 'a1-v5-mine', 'session.json'));
    assert.deepStrictEqual(a1.tasks, ['1', '2', '3', 'verify']);
    const task = items.find((i) => i.id === 'a1-v5-mine/3')!;
    assert.deepStrictEqual({ kind: task.kind, status: task.status, title: task.title, blockedBy: task.blockedBy, blocked: task.blocked, complexity: task.complexity },
      { kind: 'task', status: 'open', title: 'Document the limit', blockedBy: ['2'], blocked: true, complexity: 'trivial' });
    assert.ok(!items.some((i) => String(i.id).startsWith('c3-v7-other')), 'another project\'s session is left out');
  });

  it('scan prints a readable summary of the sessions', () => {
    const home = homeFor('valid', ws, scratch);
    const r = baton(['scan', ws, '--home', home]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stdout, /ultrawork: 4 sessions/);
    assert.match(r.stdout, /a1-v5-mine {2}EXECUTION {5}Add rate limiting to the login endpoint\n/);
    assert.match(r.stdout, / {4}3 {8}open {8}Document the limit {2}\[blocked by 2; 0\/1 criteria\]/);
    assert.match(r.stdout, /d4-v5-unassigned .*\[unassigned\]/);
  });

  it('check reports a broken session file at its line and exits 1; another project\'s problems are not reported', () => {
    const home = homeFor('broken', ws, scratch);
    const r = baton(['check', ws, '--home', home]);
    assert.strictEqual(r.code, 1, r.stderr);
    const task = path.join(home, SESSIONS, 'g7-mine-broken-tasks', 'tasks', '1.json');
    assert.ok(r.stdout.includes(`${task}:5:1: error: invalid JSON: property name expected`), r.stdout);
    assert.ok(!r.stdout.includes('h8-other-broken'), r.stdout);
  });
});
