import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { WILD_FIXTURES, wildRoot } from './wild-helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

type Json = Record<string, unknown> & { items: Record<string, unknown>[]; decisions: Record<string, unknown>[]; diagnostics: unknown[] };
const scanJson = (root: string): Json => JSON.parse(baton(['scan', root, '--json', '--no-cache']).stdout) as Json;

describe('baton check, scan and answer on the wild Dure/Orchestral fixtures', () => {
  let ws: TempWorkspace | undefined;
  before(() => { if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first'); });
  afterEach(() => { ws?.dispose(); ws = undefined; });

  it('check exits 0 with nothing to say on every valid fixture', () => {
    for (const name of WILD_FIXTURES) {
      const r = baton(['check', wildRoot(name), '--no-cache']);
      assert.deepStrictEqual([r.code, r.stdout], [0, ''], `${name}: ${r.stdout}${r.stderr}`);
    }
  });

  it('scan --json gives tokens, cost, minor fixes, model selection and per-agent usage and models', () => {
    const report = scanJson(wildRoot('usage-and-model-selection'));
    assert.deepStrictEqual(report.diagnostics, []);
    const run = report.items[0]!;
    assert.deepStrictEqual([run.system, run.kind, run.id, run.status, run.runId, run.iteration, run.minorFixAttempts, run.maxMinorFixAttempts, run.costUsd],
      ['orchestral', 'run', 'run-20260128104512', 'completed', 'run-20260128104512', 1, 1, 2, 0.4393]);
    assert.deepStrictEqual(run.tokens, { input: 55360, output: 17630, cacheCreation: 9216, cacheRead: 86016, total: 168222, effectiveInput: 150592 });
    assert.deepStrictEqual((run.modelSelection as Record<string, unknown>).models, { refiner: 'haiku', builder: 'sonnet', verifier: 'haiku', gatekeeper: 'sonnet' });
    const builder = (run.agents as Record<string, unknown>[]).find((a) => a.name === 'builder')!;
    assert.deepStrictEqual([builder.status, builder.model, (builder.tokens as { total: number }).total, builder.costUsd, builder.done], ['completed', 'sonnet', 94384, 0.3127, true]);
    assert.deepStrictEqual(run.crps, [{ id: 'crp-001', status: 'resolved', createdBy: 'refiner', answeredBy: 'vcr-1769597551770',
      file: '.dure/runs/run-20260128104512/crp/crp-1769597102433.json' }]);
    assert.strictEqual(run.file, '.dure/runs/run-20260128104512/state.json');
  });

  it('scan --json says which runs are answered and wait for Dure, and lists only what waits for a person', () => {
    const answered = scanJson(wildRoot('answered-awaiting-resume'));
    assert.deepStrictEqual(answered.decisions, []);
    assert.deepStrictEqual(answered.items.map((i) => [i.id, i.status, i.pendingCrp, i.awaitingResume]), [
      ['run-20260131100000', 'waiting_human', 'crp-002', { crpId: 'crp-002', vcrId: 'vcr-1769854512345', agent: 'builder' }],
      ['run-20260131143000', 'waiting_human', 'crp-001', { crpId: 'crp-001', vcrId: 'vcr-20260131143518', agent: 'refiner' }],
    ]);
    const waiting = scanJson(wildRoot('waiting-on-you'));
    assert.deepStrictEqual(waiting.decisions.map((d) => [d.id, d.run, d.status]),
      [['crp-001', 'run-20260130091200', 'pending'], ['crp-gk-1', 'run-20260130153010', 'pending']]);
    assert.deepStrictEqual((waiting.decisions[1]!.questions as { id: string; required: boolean }[]).map((q) => [q.id, q.required]), [['audit', true], ['notify', false]]);
    const statuses = scanJson(wildRoot('agent-statuses'));
    const failed = statuses.items.find((i) => i.id === 'run-20260129101530')!;
    assert.deepStrictEqual([failed.hasError, failed.errors], [true, ['builder: Agent builder timed out', 'builder: recovery exhausted after 2 attempts']]);
    assert.deepStrictEqual((failed.agents as Record<string, unknown>[])[1]!.error, 'timeout: Agent builder timed out');
  });

  it('scan prints phase, iteration, the answered state, tokens and cost per run', () => {
    const r = baton(['scan', wildRoot('answered-awaiting-resume'), '--no-cache']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stdout, /run-20260131100000 +waiting_human +1\/3 +Rate-limit the public search API {2}\[crp-002: answered, waiting for Dure to resume, 37,216 tokens, \$0\.12\]/);
    assert.doesNotMatch(r.stdout, /needs you/);
    const done = baton(['scan', wildRoot('usage-and-model-selection'), '--no-cache']);
    assert.match(done.stdout, /run-20260128104512 +completed +1\/3 +Export invoices as CSV {2}\[PASS, minor fix 1\/2, 168,222 tokens, \$0\.44\]/);
  });

  it('answer writes a vcr-<epoch ms> the way Dure does; scan then shows the run answered and nothing waiting', () => {
    ws = new TempWorkspace({}, wildRoot('waiting-on-you'));
    const run = ws.path('.dure/runs/run-20260130153010');
    const stateBefore = readFileSync(path.join(run, 'state.json'), 'utf8');
    const r = baton(['answer', 'crp-gk-1', '--option', 'audit=yes', '--rationale', 'Auditors asked.', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    const m = /vcr\/(vcr-\d{13})\.json written, .*crp-gk-1\.json resolved\. The run waits for Dure to resume it \(it restarts the gatekeeper\)\./.exec(r.stdout);
    assert.ok(m, r.stdout);
    const vcr = JSON.parse(readFileSync(path.join(run, 'vcr', `${m[1]}.json`), 'utf8'));
    assert.deepStrictEqual(Object.keys(vcr), ['vcr_id', 'crp_id', 'created_at', 'decision', 'decisions', 'rationale', 'additional_notes', 'applies_to_future']);
    assert.deepStrictEqual([vcr.vcr_id, vcr.decision, vcr.decisions], [m[1], { audit: 'yes' }, { audit: 'yes' }], 'the optional question is left out');
    assert.strictEqual(readFileSync(path.join(run, 'state.json'), 'utf8'), stateBefore);
    const after = scanJson(ws.root);
    assert.deepStrictEqual(after.diagnostics, []);
    assert.deepStrictEqual(after.decisions.map((d) => d.id), ['crp-001']);
    assert.deepStrictEqual(after.items.find((i) => i.id === 'run-20260130153010')!.awaitingResume, { crpId: 'crp-gk-1', vcrId: m[1], agent: 'gatekeeper' });
    assert.deepStrictEqual([baton(['check', ws.root, '--no-cache']).stdout], ['']);
  });
});
