import * as assert from 'node:assert';
import path from 'node:path';
import type { OrchestralCrpDecision, OrchestralRun } from '../../../src/core/formats/orchestral/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { MULTI_CRP, SINGLE_CRP, json, stateJson } from './fixtures';

async function scan(root: string) {
  const service = new OrchestrationService({ folders: [{ root }] });
  await service.scan();
  const runs = service.items().filter((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run');
  const decisions = service.decisions().filter((d): d is OrchestralCrpDecision => d.system === 'orchestral' && d.kind === 'crp');
  const diagnostics = service.diagnostics().filter((d) => d.system === 'orchestral');
  return { service, runs, decisions, diagnostics };
}

describe('Orchestral/Dure reader', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  for (const base of ['.orchestral', '.dure']) {
    it(`reads a run and its pending CRP from ${base}/`, async () => {
      ws = new TempWorkspace({
        [`${base}/config/global.json`]: json({ max_iterations: 3, log_level: 'info' }),
        [`${base}/runs/run-20260115143022/state.json`]: stateJson('crp-001'),
        [`${base}/runs/run-20260115143022/crp/crp-1736951700.json`]: json(SINGLE_CRP),
        [`${base}/runs/run-20260115143022/briefing/raw.md`]: '\n# Rate limiting for the API\n\nPlease.\n',
      });
      const { runs, decisions, diagnostics } = await scan(ws.root);
      assert.deepStrictEqual(diagnostics, []);
      assert.strictEqual(runs.length, 1);
      const run = runs[0]!;
      assert.deepStrictEqual([run.id, run.base, run.status, run.iteration, run.maxIterations, run.pendingCrp, run.title],
        ['run-20260115143022', base, 'waiting_human', 1, 3, 'crp-001', 'Rate limiting for the API']);
      assert.deepStrictEqual(run.agents.map((a) => `${a.name}:${a.status}`),
        ['refiner:completed', 'builder:running', 'verifier:pending', 'gatekeeper:pending']);
      assert.strictEqual(decisions.length, 1);
      const d = decisions[0]!;
      assert.deepStrictEqual([d.id, d.run, d.kind, d.shape, d.ref, d.file],
        ['crp-001', 'run-20260115143022', 'crp', 'single', `${base}/runs/run-20260115143022/crp-001`,
          ws.path(`${base}/runs/run-20260115143022/crp/crp-1736951700.json`)]);
    });
  }

  it('titles a mission task\'s run by its own briefing, not by the previous phase\'s summary Dure puts before it', async () => {
    // Dure's missions (463c6e7 on): a task past the first phase gets "## Previous Context", the summary, "---", then its briefing.
    const raw = (briefing: string) => `## Previous Context\n\nPhase 1 built the parser.\n\n---\n\n${briefing}`;
    const building = (id: string) => stateJson(null, '\n  "started_at": "2026-01-31T10:15:00Z",').replace('run-20260115143022', id).replace('"waiting_human"', '"build"');
    ws = new TempWorkspace({
      '.dure/runs/run-20260131101500/state.json': building('run-20260131101500'),
      '.dure/runs/run-20260131101500/briefing/raw.md': raw('# Nightly cleanup of the cache\n\nDetails.\n'),
      '.dure/runs/run-20260131101600/state.json': building('run-20260131101600'),
      '.dure/runs/run-20260131101600/briefing/raw.md': raw(''),
      '.dure/runs/run-20260131101700/state.json': building('run-20260131101700'),
      '.dure/runs/run-20260131101700/briefing/raw.md': '## Previous Context of the design\n\n---\n\n# Not a mission\n',
    });
    const { runs, diagnostics } = await scan(ws.root);
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual(runs.map((r) => [r.id, r.title]), [
      ['run-20260131101500', 'Nightly cleanup of the cache'],
      // Nothing after the rule: the first line, as before.
      ['run-20260131101600', 'Previous Context'],
      ['run-20260131101700', 'Previous Context of the design'],
    ]);
  });

  it('finds a CRP by crp_id, not by its file name, and reads both shapes', async () => {
    ws = new TempWorkspace({
      '.dure/runs/run-1/state.json': stateJson('crp-002'),
      '.dure/runs/run-1/crp/crp-7.json': json(MULTI_CRP),
      '.dure/runs/run-1/crp/crp-1736951700.json': json(SINGLE_CRP),
    });
    const { decisions, diagnostics } = await scan(ws.root);
    assert.deepStrictEqual(diagnostics.map((d) => d.message), ['run_id "run-20260115143022" differs from the run folder "run-1": Dure lists the run by run_id and looks for it in runs/run-20260115143022/; Baton uses the folder name']);
    const byId = new Map(decisions.map((d) => [d.id, d]));
    const single = byId.get('crp-001')!;
    assert.strictEqual(path.basename(single.file), 'crp-1736951700.json');
    assert.strictEqual(single.shape, 'single');
    assert.deepStrictEqual(single.questions.map((q) => [q.id, q.question, q.recommendation, q.options.map((o) => o.id)]),
      [[null, 'Rate limiting을 어떤 기준으로 적용할까요?', 'A', ['A', 'B']]]);
    assert.deepStrictEqual(single.questions[0]!.options[1], { id: 'B', label: '사용자당 분당 100회', description: '인증된 사용자 기준',
      risk: '인증 시스템 필요', pros: ['exact'], cons: ['needs auth'] });
    const multi = byId.get('crp-002')!;
    assert.strictEqual(path.basename(multi.file), 'crp-7.json');
    assert.strictEqual(multi.shape, 'multi');
    assert.deepStrictEqual(multi.questions.map((q) => [q.id, q.question, q.options.map((o) => o.label)]),
      [['q1', 'Limit by?', ['IP', 'User']], ['q2', 'Over the limit?', ['429', 'Tarpit']]]);
    assert.strictEqual(multi.question, 'Limit by? · Over the limit?');
  });

  it('keeps unknown enum values as written: an info at the value, but a warning for a verdict Dure would stop on', async () => {
    ws = new TempWorkspace({
      '.orchestral/runs/run-2/state.json': json({ run_id: 'run-2', phase: 'deploying', agents: { builder: { status: 'thinking' } }, pending_crp: null }),
      '.orchestral/runs/run-2/gatekeeper/verdict.json': json({ verdict: 'SOFT_PASS', iteration: 1 }),
    });
    const { runs, diagnostics } = await scan(ws.root);
    assert.strictEqual(runs[0]!.status, 'deploying');
    assert.strictEqual(runs[0]!.agents[0]!.status, 'thinking');
    assert.strictEqual(runs[0]!.verdict!.verdict, 'SOFT_PASS');
    assert.deepStrictEqual(diagnostics.map((d) => [path.basename(d.file), d.line, d.severity, d.message.split(' (')[0]]).sort(), [
      ['state.json', 3, 'info', 'unknown phase "deploying"'],
      ['state.json', 6, 'info', 'unknown builder status "thinking"'],
      ['verdict.json', 2, 'warning', 'unknown verdict "SOFT_PASS": Dure\'s verdict handler stops on it'],
    ]);
  });

  it('lists a resolved CRP on its run but not as a decision', async () => {
    ws = new TempWorkspace({
      '.orchestral/runs/run-3/state.json': json({ phase: 'build', pending_crp: null }),
      '.orchestral/runs/run-3/crp/crp-1.json': json({ ...MULTI_CRP, crp_id: 'crp-001', status: 'resolved' }),
      '.orchestral/runs/run-3/vcr/vcr-001.json': json({ vcr_id: 'vcr-001', crp_id: 'crp-001', decision: { q1: 'A', q2: 'B' }, rationale: 'r', applies_to_future: true }),
    });
    const { runs, decisions } = await scan(ws.root);
    assert.deepStrictEqual(decisions, []);
    assert.deepStrictEqual(runs[0]!.crps.map((c) => [c.crpId, c.status]), [['crp-001', 'resolved']]);
    assert.deepStrictEqual(runs[0]!.vcrs.map((v) => [v.vcrId, v.crpId, v.decision, v.appliesToFuture]), [['vcr-001', 'crp-001', { q1: 'A', q2: 'B' }, true]]);
  });

  it('reads flags, verdict, results, events and the older mrp.json', async () => {
    ws = new TempWorkspace({
      '.orchestral/runs/run-4/state.json': json({ phase: 'failed', iteration: 2, max_iterations: 3,
        agents: { builder: { status: 'failed' } }, usage: { total: { input_tokens: 10, output_tokens: 5, cache_creation_tokens: 1, cache_read_tokens: 4, cost_usd: 0.5 } } }),
      '.orchestral/runs/run-4/builder/error.flag': 'TypeError: cannot read x\n',
      '.orchestral/runs/run-4/verifier/done.flag': '2026-01-10T10:14:22Z\n',
      '.orchestral/runs/run-4/verifier/results.json': json({ total: 12, passed: 11, failed: 1, coverage: 80 }),
      '.orchestral/runs/run-4/mrp/mrp.json': json({ tests: { total: 12, passed: 11 }, files_changed: ['a.ts'], decisions: ['vcr-001'] }),
      '.orchestral/runs/run-4/events.log': [
        '2026-01-10T09:15:00Z [info] run.started run_id="run-4" max_iterations=3 briefing="briefing/raw.md"',
        'garbage line',
        '2026-01-10T09:38:02Z [warn] gate.verdict verdict="MINOR_FAIL" iteration=1 issues=["Retry-After header missing on 429", "a ] b"]',
        '2026-01-10T09:39:00Z [error] agent.failed agent="builder" error={"code":"E1","text":"x y"}',
        '',
      ].join('\n'),
    });
    const { runs, diagnostics } = await scan(ws.root);
    const run = runs[0]!;
    assert.strictEqual(run.hasError, true);
    const builder = run.agents.find((a) => a.name === 'builder')!;
    assert.deepStrictEqual([builder.status, builder.error], ['failed', 'TypeError: cannot read x']);
    assert.strictEqual(run.agents.find((a) => a.name === 'verifier')!.done, '2026-01-10T10:14:22Z');
    assert.deepStrictEqual([run.results!.passed, run.results!.failed, run.results!.coverage], [11, 1, 80]);
    assert.deepStrictEqual([run.mrp!.legacy, run.mrp!.filesChanged, run.mrp!.decisions], [true, ['a.ts'], ['vcr-001']]);
    assert.deepStrictEqual([run.tokens!.total, run.costUsd], [20, 0.5]);
    assert.deepStrictEqual([run.events!.count, run.events!.warnings, run.events!.errors], [3, 1, 1]);
    const verdictEvent = run.events!.recent[1]!;
    assert.deepStrictEqual(verdictEvent.fields, { verdict: 'MINOR_FAIL', iteration: 1, issues: ['Retry-After header missing on 429', 'a ] b'] });
    assert.deepStrictEqual(run.events!.recent[2]!.fields, { agent: 'builder', error: { code: 'E1', text: 'x y' } });
    // Dure never reads events.log back: a line it would not have written is an info, not a problem.
    assert.deepStrictEqual(diagnostics.map((d) => [path.basename(d.file), d.line, d.severity]), [['events.log', 2, 'info']]);
  });

  it('reports broken files at their line and still shows everything else', async () => {
    ws = new TempWorkspace({
      '.orchestral/runs/run-5/state.json': '{\n  "phase": "build",\n  "iteration": "two"\n}\n',
      '.orchestral/runs/run-5/crp/crp-1.json': '{\n  "crp_id": "crp-009",\n  "question": "Half-written?",\n',
      '.orchestral/runs/run-5/crp/crp-2.json': json(SINGLE_CRP),
      '.orchestral/runs/run-5/crp/crp-3.json': json({ ...SINGLE_CRP, options: [{ label: 'no id' }] }),
      '.orchestral/runs/run-5/vcr/vcr-001.json': '[1, 2]',
      '.orchestral/runs/run-6/state.json': Buffer.from([0x7b, 0x00, 0x7d]),
    });
    const { runs, decisions, diagnostics } = await scan(ws.root);
    // run-6's only file is unreadable: a diagnostic, and the run stays listed as unreadable with nothing invented for it
    // (issue 17: a broken file never hides its run).
    assert.deepStrictEqual(runs.map((r) => [r.id, r.status, r.iteration]), [['run-5', 'build', null], ['run-6', 'unreadable', null]]);
    const six = runs.find((r) => r.id === 'run-6')!;
    assert.match(six.unreadable!.message, /binary/);
    assert.deepStrictEqual([six.phase, six.agents.length, six.startedAt], [null, 0, null]);
    assert.deepStrictEqual(decisions.map((d) => [d.id, path.basename(d.file)]), [['crp-001', 'crp-2.json']]);
    const found = diagnostics.map((d) => [d.file.slice(ws.root.length + 1), d.line, d.severity, d.message]);
    const expect = (file: string, line: number | null, re: RegExp) =>
      assert.ok(found.some(([f, l, , m]) => f === file && l === line && re.test(String(m))), `${file}:${line} ${re} in ${JSON.stringify(found, null, 1)}`);
    expect('.orchestral/runs/run-5/state.json', 3, /`iteration` should be a number/);
    expect('.orchestral/runs/run-5/crp/crp-1.json', 4, /invalid JSON/);
    expect('.orchestral/runs/run-5/crp/crp-3.json', 9, /option 1 has no `id`/);
    expect('.orchestral/runs/run-5/vcr/vcr-001.json', 1, /should be an object/);
    expect('.orchestral/runs/run-6/state.json', null, /binary/);
  });

  it('reads the demo: one waiting run with crp-001 pending, one completed run with crp-001 resolved', async () => {
    const { runs, decisions, diagnostics } = await scan(path.join(REPO, 'demo'));
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual(runs.map((r) => [r.id, r.status, r.verdict?.verdict ?? null, r.vcrs.length]),
      [['run-20260110091500', 'completed', 'PASS', 1], ['run-20260115143022', 'waiting_human', null, 0]]);
    assert.deepStrictEqual(decisions.map((d) => [d.id, d.run, d.questions[0]!.options.map((o) => o.id)]),
      [['crp-001', 'run-20260115143022', ['A', 'B']]]);
    assert.strictEqual(runs[0]!.crps[0]!.status, 'resolved');
  });
});

describe('Orchestral/Dure runs appearing while Baton runs', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('finds the files of a new run folder when only the folder is reported', async () => {
    ws = new TempWorkspace({ '.orchestral/config/global.json': json({ max_iterations: 3 }) });
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    assert.deepStrictEqual(service.decisions(), []);
    // An agent's `mkdir -p run/crp` and two writes; the watcher names only the new run folder.
    ws.write('.orchestral/runs/run-7/state.json', stateJson('crp-001'));
    ws.write('.orchestral/runs/run-7/crp/crp-1.json', json(SINGLE_CRP));
    const change = await service.fileChanged(ws.path('.orchestral/runs/run-7'));
    assert.ok(change);
    assert.deepStrictEqual(change.changed.map((i) => i.id), ['run-7']);
    assert.deepStrictEqual(service.decisions().map((d) => [d.id, d.system === 'orchestral' && d.kind === 'crp' ? d.run : null]), [['crp-001', 'run-7']]);
    // Deleting it again removes the run and its decision.
    ws.remove('.orchestral/runs/run-7');
    const gone = await service.fileChanged(ws.path('.orchestral/runs/run-7'));
    assert.ok(gone && gone.removed.length === 1);
    assert.deepStrictEqual(service.decisions(), []);
  });
});

