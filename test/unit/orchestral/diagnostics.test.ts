import * as assert from 'node:assert';
import path from 'node:path';
import { TempWorkspace } from '../helpers/temp-workspace';
import { json, MULTI_CRP, SINGLE_CRP } from './fixtures';
import { scanOrchestral } from './wild-helpers';

/*
 * A problem is a promise (issue 14, part 7): a warning or an error only where Dure itself would fail, lose data or
 * behave differently from what the person sees; otherwise an info, or nothing.
 */

const RUN = '.dure/runs/run-20260115143022';
const state = (fields: Record<string, unknown>) => json({ run_id: 'run-20260115143022', started_at: '2026-01-15T14:30:22.000Z', phase: 'build', pending_crp: null, ...fields });

async function found(files: Record<string, string>): Promise<string[]> {
  const ws = new TempWorkspace(files);
  try {
    const { diagnostics } = await scanOrchestral(ws.root);
    return diagnostics.map((d) => `${path.relative(ws.root, d.file).split(path.sep).join('/')}|${d.severity}|${d.message}`).sort();
  } finally {
    ws.dispose();
  }
}

describe('Orchestral/Dure diagnostics: only where Dure would fail, lose data or differ', () => {
  it('warns where Dure\'s resume would fail: no pending_crp while waiting, a CRP it cannot find, an asking agent it cannot restart', async () => {
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({ phase: 'waiting_human' }) }), [
      `${RUN}/state.json|warning|phase is waiting_human but pending_crp is empty: Dure resumes a run by the CRP pending_crp names, so its resume would restart no agent`,
    ]);
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({ phase: 'waiting_human', pending_crp: 'crp-404' }) }), [
      `${RUN}/state.json|warning|pending_crp names crp-404, but no CRP in crp/ has that crp_id: Dure cannot show it or resume the run from it`,
    ]);
    const odd = await found({ [`${RUN}/state.json`]: state({ phase: 'waiting_human', pending_crp: 'crp-001' }),
      [`${RUN}/crp/crp-1.json`]: json({ ...SINGLE_CRP, created_by: 'architect' }) });
    assert.deepStrictEqual(odd.map((d) => d.split('|').slice(0, 2).join('|')), [`${RUN}/crp/crp-1.json|warning`]);
    assert.match(odd[0]!, /created_by "architect" is not one of Dure's agents \(refiner, builder, verifier, gatekeeper\): after the answer Dure restarts the agent named there/);
    // Once answered, the asking agent is history: nothing to say.
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({}), [`${RUN}/crp/crp-1.json`]: json({ ...SINGLE_CRP, created_by: undefined, status: 'resolved' }) }), []);
  });

  it('warns where Dure\'s listings can fail: created_at missing among several CRPs or VCRs, started_at missing among several runs', async () => {
    const { created_at: _c, ...undated } = SINGLE_CRP;
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({}), [`${RUN}/crp/a.json`]: json({ ...undated, status: 'resolved' }) }), [], 'one CRP is never compared');
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({}), [`${RUN}/crp/a.json`]: json({ ...undated, status: 'resolved' }),
      [`${RUN}/crp/b.json`]: json({ ...MULTI_CRP, status: 'resolved' }),
      [`${RUN}/vcr/vcr-1.json`]: json({ vcr_id: 'vcr-1', crp_id: 'crp-001', decision: 'A' }),
      [`${RUN}/vcr/vcr-2.json`]: json({ vcr_id: 'vcr-2', crp_id: 'crp-002', created_at: '2026-01-15T15:00:00.000Z', decision: { q1: 'A', q2: 'A' } }) }), [
      `${RUN}/crp/a.json|warning|CRP has no \`created_at\`: Dure sorts the run's CRPs by it, and its listing of them can fail on this one`,
      `${RUN}/vcr/vcr-1.json|warning|VCR has no \`created_at\`: Dure sorts the run's VCRs by it, and its listing of them can fail on this one`,
    ]);
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({}), '.dure/runs/run-20260116090000/state.json': json({ run_id: 'run-20260116090000', phase: 'build' }) }), [
      '.dure/runs/run-20260116090000/state.json|warning|state.json has no `started_at`: Dure sorts its runs by it, and its run list can fail on this one',
    ]);
  });

  it('warns on a verdict Dure\'s verdict handler stops on (none, or not one of its four words)', async () => {
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({}), [`${RUN}/gatekeeper/verdict.json`]: json({ verdict: 'pass', reason: 'ok' }) }), [
      `${RUN}/gatekeeper/verdict.json|warning|unknown verdict "pass": Dure's verdict handler stops on it (it knows PASS, FAIL, MINOR_FAIL, NEEDS_HUMAN); shown as written`,
    ]);
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({}), [`${RUN}/gatekeeper/verdict.json`]: json({ reason: 'forgot' }) }), [
      `${RUN}/gatekeeper/verdict.json|warning|verdict.json has no \`verdict\`: Dure's verdict handler stops on it (it knows PASS, FAIL, MINOR_FAIL, NEEDS_HUMAN)`,
    ]);
  });

  it('config: Dure falls back to its defaults, so a bad value or file is a warning, never an error', async () => {
    assert.deepStrictEqual(await found({ '.dure/config/global.json': json({ max_iterations: 'three' }), '.dure/config/builder.json': '{ "model": ' }), [
      '.dure/config/builder.json|warning|invalid JSON: value expected; Dure ignores the file and uses its defaults',
      '.dure/config/global.json|warning|`max_iterations` should be a number; Dure uses its default for this value',
    ]);
  });

  it('what Dure does not mind is an info: unknown phase/status words, events.log lines, runs Dure does not list, odd agents', async () => {
    const infos = await found({
      [`${RUN}/state.json`]: state({ phase: 'deploying', agents: { builder: { status: 'thinking' }, '../x': { status: 'running' } } }),
      [`${RUN}/crp/crp-1.json`]: json({ ...SINGLE_CRP, status: 'withdrawn', recommendation: 'Z' }),
      [`${RUN}/crp/crp-2.json`]: json({ ...MULTI_CRP, question: 'Both?' }),
      [`${RUN}/events.log`]: 'not an event\n2026-01-15T14:30:22Z [TRACE] x.y a=1\n',
      '.dure/runs/run-20260117000000/briefing/raw.md': '# No state yet\n',
      '.dure/runs/scratch/state.json': json({ run_id: 'scratch', started_at: '2026-01-15T00:00:00Z', phase: 'build' }),
      '.orchestral/runs/run-20260115143022/state.json': state({}),
    });
    assert.ok(infos.every((d) => d.split('|')[1] === 'info'), infos.join('\n'));
    assert.deepStrictEqual(infos.map((d) => d.split('|')[2]!.replace(/ \(known: [^)]*\)/, '')).sort(), [
      'CRP has both `question` and `questions[]`; the questions are asked, as Dure does',
      'agent "../x" is not a folder name in the run (../x is outside the run folder); its output folder is not opened',
      'events.log line is not `timestamp [level] event key=value …`; not counted as an event',
      'recommendation "Z" is not one of the options; none is marked as recommended',
      'run folder "scratch" does not start with "run-": Dure does not list it',
      'run run-20260115143022 exists in both .orchestral/ and .dure/; the .dure/ copy (the one Dure reads) is shown',
      'run run-20260117000000 has no state.json (Dure does not list it); its phase is unknown',
      'unknown CRP status "withdrawn"; shown as written',
      'unknown builder status "thinking"; shown as written',
      'unknown event level "TRACE"; shown as written',
      'unknown phase "deploying"; shown as written',
    ]);
  });

  it('a CRP still marked pending that a VCR answers is answered, as Dure counts it (info), and not offered again', async () => {
    const ws = new TempWorkspace({ [`${RUN}/state.json`]: state({ phase: 'waiting_human', pending_crp: 'crp-001' }), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP),
      [`${RUN}/vcr/vcr-1768489200123.json`]: json({ vcr_id: 'vcr-1768489200123', crp_id: 'crp-001', created_at: '2026-01-15T15:00:00.123Z', decision: 'A' }) });
    try {
      const { runs, decisions, diagnostics } = await scanOrchestral(ws.root);
      assert.deepStrictEqual(decisions, []);
      assert.deepStrictEqual(diagnostics.map((d) => [d.severity, d.message]), [['info', 'CRP still says pending, but vcr-1768489200123 answers it; shown as answered, as Dure treats it']]);
      assert.deepStrictEqual(runs.get('run-20260115143022')!.awaitingResume, { crpId: 'crp-001', vcrId: 'vcr-1768489200123', agent: 'refiner' });
    } finally {
      ws.dispose();
    }
  });

  it('every agent status in Dure\'s own list is silent', async () => {
    const agents = Object.fromEntries(['pending', 'running', 'waiting_test_execution', 'completed', 'failed', 'timeout', 'waiting_human']
      .map((status, i) => [['refiner', 'builder', 'verifier', 'gatekeeper', 'a5', 'a6', 'a7'][i], { status }]));
    assert.deepStrictEqual(await found({ [`${RUN}/state.json`]: state({ agents }) }), []);
  });
});
