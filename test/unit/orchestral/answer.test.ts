import * as assert from 'node:assert';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { answerCrp, type CrpAnswer } from '../../../src/core/formats/orchestral/answer';
import { contentHash } from '../../../src/core/io/content-hash';
import type { OrchestralCrpDecision } from '../../../src/core/formats/orchestral/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace } from '../helpers/temp-workspace';
import { MULTI_CRP, SINGLE_CRP, json, stateJson } from './fixtures';

const NOW = new Date('2026-01-15T15:00:00.123Z');
/** Dure's own id for an answer given at NOW: `vcr-<epoch ms>`. */
const VCR = 'vcr-1768489200123';
const RUN = '.orchestral/runs/run-20260115143022';

/** What the inbox shows: the pending CRPs as the service read them. */
async function shown(root: string): Promise<OrchestralCrpDecision[]> {
  const service = new OrchestrationService({ folders: [{ root }] });
  await service.scan();
  return service.decisions().filter((d): d is OrchestralCrpDecision => d.system === 'orchestral');
}

/** The CRP as it would have been shown before a VCR for it appeared (the run's files read with vcr/ set aside). */
async function shownWithAnswered(root: string): Promise<OrchestralCrpDecision> {
  const service = new OrchestrationService({ folders: [{ root }] });
  await service.scan();
  const run = service.items().find((i) => i.system === 'orchestral')!;
  assert.ok(run.system === 'orchestral' && run.kind === 'run' && run.crps[0]!.answeredBy === 'vcr-1768489150000', 'the run knows the CRP is answered');
  assert.deepStrictEqual(service.decisions(), [], 'an answered CRP is not offered again');
  const file = run.crps[0]!.file;
  const text = readFileSync(file, 'utf8');
  return { file, id: 'crp-001', runDir: run.dir, crpHash: contentHash(text),
    stateHash: contentHash(readFileSync(path.join(run.dir, 'state.json'), 'utf8')) } as OrchestralCrpDecision;
}

function targetOf(d: OrchestralCrpDecision) {
  return { crpFile: d.file, crpId: d.id, runDir: d.runDir, shownCrpHash: d.crpHash, shownStateHash: d.stateHash };
}

const answerB: CrpAnswer = { decision: 'B', rationale: 'Exact limits matter more than the dependency.', additionalNotes: 'Revisit the fail-open question.', appliesToFuture: true };

