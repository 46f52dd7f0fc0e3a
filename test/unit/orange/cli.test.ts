import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO, type TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome } from './helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--no-cache'], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baton CLI: orange', () => {
  let tmp: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  afterEach(() => tmp?.dispose());

  it('scan --json --home lists this folder\'s orange tasks with their verdict, absolute files, and the clarification', () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const r = baton(['scan', home.root, '--json', '--home', home.tmp.path('home')]);
    const report = JSON.parse(r.stdout) as { items: Record<string, unknown>[]; decisions: Record<string, unknown>[]; diagnostics: Record<string, unknown>[] };
    const orange = report.items.filter((i) => i.system === 'orange');
    assert.strictEqual(orange.length, 8);
    assert.ok(!orange.some((i) => i.id === ID.other), 'the other project is left out');
    const byId = (id: string) => orange.find((i) => i.id === id)!;
    assert.deepStrictEqual(Object.fromEntries(['system', 'kind', 'id', 'title', 'status', 'verdict'].map((k) => [k, byId(ID.failRound2)[k]])),
      { system: 'orange', kind: 'task', id: ID.failRound2, title: 'Second review failed', status: 'agent-review', verdict: 'FAIL' });
    assert.strictEqual(byId(ID.fenced).verdict, 'FAIL', 'orange reads a fenced ## Review, and so does the verdict Baton reports');
    assert.strictEqual(byId(ID.done).verdict, 'PASS');
    assert.strictEqual(byId(ID.unknown).status, 'paused-by-human');
    assert.strictEqual(byId(ID.planning).file, path.join(home.orangeRoot, 'tasks', 'app', ID.planning, 'TASK.md'));
    assert.deepStrictEqual(report.decisions.filter((d) => d.system === 'orange').map((d) => [d.kind, d.id]), [['clarification', ID.clarify]]);
    assert.ok(report.diagnostics.some((d) => d.system === 'orange' && /unknown status/.test(String(d.message))));
    assert.strictEqual(r.code, 0, 'warnings only');
  });

  it('scan prints a readable orange summary; check exits 1 on a broken home', () => {
    const home = orangeHome('broken');
    tmp = home.tmp;
    const summary = baton(['scan', home.root, '--home', home.tmp.path('home')]);
    assert.match(summary.stdout, /\norange: 4 tasks\n/);
    // A TASK.md that cannot be read stays listed, with its problem at its line.
    assert.match(summary.stdout, /\n {2}9guHEuZMMESZmvEEnMuoO {2}app +unreadable +invalid YAML: .* \(line 4, column \d+\)\n/);
    assert.match(summary.stdout, /orange moves tasks on by itself only while its dashboard \(orange\) is running/);
    const check = baton(['check', home.root, '--home', home.tmp.path('home')]);
    assert.strictEqual(check.code, 1);
    assert.match(check.stdout, /TASK\.md:8:\d+: error: `review_round` should be a number/);
  });
});
