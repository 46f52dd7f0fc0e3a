import * as assert from 'node:assert';
import { chmodSync, chownSync, existsSync, lstatSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const TASK = 'id: TASK-001\ntitle: a\nstatus: created\npriority: normal\ncreated_at: 2026-01-01T00:00:00Z\nupdated_at: 2026-01-01T00:00:00Z\n';

/** Writes that keep what they do not change (issue 16, part 3), through `baton task set` / `task new`. */
describe('baton task writes keep what they do not change (CLI)', () => {
  let ws: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  beforeEach(() => {
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': TASK, '.orc/tasks/TASK-002/task.yaml': TASK.replace(/TASK-001/g, 'TASK-002') });
  });
  afterEach(() => ws.dispose());

  it('keeps a BOM, CRLF line endings and a byte of invalid UTF-8 outside the edited field byte for byte', () => {
    const file = ws.path('.orc/tasks/TASK-001/task.yaml');
    const crlf = (s: string) => Buffer.from(s.replace(/\n/g, '\r\n'), 'utf8');
    const head = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), crlf('id: TASK-001\ntitle: caf'), Buffer.from([0xe9]), crlf(' au lait\nstatus: created\n')]);
    const tail = crlf('created_at: 2026-01-01T00:00:00Z\n');
    writeFileSync(file, Buffer.concat([head, crlf('priority: normal\n'), tail, crlf('updated_at: 2026-01-01T00:00:00Z\n')]));
    const r = baton(['task', 'set', 'TASK-001', 'priority', 'high', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    const after = readFileSync(file);
    const expectedStart = Buffer.concat([head, crlf('priority: high\n'), tail, crlf('updated_at: ')]);
    assert.deepStrictEqual(after.subarray(0, expectedStart.length), expectedStart, 'everything but the two edited values, byte for byte');
    assert.match(after.subarray(expectedStart.length).toString('latin1'), /^\d{4}-\d\d-\d\dT[\d:]+Z\r\n$/, 'the new updated_at ends in CRLF as the file does');
  });

  it('keeps a private file private (600 stays 600, with its owner) and refuses a read-only (444) one, writing nothing', () => {
    const file = ws.path('.orc/tasks/TASK-001/task.yaml');
    chmodSync(file, 0o600);
    const owner = statSync(file);
    if (process.getuid?.() === 0) chownSync(file, 1234, 5678);
    let r = baton(['task', 'set', 'TASK-001', 'priority', 'high', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    const after = statSync(file);
    assert.notStrictEqual(after.ino, owner.ino, 'replaced atomically (a new inode)');
    assert.strictEqual(after.mode & 0o777, 0o600);
    if (process.getuid?.() === 0) assert.deepStrictEqual([after.uid, after.gid], [1234, 5678], 'owner kept');

    const locked = ws.path('.orc/tasks/TASK-002/task.yaml');
    chmodSync(locked, 0o444);
    const before = readFileSync(locked);
    r = baton(['task', 'set', 'TASK-002', 'priority', 'high', '--dir', ws.root]);
    assert.deepStrictEqual([r.code, r.stderr.trim()], [1, 'baton task set: task.yaml is read-only (mode 444); nothing was written — make it writable (chmod u+w) to edit it']);
    assert.deepStrictEqual(readFileSync(locked), before);
    assert.strictEqual(statSync(locked).mode & 0o777, 0o444);
  });

  it('writes through a symlink whose target is inside the workspace (the link stays a link) and refuses one leading outside', () => {
    const shared = ws.write('shared/task.yaml', TASK);
    const link = ws.path('.orc/tasks/TASK-001/task.yaml');
    ws.remove('.orc/tasks/TASK-001/task.yaml');
    symlinkSync('../../../shared/task.yaml', link);
    let r = baton(['task', 'set', 'TASK-001', 'priority', 'high', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.ok(lstatSync(link).isSymbolicLink(), 'still a link');
    assert.strictEqual(readlinkSync(link), '../../../shared/task.yaml');
    assert.match(readFileSync(shared, 'utf8'), /^priority: high$/m, 'the target was changed');

    const outside = new TempWorkspace({ 'task.yaml': TASK.replace(/TASK-001/g, 'TASK-002') });
    try {
      const link2 = ws.path('.orc/tasks/TASK-002/task.yaml');
      ws.remove('.orc/tasks/TASK-002/task.yaml');
      symlinkSync(outside.path('task.yaml'), link2);
      const before = readFileSync(outside.path('task.yaml'));
      r = baton(['task', 'set', 'TASK-002', 'priority', 'high', '--dir', ws.root]);
      // The scanner already never reads a link that leaves the workspace, so the task is not there to edit.
      assert.deepStrictEqual([r.code, r.stderr.trim()], [1, `baton task set: no task TASK-002 in ${ws.root} (or its task.yaml could not be read)`]);
      assert.deepStrictEqual(readFileSync(outside.path('task.yaml')), before);
      assert.ok(lstatSync(link2).isSymbolicLink());
    } finally {
      outside.dispose();
    }
  });

  it('refuses a blocked_by / related_to id that is not an orc task id (case-folded, path-like), naming it and the pattern', () => {
    const file = ws.path('.orc/tasks/TASK-002/task.yaml');
    const before = readFileSync(file);
    const expected = (field: string, id: string) => `baton task set: ${field}: "${id}" is not a task id — orc's ids are TASK-<number> (e.g. TASK-001, or TASK-AM-001 with a prefix), case-sensitive; nothing was written`;
    let r = baton(['task', 'set', 'TASK-002', 'blocked_by', 'task-1', '--dir', ws.root]);
    assert.deepStrictEqual([r.code, r.stderr.trim()], [1, expected('blocked_by', 'task-1')]);
    r = baton(['task', 'set', 'TASK-002', 'blocked_by', 'task-001', '--dir', ws.root]);
    assert.deepStrictEqual([r.code, r.stderr.trim()], [1, expected('blocked_by', 'task-001')], 'never case-folded onto TASK-001');
    r = baton(['task', 'set', 'TASK-002', 'related_to', '../../etc', '--dir', ws.root]);
    assert.deepStrictEqual([r.code, r.stderr.trim()], [1, expected('related_to', '../../etc')]);
    assert.deepStrictEqual(readFileSync(file), before, 'nothing was written');
    r = baton(['task', 'new', 'c', '--blocked-by', 'TASK-001,../../etc', '--dir', ws.root]);
    assert.deepStrictEqual([r.code, r.stderr.trim()], [1, expected('blocked_by', '../../etc').replace('task set', 'task new')]);
    assert.ok(!existsSync(ws.path('.orc/tasks/TASK-003')), 'no task was created');
    // orc's prefixed ids (p2p/team mode) are ids.
    r = baton(['task', 'set', 'TASK-002', 'related_to', 'TASK-AM-001', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(readFileSync(file, 'utf8'), /related_to:\n {2}- TASK-AM-001\n/);
  });
});
