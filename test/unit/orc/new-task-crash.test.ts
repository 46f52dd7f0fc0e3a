import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES, REPO, TempWorkspace } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');
const env = (extra: Record<string, string> = {}) => ({ ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache'), ...extra });

function baton(args: string[], crashAfter?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: env(crashAfter ? { BATON_TEST_CRASH_AFTER: crashAfter } : {}) });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

interface ScanItem { system: string; kind: string; id: string; title?: string; initiative?: string | null; tasks?: string[] }
const scan = (ws: TempWorkspace) => (JSON.parse(baton(['scan', '--json', '--no-cache', ws.root]).stdout) as { items: ScanItem[] }).items;

/**
 * `task new --initiative` writes two files: the new task.yaml (naming the initiative), then the initiative's own
 * `tasks` list. Killed between the two, the link is one-sided; orc's board and Baton both count a task that names an
 * initiative as its member, so the next read shows it whole, and `task set … initiative` completes the file.
 */
describe('baton task new survives kill -9 between its two files (issue 16 part 4)', () => {
  let ws: TempWorkspace;
  beforeEach(() => { ws = new TempWorkspace({}, path.join(FIXTURES, 'workspace')); });
  afterEach(() => ws.dispose());

  it('killed after task.yaml: the next read counts the task in its initiative, and task set completes the initiative file', () => {
    const killed = baton(['task', 'new', 'Cut short mid-link', '--initiative', 'INIT-001', '--dir', ws.root], 'edit-wrote-task.yaml');
    assert.strictEqual(killed.signal, 'SIGKILL', `the hook killed it: ${killed.stderr}`);
    const created = scan(ws).find((i) => i.kind === 'task' && i.title === 'Cut short mid-link');
    assert.ok(created, 'task.yaml was written whole');
    assert.doesNotMatch(readFileSync(ws.path('.orc/initiatives/INIT-001/initiative.yaml'), 'utf8'), new RegExp(created.id), 'the back-link was not written');
    const initiative = scan(ws).find((i) => i.kind === 'initiative' && i.id === 'INIT-001');
    assert.ok(initiative?.tasks?.includes(created.id), `INIT-001 counts ${created.id}: ${JSON.stringify(initiative?.tasks)}`);
    assert.strictEqual(baton(['check', ws.root]).stdout.includes(created.id), false, 'no problem is reported for the one-sided link');
    // No temp or pin file of Baton's stays in the task's folder.
    assert.deepStrictEqual(readdirSync(ws.path(`.orc/tasks/${created.id}`)), ['task.yaml']);

    const completed = baton(['task', 'set', created.id, 'initiative', 'INIT-001', '--dir', ws.root]);
    assert.strictEqual(completed.code, 0, completed.stderr);
    assert.match(readFileSync(ws.path('.orc/initiatives/INIT-001/initiative.yaml'), 'utf8'), new RegExp(`- id: ${created.id}\\n\\s+title: Cut short mid-link`));
  });

  it('killed after the temp file of task.yaml: nothing of the task is read, and the next task new lands whole', () => {
    const before = scan(ws).filter((i) => i.kind === 'task').length;
    const killed = baton(['task', 'new', 'Never landed', '--initiative', 'INIT-001', '--dir', ws.root], 'temp-written');
    assert.strictEqual(killed.signal, 'SIGKILL');
    assert.strictEqual(scan(ws).filter((i) => i.kind === 'task').length, before, 'no half task is shown');
    const again = baton(['task', 'new', 'Landed', '--initiative', 'INIT-001', '--dir', ws.root]);
    assert.strictEqual(again.code, 0, again.stderr);
    const tasks = scan(ws).filter((i) => i.kind === 'task');
    assert.strictEqual(tasks.length, before + 1);
    assert.ok(tasks.some((t) => t.title === 'Landed'));
  });
});
