import * as assert from 'node:assert';
import { checkCriteria } from '../../../src/core/formats/ultrawork/criteria';
import { phaseSteps } from '../../../src/core/formats/ultrawork/phases';

const facts = { explorationComplete: false, planApproved: false, verifierPassed: false };
const steps = (f: Parameters<typeof phaseSteps>[0]) => phaseSteps(f).map((s) => `${s.phase}:${s.state}`);

describe('Ultrawork phase path (the spec\'s transition table)', () => {
  it('marks the phases before the current one done and the rest upcoming; COMPLETE is done', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'PLANNING', version: '5.0' }),
      ['EXPLORATION:done', 'PLANNING:current', 'EXECUTION:upcoming', 'VERIFICATION:upcoming', 'COMPLETE:upcoming']);
    assert.deepStrictEqual(steps({ ...facts, phase: 'COMPLETE', version: '5.0' }).at(-1), 'COMPLETE:done');
  });

  it('has DOCUMENTATION after VERIFICATION for v7 sessions (or when a session is in it)', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'EXECUTION', version: '7.0' }),
      ['EXPLORATION:done', 'PLANNING:done', 'EXECUTION:current', 'VERIFICATION:upcoming', 'DOCUMENTATION:upcoming', 'COMPLETE:upcoming']);
    assert.ok(steps({ ...facts, phase: 'DOCUMENTATION', version: null }).includes('DOCUMENTATION:current'));
  });

  it('FAILED and CANCELLED end the path; what the files prove finished is done, the rest unknown', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'FAILED', version: '5.0', explorationComplete: true, planApproved: true }),
      ['EXPLORATION:done', 'PLANNING:done', 'EXECUTION:unknown', 'VERIFICATION:unknown', 'FAILED:failed']);
    assert.deepStrictEqual(steps({ ...facts, phase: 'CANCELLED', version: '5.0' }).at(-1), 'CANCELLED:cancelled');
  });

  it('keeps an unknown phase as written, at the end', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'REVIEW', version: '5.0' }).at(-1), 'REVIEW:unknown');
  });
});

describe('Ultrawork criteria checked against evidence', () => {
  it('needs two shared words (one for a one-word criterion), folding plurals and tenses', () => {
    assert.deepStrictEqual(checkCriteria(['Unit tests pass', 'Schema validates', 'Lint'], ['npm test: 12 passed', 'eslint: 0 problems']).map((c) => c.met),
      [true, false, false]);
    assert.deepStrictEqual(checkCriteria(['Migration applies cleanly'], ['prisma migrate: 3 migrations applied cleanly']).map((c) => c.met), [true]);
  });

  it('never counts evidence that reports failures', () => {
    for (const e of ['npm test: 3 failed, 9 passed', 'FAIL src/app.test.ts', 'npm test passes? exit code 1']) {
      assert.strictEqual(checkCriteria(['npm test passes'], [e])[0]!.met, false, e);
    }
    assert.strictEqual(checkCriteria(['npm test passes'], ['npm test: 9 passed, 0 failed'])[0]!.met, true);
  });

  it('names the best-matching evidence', () => {
    const [c] = checkCriteria(['DELETE of a session returns 204'], ['sessions listed', 'curl -X DELETE /auth/sessions/f9a1: 204 returns']);
    assert.strictEqual(c!.evidence, 'curl -X DELETE /auth/sessions/f9a1: 204 returns');
  });
});
