import * as assert from 'node:assert';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { answerCrp } from '../../../src/core/formats/orchestral/answer';
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
});
