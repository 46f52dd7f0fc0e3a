import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { MULTI_CRP, SINGLE_CRP, json, stateJson } from './fixtures';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baton answer', () => {
  let ws: TempWorkspace;
  before(() => { if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first'); });
  afterEach(() => ws?.dispose());

  it('answers the pending crp-001 of the demo (not the resolved one of the other run) like the form does', () => {
    ws = new TempWorkspace({}, path.join(REPO, 'demo'));
    const run = ws.path('.orchestral/runs/run-20260115143022');
    const stateBefore = readFileSync(path.join(run, 'state.json'), 'utf8');
    const r = baton(['answer', 'crp-001', '--option', 'B', '--rationale', 'Exact limits matter', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    const written = /answered: \.orchestral\/runs\/run-20260115143022\/vcr\/(vcr-\d{13})\.json written, .* resolved\. The run waits for Dure to resume it \(it restarts the builder\)\./.exec(r.stdout);
    assert.ok(written, r.stdout);
    const vcrId = written[1]!;
    const vcr = JSON.parse(readFileSync(path.join(run, 'vcr', `${vcrId}.json`), 'utf8'));
    assert.deepStrictEqual({ ...vcr, created_at: 'T' }, { vcr_id: vcrId, crp_id: 'crp-001', created_at: 'T', decision: 'B',
      rationale: 'Exact limits matter', additional_notes: '', applies_to_future: false });
    assert.strictEqual(vcr.created_at, new Date(Number(vcrId.slice(4))).toISOString(), 'the id is the epoch ms of created_at, as Dure makes it');
    assert.strictEqual(JSON.parse(readFileSync(path.join(run, 'crp', 'crp-1736951700.json'), 'utf8')).status, 'resolved');
    assert.strictEqual(readFileSync(path.join(run, 'state.json'), 'utf8'), stateBefore, 'state.json is left to Dure');

    const scan = JSON.parse(baton(['scan', ws.root, '--json', '--no-cache']).stdout);
    assert.deepStrictEqual(scan.decisions.filter((d: { kind: string }) => d.kind === 'crp'), []);
    const waiting = scan.items.find((i: { id: string }) => i.id === 'run-20260115143022');
    assert.deepStrictEqual([waiting.status, waiting.pendingCrp, waiting.awaitingResume], ['waiting_human', 'crp-001', { crpId: 'crp-001', vcrId, agent: 'builder' }]);
    const again = baton(['answer', 'crp-001', '--option', 'A', '--dir', ws.root]);
    assert.strictEqual(again.code, 1);
    assert.match(again.stderr, /crp-001 is not pending in run-20260110091500 \(resolved\), run-20260115143022 \(resolved\)/);
  });

  it('answers each question of a questions[] CRP with QUESTION_ID=OPTION_ID', () => {
    ws = new TempWorkspace({ '.dure/runs/run-1/state.json': stateJson('crp-002'), '.dure/runs/run-1/crp/crp-3.json': json(MULTI_CRP) });
    const usage = baton(['answer', 'crp-002', '--option', 'A', '--dir', ws.root]);
    assert.strictEqual(usage.code, 2);
    assert.match(usage.stderr, /give --option QUESTION_ID=OPTION_ID for each/);
    const missing = baton(['answer', 'crp-002', '--option', 'q1=A', '--dir', ws.root]);
    assert.strictEqual(missing.code, 1);
    assert.match(missing.stderr, /question q2 of crp-002 has no answer\. Nothing was written\./);
    const r = baton(['answer', 'crp-002', '--option', 'q1=B', '--option', 'q2=A', '--notes', 'n', '--applies-to-future', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    const [file] = readdirSync(ws.path('.dure/runs/run-1/vcr'));
    const vcr = JSON.parse(readFileSync(ws.path(`.dure/runs/run-1/vcr/${file}`), 'utf8'));
    assert.deepStrictEqual([vcr.decision, vcr.decisions, vcr.additional_notes, vcr.applies_to_future], [{ q1: 'B', q2: 'A' }, { q1: 'B', q2: 'A' }, 'n', true]);
  });

  it('refuses an unknown option (exit 1) and asks for --run when several pending CRPs share the id (exit 2)', () => {
    ws = new TempWorkspace({
      '.orchestral/runs/run-a/state.json': stateJson('crp-001'), '.orchestral/runs/run-a/crp/x.json': json(SINGLE_CRP),
      '.orchestral/runs/run-b/state.json': stateJson('crp-001'), '.orchestral/runs/run-b/crp/y.json': json(SINGLE_CRP),
    });
    const ambiguous = baton(['answer', 'crp-001', '--option', 'A', '--dir', ws.root]);
    assert.strictEqual(ambiguous.code, 2);
    assert.match(ambiguous.stderr, /2 pending CRPs are named crp-001 \(in run-a, run-b\): say which with --run RUN/);
    const unknown = baton(['answer', 'crp-001', '--option', 'Z', '--run', 'run-b', '--dir', ws.root]);
    assert.strictEqual(unknown.code, 1);
    assert.match(unknown.stderr, /"Z" is not an option of crp-001 \(options: A, B\)/);
    const ok = baton(['answer', 'crp-001', '--option', 'A', '--run', 'run-b', '--dir', ws.root]);
    assert.strictEqual(ok.code, 0, ok.stderr);
    assert.strictEqual(readdirSync(ws.path('.orchestral/runs/run-b/vcr')).length, 1);
    assert.ok(!existsSync(ws.path('.orchestral/runs/run-a/vcr')));
    const none = baton(['answer', 'crp-404', '--option', 'A', '--dir', ws.root]);
    assert.strictEqual(none.code, 1);
    assert.match(none.stderr, /no pending CRP crp-404 .*\(pending: crp-001 in run-a\)/);
  });

  it('scan lists runs and the decisions waiting', () => {
    const r = baton(['scan', path.join(REPO, 'demo'), '--no-cache']);
    assert.match(r.stdout, /orchestral: 2 runs\n {2}run-20260110091500 +completed +2\/3 +Rate limiting for the auth routes {2}\[PASS, 171,640 tokens, \$0\.48\]/);
    assert.match(r.stdout, /run-20260115143022 +waiting_human +1\/3 +Login rate limit across replicas {2}\[waiting on crp-001, 56,300 tokens, \$0\.18\]/);
    assert.match(r.stdout, /needs you: 2 decisions\n {2}orchestral crp-001 \(run run-20260115143022\): Where should the login rate limiter/);
    assert.match(r.stdout, /\n {2}orchestral mission-20260203091500 \(mission plan\): Approve the plan of "Let people sign in with a passkey/);
  });
});
