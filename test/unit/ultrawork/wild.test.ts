import * as assert from 'node:assert';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { UltraworkAdapter } from '../../../src/core/formats/ultrawork/adapter';
import { phaseSteps } from '../../../src/core/formats/ultrawork/phases';
import type { UltraworkSession } from '../../../src/core/formats/ultrawork/model';
import { emptyWorkspace, scanUltrawork, SESSIONS, wildHome, WILD_FIXTURES, type WildFixture } from './helpers';

/*
 * Sessions as the Ultrawork plugin (mnthe/hardworker-marketplace, plugins/ultrawork) writes them across its
 * versions: test/fixtures/wild/ultrawork/<behaviour>/, each with an ABOUT.md naming the upstream version and file.
 * Every fixture is valid: Baton must read it whole and report nothing.
 */

const steps = (s: UltraworkSession) => phaseSteps({ phase: s.phase, documented: s.documenterCompleted !== null, planApproved: !!s.planApprovedAt,
  verifierPassed: s.verifierPassed === true, documenterCompleted: s.documenterCompleted === true }).map((x) => `${x.phase}:${x.state}`);

describe('Ultrawork as the plugin writes it (wild fixtures)', () => {
  let ws: string;
  let scratch: string;
  beforeEach(() => { ws = emptyWorkspace(); scratch = emptyWorkspace(); });
  afterEach(() => { rmSync(ws, { recursive: true, force: true }); rmSync(scratch, { recursive: true, force: true }); });

  const scan = (name: WildFixture, root = ws) => scanUltrawork(root, wildHome(name, ws, scratch));

  for (const name of WILD_FIXTURES) {
    it(`${name}: read whole with no diagnostic, and its ABOUT.md is never read`, async () => {
      const home = wildHome(name, ws, scratch);
      const { service, sessions, diagnostics } = await scanUltrawork(ws, home);
      assert.deepStrictEqual(diagnostics, []);
      assert.ok(sessions.size > 0);
      const sessionsRoot = path.join(home, SESSIONS);
      const about = path.join(sessionsRoot, 'ABOUT.md');
      const adapter = new UltraworkAdapter();
      const ctx = { root: ws, ultraworkSessions: sessionsRoot };
      assert.strictEqual(adapter.accepts(about, ctx), false);
      assert.ok(!(await adapter.discover(ctx)).includes(about));
      assert.ok(!service.items().some((i) => i.system === 'ultrawork' && (i.file === about || (i.kind === 'session' && i.files.includes(about)))));
    });
  }

  it('bash scripts (5.0, 5.1): evidence_log in the bash hooks\' shapes, blockedBy split without trimming, the verify task', async () => {
    const { sessions, tasks } = await scan('bash-scripts-v5');
    const v50 = sessions.get('2c7e1a90-4b5d-4f8e-9a31-0d6b7c8e5f12')!;
    assert.deepStrictEqual([v50.title, v50.version, v50.phase, v50.assignment, v50.workingDir, v50.evidenceCount, v50.planApprovedAt],
      ['Add a health check endpoint', '5.0', 'EXECUTION', 'unassigned', null, 4, '2026-01-09T14:15:30Z']);
    assert.deepStrictEqual(v50.recentEvidence.map((e) => `${e.type}|${e.summary}|${e.failed}`), [
      'agent_completed|Health route added and answering with status ok|false',
      'command_output|curl -s localhost:3000/healthz|false',
      'file_operation|write src/routes/health.ts|false',
      'agent_spawn_initiated|Worker for task 1|false',
    ]);
    assert.deepStrictEqual(v50.taskIds, ['1', 'verify']);
    assert.deepStrictEqual(v50.context?.keyFiles, ['src/app.ts', 'src/routes/index.ts']);
    assert.deepStrictEqual(v50.documents.map((d) => `${d.name}:${d.title}`), ['overview:Project overview']);
    const verify = tasks.get('2c7e1a90-4b5d-4f8e-9a31-0d6b7c8e5f12/verify')!;
    assert.deepStrictEqual([verify.title, verify.status, verify.complexity, verify.blockedBy, verify.blocked], ['[VERIFY] Final verification', 'open', 'complex', ['1'], false]);
    assert.deepStrictEqual(tasks.get('2c7e1a90-4b5d-4f8e-9a31-0d6b7c8e5f12/1')!.criteria.map((c) => c.met), [true]);

    const v51 = sessions.get('5b0d3f6e-91a2-4c7d-8e44-3fa1b2c9d0e8')!;
    assert.deepStrictEqual([v51.title, v51.version, v51.phase, v51.assignment, v51.workingDir, v51.evidenceCount],
      ['Paginate the orders list', '5.1', 'VERIFICATION', 'workspace', ws, 2]);
    // The failing run (exit code 1, success false) is kept, newest first, and marked failed.
    assert.deepStrictEqual(v51.recentEvidence.map((e) => `${e.summary}|${e.failed}`), ['npm test -- orders|false', 'npm test -- orders|true']);
    assert.deepStrictEqual(v51.context?.keyFiles, ['src/pages/orders.tsx', 'src/lib/orders.ts']);
    const v51verify = tasks.get('5b0d3f6e-91a2-4c7d-8e44-3fa1b2c9d0e8/verify')!;
    assert.deepStrictEqual([v51verify.status, v51verify.blockedBy, v51verify.waitingOn, v51verify.blocked], ['in_progress', ['1', '2'], [], false]);
    assert.deepStrictEqual(v51verify.criteria.map((c) => c.text), ['All tests pass', 'No blocked patterns']);
    assert.deepStrictEqual(steps(v51), ['PLANNING:done', 'EXECUTION:done', 'VERIFICATION:current', 'COMPLETE:upcoming']);
  });

  it('JS scripts (6.2): title is the goal, iteration as text, workers list, agents, evidence in both logs counted once', async () => {
    const { sessions, tasks } = await scan('js-v6-two-logs');
    const s = sessions.get('8e4f2b17-3c6a-4d9e-b051-7a2c9e8f1d34')!;
    assert.deepStrictEqual([s.title, s.goal, s.goalBrief, s.planningTier, s.iteration, s.phase, s.assignment],
      ['Add CSV export to the reports page', 'Add CSV export to the reports page', 'add-csv-export-to-the-reports', 'PLANNING', 2, 'EXECUTION', 'workspace']);
    assert.deepStrictEqual(s.options, { max_workers: '3', max_iterations: 5, skip_verify: false, plan_only: false, auto_mode: false });
    assert.deepStrictEqual(s.activeAgents, [{ agentId: 'agent-77d0', agentType: 'ultrawork:worker', role: null, taskId: null, startedAt: '2026-02-09T11:20:15.003Z' }]);
    assert.deepStrictEqual(s.workers.map((w) => `${w.agentId}:${w.taskId}:${w.status}:${w.failureReason}`),
      ['agent-3f1c:1:completed:null', 'agent-5be2:3:failed:Error: reports fixture missing']);
    // 2 entries in session.json, 5 lines in log.jsonl, one of them the same agent_completed entry.
    assert.strictEqual(s.evidenceCount, 6);
    assert.strictEqual(s.recentEvidence.filter((e) => e.type === 'agent_completed').length, 1);
    assert.deepStrictEqual(s.recentEvidence.map((e) => e.type), ['agent_spawn_initiated', 'command_execution', 'agent_completed', 'test_result', 'test_result', 'file_operation']);
    assert.deepStrictEqual(s.recentEvidence.filter((e) => e.failed).map((e) => e.summary), ['Tests: 1 failed, 6 passed, 7 total']);
    assert.deepStrictEqual(s.taskIds, ['1', '2', '3', 'verify']);
    const t = (id: string) => tasks.get(`8e4f2b17-3c6a-4d9e-b051-7a2c9e8f1d34/${id}`)!;
    assert.deepStrictEqual([t('1').status, t('1').complexity, t('1').criteria.map((c) => c.met)], ['resolved', 'simple', [true]]);
    assert.deepStrictEqual([t('2').blocked, t('2').waitingOn], [false, []]);
    assert.deepStrictEqual([t('3').status, t('3').blocked, t('3').waitingOn], ['blocked', true, []]);
    assert.deepStrictEqual([t('verify').status, t('verify').blocked, t('verify').waitingOn], ['pending', true, ['2', '3']]);
    // The log names task 2 only through the spawn entry; agent_completed names task 1.
    assert.deepStrictEqual(t('1').logEvidence.map((e) => e.type), ['agent_completed']);
  });

  it('7.0 in a worktree, in DOCUMENTATION: belongs to the project, phase path with DOCUMENTATION, design doc, scope expansion kept', async () => {
    const { sessions, tasks } = await scan('v7-worktree-documentation');
    const s = sessions.get('d13a6c58-0e7f-4b92-a6d1-5c3e8f2b7a09')!;
    assert.deepStrictEqual([s.title, s.goalBrief, s.version, s.phase, s.assignment, s.verifierPassed, s.documenterCompleted, s.designDoc],
      ['Rotate API keys without downtime', 'rotate-api-keys-without-downti', '7.0', 'DOCUMENTATION', 'workspace', true, false, 'docs/plans/2026-04-10-rotate-api-keys.md']);
    assert.deepStrictEqual(s.worktree, { branch: 'ultrawork/2026-04-10-rotate-api-keys-without-downti', path: path.join(ws, '.worktrees', '2026-04-10-rotate-api-keys-without-downti') });
    assert.deepStrictEqual(steps(s), ['PLANNING:done', 'EXECUTION:done', 'VERIFICATION:done', 'DOCUMENTATION:current', 'COMPLETE:upcoming']);
    assert.deepStrictEqual(s.activeAgents.map((a) => `${a.agentId}:${a.agentType}`), ['agent-d0c5:ultrawork:documenter']);
    assert.deepStrictEqual([s.evidenceCount, s.recentEvidence.filter((e) => e.failed).length], [6, 2]);
    assert.deepStrictEqual(s.context?.expectedExplorers, ['overview', 'exp-1']);
    assert.deepStrictEqual(s.documents.map((d) => `${d.name}:${d.title}`), ['overview:Project overview', 'exp-1:Where API keys are checked']);
    assert.deepStrictEqual(s.taskIds, ['1', '2', '3']);
    const all = s.taskIds.map((id) => tasks.get(`${s.id}/${id}`)!);
    assert.deepStrictEqual(all.map((t) => `${t.status}:${t.blocked}:${t.complexity}:${t.criteria.every((c) => c.met)}`),
      ['resolved:false:standard:true', 'resolved:false:simple:true', 'resolved:false:complex:true']);
    assert.deepStrictEqual(all[2]!.blockedBy, ['1', '2']);
    // task-create.js writes the approach (TDD tasks with their test file and scope): kept, never dropped.
    assert.deepStrictEqual(all.map((t) => [t.approach, t.testFile, t.testScope]),
      [['tdd', 'internal/keys/store_test.go', 'unit'], ['tdd', null, 'integration'], ['standard', null, null]]);
  });

  it('the goal is the title, whatever the brief: a non-ASCII goal (brief session-<id>) and a punctuated one', async () => {
    const { sessions, tasks } = await scan('goal-is-the-title');
    const ko = sessions.get('4f9a2c1e-7d3b-4e2a-9c5f-1b8d6e0a3f47')!;
    assert.deepStrictEqual([ko.title, ko.goalBrief, ko.phase, ko.explorationStage], ['로그인 시도마다 감사 로그 남기기', 'session-4f9a2c1e', 'PLANNING', 'overview']);
    assert.deepStrictEqual(steps(ko), ['PLANNING:current', 'EXECUTION:upcoming', 'VERIFICATION:upcoming', 'DOCUMENTATION:upcoming', 'COMPLETE:upcoming']);
    assert.deepStrictEqual(ko.context?.explorers, []);
    const en = sessions.get('9c0b7e3d-2f18-4a65-8d9e-e4a7b1c60f25')!;
    assert.deepStrictEqual([en.title, en.goalBrief], ['Fix: /api/v2/upload returns 500 on an empty body!', 'fix-apiv2upload-returns-500-on']);
    assert.strictEqual(tasks.get('9c0b7e3d-2f18-4a65-8d9e-e4a7b1c60f25/1')!.title, 'Return 400 for an empty upload body');
  });

  it('finished sessions: FAILED with its reason, COMPLETE of 7.0 without DOCUMENTATION, CANCELLED', async () => {
    const { sessions, tasks } = await scan('terminal-sessions');
    const failed = sessions.get('b7e2d904-6a1c-4f3b-9e85-20c4d7a1f6e3')!;
    assert.deepStrictEqual([failed.title, failed.phase, failed.failureReason, failed.iteration],
      ['Speed up the nightly import', 'FAILED', 'Import still over 30 minutes after 5 iterations', 5]);
    assert.deepStrictEqual(steps(failed), ['PLANNING:done', 'EXECUTION:unknown', 'VERIFICATION:unknown', 'FAILED:failed']);
    const t2 = tasks.get('b7e2d904-6a1c-4f3b-9e85-20c4d7a1f6e3/2')!;
    assert.deepStrictEqual([t2.blocked, t2.waitingOn, t2.criteria.map((c) => c.met)], [false, [], [false]]);
    const complete = sessions.get('e05a9f71-c3d2-4b8e-a164-9d7f2e5b0c38')!;
    assert.deepStrictEqual([complete.title, complete.phase, complete.documenterCompleted], ['Remove the legacy v1 webhooks', 'COMPLETE', null]);
    assert.deepStrictEqual(steps(complete), ['PLANNING:done', 'EXECUTION:done', 'VERIFICATION:done', 'COMPLETE:done']);
    assert.deepStrictEqual(complete.recentEvidence.map((e) => e.failed), [false, true]);
    const cancelled = sessions.get('71f4c8a2-0b9d-4e36-8a57-c2e1d0f93b64')!;
    assert.deepStrictEqual([cancelled.title, cancelled.phase, cancelled.cancelledAt, cancelled.explorationStage],
      ['Try a GraphQL gateway', 'CANCELLED', '2026-01-11T08:52:19Z', 'targeted']);
  });

  it('a session belongs to the folder its working_dir/original_dir names: another folder sees only the unassigned 5.0 session', async () => {
    for (const name of WILD_FIXTURES) {
      const other = emptyWorkspace();
      const into = emptyWorkspace();
      try {
        const { sessions, tasks, diagnostics } = await scanUltrawork(other, wildHome(name, ws, into));
        const expected = name === 'bash-scripts-v5' ? ['2c7e1a90-4b5d-4f8e-9a31-0d6b7c8e5f12'] : [];
        assert.deepStrictEqual([...sessions.keys()], expected, name);
        assert.ok([...tasks.keys()].every((k) => expected.some((s) => k.startsWith(`${s}/`))), name);
        assert.deepStrictEqual(diagnostics, [], name);
      } finally {
        rmSync(other, { recursive: true, force: true });
        rmSync(into, { recursive: true, force: true });
      }
    }
  });
});
