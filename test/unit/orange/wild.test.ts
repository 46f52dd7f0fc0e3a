import * as assert from 'node:assert';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OrangeAdapter } from '../../../src/core/formats/orange/adapter';
import type { OrangeDecision, OrangeTask } from '../../../src/core/formats/orange/model';
import { sessionState } from '../../../src/core/formats/orange/session-state';
import { allowedMoves, checkMove } from '../../../src/core/formats/orange/transitions';
import { scanned, WILD_HAZARDS, WILD_VALID, wildOrangeHome, type WildFixture } from './helpers';

/*
 * orange homes as dinhtungdu/orange writes them across its versions: test/fixtures/wild/orange/<behaviour>/, each
 * with an ABOUT.md naming the upstream commits and files. Baton must derive what orange derives; on the valid ones
 * it reports nothing, on the others exactly the problems orange itself runs into.
 */

describe('orange as orange writes it (wild fixtures)', () => {
  let scratch: string;
  beforeEach(() => { scratch = mkdtempSync(path.join(os.tmpdir(), 'baton-orange-wild-')); });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  async function scan(name: WildFixture) {
    const home = wildOrangeHome(name, scratch);
    const service = await scanned(home.root, home.orangeRoot);
    const tasks = service.items().filter((i): i is OrangeTask => i.system === 'orange');
    const byId = (id: string) => { const t = tasks.find((x) => x.id === id); assert.ok(t, `no task ${id}`); return t; };
    const decisions = service.decisions().filter((d): d is OrangeDecision => d.system === 'orange');
    const diagnostics = service.diagnostics().filter((d) => d.system === 'orange');
    const problems = diagnostics.map((d) => `${path.relative(home.orangeRoot, d.file).split(path.sep).join('/')}:${d.line} ${d.severity} ${d.message}`).sort();
    return { home, service, tasks, byId, decisions, diagnostics, problems };
  }

  for (const name of WILD_VALID) {
    it(`${name}: read whole with no diagnostic, and its ABOUT.md is never read`, async () => {
      const { home, tasks, diagnostics } = await scan(name);
      assert.deepStrictEqual(diagnostics, []);
      assert.ok(tasks.length > 0);
      const about = path.join(home.orangeRoot, 'ABOUT.md');
      const adapter = new OrangeAdapter();
      const ctx = { root: home.root, orangeRoot: home.orangeRoot };
      assert.strictEqual(adapter.accepts(about, ctx), false);
      assert.ok(!(await adapter.discover(ctx)).includes(about));
    });
  }

  it('head-task-store: every field orange writes today, pr_state, efforts, verdicts, gates and each history event\'s own fields', async () => {
    const { tasks, byId, decisions } = await scan('head-task-store');
    assert.deepStrictEqual(tasks.map((t) => `${t.id} ${t.status}`), [
      'TtmjiPpjbXrTm5EJOFLjO cancelled', 'KSEbxkURT5K48edtH9LZU done', 'REcnz0UCHcBIdFwu6BbdH stuck', 'fsVz3TAHIiJqNrHXA30qV reviewing',
      '3HwRvDCzk7dg5l4iEqI17 agent-review', 'jlfCANdf345tA39Mp0x0h working', '8bOsdCvF55Y9Qdijou2p1 clarification',
      '0p7hZG20NdrJnNIUy0UCg planning', 's8gD5U5tlrESmtvNMU4lN pending',
    ], 'oldest first, only the shop project');
    const pending = byId('s8gD5U5tlrESmtvNMU4lN');
    assert.deepStrictEqual([pending.title, pending.branch, pending.workspace, pending.createdAt, pending.effort, pending.prUrl, pending.prState],
      ['Show a badge with the number of items on the cart icon in the header, updated live when items are added',
        'orange-tasks/s8gD5U5tlrESmtvNMU4lN', null, '2026-03-25T08:14:03.512Z', null, null, null]);
    const codex = byId('jlfCANdf345tA39Mp0x0h');
    assert.deepStrictEqual([codex.title, codex.harness, codex.effort, codex.reviewHarness, codex.reviewEffort, codex.crashCount, codex.extra],
      ['Fix: tax is rounded per line instead of per order', 'codex', 'high', 'claude', 'medium', 1, {}]);
    const done = byId('KSEbxkURT5K48edtH9LZU');
    assert.deepStrictEqual([done.prUrl, done.prState, done.verdict, done.workspace, done.tmuxSession], ['https://github.com/acme/shop/pull/398', 'MERGED', 'PASS', null, null]);
    assert.deepStrictEqual([byId('TtmjiPpjbXrTm5EJOFLjO').prState, byId('fsVz3TAHIiJqNrHXA30qV').prState], ['CLOSED', null]);
    assert.deepStrictEqual(tasks.map((t) => t.verdict), [null, 'PASS', 'FAIL', 'PASS', null, null, null, null, null]);
    assert.deepStrictEqual([byId('fsVz3TAHIiJqNrHXA30qV').reviewRound, byId('REcnz0UCHcBIdFwu6BbdH').reviewRound], [2, 2]);
    const planning = byId('0p7hZG20NdrJnNIUy0UCg');
    assert.deepStrictEqual([planning.plan, planning.handoff, planning.fields.RISKS, planning.workspace, planning.poolStatus],
      [true, null, 'Safari before 15.4 has no BroadcastChannel; fall back to the storage event', 'shop--1', 'bound']);
    assert.deepStrictEqual([byId('3HwRvDCzk7dg5l4iEqI17').handoff, byId('3HwRvDCzk7dg5l4iEqI17').fields.UNCERTAIN],
      [true, 'Should an expired session still see a shared list?']);
    // History: every event as written, with its own fields.
    assert.deepStrictEqual(planning.recentHistory.map((e) => e.type), ['task.created', 'agent.spawned', 'status.changed', 'task.updated']);
    assert.deepStrictEqual(planning.recentHistory[3]!.details, { changes: { branch: { from: 'orange-tasks/0p7hZG20NdrJnNIUy0UCg', to: 'cart-badge-count' } } });
    assert.deepStrictEqual(planning.recentHistory[0]!.details, { task_id: '0p7hZG20NdrJnNIUy0UCg', project: 'shop', branch: 'orange-tasks/0p7hZG20NdrJnNIUy0UCg',
      summary: 'Keep the cart badge count in sync across tabs', status: 'pending' });
    const crash = codex.recentHistory.find((e) => e.type === 'agent.crashed')!;
    assert.deepStrictEqual([crash.reason, crash.details], ['no required artifact for planning', { status: 'planning', crash_count: 1 }]);
    assert.deepStrictEqual(done.recentHistory.map((e) => e.type), ['task.created', 'pr.created', 'pr.merged', 'task.merged', 'status.changed']);
    assert.deepStrictEqual(done.recentHistory[3]!.details, { commit_hash: '9f2c41e0b7d35a18c6e4f0a2b9d81c7e5f3a6b24', strategy: 'merge' });
    assert.deepStrictEqual(byId('fsVz3TAHIiJqNrHXA30qV').recentHistory.slice(-3).map((e) => [e.type, e.reason, e.details]), [
      ['auto.advanced', '## Handoff found', {}], ['status.changed', null, {}], ['pr.created', null, { url: 'https://github.com/acme/shop/pull/412' }]]);
    assert.deepStrictEqual(byId('TtmjiPpjbXrTm5EJOFLjO').recentHistory.map((e) => e.type), ['task.created', 'task.cancelled', 'status.changed', 'agent.stopped']);
    // What waits on a person.
    assert.deepStrictEqual(decisions.map((d) => [d.kind, d.id]), [['stuck', 'REcnz0UCHcBIdFwu6BbdH'], ['reviewing', 'fsVz3TAHIiJqNrHXA30qV'], ['clarification', '8bOsdCvF55Y9Qdijou2p1']]);
    assert.deepStrictEqual(decisions[2]!.questions.map((q) => q.text), ['Should a guest be offered an account after paying, or never asked?',
      'Do guest orders show up if they sign up later with the same email?']);
    assert.deepStrictEqual(decisions[0]!.moves, ['planning', 'working', 'agent-review', 'reviewing', 'cancelled'], 'orange\'s stuck → reviewing among them');
  });

  it('legacy-statuses: reviewed and failed as written, failed terminal, no move out of either, titled by their description', async () => {
    const { tasks, byId, decisions } = await scan('legacy-statuses');
    assert.deepStrictEqual(tasks.map((t) => [t.id, t.status, t.title, t.harness]), [
      ['zid7lhfXygBaut8yh5G5H', 'reviewed', 'Export the orders table as CSV from the admin API', 'claude'],
      ['xJh398zF9gWaN4pm3qSGr', 'failed', 'Verify the signature of incoming partner webhooks', 'opencode'],
      ['Zv729xD8D4WnNIV3ZoXWH', 'reviewed', 'Report the build version on /healthz', 'claude'],
    ]);
    const approved = byId('zid7lhfXygBaut8yh5G5H');
    assert.deepStrictEqual([approved.summary, approved.prUrl, approved.tmuxSession, approved.reviewHarness], ['', 'https://github.com/acme/api/pull/57', 'api/export-orders-csv', 'claude']);
    assert.deepStrictEqual(byId('xJh398zF9gWaN4pm3qSGr').extra, { description: 'Verify the signature of incoming partner webhooks' });
    assert.deepStrictEqual(decisions, []);
    for (const t of tasks) assert.deepStrictEqual(allowedMoves(t), [], t.id);
    assert.match((checkMove(approved, 'done') as { reason: string }).reason, /"reviewed" is a status of an older orange \(approved by a person, waiting to be merged/);
    assert.match((checkMove(byId('xJh398zF9gWaN4pm3qSGr'), 'cancelled') as { reason: string }).reason, /the task is failed; orange never moves a failed task again/);
    // A cancelled task is not over for orange since 2026-02-14: `orange task respawn` reopens it (not a move).
    assert.match((checkMove({ ...byId('xJh398zF9gWaN4pm3qSGr'), status: 'cancelled' }, 'planning') as { reason: string }).reason,
      /the task is cancelled; orange reopens it only with `orange task respawn`/);
    // orange's exit monitor never looks at a legacy status: its session is not expected, so never "crashed".
    assert.strictEqual(sessionState(approved, false), 'inactive');
    assert.deepStrictEqual(approved.recentHistory.map((e) => e.type).slice(3, 6), ['review.started', 'review.passed', 'agent.stopped']);
    assert.deepStrictEqual(approved.recentHistory[5]!.details, { outcome: 'passed' });
  });

  it('no-summary: the first line of the body, the description field, else the branch', async () => {
    const { tasks, byId, decisions } = await scan('no-summary');
    assert.deepStrictEqual(tasks.map((t) => [t.id, t.summary, t.title]), [
      ['bZMMEcENa6koAI0zM9FhV', '', 'Lazy-load every product image below the fold on the category pages, the search results and the home page carousels, wit…'],
      ['H2m0hQrZPY3fHiC1JeeoZ', '', 'Fix the broken links in the footer'],
      ['zCXffNLGGyMgWUP9Ak5U1', '', 'The settings page takes four seconds to open for accounts with many addresses.'],
      ['8q0odXu8bIDHzbfjkLgJS', '', 'orange-tasks/8q0odXu8bIDHzbfjkLgJS'],
    ]);
    assert.strictEqual(byId('H2m0hQrZPY3fHiC1JeeoZ').harness, 'pi');
    assert.deepStrictEqual(decisions.map((d) => [d.id, d.question]), [
      ['zCXffNLGGyMgWUP9Ak5U1', 'Is the slow part the address list or the saved cards?'],
      ['8q0odXu8bIDHzbfjkLgJS', 'The agent is waiting for your input (no ## Questions written).'],
    ]);
  });

  it('sections-as-orange-reads-them: fields on the next line, verdicts without a space or indented, CRLF, a done task\'s stale Plan', async () => {
    const { byId, decisions } = await scan('sections-as-orange-reads-them');
    const planning = byId('DO5Zo0vClbPexhbBpnguc');
    assert.deepStrictEqual([planning.plan, planning.fields.APPROACH, planning.fields.TOUCHING],
      [true, 'Parse the first 64 KB in the browser with the same parser the server uses', '- src/import/preview.tsx']);
    const round2 = byId('cFubmUYeveVHXbHUCSdox');
    assert.deepStrictEqual([round2.verdict, round2.reviewRound, allowedMoves(round2)], ['FAIL', 2, ['stuck', 'cancelled']]);
    const backup = byId('YTaKr2vWq9mZc4Lp0sBnE');
    assert.deepStrictEqual([backup.handoff, backup.fields.DECISIONS, backup.sections.map((s) => s.name)], [true, 'Compressed with zstd, not gzip', ['Plan', 'Handoff']]);
    assert.deepStrictEqual([byId('Qm4TnV8xR2bLs6Hk1WcJd').verdict, decisions.map((d) => [d.kind, d.id])], ['PASS', [['reviewing', 'Qm4TnV8xR2bLs6Hk1WcJd']]]);
    const stale = byId('Lp7Wc3Nq0Zr5Tx9Vb2Ms8');
    assert.deepStrictEqual([stale.plan, stale.verdict], [false, 'PASS']);
  });

  it('branch-named-folders: the ids orange knows, and only the problems orange has with the old layout', async () => {
    const { tasks, problems } = await scan('branch-named-folders');
    assert.deepStrictEqual(tasks.map((t) => [t.id, t.status, t.title, t.branch, t.harness]), [
      ['Q7wX2pRt', 'needs_human', 'Serve the dark theme tokens from /theme when the client asks for them', 'dark-mode', 'claude'],
      ['k3Vq8LmZ', 'done', 'Rate-limit POST /login per IP and per account', 'feature/login-rate-limit', 'claude'],
    ]);
    assert.strictEqual(problems.length, 2, problems.join('\n'));
    assert.match(problems[0]!, /^tasks\/api\/dark-mode\/TASK\.md:2 warning orange knows this task as api\/Q7wX2pRt, not by the folder it lies in .*its next save writes tasks\/api\/Q7wX2pRt\/TASK\.md and leaves this file behind$/);
    assert.match(problems[1]!, /^tasks\/api\/feature--login-rate-limit\/TASK\.md:2 info .*`orange task delete` would remove tasks\/api\/k3Vq8LmZ\/ and leave this folder$/);
    assert.deepStrictEqual(tasks[0]!.recentHistory.map((e) => e.type), ['task.created', 'agent.spawned', 'message', 'review.started', 'review.passed', 'status.changed']);
    assert.deepStrictEqual(tasks[0]!.recentHistory[2]!.details, { content: 'Tokens come from design/tokens.json' });
  });

  it('branch-named-folders: once orange saved its copy under the id, both folders stay rows of their own', async () => {
    const home = wildOrangeHome('branch-named-folders', scratch);
    const tasksDir = path.join(home.orangeRoot, 'tasks', 'api');
    cpSync(path.join(tasksDir, 'dark-mode'), path.join(tasksDir, 'Q7wX2pRt'), { recursive: true });
    const service = await scanned(home.root, home.orangeRoot);
    const rows = service.items().filter((i): i is OrangeTask => i.system === 'orange').map((t) => [t.id, path.basename(path.dirname(t.file))]);
    assert.deepStrictEqual(rows.sort(), [['Q7wX2pRt', 'Q7wX2pRt'], ['dark-mode', 'dark-mode'], ['k3Vq8LmZ', 'feature--login-rate-limit']]);
  });

  it('fence-and-heading-traps: gates and verdicts as orange reads them, and a problem at each place it reads otherwise', async () => {
    const { byId, problems } = await scan('fence-and-heading-traps');
    assert.deepStrictEqual([byId('SMkrK8vmMra0aVzMwAL21').handoff, byId('SMkrK8vmMra0aVzMwAL21').fields.DONE], [true, 'Added the endpoint and its tests']);
    assert.strictEqual(byId('JTa3cxRHTgTOcuVZ0GRYE').verdict, 'PASS', 'the quoted verdict, as orange reads it, not the real FAIL');
    assert.deepStrictEqual(allowedMoves(byId('JTa3cxRHTgTOcuVZ0GRYE')), ['reviewing', 'stuck', 'cancelled']);
    assert.strictEqual(byId('ONg3GL9KfGd2keAgWO2PE').plan, null);
    assert.deepStrictEqual([byId('YWLM5beq06VrHJUt9io2r').handoff, byId('Zpy1w93r2TUrWICp6soET').verdict], [false, null]);
    const summary = problems.map((p) => p.replace(/^tasks\/api\/(\w{5})\w+\/TASK\.md:(\d+) (\w+) (.{0,60}).*$/, '$1:$2 $3 $4'));
    assert.deepStrictEqual(summary, [
      'JTa3c:23 warning this "## Review" is inside a code block, but orange does not',
      'ONg3G:22 warning orange does not read this heading as the task\'s Plan: it loo',
      'SMkrK:23 warning this "## Handoff" is inside a code block, but orange does no',
      'YWLM5:22 warning ## Handoff has no line starting with DONE:, REMAINING:, DECI',
      'YWLM5:27 warning this "## " line is inside a code block, but orange does not ',
      'Zpy1w:22 info orange does not read this heading as the task\'s Review: it l',
    ]);
    assert.match(problems[0]!, /it reads this as the task's Review section \(Verdict: PASS\), not the one at line 32;/);
  });

  it('the hazard fixtures are read whole too: every task shows, whatever its problems', async () => {
    for (const name of WILD_HAZARDS) assert.ok((await scan(name)).tasks.length >= 2, name);
  });
});
