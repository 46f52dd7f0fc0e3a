import * as assert from 'node:assert';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { REPO, TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { scanFolder } from '../helpers/scan';

const CLI = path.join(REPO, 'dist', 'cli.js');
const NOBODY = 65534;

/** TASK-001 waits for TASK-002 (blocked_by) and relates to it: both links name the task that cannot be read. */
function workspace(): TempWorkspace {
  return new TempWorkspace({
    '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Waits', status: 'planned', blocked_by: ['TASK-002'], related_to: ['TASK-002'] }),
    '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Hidden', status: 'planned' }),
  });
}

describe('orc: a task that cannot be read is reported as unreadable, not as missing by the tasks that name it', function () {
  this.timeout(20_000);
  let ws: TempWorkspace;
  beforeEach(() => { ws = workspace(); });
  afterEach(() => {
    chmodSync(ws.path('.orc/tasks/TASK-002'), 0o755);
    ws.dispose();
  });

  function assertUnreadable(diagnostics: readonly { file: string; message: string; severity: string }[], cause: RegExp): void {
    // In-process diagnostics name the file absolutely; the CLI's JSON relative to the folder scanned.
    const own = diagnostics.find((d) => path.resolve(ws.root, d.file) === ws.path('.orc/tasks/TASK-002/task.yaml'));
    assert.ok(own, `a diagnostic on TASK-002's task.yaml: ${JSON.stringify(diagnostics)}`);
    assert.strictEqual(own.severity, 'error');
    assert.match(own.message, new RegExp(`^TASK-002: cannot be read \\(${cause.source}\\)$`));
    const missing = diagnostics.filter((d) => /does not exist/.test(d.message));
    assert.deepStrictEqual(missing, [], 'no task says TASK-002 does not exist');
  }

  it('a FIFO task.yaml: the id is known, the file is unreadable (in-process scan)', async () => {
    const file = ws.path('.orc/tasks/TASK-002/task.yaml');
    rmSync(file);
    execFileSync('mkfifo', [file]);
    const { tasks, diagnostics } = await scanFolder(ws.root);
    assertUnreadable(diagnostics, /a named pipe, not a regular file/);
    // Listed as a placeholder (issue 17): no status invented, the problem attached.
    assert.strictEqual(tasks.get('TASK-002')?.status, 'unreadable');
    assert.match(tasks.get('TASK-002')?.unreadable?.message ?? '', /^TASK-002: cannot be read \(a named pipe/);
    assert.strictEqual(tasks.get('TASK-001')?.blocked, true, 'a blocker that cannot be read is not known to be done');
  });

  it('a task.yaml over the size limit: the id is known, the file is too large (in-process scan)', async () => {
    writeFileSync(ws.path('.orc/tasks/TASK-002/task.yaml'), Buffer.alloc(9 * 1024 * 1024, 0x20));
    const { diagnostics } = await scanFolder(ws.root);
    assertUnreadable(diagnostics, /too large: 9437184 bytes, the limit is 8388608/);
  });

  describe('a task folder that another user cannot read (chmod 000), scanned by that user', function () {
    before(function () {
      if (process.getuid?.() !== 0 || !existsSync('/usr/bin/setpriv')) this.skip();
      if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
    });

    /** The CLI as user nobody (root reads any folder whatever its mode), with a cache folder of its own. */
    function batonAsNobody(args: string[]) {
      const cache = path.join(ws.root, '.cache');
      mkdirSync(cache, { recursive: true });
      chmodSync(cache, 0o777);
      const r = spawnSync('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, CLI, ...args],
        { cwd: os.tmpdir(), encoding: 'utf8', timeout: 15_000, env: { PATH: process.env.PATH, HOME: ws.root, XDG_CACHE_HOME: cache } });
      assert.strictEqual(r.signal, null, r.stderr);
      return r;
    }

    beforeEach(() => {
      chmodSync(ws.root, 0o755);
      chmodSync(ws.path('.orc/tasks/TASK-002'), 0o000);
    });

    it('scan --json: the folder is a diagnostic "cannot be read (permission denied)"; TASK-001 does not call it missing', () => {
      const r = batonAsNobody(['scan', ws.root, '--json', '--no-cache']);
      const out = JSON.parse(r.stdout) as { diagnostics: { file: string; message: string; severity: string }[]; items: { id: string }[] };
      assertUnreadable(out.diagnostics, /permission denied/);
      assert.ok(out.items.some((i) => i.id === 'TASK-001'), r.stdout);
    });

    it('check: the same, in text', () => {
      const r = batonAsNobody(['check', ws.root, '--no-cache']);
      assert.strictEqual(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /\.orc\/tasks\/TASK-002\/task\.yaml:1:1: error: TASK-002: cannot be read \(permission denied\)/);
      assert.doesNotMatch(r.stdout, /does not exist/);
    });
  });
});
