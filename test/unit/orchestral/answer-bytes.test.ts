import * as assert from 'node:assert';
import { chmodSync, lstatSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { answerCrp } from '../../../src/core/formats/orchestral/answer';
import { readCurrent } from '../../../src/core/io/read-current';
import type { OrchestralCrpDecision } from '../../../src/core/formats/orchestral/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace } from '../helpers/temp-workspace';
import { SINGLE_CRP, json, stateJson } from './fixtures';

const RUN = '.orchestral/runs/run-20260115143022';

/** A CRP as a Windows editor saved it: BOM, CRLF, and a byte that is not UTF-8 in a field Baton does not touch. */
function windowsCrp(status: string): Buffer {
  const [before, after] = json({ ...SINGLE_CRP, status }).replace(/\n/g, '\r\n').split('needs auth') as [string, string];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(before, 'utf8'), Buffer.from([0xe9]), Buffer.from(`needs auth${after}`, 'utf8')]);
}

describe('answering a CRP keeps the bytes it does not change', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('only "status" changes in the CRP file: BOM, CRLF, an invalid UTF-8 byte and the 600 mode are kept', async () => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-001') });
    const crp = ws.path(`${RUN}/crp/crp-1736951700.json`);
    ws.write(`${RUN}/crp/crp-1736951700.json`, windowsCrp('pending'));
    chmodSync(crp, 0o600);
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const d = service.decisions().find((x): x is OrchestralCrpDecision => x.system === 'orchestral')!;
    assert.ok(d, 'the CRP is offered');
    const outcome = await answerCrp({ crpFile: d.file, crpId: d.id, runDir: d.runDir, shownCrpHash: d.crpHash, shownStateHash: d.stateHash },
      { decision: 'A', rationale: 'simple', additionalNotes: '', appliesToFuture: false });
    assert.strictEqual(outcome.ok, true, JSON.stringify(outcome));
    assert.deepStrictEqual(readFileSync(crp), windowsCrp('resolved'));
    assert.strictEqual(statSync(crp).mode & 0o777, 0o600);
  });

  async function answerTheOne(root: string) {
    const service = new OrchestrationService({ folders: [{ root }] });
    await service.scan();
    const d = service.decisions().find((x): x is OrchestralCrpDecision => x.system === 'orchestral')!;
    assert.ok(d, 'the CRP is offered');
    return answerCrp({ crpFile: d.file, crpId: d.id, runDir: d.runDir, shownCrpHash: d.crpHash, shownStateHash: d.stateHash },
      { decision: 'A', rationale: 'simple', additionalNotes: '', appliesToFuture: false });
  }

  it('a read-only CRP is refused before anything is written: no VCR, the CRP untouched', async () => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP) });
    chmodSync(ws.path(`${RUN}/crp/crp-1.json`), 0o444);
    const outcome = await answerTheOne(ws.root);
    assert.strictEqual(outcome.ok, false);
    assert.match(!outcome.ok ? outcome.message : '', /crp-1\.json is read-only \(mode 444\); nothing was written — make it writable/);
    assert.deepStrictEqual(readdirSync(ws.path(RUN)).sort(), ['crp', 'state.json'], 'no vcr/ folder, no VCR');
    assert.deepStrictEqual(JSON.parse(readFileSync(ws.path(`${RUN}/crp/crp-1.json`), 'utf8')), SINGLE_CRP);
  });

  it('a CRP that is a link within the run is written through: the link stays a link, its target is resolved', async () => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1.json`]: json(SINGLE_CRP) });
    renameSync(ws.path(`${RUN}/crp/crp-1.json`), ws.path(`${RUN}/crp/saved.json.real`));
    symlinkSync('saved.json.real', ws.path(`${RUN}/crp/crp-1.json`));
    // The scanner lists regular files only, so the fingerprints a form would hold are taken as the readers take them.
    const [crp, state] = await Promise.all([readCurrent(ws.path(`${RUN}/crp/crp-1.json`)), readCurrent(ws.path(`${RUN}/state.json`))]);
    assert.ok(crp.exists && state.exists);
    const outcome = await answerCrp({ crpFile: ws.path(`${RUN}/crp/crp-1.json`), crpId: 'crp-001', runDir: ws.path(RUN), shownCrpHash: crp.hash, shownStateHash: state.hash },
      { decision: 'A', rationale: 'simple', additionalNotes: '', appliesToFuture: false });
    assert.strictEqual(outcome.ok, true, JSON.stringify(outcome));
    assert.ok(lstatSync(ws.path(`${RUN}/crp/crp-1.json`)).isSymbolicLink(), 'still a link');
    assert.strictEqual(JSON.parse(readFileSync(ws.path(`${RUN}/crp/saved.json.real`), 'utf8')).status, 'resolved');
  });
});