describe('Orchestral/Dure re-linking', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('re-links only the run whose file changed, and sees the change', async () => {
    ws = new TempWorkspace({
      '.orchestral/runs/run-a/state.json': stateJson('crp-001'), '.orchestral/runs/run-a/crp/x.json': json(SINGLE_CRP),
      '.orchestral/runs/run-b/state.json': stateJson(null), '.orchestral/runs/run-b/crp/y.json': json({ ...SINGLE_CRP, status: 'resolved' }),
    });
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const runOf = (id: string) => service.items().find((i) => i.id === id)!;
    const [a1, b1] = [runOf('run-a'), runOf('run-b')];
    ws.write('.orchestral/runs/run-b/crp/y.json', json({ ...SINGLE_CRP, crp_id: 'crp-002', status: 'pending' }));
    const change = await service.fileChanged(ws.path('.orchestral/runs/run-b/crp/y.json'));
    assert.deepStrictEqual(change?.changed.map((i) => i.id), ['run-b']);
    assert.strictEqual(runOf('run-a'), a1, 'run-a was not re-linked');
    assert.notStrictEqual(runOf('run-b'), b1);
    assert.deepStrictEqual(service.decisions().map((d) => `${d.system === 'orchestral' && d.kind === 'crp' ? d.run : ''}/${d.id}`).sort(), ['run-a/crp-001', 'run-b/crp-002']);
  });
});
