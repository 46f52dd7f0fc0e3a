import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../../src/core/io/atomic-write';
import { forgetSweeps, removeStaleTemps, STALE_AFTER_MS } from '../../../src/core/io/stale-temps';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');
const TASK_DIR = '.orc/tasks/TASK-001';

/** A pid that no longer runs: a process that has exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

describe('stale temp, pin and claim files of Baton are removed on the next write in their folder (issue 16 part 4)', () => {
  let ws: TempWorkspace;
  beforeEach(() => { ws = new TempWorkspace({ [`${TASK_DIR}/task.yaml`]: 'id: TASK-001\ntitle: One\nstatus: planned\npriority: high\n' }); forgetSweeps(); });
  afterEach(() => ws.dispose());
  const names = () => readdirSync(ws.path(TASK_DIR)).sort();

  it('what `task set` killed with the pin in place leaves is kept while young and removed once a minute old', async () => {
    const killed = spawnSync(process.execPath, [CLI, 'task', 'set', 'TASK-001', 'priority', 'low', '--dir', ws.root],
      { encoding: 'utf8', env: { ...process.env, BATON_TEST_CRASH_AFTER: 'pinned' } });
    assert.strictEqual(killed.signal, 'SIGKILL');
    const left = names().filter((n) => n !== 'task.yaml');
    assert.strictEqual(left.length, 2, `a temp file and its pin: ${left.join(', ')}`);
    assert.ok(left.some((n) => /^\.task\.yaml\.[0-9a-f]{12}\.tmp$/.test(n)) && left.some((n) => n.endsWith('.tmp.pin')));
    // A young pin may be in use (the replacement hands it over to late-appends.ts): the next write keeps it.
    await writeFileAtomic(ws.path(`${TASK_DIR}/other.yaml`), 'x: 1\n');
    assert.deepStrictEqual(names().filter((n) => n.startsWith('.')), left);
    forgetSweeps();
    const removed = await removeStaleTemps(ws.path(TASK_DIR), Date.now() + STALE_AFTER_MS + 1000);
    assert.deepStrictEqual(removed.map((f) => path.basename(f)).sort(), left);
    assert.deepStrictEqual(names(), ['other.yaml', 'task.yaml']);
  });

  it('a claim is removed only when its holder is gone; files of other names are never touched', async () => {
    ws.write(`${TASK_DIR}/.live.json.claim`, `${process.pid}\n`);
    ws.write(`${TASK_DIR}/.dead.json.claim`, `${deadPid()}\n`);
    ws.write(`${TASK_DIR}/.notes.tmp`, 'not of Baton naming');
    ws.write(`${TASK_DIR}/.task.yaml.0123456789AB.tmp`, 'upper-case hex: not Baton naming');
    await removeStaleTemps(ws.path(TASK_DIR), Date.now() + STALE_AFTER_MS + 1000);
    assert.deepStrictEqual(names(), ['.live.json.claim', '.notes.tmp', '.task.yaml.0123456789AB.tmp', 'task.yaml']);
  });
});