describe('answering a CRP (VCR writer)', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('writes the VCR as Dure does (vcr-<epoch ms>, spec shape), resolves the CRP and leaves state.json to Dure', async () => {
    const crpText = json(SINGLE_CRP);
    const stateText = stateJson('crp-001');
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateText, [`${RUN}/crp/crp-1736951700.json`]: crpText });
    const [d] = await shown(ws.root);
    const outcome = await answerCrp(targetOf(d!), answerB, NOW);
    assert.deepStrictEqual(outcome, { ok: true, vcrId: VCR, vcrFile: ws.path(`${RUN}/vcr/${VCR}.json`) });

    const vcrText = readFileSync(ws.path(`${RUN}/vcr/${VCR}.json`), 'utf8');
    assert.strictEqual(vcrText, `{
  "vcr_id": "${VCR}",
  "crp_id": "crp-001",
  "created_at": "2026-01-15T15:00:00.123Z",
  "decision": "B",
  "rationale": "Exact limits matter more than the dependency.",
  "additional_notes": "Revisit the fail-open question.",
  "applies_to_future": true
}
`);
    // The CRP: only the status value changed; unknown fields, order and layout are untouched.
    assert.strictEqual(readFileSync(ws.path(`${RUN}/crp/crp-1736951700.json`), 'utf8'),
      crpText.replace('"status": "pending"', '"status": "resolved"'));
    // state.json is untouched: Dure's resume needs phase waiting_human and pending_crp to restart the agent that asked.
    assert.strictEqual(readFileSync(ws.path(`${RUN}/state.json`), 'utf8'), stateText);
    assert.deepStrictEqual(readdirSync(ws.path(`${RUN}/vcr`)), [`${VCR}.json`], 'no temp files left behind');
    assert.deepStrictEqual(await shown(ws.root), [], 'the inbox is empty afterwards');
  });

  it('writes a map decision for a questions[] CRP, in question order', async () => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-002'), [`${RUN}/crp/crp-7.json`]: json(MULTI_CRP) });
    const [d] = await shown(ws.root);
    const outcome = await answerCrp(targetOf(d!), { decision: { q2: 'B', q1: 'A' }, rationale: '', additionalNotes: '', appliesToFuture: false }, NOW);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    const vcr = JSON.parse(readFileSync(outcome.vcrFile, 'utf8'));
    assert.deepStrictEqual(Object.keys(vcr), ['vcr_id', 'crp_id', 'created_at', 'decision', 'decisions', 'rationale', 'additional_notes', 'applies_to_future']);
    assert.deepStrictEqual(Object.entries(vcr.decision), [['q1', 'A'], ['q2', 'B']]);
    assert.deepStrictEqual(vcr.decisions, { q1: 'A', q2: 'B' }, 'Dure repeats a questions[] answer as `decisions`');
    assert.deepStrictEqual([vcr.crp_id, vcr.rationale, vcr.additional_notes, vcr.applies_to_future], ['crp-002', '', '', false]);
  });

  it('lets a question Dure marks `required: false` go unanswered (left out of the map)', async () => {
    const optional = { ...MULTI_CRP, questions: [MULTI_CRP.questions[0]!, { ...MULTI_CRP.questions[1]!, required: false }] };
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-002'), [`${RUN}/crp/crp-7.json`]: json(optional) });
    const [d] = await shown(ws.root);
    const outcome = await answerCrp(targetOf(d!), { decision: { q1: 'B' }, rationale: '', additionalNotes: '', appliesToFuture: false }, NOW);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    const vcr = JSON.parse(readFileSync(outcome.vcrFile, 'utf8'));
    assert.deepStrictEqual([vcr.decision, vcr.decisions], [{ q1: 'B' }, { q1: 'B' }]);
  });

  it('never writes a second VCR when one already answers the CRP (Dure goes on with the first one): the answer cut short is completed', async () => {
    ws = new TempWorkspace({
      [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP),
      [`${RUN}/vcr/vcr-1768489100000.json`]: json({ vcr_id: 'vcr-1768489100000', crp_id: 'crp-002', created_at: '2026-01-15T14:58:20.000Z', decision: 'A' }),
    });
    assert.strictEqual((await shown(ws.root)).length, 1, 'a VCR for another CRP leaves this one waiting');
    ws.write(`${RUN}/vcr/vcr-1768489150000.json`, json({ vcr_id: 'vcr-1768489150000', crp_id: 'crp-001', created_at: '2026-01-15T14:59:10.000Z', decision: 'A' }));
    const d = { ...(await shownWithAnswered(ws.root)) };
    const outcome = await answerCrp(targetOf(d), answerB, NOW);
    // Issue 16 part 4: a VCR beside a CRP still pending is an answer killed between its two writes, completed now.
    assert.ok(outcome.ok && outcome.vcrId === 'vcr-1768489150000' && outcome.completed?.decision === 'A', JSON.stringify(outcome));
    assert.deepStrictEqual(readdirSync(ws.path(`${RUN}/vcr`)).sort(), ['vcr-1768489100000.json', 'vcr-1768489150000.json']);
    assert.strictEqual(JSON.parse(readFileSync(ws.path(`${RUN}/crp/crp-1.json`), 'utf8')).status, 'resolved');
  });

  it('inserts a missing status, and leaves state.json alone whatever pending_crp names', async () => {
    const { status: _status, ...noStatus } = SINGLE_CRP;
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-777'), [`${RUN}/crp/a.json`]: json(noStatus) });
    const [d] = await shown(ws.root);
    const outcome = await answerCrp(targetOf(d!), answerB, NOW);
    assert.ok(outcome.ok);
    assert.strictEqual(JSON.parse(readFileSync(ws.path(`${RUN}/crp/a.json`), 'utf8')).status, 'resolved');
    assert.strictEqual(readFileSync(ws.path(`${RUN}/state.json`), 'utf8'), stateJson('crp-777'));
  });

  it('picks a VCR id no run of the folder uses yet (names and vcr_id values): the next millisecond', async () => {
    ws = new TempWorkspace({
      [`${RUN}/state.json`]: stateJson('crp-001'),
      [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP),
      [`${RUN}/vcr/vcr-001.json`]: json({ vcr_id: 'vcr-001', crp_id: 'crp-000', decision: 'A' }),
      '.orchestral/runs/run-20260110091500/vcr/decision.json': json({ vcr_id: VCR, crp_id: 'crp-001', decision: 'A' }),
      '.orchestral/runs/run-20260110091500/vcr/vcr-1768489200124.json': json({ vcr_id: 'vcr-x' }),
    });
    const [d] = await shown(ws.root);
    const outcome = await answerCrp(targetOf(d!), answerB, NOW);
    assert.ok(outcome.ok);
    assert.strictEqual(outcome.vcrId, 'vcr-1768489200125');
    assert.strictEqual(path.basename(outcome.vcrFile), 'vcr-1768489200125.json');
  });

  it('refuses, writing nothing, when the CRP changed since it was shown', async () => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP) });
    const [d] = await shown(ws.root);
    const edited = json({ ...SINGLE_CRP, question: 'Something else now?' });
    writeFileSync(ws.path(`${RUN}/crp/crp-1.json`), edited);
    const outcome = await answerCrp(targetOf(d!), answerB, NOW);
    assert.strictEqual(outcome.ok, false);
    assert.ok(!outcome.ok && outcome.reason === 'changed' && /crp\/crp-1\.json changed since it was shown/.test(outcome.message), JSON.stringify(outcome));
    assert.strictEqual(existsSync(ws.path(`${RUN}/vcr`)), false);
    assert.strictEqual(readFileSync(ws.path(`${RUN}/crp/crp-1.json`), 'utf8'), edited);
    assert.strictEqual(readFileSync(ws.path(`${RUN}/state.json`), 'utf8'), stateJson('crp-001'));
  });

  it('refuses, writing nothing, when state.json changed since the CRP was shown', async () => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP) });
    const [d] = await shown(ws.root);
    const moved = stateJson('crp-001', '\n  "note": "the agent moved on",');
    writeFileSync(ws.path(`${RUN}/state.json`), moved);
    const outcome = await answerCrp(targetOf(d!), answerB, NOW);
    assert.ok(!outcome.ok && outcome.reason === 'changed' && /state\.json/.test(outcome.message), JSON.stringify(outcome));
    assert.strictEqual(existsSync(ws.path(`${RUN}/vcr`)), false);
    assert.strictEqual(readFileSync(ws.path(`${RUN}/crp/crp-1.json`), 'utf8'), json(SINGLE_CRP));
    assert.strictEqual(readFileSync(ws.path(`${RUN}/state.json`), 'utf8'), moved);
  });

  it('refuses a second answer, an unknown option and an incomplete questions[] answer', async () => {
    ws = new TempWorkspace({
      [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP), [`${RUN}/crp/crp-2.json`]: json(MULTI_CRP),
    });
    const decisions = await shown(ws.root);
    const single = decisions.find((d) => d.id === 'crp-001')!;
    const multi = decisions.find((d) => d.id === 'crp-002')!;
    const c = await answerCrp(targetOf(single), { ...answerB, decision: 'C' }, NOW);
    assert.ok(!c.ok && c.reason === 'invalid-answer' && /"C" is not an option of crp-001 \(options: A, B\)/.test(c.message), JSON.stringify(c));
    const half = await answerCrp(targetOf(multi), { ...answerB, decision: { q1: 'A' } }, NOW);
    assert.ok(!half.ok && /question q2 of crp-002 has no answer/.test(half.message), JSON.stringify(half));
    const flat = await answerCrp(targetOf(multi), answerB, NOW);
    assert.ok(!flat.ok && /has 2 questions/.test(flat.message), JSON.stringify(flat));
    assert.strictEqual(existsSync(ws.path(`${RUN}/vcr`)), false);

    assert.ok((await answerCrp(targetOf(single), answerB, NOW)).ok);
    // Shown again with fresh fingerprints, it is no longer pending.
    const again = await answerCrp({ ...targetOf(single), shownCrpHash: contentHash(readFileSync(single.file, 'utf8')),
      shownStateHash: contentHash(readFileSync(ws.path(`${RUN}/state.json`), 'utf8')) }, answerB, NOW);
    assert.ok(!again.ok && again.reason === 'not-pending', JSON.stringify(again));
    assert.deepStrictEqual(readdirSync(ws.path(`${RUN}/vcr`)), [`${VCR}.json`]);
  });

  it('answers in .dure/ too, and a run without state.json', async () => {
    ws = new TempWorkspace({ '.dure/runs/run-9/crp/crp-1.json': json(SINGLE_CRP) });
    const [d] = await shown(ws.root);
    assert.strictEqual(d!.stateHash, null);
    const outcome = await answerCrp(targetOf(d!), answerB, NOW);
    assert.deepStrictEqual(outcome, { ok: true, vcrId: VCR, vcrFile: ws.path(`.dure/runs/run-9/vcr/${VCR}.json`) });
    assert.strictEqual(existsSync(ws.path('.dure/runs/run-9/state.json')), false);
  });
});
