import * as assert from 'node:assert';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { writeOrcWorkspace } from '../../../bench/lib/orc-workspace';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { mutate, orcFile, rng } from './orc-yaml-gen';

const CLI = path.join(REPO, 'dist', 'cli.js');

/**
 * `baton scan --json` with a cache of its own (so no run reuses another's saved scan), the machine reader and the
 * read-ahead worker on, or both off (js-yaml alone, every file read on the scan's own thread).
 */
function scan(root: string, fastPath: boolean): { status: number | null; stdout: string } {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-yaml-cache-'));
  try {
    const env = { ...process.env, XDG_CACHE_HOME: cache, BATON_YAML_FAST_PATH: fastPath ? 'on' : 'off', BATON_READ_AHEAD: fastPath ? 'on' : 'off' };
    const r = spawnSync(process.execPath, [CLI, 'scan', root, '--json'], { encoding: 'utf8', env, maxBuffer: 1 << 28 });
    // 1: the scan found errors (the broken files do that).
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    return { status: r.status, stdout: r.stdout };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

describe('machine-written YAML reader: the whole scan', () => {
  let ws: TempWorkspace | undefined;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  afterEach(() => ws?.dispose());

  it('gives a byte-identical `baton scan --json` to js-yaml alone, on the benchmark\'s orc workspace and odd files', function () {
    this.timeout(120000);
    ws = new TempWorkspace();
    writeOrcWorkspace(ws.root, 300);
    // Generated files with tricky values, some of them mutated (broken), where real tasks' files would be.
    const r = rng(2026);
    for (let i = 0; i < 200; i++) {
      const { kind, text } = orcFile(r);
      const body = i % 3 === 0 ? mutate(r, text) : text;
      const id = `TASK-9${String(i).padStart(3, '0')}`;
      if (kind === 'initiative') ws.write(`.orc/initiatives/INIT-9${String(i).padStart(3, '0')}/initiative.yaml`, body);
      else ws.write(`.orc/tasks/${id}/${kind}.yaml`, body);
      if (kind !== 'task' && kind !== 'initiative') ws.write(`.orc/tasks/${id}/task.yaml`, `id: ${id}\ntitle: "t ${i}"\nstatus: running\n`);
    }
    const fast = scan(ws.root, true);
    const slow = scan(ws.root, false);
    const report = JSON.parse(fast.stdout) as { items: unknown[] };
    assert.ok(report.items.length > 400, `${report.items.length} items`);
    assert.strictEqual(fast.status, slow.status);
    assert.ok(fast.stdout === slow.stdout, 'the two scans differ');
  });
});
