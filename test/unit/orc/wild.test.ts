import * as assert from 'node:assert';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { OrcAdapter } from '../../../src/core/formats/orc-eras/adapter';
import { taskDetail } from '../../../src/core/formats/orc-eras/task-detail';
import { orcItemJson } from '../../../src/core/formats/orc/json';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { scanFolder } from '../helpers/scan';
import { wildCopy, WILD_FIXTURES, type WildFixture } from './wild-helpers';

/*
 * orc's file era as orc itself wrote and read it (randalmurphal/orc, January 2026: internal/task, internal/state,
 * internal/plan, internal/initiative, the executor's token accounting): test/fixtures/wild/orc/<behaviour>/, each
 * with an ABOUT.md naming the upstream commits and files. Every fixture is valid: Baton must read it whole and
 * report nothing, not even an info.
 */

/** Long after every heartbeat in the fixtures. */
const LATER = Date.parse('2026-02-01T00:00:00Z');

const timeline = (t: OrcTask) => t.phases.map((p) => `${p.name}:${p.status}${p.inPlan ? '' : ' (not in plan)'}${p.current ? ' *' : ''}`);
const tokens = (input: number, output: number, cacheCreation: number, cacheRead: number, total: number, effectiveInput: number) =>
  ({ input, output, cacheCreation, cacheRead, total, effectiveInput });

