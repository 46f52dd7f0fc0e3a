import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { json, SINGLE_CRP, stateJson } from '../orchestral/fixtures';

const CLI = path.join(REPO, 'dist', 'cli.js');
const TASK = 'id: TASK-001\ntitle: One\nstatus: failed\npriority: high\n';

function baton(args: string[], opts: { asNobody?: boolean; cache: string }) {
  const argv = opts.asNobody ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI, ...args] : [process.execPath, CLI, ...args];
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', cwd: os.tmpdir(), env: { ...process.env, XDG_CACHE_HOME: opts.cache } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under `dir`, relative, with the bytes of each (what "nothing was changed" is checked against). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const abs = path.join(e.parentPath, e.name);
    out[path.relative(dir, abs)] = e.isFile() ? readFileSync(abs, 'latin1') : '<dir>';
  }
  return out;
}

/** Fills the file system of `dir` to the last byte. */
function fill(dir: string): void {
  const fd = openSync(path.join(dir, 'filler'), 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
  for (let size = 4096; size >= 1; size >>= 1) {
    try { for (;;) writeSync(fd, chunk.subarray(0, size)); } catch { /* full at this size */ }
  }
  closeSync(fd);
}

function mount(args: string[]): string | null {
  const r = spawnSync('mount', args, { encoding: 'utf8' });
  return r.status === 0 ? null : (r.stderr || r.error?.message || 'mount failed').trim();
}

/** The one line each writing command must print; no stack trace. */
function assertOneLine(stderr: string, pattern: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  assert.strictEqual(lines.length, 1, `one line, not:\n${stderr}`);
  assert.match(lines[0]!, pattern);
  assert.doesNotMatch(stderr, /\n\s+at /);
}

describe('writes on a full, read-only or forbidden disk leave nothing behind and say so in one line (issue 16 part 4)', function () {
  let base: string, disk: string, cache: string, ws: string;

  before(function () {
    if (process.getuid?.() !== 0) this.skip(); // a tmpfs needs root; the suite runs as root on the team's machines
    base = mkdtempSync(path.join(os.tmpdir(), 'baton-disk-'));
    disk = path.join(base, 'disk');
    cache = path.join(base, 'cache');
    mkdirSync(disk);
    mkdirSync(cache);
    const failed = mount(['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk]);
    if (failed) { console.log(`      (skipped: mounting a small tmpfs is not permitted here: ${failed})`); this.skip(); }
  });
  after(() => {
    if (!disk) return;
    spawnSync('umount', [disk]);
    rmSync(base, { recursive: true, force: true });
  });
  beforeEach(() => {
    mount(['-o', 'remount,rw', disk]);
    for (const name of readdirSync(disk)) rmSync(path.join(disk, name), { recursive: true, force: true });
    ws = path.join(disk, 'ws');
    const files: Record<string, string> = {
      '.orc/tasks/TASK-001/task.yaml': TASK,
      '.dure/runs/run-1/state.json': stateJson('crp-001'),
      '.dure/runs/run-1/crp/crp-1.json': json(SINGLE_CRP),
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
      writeFileSync(path.join(ws, rel), text);
    }
    mkdirSync(path.join(ws, '.dure/runs/run-1/vcr'));
  });

  const commands: [string, string[], RegExp][] = [
    ['task set', ['task', 'set', 'TASK-001', 'priority', 'low'], /^baton task: could not write .*\/\.orc\/tasks\/TASK-001\/task\.yaml: /],
    ['task resolve', ['task', 'resolve', 'TASK-001'], /^baton task: could not write .*\/\.orc\/tasks\/TASK-001\/task\.yaml: /],
    ['task new', ['task', 'new', 'Two'], /^baton task: could not write .*\/\.orc\/tasks\/TASK-002\/task\.yaml: /],
    ['answer', ['answer', 'crp-001', '--option', 'A'], /^baton answer: could not write .*\/\.dure\/runs\/run-1\/crp\/crp-1\.json: /],
  ];

  for (const [name, args, where] of commands) {
    it(`${name} on a full disk: ENOSPC in one line, no temp file, nothing changed`, () => {
      fill(disk);
      const before = snapshot(ws);
      const r = baton([...args, '--dir', ws], { cache });
      assert.strictEqual(r.code, 1, r.stderr);
      assertOneLine(r.stderr, new RegExp(where.source + /no space left on the disk \(ENOSPC\); nothing was changed$/.source));
      assert.deepStrictEqual(snapshot(ws), before);
    });

    it(`${name} on a read-only mount: EROFS in one line, nothing changed`, () => {
      const before = snapshot(ws);
      assert.strictEqual(mount(['-o', 'remount,ro', disk]), null);
      const r = baton([...args, '--dir', ws], { cache });
      assert.strictEqual(r.code, 1, r.stderr);
      assertOneLine(r.stderr, /: the file system is read-only \(EROFS\); nothing was changed$/);
      assert.deepStrictEqual(snapshot(ws), before);
    });
  }

  it('task set and answer by a user who may not write the folder: EACCES in one line, nothing changed', function () {
    if (spawnSync('setpriv', ['--version']).status !== 0) this.skip(); // no setpriv: no other user to run as
    for (const dir of [base, disk]) chmodSync(dir, 0o755);
    chmodSync(cache, 0o777);
    const before = snapshot(ws);
    const set = baton(['task', 'set', 'TASK-001', 'priority', 'low', '--dir', ws], { cache, asNobody: true });
    assert.strictEqual(set.code, 1, set.stderr);
    assertOneLine(set.stderr, /^baton task: could not write .*task\.yaml: permission denied \(EACCES\); nothing was changed$/);
    const answer = baton(['answer', 'crp-001', '--option', 'A', '--dir', ws], { cache, asNobody: true });
    assert.strictEqual(answer.code, 1, answer.stderr);
    assertOneLine(answer.stderr, /^baton answer: could not write .*crp-1\.json: permission denied \(EACCES\); nothing was changed$/);
    assert.deepStrictEqual(snapshot(ws), before);
  });
});
