import * as assert from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { json, SINGLE_CRP, stateJson } from './fixtures';

const CLI = path.join(REPO, 'dist', 'cli.js');
const RUN = '.dure/runs/run-1';
const env = (extra: Record<string, string> = {}) => ({ ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache'), ...extra });

function baton(args: string[], crashAfter?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: env(crashAfter ? { BATON_TEST_CRASH_AFTER: crashAfter } : {}) });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** The VCRs of the run that answer crp-001, and the CRP's status on disk. */
function answers(ws: TempWorkspace) {
  const dir = ws.path(`${RUN}/vcr`);
  const vcrs = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => JSON.parse(readFileSync(path.join(dir, e.name), 'utf8')) as { crp_id: string; decision: string }).filter((v) => v.crp_id === 'crp-001');
  return { decisions: vcrs.map((v) => v.decision), status: JSON.parse(readFileSync(ws.path(`${RUN}/crp/crp-1.json`), 'utf8')).status as string };
}

/** Files of Baton's own naming left in crp/ (a claim or a temp file). */
function batonFilesIn(ws: TempWorkspace, sub: string): string[] {
  return readdirSync(ws.path(`${RUN}/${sub}`)).filter((n) => n.startsWith('.'));
}

describe('baton answer survives kill -9 at every write step (issue 16 part 4)', () => {
  let ws: TempWorkspace;
  beforeEach(() => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP), [`${RUN}/vcr/.keep`]: '' });
  });
  afterEach(() => ws.dispose());

  // In the order they happen: the claim's temp file, the claim, the VCR, the CRP's replacement pinned, the CRP resolved.
  for (const step of ['temp-written', 'answer-claimed', 'answer-vcr-written', 'pinned', 'answer-crp-resolved']) {
    it(`killed after "${step}": the same answer again completes it, with one VCR and the CRP resolved`, () => {
      const killed = baton(['answer', 'crp-001', '--option', 'B', '--dir', ws.root], step);
      assert.strictEqual(killed.signal, 'SIGKILL', `the hook killed it: ${killed.stderr}`);
      const again = baton(['answer', 'crp-001', '--option', 'B', '--dir', ws.root]);
      const after = answers(ws);
      if (step === 'answer-crp-resolved') {
        assert.strictEqual(again.code, 1, 'the answer was whole: nothing to do');
        assert.match(again.stderr, /crp-001 is not pending/);
      } else {
        assert.strictEqual(again.code, 0, again.stderr);
      }
      if (step === 'answer-vcr-written' || step === 'pinned') {
        assert.match(again.stdout, /was already answered by \.dure\/runs\/run-1\/vcr\/vcr-\d+\.json, but the answer was cut short before .*crp-1\.json was resolved: resolved it now/);
      }
      assert.deepStrictEqual(after, { decisions: ['B'], status: 'resolved' });
      // After the last step the answer was whole and the second command wrote nothing: the dead claim stays until a
      // write in crp/ finds it a minute old (stale-temps.test.ts); before it, the second answer took it over.
      if (step !== 'answer-crp-resolved') assert.deepStrictEqual(batonFilesIn(ws, 'crp').filter((n) => n.endsWith('.claim')), [], 'the dead claim was taken over and released');
    });
  }

  it('a VCR beside a CRP still pending is read as answered, and another option then completes the first answer without a second VCR', () => {
    assert.strictEqual(baton(['answer', 'crp-001', '--option', 'A', '--dir', ws.root], 'answer-vcr-written').signal, 'SIGKILL');
    const scan = JSON.parse(baton(['scan', ws.root, '--json', '--no-cache']).stdout);
    assert.deepStrictEqual(scan.decisions, [], 'not shown as waiting for a person');
    const other = baton(['answer', 'crp-001', '--option', 'B', '--dir', ws.root]);
    assert.strictEqual(other.code, 1);
    assert.match(other.stderr, /resolved it now\. Your answer differs and was not written/);
    assert.deepStrictEqual(answers(ws), { decisions: ['A'], status: 'resolved' });
  });

  it('a claim held by a living process refuses a second answer; one left by a dead process is taken over', () => {
    const claim = ws.write(`${RUN}/crp/.crp-1.json.claim`, `${process.pid}\n`);
    const busy = baton(['answer', 'crp-001', '--option', 'A', '--dir', ws.root]);
    assert.strictEqual(busy.code, 1);
    assert.match(busy.stderr, /crp-001 is being answered by another process right now\. Nothing was written\./);
    assert.deepStrictEqual(answers(ws), { decisions: [], status: 'pending' });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    ws.write(path.relative(ws.root, claim), `${dead}\n`);
    const taken = baton(['answer', 'crp-001', '--option', 'A', '--dir', ws.root]);
    assert.strictEqual(taken.code, 0, taken.stderr);
    assert.deepStrictEqual(answers(ws), { decisions: ['A'], status: 'resolved' });
    assert.deepStrictEqual(batonFilesIn(ws, 'crp'), []);
  });

  it('five answers at once with different options leave exactly one VCR', async () => {
    const runs = ['A', 'B', 'A', 'B', 'A'].map((option) => new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'answer', 'crp-001', '--option', option, '--dir', ws.root], { env: env(), stdio: 'ignore' });
      child.on('exit', (code) => resolve(code));
    }));
    const codes = await Promise.all(runs);
    assert.strictEqual(codes.filter((c) => c === 0).length, 1, `exit codes ${codes.join(',')}`);
    const after = answers(ws);
    assert.strictEqual(after.decisions.length, 1);
    assert.strictEqual(after.status, 'resolved');
  });
});
