import * as assert from 'node:assert';
import { checkCriteria } from '../../../src/core/formats/ultrawork/criteria';
import { phaseSteps } from '../../../src/core/formats/ultrawork/phases';

const facts = { documented: false, planApproved: false, verifierPassed: false, documenterCompleted: false };
const steps = (f: Parameters<typeof phaseSteps>[0]) => phaseSteps(f).map((s) => `${s.phase}:${s.state}`);

describe('Ultrawork phase path (as the plugin moves a session)', () => {
  it('starts at PLANNING (exploration is a stage of it); the phases before the current one are done, COMPLETE is done', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'PLANNING' }),
      ['PLANNING:current', 'EXECUTION:upcoming', 'VERIFICATION:upcoming', 'COMPLETE:upcoming']);
    assert.deepStrictEqual(steps({ ...facts, phase: 'COMPLETE' }).at(-1), 'COMPLETE:done');
  });

  it('begins with EXPLORATION only for a session in that phase (the spec\'s table; the plugin never writes it)', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'EXPLORATION' }),
      ['EXPLORATION:current', 'PLANNING:upcoming', 'EXECUTION:upcoming', 'VERIFICATION:upcoming', 'COMPLETE:upcoming']);
  });

  it('has DOCUMENTATION after VERIFICATION when the file carries documenter_completed (or the session is in it)', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'EXECUTION', documented: true }),
      ['PLANNING:done', 'EXECUTION:current', 'VERIFICATION:upcoming', 'DOCUMENTATION:upcoming', 'COMPLETE:upcoming']);
    assert.ok(steps({ ...facts, phase: 'DOCUMENTATION' }).includes('DOCUMENTATION:current'));
    // A 7.0 session of plugin 1.0–1.1 went from VERIFICATION straight to COMPLETE.
    assert.ok(!steps({ ...facts, phase: 'COMPLETE' }).some((s) => s.startsWith('DOCUMENTATION')));
  });

  it('FAILED and CANCELLED end the path; what the files prove finished is done, the rest unknown', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'FAILED', planApproved: true }),
      ['PLANNING:done', 'EXECUTION:unknown', 'VERIFICATION:unknown', 'FAILED:failed']);
    assert.deepStrictEqual(steps({ ...facts, phase: 'FAILED', documented: true, verifierPassed: true }),
      ['PLANNING:done', 'EXECUTION:done', 'VERIFICATION:done', 'DOCUMENTATION:unknown', 'FAILED:failed']);
    assert.deepStrictEqual(steps({ ...facts, phase: 'CANCELLED' }).at(-1), 'CANCELLED:cancelled');
  });

  it('keeps an unknown phase (and the plugin\'s own `unknown`) as written, at the end', () => {
    assert.deepStrictEqual(steps({ ...facts, phase: 'REVIEW' }).at(-1), 'REVIEW:unknown');
    assert.deepStrictEqual(steps({ ...facts, phase: 'unknown' }).at(-1), 'unknown:unknown');
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

  it('never counts evidence whose own fields record a failure; an entry naming the criterion meets it', () => {
    assert.strictEqual(checkCriteria(['npm test passes'], [{ text: 'npm test: all green', failed: true }])[0]!.met, false);
    const [c] = checkCriteria(['Rate limit documented'], [{ text: 'Added a section to docs/limits.md', criterion: 'Rate limit documented' }]);
    assert.deepStrictEqual([c!.met, c!.evidence], [true, 'Added a section to docs/limits.md']);
  });

  it('names the best-matching evidence', () => {
    const [c] = checkCriteria(['DELETE of a session returns 204'], ['sessions listed', 'curl -X DELETE /auth/sessions/f9a1: 204 returns']);
    assert.strictEqual(c!.evidence, 'curl -X DELETE /auth/sessions/f9a1: 204 returns');
  });
});
