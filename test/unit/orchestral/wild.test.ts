import * as assert from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OrchestralAdapter } from '../../../src/core/formats/orchestral/adapter';
import { answerCrp } from '../../../src/core/formats/orchestral/answer';
import type { OrchestralRun } from '../../../src/core/formats/orchestral/model';
import { TempWorkspace } from '../helpers/temp-workspace';
import { scanOrchestral, WILD_FIXTURES, wildRoot } from './wild-helpers';

/*
 * Runs as Dure (choo121600/dure) and its earlier name Orchestral write them across their versions:
 * test/fixtures/wild/dure/<behaviour>/, each with an ABOUT.md naming the upstream commit and file. Every fixture is
 * valid: Baton must read it whole and report nothing.
 */

const agentsOf = (r: OrchestralRun) => r.agents.map((a) => `${a.name}:${a.status}`);
const usageOf = (r: OrchestralRun) => [r.tokens?.total ?? null, r.costUsd];

describe('Dure and Orchestral as they write their runs (wild fixtures)', () => {
  let ws: TempWorkspace | undefined;
  afterEach(() => { ws?.dispose(); ws = undefined; });

  for (const name of WILD_FIXTURES) {
    it(`${name}: read whole with no diagnostic, and its ABOUT.md is never read`, async () => {
      const root = wildRoot(name);
      const { runs, diagnostics } = await scanOrchestral(root);
      assert.deepStrictEqual(diagnostics, []);
      assert.ok(runs.size > 0);
      const about = path.join(root, 'ABOUT.md');
      const adapter = new OrchestralAdapter();
      assert.strictEqual(adapter.accepts(about, { root }), false);
      assert.ok(!(await adapter.discover({ root })).includes(about));
      for (const run of runs.values()) {
        assert.ok(run.agents.every((a) => a.status !== null), `${run.id}: every agent's status is read`);
        assert.ok(run.files.every((f) => f.startsWith(run.dir)));
      }
    });
  }

  it('retry-after-fail: the first iteration\'s done flags, verdict and tests are not taken for the second\'s', async () => {
    const { runs } = await scanOrchestral(wildRoot('retry-after-fail'));
    const run = runs.get('run-20260203141500')!;
    assert.deepStrictEqual([run.phase, run.iteration, run.maxIterations, run.hasError], ['build', 2, 3, false]);
    assert.deepStrictEqual(run.agents.map((a) => [a.name, a.status, a.done !== null, a.doneFile]), [
      ['refiner', 'completed', false, null], ['builder', 'running', false, null], ['verifier', 'pending', false, null], ['gatekeeper', 'pending', false, null]]);
    assert.deepStrictEqual([run.verdict?.verdict, run.verdict?.iteration, run.verdict?.previous], ['FAIL', 1, true]);
    assert.deepStrictEqual([run.results?.failed, run.results?.total, run.results?.previous], [14, 31, true]);
  });

  it('a verdict and tests of the run\'s own iteration are not "previous", nor a done flag of a completed agent', async () => {
    const { runs } = await scanOrchestral(wildRoot('usage-and-model-selection'));
    const run = runs.get('run-20260128104512')!;
    assert.deepStrictEqual([run.results?.previous, run.verdict?.previous], [false, false]);
    assert.ok(run.agents.some((a) => a.done !== null));
  });

  it('usage-and-model-selection: tokens and cost from Dure\'s totals and per agent, models, minor fixes, the answered CRP', async () => {
    const { runs, decisions } = await scanOrchestral(wildRoot('usage-and-model-selection'));
    const run = runs.get('run-20260128104512')!;
    assert.deepStrictEqual([run.runId, run.phase, run.iteration, run.maxIterations, run.minorFixAttempts, run.maxMinorFixAttempts, run.title],
      ['run-20260128104512', 'completed', 1, 3, 1, 2, 'Export invoices as CSV']);
    assert.deepStrictEqual(run.tokens, { input: 55360, output: 17630, cacheCreation: 9216, cacheRead: 86016, total: 168222, effectiveInput: 150592 });
    assert.strictEqual(run.costUsd, 0.4393);
    assert.deepStrictEqual(run.agents.map((a) => [a.name, a.status, a.model, a.usage?.tokens.total, a.usage?.costUsd, a.done !== null]), [
      ['refiner', 'completed', 'haiku', 8548, 0.0093, false],
      ['builder', 'completed', 'sonnet', 94384, 0.3127, true],
      ['verifier', 'completed', 'haiku', 36746, 0.0358, true],
      ['gatekeeper', 'completed', 'sonnet', 28544, 0.0815, false],
    ]);
    // Dure's total is the sum of its agents' usage.
    assert.strictEqual(run.agents.reduce((n, a) => n + a.usage!.tokens.total, 0), run.tokens!.total);
    assert.deepStrictEqual(run.modelSelection, { method: 'dynamic', level: 'medium', score: 46,
      reasoning: 'Medium complexity: a new export path over existing invoice queries, no auth changes.',
      models: { refiner: 'haiku', builder: 'sonnet', verifier: 'haiku', gatekeeper: 'sonnet' } });
    assert.deepStrictEqual([run.lastEvent?.type, run.errors, run.pendingCrp, run.awaitingResume], ['run.completed', [], null, null]);
    assert.deepStrictEqual(run.crps.map((c) => [c.crpId, c.status, c.createdBy, c.answeredBy, path.basename(c.file)]),
      [['crp-001', 'resolved', 'refiner', 'vcr-1769597551770', 'crp-1769597102433.json']]);
    assert.deepStrictEqual(run.vcrs.map((v) => [v.vcrId, v.crpId, v.decision, v.createdAt]), [['vcr-1769597551770', 'crp-001', 'B', '2026-01-28T10:52:31.770Z']]);
    assert.deepStrictEqual([run.verdict?.verdict, run.verdict?.iteration, run.results?.passed, run.results?.total, run.results?.coverage], ['PASS', 1, 18, 18, 88]);
    assert.deepStrictEqual([run.mrp?.legacy, run.mrp?.usage?.tokens.total, run.mrp?.usage?.costUsd, run.mrp?.decisions], [false, 168222, 0.4393, ['vcr-1769597551770']]);
    assert.deepStrictEqual([run.events?.count, run.events?.warnings, run.events?.errors], [9, 1, 0]);
    assert.deepStrictEqual(run.events!.recent.find((e) => e.event === 'agent.completed')!.fields, { agent: 'refiner', duration_ms: 'undefined' });
    assert.deepStrictEqual(decisions, []);
  });

  it('agent-statuses: waiting_test_execution, failed with a JSON error.flag, timeout — all known, errors kept', async () => {
    const { runs } = await scanOrchestral(wildRoot('agent-statuses'));
    const testing = runs.get('run-20260129083005')!;
    assert.deepStrictEqual([testing.phase, ...agentsOf(testing)], ['verify', 'refiner:completed', 'builder:completed', 'verifier:waiting_test_execution', 'gatekeeper:pending']);
    assert.deepStrictEqual(usageOf(testing), [61098, 0.1726]);
    assert.strictEqual(testing.agents[3]!.usage, null, 'usage: null before the agent ran');

    const failed = runs.get('run-20260129101530')!;
    const builder = failed.agents.find((a) => a.name === 'builder')!;
    assert.deepStrictEqual([failed.phase, failed.hasError, builder.status, builder.error, builder.stateError, builder.timeoutAt],
      ['failed', true, 'failed', 'timeout: Agent builder timed out', 'Agent builder timed out', '2026-01-29T10:26:11.870Z']);
    assert.deepStrictEqual(failed.errors, ['builder: Agent builder timed out', 'builder: recovery exhausted after 2 attempts']);
    assert.deepStrictEqual([failed.lastEvent?.type, failed.lastEvent?.agent], ['agent.failed', 'builder']);
    assert.deepStrictEqual(usageOf(failed), [40998, 0.1313]);

    const gate = runs.get('run-20260129140200')!;
    assert.deepStrictEqual([gate.phase, gate.iteration, gate.agents[3]!.status, gate.agents[3]!.timeoutAt, gate.hasError],
      ['gate', 2, 'timeout', '2026-01-29T14:25:02.500Z', false]);
    assert.deepStrictEqual(usageOf(gate), [33780, 0.1072]);
  });

  it('waiting-on-you: both CRPs found by crp_id wait for a person; answering one leaves state.json to Dure and shows the run answered', async () => {
    const { runs, decisions } = await scanOrchestral(wildRoot('waiting-on-you'));
    assert.deepStrictEqual([...runs.values()].map((r) => [r.id, r.phase, r.pendingCrp, r.awaitingResume]),
      [['run-20260130091200', 'waiting_human', 'crp-001', null], ['run-20260130153010', 'waiting_human', 'crp-gk-1', null]]);
    assert.strictEqual(runs.get('run-20260130153010')!.agents[3]!.status, 'waiting_human');
    assert.deepStrictEqual(decisions.map((d) => [d.id, d.run, d.shape, path.basename(d.file), d.createdBy]), [
      ['crp-001', 'run-20260130091200', 'single', 'crp-1769764363000.json', 'refiner'],
      ['crp-gk-1', 'run-20260130153010', 'multi', 'crp-gk-1.json', 'gatekeeper'],
    ]);
    const [single, multi] = decisions;
    assert.deepStrictEqual([single!.questions[0]!.options.map((o) => `${o.id}:${o.risk}`), single!.questions[0]!.recommendation],
      [['A:Support loses recent history', 'B:Table grows by about a week of rows', 'C:Noticeably larger table'], 'B']);
    assert.deepStrictEqual(multi!.questions.map((q) => [q.id, q.recommendation, q.required, q.options.map((o) => o.id)]),
      [['audit', 'yes', true, ['yes', 'start-end']], ['notify', 'email', false, ['email', 'none']]]);
    assert.deepStrictEqual(multi!.questions[0]!.options[0]!.pros, ['full trace']);

    ws = new TempWorkspace({}, wildRoot('waiting-on-you'));
    const shown = (await scanOrchestral(ws.root)).decisions.find((d) => d.id === 'crp-001')!;
    const stateFile = ws.path('.dure/runs/run-20260130091200/state.json');
    const stateBefore = readFileSync(stateFile, 'utf8');
    const outcome = await answerCrp({ crpFile: shown.file, crpId: shown.id, runDir: shown.runDir, shownCrpHash: shown.crpHash, shownStateHash: shown.stateHash },
      { decision: 'B', rationale: 'Support needs a week.', additionalNotes: '', appliesToFuture: false }, new Date('2026-01-30T09:20:00.250Z'));
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.strictEqual(outcome.vcrId, 'vcr-1769764800250');
    assert.deepStrictEqual(readdirSync(ws.path('.dure/runs/run-20260130091200/vcr')), ['vcr-1769764800250.json']);
    assert.strictEqual(readFileSync(stateFile, 'utf8'), stateBefore, 'phase and pending_crp stay for Dure\'s resume');
    const after = await scanOrchestral(ws.root);
    assert.deepStrictEqual(after.diagnostics, []);
    assert.deepStrictEqual(after.decisions.map((d) => d.id), ['crp-gk-1']);
    assert.deepStrictEqual(after.runs.get('run-20260130091200')!.awaitingResume, { crpId: 'crp-001', vcrId: 'vcr-1769764800250', agent: 'refiner' });
  });

  it('answered-awaiting-resume: web-form and TUI answers are answered, waiting for Dure to resume — not waiting for you', async () => {
    const { runs, decisions } = await scanOrchestral(wildRoot('answered-awaiting-resume'));
    assert.deepStrictEqual(decisions, []);
    const web = runs.get('run-20260131100000')!;
    assert.deepStrictEqual([web.status, web.phase, web.pendingCrp], ['waiting_human', 'waiting_human', 'crp-002']);
    assert.deepStrictEqual(web.awaitingResume, { crpId: 'crp-002', vcrId: 'vcr-1769854512345', agent: 'builder' });
    assert.deepStrictEqual(web.vcrs.map((v) => [v.vcrId, v.decision, v.decisions, v.additionalNotes, v.appliesToFuture]),
      [['vcr-1769854512345', { q1: 'B', q2: 'A' }, { q1: 'B', q2: 'A' }, 'Revisit the tarpit idea for scrapers.', true]]);
    const tui = runs.get('run-20260131143000')!;
    assert.deepStrictEqual(tui.awaitingResume, { crpId: 'crp-001', vcrId: 'vcr-20260131143518', agent: 'refiner' });
    assert.deepStrictEqual(tui.vcrs.map((v) => [v.vcrId, v.decision, v.rationale, v.additionalNotes]),
      [['vcr-20260131143518', 'Toggle with OS default', 'Selected option 2', null]]);
    assert.deepStrictEqual(usageOf(web), [37216, 0.124]);
  });

  it('resumed-after-answer: Dure cleared pending_crp and moved the phase on; an api-route vcr-001 answers crp-001', async () => {
    const { runs, decisions } = await scanOrchestral(wildRoot('resumed-after-answer'));
    const run = runs.get('run-20260201080000')!;
    assert.deepStrictEqual([run.phase, run.pendingCrp, run.awaitingResume, decisions.length], ['build', null, null, 0]);
    assert.deepStrictEqual(agentsOf(run), ['refiner:completed', 'builder:running', 'verifier:pending', 'gatekeeper:pending']);
    assert.deepStrictEqual(run.crps.map((c) => [c.crpId, c.status, c.answeredBy]), [['crp-001', 'resolved', 'vcr-001']]);
    assert.deepStrictEqual(run.vcrs.map((v) => [v.vcrId, v.decision, v.decisions]), [['vcr-001', 'A', null]]);
    assert.deepStrictEqual(usageOf(run), [6324, 0.0072]);
  });

  it('orchestral-first-version: .orchestral/ runs without usage (unknown, not zero), Korean CRPs, one waiting', async () => {
    const { runs, decisions } = await scanOrchestral(wildRoot('orchestral-first-version'));
    const done = runs.get('run-20260124093000')!;
    assert.deepStrictEqual([done.base, done.phase, done.verdict?.verdict, done.results?.passed, done.mrp?.filesChanged, done.title],
      ['.orchestral', 'completed', 'PASS', 9, ['src/orders/export.ts'], '주문 내역 CSV 내보내기']);
    assert.deepStrictEqual([done.tokens, done.costUsd, done.minorFixAttempts, done.modelSelection], [null, null, null, null]);
    assert.ok(done.agents.every((a) => a.usage === null && a.model === null));
    assert.deepStrictEqual(done.vcrs.map((v) => [v.vcrId, v.crpId, v.decision, v.appliesToFuture]), [['vcr-1769247540000', 'crp-001', 'B', true]]);
    assert.deepStrictEqual(decisions.map((d) => [d.id, d.run, d.question]), [['crp-001', 'run-20260125140000', '몇 번 실패하면 알림을 보낼까요?']]);
  });

  it('orchestral-usage-and-questions: usage and model selection before the rename; a questions[] CRP waits', async () => {
    const { runs, decisions } = await scanOrchestral(wildRoot('orchestral-usage-and-questions'));
    const run = runs.get('run-20260127110000')!;
    assert.deepStrictEqual([run.base, run.pendingCrp, run.minorFixAttempts, run.awaitingResume], ['.orchestral', 'crp-1769514000', null, null]);
    assert.deepStrictEqual(usageOf(run), [72672, 0.2333]);
    assert.deepStrictEqual(run.agents.map((a) => a.model), ['haiku', 'opus', 'sonnet', 'opus']);
    assert.deepStrictEqual([run.modelSelection?.level, run.modelSelection?.score], ['complex', 78]);
    assert.deepStrictEqual(decisions.map((d) => [d.id, d.type, d.questions.map((q) => q.id)]),
      [['crp-1769514000', 'architecture_decision', ['refund_timing', 'partial_tax']]]);
  });

  it('mrp-json-fallback: the MRP read from mrp/mrp.json, extra gatekeeper fields kept out of the way', async () => {
    const { runs } = await scanOrchestral(wildRoot('mrp-json-fallback'));
    const run = runs.get('run-20260202120000')!;
    assert.deepStrictEqual([run.phase, run.verdict?.verdict, run.mrp?.legacy, run.mrp?.tests, run.mrp?.filesChanged, run.mrp?.usage],
      ['ready_for_merge', 'PASS', true, { total: 6, passed: 6, failed: 0, coverage: null }, ['src/signup/validate.ts'], null]);
    assert.deepStrictEqual(usageOf(run), [33436, 0.1131]);
  });
});
