import * as assert from 'node:assert';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { readCurrent } from '../../../src/core/io/read-current';
import { EditRefused } from '../../../src/core/io/guarded-edit';
import { editContext } from '../../../src/core/formats/orc/edit-context';
import { setTaskField } from '../../../src/core/formats/orc/edit-task-fields';
import { editTask } from '../../../src/core/formats/orange/task-edit';
import { answerCrp } from '../../../src/core/formats/orchestral/answer';
import { StaleFileError } from '../../../src/core/service/intents-service';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FUZZ_MODE } from '../fuzz/fuzz-config';
import { FIXTURES, REPO, TempWorkspace } from '../helpers/temp-workspace';
import { race, type EditOutcome, type RaceResult } from './race-harness';

/**
 * Issue 8, racing writers: a separate process (external-writer.ts) keeps rewriting (by rename) and appending to
 * the very files Baton edits while Baton edits them. Every Baton edit must land intact or be refused with a
 * message; no external write may be lost; no version anyone reads may be torn. 1,000 edits per writer under
 * `npm run fuzz`, fewer under `npm test`.
 */
const EDITS = FUZZ_MODE ? 1000 : Number(process.env.BATON_RACING_EDITS) || 150;
const SEED = Number(process.env.BATON_FUZZ_SEED) || Date.now() % 100_000;

function refusal(err: unknown): EditOutcome {
  if (err instanceof EditRefused || err instanceof StaleFileError) return { refused: err.message };
  throw err;
}

function report(name: string, r: RaceResult): void {
  console.log(`      ${name}: ${r.landed} landed, ${r.refused} refused, ${r.writerOps} external writes, ${r.reads} versions read`);
  assert.ok(r.landed > 0, `${name}: no edit landed (${r.refused} refused): the race proves nothing`);
}

describe(`racing writers (${EDITS} Baton edits against a writer process, seed ${SEED})`, function () {
  this.timeout(FUZZ_MODE ? 0 : 120_000);
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('orc task fields (task.yaml)', async () => {
    ws = new TempWorkspace({}, path.join(FIXTURES, 'orc', 'valid'));
    const file = ws.path('.orc/tasks/TASK-003/task.yaml');
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const r = await race({
      targets: [{ file, syntax: 'yaml' }], edits: EDITS, seed: SEED, editedFile: () => file,
      edit: async (i) => {
        await service.fileChanged(file);
        try {
          await setTaskField(editContext(ws.root, service.items()), 'TASK-003', 'title', `baton ${i}`);
          return { landed: true };
        } catch (err) { return refusal(err); }
      },
      landedIntact: (i, _before, after) => ((yaml.load(after) as { title?: string }).title === `baton ${i}` ? undefined : `the title is not "baton ${i}"`),
    });
    report('orc', r);
  });

  it('intent status (active_intents.yaml, IntentsService.updateIntentStatus)', async () => {
    ws = new TempWorkspace({}, path.join(REPO, 'demo'));
    const file = ws.path('.orchestration/active_intents.yaml');
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const id = service.intents ? (await service.intents.getActiveIntents(ws.root))[0]!.id : 'INT-001';
    const r = await race({
      targets: [{ file, syntax: 'yaml' }], edits: EDITS, seed: SEED, editedFile: () => file,
      edit: async (i) => {
        await service.fileChanged(file); // what the file watcher does after each external write
        try {
          await service.intents.updateIntentStatus(id, `BATON_${i}`, ws.root);
          return { landed: true };
        } catch (err) { return refusal(err); }
      },
      landedIntact: (i, _before, after) => (after.includes(`status: BATON_${i}`) ? undefined : `status BATON_${i} is not in the file`),
    });
    report('intents', r);
  });

  it('CRP answers (crp/*.json and state.json, answerCrp)', async () => {
    ws = new TempWorkspace({}, path.join(REPO, 'demo'));
    const runDir = ws.path('.orchestral/runs/run-20260115143022');
    const stateFile = path.join(runDir, 'state.json');
    const crpFile = (i: number) => path.join(runDir, 'crp', `crp-race-${i}.json`);
    let landed = 0;
    const r = await race({
      targets: [{ file: stateFile, syntax: 'json' }], edits: EDITS, seed: SEED, editedFile: crpFile,
      prepare: (i, writer) => writer.newCrp(runDir, `crp-race-${i}`),
      edit: async (i) => {
        const [crp, state] = await Promise.all([readCurrent(crpFile(i)), readCurrent(stateFile)]);
        if (!crp.exists) throw new Error(`crp-race-${i} was not created`);
        const outcome = await answerCrp({ crpFile: crpFile(i), crpId: `crp-race-${i}`, runDir, shownCrpHash: crp.hash, shownStateHash: state.exists ? state.hash : null },
          { decision: 'A', rationale: `baton ${i}`, additionalNotes: '', appliesToFuture: false });
        if (outcome.ok) { landed++; return { landed: true }; }
        if (outcome.reason !== 'changed') throw new Error(`crp-race-${i}: unexpected refusal: ${outcome.message}`);
        return { refused: outcome.message };
      },
      landedIntact: (i, _before, after) => ((JSON.parse(after) as { status?: string }).status === 'resolved' ? undefined : `crp-race-${i} is not resolved`),
    });
    // A refused answer leaves no VCR behind; a landed one leaves exactly one.
    const vcrs = readdirSync(path.join(runDir, 'vcr')).filter((f) => f.endsWith('.json'));
    assert.strictEqual(vcrs.length, landed, `${vcrs.length} VCR files for ${landed} landed answers`);
    report('crp', r);
  });

  it('orange transitions (TASK.md, editTask)', async () => {
    ws = new TempWorkspace({}, path.join(REPO, 'demo'));
    const file = ws.path('home/orange/tasks/demo/0kQuoJwXGkm8zlb1YpkG8/TASK.md');
    const statusOf = (text: string) => /^status: (\S+)$/m.exec(text)?.[1];
    const r = await race({
      targets: [{ file, syntax: 'markdown' }], edits: EDITS, seed: SEED, editedFile: () => file,
      edit: async (i) => {
        const current = await readCurrent(file);
        if (!current.exists) throw new Error('TASK.md is gone');
        const to = statusOf(current.text) === 'planning' ? 'clarification' : 'planning';
        const outcome = await editTask({ file, shownHash: current.hash, to, reason: `baton ${i}` });
        return outcome.ok ? { landed: true } : { refused: outcome.message };
      },
      landedIntact: (_i, before, after) => (statusOf(after) !== statusOf(before) ? undefined : `the status is still ${statusOf(after)}`),
    });
    report('orange', r);
  });
});
