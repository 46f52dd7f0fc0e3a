import * as assert from 'node:assert';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { emptyWorkspace, fixtureHome, homeFor, scanUltrawork, SESSIONS } from './helpers';

describe('Ultrawork reader (fixture homes)', () => {
  let ws: string;
  beforeEach(() => { ws = emptyWorkspace(); });
  afterEach(() => rmSync(ws, { recursive: true, force: true }));

  it('shows only the sessions of this workspace, plus the unassigned ones', async () => {
    const { sessions, tasks, diagnostics } = await scanUltrawork(ws, fixtureHome('valid'));
    assert.deepStrictEqual([...sessions.keys()].sort(), ['a1-v5-mine', 'b2-v7-mine', 'd4-v5-unassigned', 'e5-cancelled']);
    assert.deepStrictEqual([...sessions.values()].map((s) => `${s.id}:${s.assignment}`).sort(),
      ['a1-v5-mine:workspace', 'b2-v7-mine:workspace', 'd4-v5-unassigned:unassigned', 'e5-cancelled:workspace']);
    assert.ok(![...tasks.keys()].some((k) => k.startsWith('c3-v7-other/')), 'another project\'s tasks are left out');
    assert.deepStrictEqual(diagnostics, []);
  });

  it('with real paths in the sessions, another folder sees only the unassigned session and its own', async () => {
    const scratch = emptyWorkspace();
    try {
      const home = homeFor('valid', ws, scratch);
      assert.deepStrictEqual([...(await scanUltrawork(ws, home)).sessions.keys()].sort(), ['a1-v5-mine', 'b2-v7-mine', 'd4-v5-unassigned', 'e5-cancelled']);
      assert.deepStrictEqual([...(await scanUltrawork(scratch, home)).sessions.keys()], ['d4-v5-unassigned']);
      const other = await scanUltrawork('/elsewhere/other-project', home);
      assert.deepStrictEqual([...other.sessions.keys()].sort(), ['c3-v7-other', 'd4-v5-unassigned']);
      assert.deepStrictEqual([...other.tasks.keys()], ['c3-v7-other/1']);
      // A folder inside the session's folder is not the session's folder.
      assert.deepStrictEqual([...(await scanUltrawork(path.join(ws, 'packages'), home)).sessions.keys()].sort(), ['d4-v5-unassigned', 'e5-cancelled']);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('reads a v5 session: phase, stage, options, evidence log, context and documents', async () => {
    const { sessions } = await scanUltrawork(ws, fixtureHome('valid'));
    const s = sessions.get('a1-v5-mine')!;
    assert.deepStrictEqual([s.version, s.phase, s.status, s.explorationStage, s.iteration, s.planApprovedAt, s.title],
      ['5.0', 'EXECUTION', 'EXECUTION', 'complete', 1, '2026-01-08T12:10:00Z', 'Add rate limiting to the login endpoint']);
    assert.deepStrictEqual(s.options, { max_workers: 2, max_iterations: 5, skip_verify: false, plan_only: false, auto_mode: false });
    assert.strictEqual(s.evidenceCount, 2);
    assert.strictEqual(s.recentEvidence[0]!.summary, 'limiter unit tests: 8 passed', 'newest first');
    assert.deepStrictEqual(s.taskIds, ['1', '2', '3', 'verify']);
    assert.deepStrictEqual(s.context?.keyFiles, ['src/auth/login.ts', 'src/app.ts']);
    assert.deepStrictEqual(s.context?.patterns, ['express-middleware']);
    assert.deepStrictEqual(s.documents.map((d) => `${d.kind}:${d.name}:${d.title}`), [
      'design:design:Design: login rate limit', 'exploration:overview:Project overview', 'exploration:exp-1:Where login requests arrive',
      'exploration:exp-2:Second exploration', 'exploration:exp-10:Tenth exploration']);
    assert.strictEqual(s.file, path.join(fixtureHome('valid'), SESSIONS, 'a1-v5-mine', 'session.json'));
  });

  it('reads a v7 session: titled by its goal (not the brief), worktree, verifier, agents, DOCUMENTATION and evidence/log.jsonl', async () => {
    const { sessions, tasks } = await scanUltrawork(ws, fixtureHome('valid'));
    const s = sessions.get('b2-v7-mine')!;
    assert.deepStrictEqual([s.version, s.phase, s.title, s.goalBrief, s.planningTier, s.verifierPassed, s.worktree?.branch],
      ['7.0', 'DOCUMENTATION', 'Let users list and end their sessions', 'Session list and remote sign-out', 'standard', true, 'ultrawork/session-list']);
    assert.deepStrictEqual(s.activeAgents, [{ agentId: 'docs-1', agentType: null, role: 'documenter', taskId: '3', startedAt: '2026-01-17T09:58:02Z' }]);
    assert.strictEqual(s.evidenceCount, 3);
    assert.strictEqual(s.evidencePartial, false);
    assert.deepStrictEqual(s.recentEvidence.map((e) => e.summary), ['write src/auth/sessions.ts', 'curl -X DELETE /auth/sessions/f9a1', 'tokenFamilies: 7 passed']);
    // The log names task 2: its DELETE evidence meets the criterion though the task file lists none.
    const t2 = tasks.get('b2-v7-mine/2')!;
    assert.deepStrictEqual(t2.criteria.map((c) => c.met), [true]);
    assert.strictEqual(t2.logEvidence.length, 1);
  });

  it('reads blockers written as blockedBy and as blocked_by, and blocked state from the blockers\' status', async () => {
    const { tasks } = await scanUltrawork(ws, fixtureHome('valid'));
    const state = (id: string) => { const t = tasks.get(id)!; return `${t.blockedBy.join(',')}|${t.waitingOn.join(',')}|${t.blocked}`; };
    assert.strictEqual(state('a1-v5-mine/2'), '1||false'); // blockedBy, blocker resolved
    assert.strictEqual(state('a1-v5-mine/3'), '2|2|true'); // blockedBy, blocker in progress
    assert.strictEqual(state('a1-v5-mine/verify'), '1,2,3|2,3|true');
    assert.strictEqual(state('b2-v7-mine/2'), '1||false'); // blocked_by, resolved task is never blocked
    assert.strictEqual(state('b2-v7-mine/3'), '2||false'); // blocked_by
    assert.strictEqual(tasks.get('a1-v5-mine/verify')!.title, 'Verify');
  });

  it('keeps the complexity values of both versions (trivial and simple)', async () => {
    const { tasks, diagnostics } = await scanUltrawork(ws, fixtureHome('valid'));
    assert.deepStrictEqual(['a1-v5-mine/2', 'a1-v5-mine/verify', 'b2-v7-mine/1', 'b2-v7-mine/2'].map((id) => tasks.get(id)!.complexity),
      ['trivial', 'complex', 'simple', 'standard']);
    assert.deepStrictEqual(diagnostics, []);
  });

  it('checks criteria against evidence: matched, unmatched, and failing evidence proves nothing', async () => {
    const { tasks } = await scanUltrawork(ws, fixtureHome('valid'));
    const t1 = tasks.get('a1-v5-mine/1')!;
    assert.deepStrictEqual(t1.criteria.map((c) => [c.text, c.met]),
      [['Limiter unit tests pass', true], ['Rejects the 6th request within a minute with 429', false]]);
    assert.strictEqual(t1.criteria[0]!.evidence, 'limiter unit tests: 8 passed', 'the matching evidence is the best one');
    assert.deepStrictEqual(tasks.get('a1-v5-mine/2')!.criteria.map((c) => c.met), [true]);
    assert.deepStrictEqual(tasks.get('a1-v5-mine/3')!.criteria.map((c) => c.met), [false]);
    // "npm test: 3 failed" mentions the criterion's words but reports failures.
    assert.deepStrictEqual(tasks.get('a1-v5-mine/verify')!.criteria.map((c) => c.met), [false, false]);
  });

  it('marks a cancelled session and keeps its place in this workspace through a subfolder', async () => {
    const { sessions } = await scanUltrawork(ws, fixtureHome('valid'));
    const s = sessions.get('e5-cancelled')!;
    assert.deepStrictEqual([s.phase, s.cancelledAt, s.workingDir], ['CANCELLED', '2026-01-09T09:30:00Z', '${workspaceFolder}/packages/api']);
  });
});