describe('orc as orc reads it (wild fixtures)', () => {
  let root: string | undefined;
  afterEach(() => { if (root) rmSync(root, { recursive: true, force: true }); root = undefined; });

  const scan = async (name: WildFixture) => scanFolder(root = wildCopy(name), LATER);

  for (const name of WILD_FIXTURES) {
    it(`${name}: read whole with no diagnostic, and its ABOUT.md is never read`, async () => {
      const { service, tasks, diagnostics } = await scan(name);
      assert.deepStrictEqual(diagnostics, []);
      assert.ok(tasks.size > 0);
      const about = path.join(root!, 'ABOUT.md');
      const adapter = new OrcAdapter();
      assert.strictEqual(adapter.accepts(about, { root: root! }), false);
      assert.ok(!(await adapter.discover({ root: root! })).includes(about));
      assert.ok(!service.items().some((i) => i.file === about));
      for (const t of tasks.values()) assert.deepStrictEqual((await taskDetail(root!, t.id)).diagnostics, [], t.id);
    });
  }

  it('the executor\'s tokens: input_tokens already holds the cache, total = input + output; nothing is counted twice', async () => {
    const { tasks } = await scan('executor-tokens-cache-in-input');
    const t = tasks.get('TASK-041')!;
    assert.deepStrictEqual([t.title, t.status, t.weight, t.priority, t.category, t.queue, t.currentPhase],
      ['Validate the signup form before it is sent', 'completed', 'medium', 'high', 'bug', 'active', 'docs']);
    assert.deepStrictEqual(t.tokens, tokens(1_145_090, 21_710, 61_350, 1_074_400, 1_166_800, 1_145_090));
    assert.deepStrictEqual(t.phases.map((p) => [p.name, p.tokens?.effectiveInput, p.tokens?.total, p.checkpoint]), [
      ['implement', 812_400, 827_520, '5c0e2a91d4b7f3086ae1c9d2b4f70e6a13c8d952'],
      ['test', 233_950, 238_160, '9a41d7e0c2b85f3e61d0a7c4e9b2f1836d5a0c77'],
      ['docs', 98_740, 101_120, 'e3d8b06f1a2c9475d0e6b3a8f71c2d940b5e6a18'],
    ]);
    assert.deepStrictEqual(timeline(t), ['implement:completed', 'test:completed', 'docs:completed *']);
    assert.deepStrictEqual(t.gates.map((g) => `${g.phase}:${g.type}:${g.decision}:${g.rationale}`), [
      'implement:auto:approved:auto-approved on success', 'test:auto:approved:auto-approved on success', 'docs:auto:approved:auto-approved on success']);
    assert.strictEqual(t.state?.cost?.total_cost_usd, 0);
    assert.strictEqual(t.requiresUiTesting, false, 'absent means false, whatever the description says');
    assert.deepStrictEqual(t.fields.testing_requirements, { unit: true });

    const running = tasks.get('TASK-042')!;
    assert.deepStrictEqual([running.status, running.currentPhase, running.requiresUiTesting, running.state?.current_iteration],
      ['running', 'implement', true, 2]);
    assert.deepStrictEqual(running.tokens, tokens(402_300, 9_050, 22_000, 378_900, 411_350, 402_300));
    assert.deepStrictEqual(timeline(running), ['implement:running *', 'test:pending', 'docs:pending']);
    assert.strictEqual(running.orphaned, true, 'its heartbeat is weeks old');
  });

  it('orc\'s transcript names (<phase>-<NNN>.md) give phase and iteration, in the order they were written', async () => {
    await scan('executor-tokens-cache-in-input');
    const d = await taskDetail(root!, 'TASK-041');
    assert.deepStrictEqual(d.transcripts.map((t) => [t.name, t.phase, t.iteration, t.title]), [
      ['implement-001.md', 'implement', 1, 'implement - Iteration 1'],
      ['implement-002.md', 'implement', 2, 'implement - Iteration 2'],
      ['test-001.md', 'test', 1, 'test - Iteration 1'],
      ['docs-001.md', 'docs', 1, 'docs - Iteration 1'],
    ]);
  });

  it('the first days: no queue/priority/category (orc\'s defaults), weight "" before classification, no cache counts', async () => {
    const { tasks } = await scan('first-days-no-cache');
    const t = tasks.get('TASK-001')!;
    assert.deepStrictEqual([t.title, t.status, t.stateStatus, t.weight, t.queue, t.priority, t.category, t.currentPhase],
      ['Print the version with --version', 'paused', 'completed', 'small', 'active', 'normal', 'feature', 'test']);
    assert.deepStrictEqual(t.tokens, tokens(23, 3_615, 0, 0, 3_638, 23));
    assert.deepStrictEqual(timeline(t), ['implement:completed', 'test:completed *']);
    assert.strictEqual(orcItemJson(t).costUsd, null, 'that era wrote no cost');
    const unclassified = tasks.get('TASK-002')!;
    assert.deepStrictEqual([unclassified.status, unclassified.weight, unclassified.phases, unclassified.tokens, unclassified.planFile],
      ['created', null, [], null, null]);
  });

  it('a plan.yaml with only the remaining phases and task_id "": the phases already run come first, in the order they ran', async () => {
    const { tasks } = await scan('plan-lists-remaining-phases');
    const t = tasks.get('TASK-055')!;
    assert.strictEqual(t.fields.current_phase, undefined, 'task.yaml has none yet');
    assert.strictEqual(t.currentPhase, 'docs', 'from state.yaml');
    assert.strictEqual(t.plan?.task_id, '');
    assert.deepStrictEqual(timeline(t), ['spec:completed (not in plan)', 'implement:completed (not in plan)', 'test:completed (not in plan)',
      'docs:running *', 'validate:pending']);
    assert.deepStrictEqual(t.tokens, tokens(7_780_330, 87_460, 450_520, 7_321_200, 7_867_790, 7_780_330));
    assert.deepStrictEqual(t.gates.map((g) => g.phase), ['spec', 'implement', 'test']);
    const spec = (await taskDetail(root!, 'TASK-055')).spec!;
    assert.deepStrictEqual([spec.title, spec.criteriaDone, spec.criteriaTotal], ['Move report exports to a background queue', 1, 2]);

    const done = tasks.get('TASK-056')!;
    assert.deepStrictEqual(timeline(done), ['spec:completed (not in plan)', 'implement:completed (not in plan)', 'test:completed (not in plan)',
      'docs:completed (not in plan)', 'validate:completed *']);
    assert.strictEqual(done.tokens?.effectiveInput, 29_258_000);
    assert.strictEqual(done.tokens?.total, 29_439_130);
  });

  it('interrupted, failed, skipped and retried runs as state.yaml records them', async () => {
    const { tasks } = await scan('interrupted-failed-retried');
    assert.deepStrictEqual([...tasks.keys()].sort(), ['TASK-061', 'TASK-062', 'TASK-063', 'TASK-064'],
      'the retry context file and the temp file are not tasks');

    const interrupted = tasks.get('TASK-061')!;
    assert.deepStrictEqual([interrupted.status, interrupted.stateStatus, interrupted.orphaned, interrupted.planFile], ['planned', 'interrupted', false, null]);
    assert.deepStrictEqual(interrupted.phases.map((p) => [p.name, p.status, p.interruptedAt, p.current]),
      [['implement', 'interrupted', '2026-01-14T08:02:10.770914903+01:00', true]]);

    const failed = tasks.get('TASK-062')!;
    const json = orcItemJson(failed);
    assert.deepStrictEqual([failed.status, failed.stateStatus], ['failed', 'failed']);
    assert.match(json.error as string, /^phase test failed: max iterations \(2\) reached without completion\n/);
    assert.deepStrictEqual(json.retryContext, { fromPhase: 'test', toPhase: 'implement',
      reason: 'Phase test failed: migration 0042 still references sessions_legacy', attempt: 1, timestamp: '2026-01-13T17:05:41.925940385+01:00' });
    assert.deepStrictEqual(failed.phases.map((p) => [p.name, p.status, p.error]), [
      ['implement', 'completed', null], ['test', 'failed', 'max iterations (2) reached without completion']]);
    assert.strictEqual(failed.tokens?.effectiveInput, 443_300);

    const skipped = tasks.get('TASK-063')!;
    assert.deepStrictEqual([skipped.status, skipped.stateStatus, skipped.currentPhase, skipped.queue, skipped.category],
      ['planned', 'pending', null, 'backlog', 'docs']);
    assert.deepStrictEqual(timeline(skipped), ['spec:skipped', 'implement:pending', 'test:pending', 'docs:pending']);
    assert.deepStrictEqual(skipped.gates, [{ phase: 'spec', type: 'skip', decision: 'approved', rationale: 'Spec already exists in spec.md',
      timestamp: '2026-01-12T19:34:28.356540232+01:00' }]);

    const retried = tasks.get('TASK-064')!;
    assert.deepStrictEqual([retried.status, retried.orphaned, retried.priority], ['running', true, 'critical']);
    assert.deepStrictEqual(timeline(retried), ['implement:running *', 'test:pending']);
    assert.deepStrictEqual((orcItemJson(retried).retryContext as { fromPhase: string }).fromPhase, 'test');
    assert.strictEqual(retried.tokens?.effectiveInput, 2_416_520);
  });

  it('dependencies, pull requests and initiatives as orc writes them', async () => {
    const { tasks, initiatives } = await scan('initiatives-and-dependencies');
    const t = (id: string) => tasks.get(id)!;
    assert.deepStrictEqual([...tasks.values()].map((x) => [x.id, x.status, x.initiativeId, x.blockedBy, x.blocks, x.blocked, x.relatedTo, x.referencedBy])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))), [
      ['TASK-071', 'finished', 'INIT-003', [], ['TASK-072'], false, [], []],
      ['TASK-072', 'completed', 'INIT-003', ['TASK-071'], ['TASK-073'], false, [], ['TASK-075']],
      ['TASK-073', 'planned', 'INIT-003', ['TASK-072', 'TASK-074'], [], true, [], ['TASK-074']],
      ['TASK-074', 'planned', null, [], ['TASK-073'], false, ['TASK-071'], []],
      ['TASK-075', 'created', null, [], [], false, [], []],
    ]);
    assert.strictEqual(t('TASK-073').requiresUiTesting, true);
    assert.deepStrictEqual(orcItemJson(t('TASK-071')).pr, { url: 'https://git.example.com/acme/ledger/pull/214', number: 214, status: 'merged',
      merged: true, mergedAt: '2026-01-14T09:23:03.491111994+01:00', targetBranch: 'main' });
    assert.strictEqual((orcItemJson(t('TASK-072')).pr as { url: string }).url, 'https://git.example.com/acme/ledger/pull/219');
    assert.strictEqual(orcItemJson(t('TASK-074')).pr, null);

    const audit = initiatives.get('INIT-003')!;
    assert.deepStrictEqual([audit.title, audit.status, audit.blocked, audit.blocks, audit.taskIds],
      ['Audit trail', 'active', false, ['INIT-004'], ['TASK-070', 'TASK-071', 'TASK-072', 'TASK-073']]);
    assert.deepStrictEqual([audit.progress.completed, audit.progress.total], [2, 4]);
    assert.deepStrictEqual(audit.progress.tasks.map((r) => [r.id, r.title, r.status, r.known]), [
      ['TASK-070', 'TASK-070', 'created', false], ['TASK-071', 'Add the audit table', 'finished', true],
      ['TASK-072', 'Write audit events from the API', 'completed', true], ['TASK-073', 'Audit log viewer', 'planned', true]]);
    assert.deepStrictEqual(audit.decisions.map((d) => [d.id, d.timestamp, d.madeBy, d.decision]), [
      ['DEC-001', '2026-01-13T21:18:44.36064753+01:00', null, 'Write audit events in the same transaction as the change'],
      ['DEC-002', '2026-01-13T21:18:44.367059103+01:00', null, 'Keep 400 days of events by default']]);
    const exports = initiatives.get('INIT-004')!;
    assert.deepStrictEqual([exports.status, exports.blockedBy, exports.blocked, exports.dependencyChain], ['draft', ['INIT-003'], true, ['INIT-003', 'INIT-004']]);
  });
});
