import * as assert from 'node:assert';
import { readFileSync, existsSync } from 'node:fs';
import { approveMissionPlan } from '../../../src/core/formats/orchestral/approve-plan';
import type { OrchestralMission } from '../../../src/core/formats/orchestral/model';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { answerDecision, decisionVersion } from '../../../src/core/decisions/answer-decision';
import { decisionState } from '../../../src/core/queries/decision-queries';
import { decisionJson, itemJson } from '../../../src/core/report/scan-report';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { json, stateJson } from './fixtures';
import { draftPhases, MISSION_ID, planReviewMission, runningMission } from './mission-fixtures';

const DIR = `.dure/missions/${MISSION_ID}`;
const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function scan(root: string) {
  const service = new OrchestrationService({ folders: [{ root }] });
  await service.scan();
  const missions = service.items().filter((i): i is OrchestralMission => i.system === 'orchestral' && i.kind === 'mission');
  const diagnostics = service.diagnostics().filter((d) => d.system === 'orchestral');
  return { service, missions, diagnostics };
}

describe('Dure missions', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('reads a running mission: its phases and tasks, each task linked to the run it started', async () => {
    ws = new TempWorkspace({
      [`${DIR}/mission.json`]: json(runningMission('run-20260201110001')),
      '.dure/runs/run-20260201110001/state.json': stateJson(null),
    });
    const { missions, diagnostics } = await scan(ws.root);
    assert.deepStrictEqual(diagnostics.filter((d) => d.file.includes('missions')), []);
    assert.strictEqual(missions.length, 1);
    const m = missions[0]!;
    assert.deepStrictEqual([m.id, m.status, m.title, m.planningStage, m.awaitingApproval, m.drafted, m.currentPhase],
      [MISSION_ID, 'in_progress', 'Core infrastructure v1', 'approved', false, false, 2]);
    assert.deepStrictEqual(m.phases.map((p) => `${p.phaseId}:${p.status}:${p.tasks.map((t) => `${t.taskId}=${t.status}`).join(',')}`),
      ['phase-001:completed:task-001=passed,task-002=passed', 'phase-002:in_progress:task-003=in_progress,task-004=pending']);
    const running = m.phases[1]!.tasks[0]!;
    assert.strictEqual(running.runDir, ws.path('.dure/runs/run-20260201110001'), 'the running task links its run');
    assert.strictEqual(m.phases[0]!.tasks[0]!.runDir, null, 'a run_id whose folder is gone links nothing');
    assert.strictEqual(m.phases[0]!.tasks[0]!.runId, 'run-20260201100000', 'but its run_id is kept');
    assert.deepStrictEqual(m.phases[1]!.tasks[1]!.waitingOn, ['task-003'], 'task-004 waits for task-003 to pass');
    assert.deepStrictEqual(m.taskCounts, { total: 4, passed: 2, failed: 0, running: 1, needsHuman: 0 });
  });

  it('links a task to its run once the run folder appears, and says the mission changed', async () => {
    ws = new TempWorkspace({ [`${DIR}/mission.json`]: json(runningMission('run-20260201110001')) });
    const { service, missions } = await scan(ws.root);
    assert.strictEqual(missions[0]!.phases[1]!.tasks[0]!.runDir, null);
    ws.write('.dure/runs/run-20260201110001/state.json', stateJson(null));
    const change = await service.fileChanged(ws.path('.dure/runs/run-20260201110001/state.json'));
    assert.deepStrictEqual(change?.changed.map((i) => `${i.kind}:${i.id}`).sort(), [`mission:${MISSION_ID}`, 'run:run-20260201110001']);
    const linked = service.items().find((i): i is OrchestralMission => i.kind === 'mission')!;
    assert.strictEqual(linked.phases[1]!.tasks[0]!.runDir, ws.path('.dure/runs/run-20260201110001'));
  });

  it('shows a plan waiting for review from the newest planning/draft-v<N>.json, with the Critic\'s latest review', async () => {
    ws = new TempWorkspace({
      [`${DIR}/mission.json`]: json(planReviewMission()),
      [`${DIR}/planning/draft-v1.json`]: json({ version: 1, created_at: '2026-02-01T09:35:00Z', phases: draftPhases(1) }),
      [`${DIR}/planning/draft-v2.json`]: json({ version: 2, created_at: '2026-02-01T09:40:00Z', phases: draftPhases(2) }),
      [`${DIR}/planning/critique-v1.json`]: json({ verdict: 'needs_revision' }),
    });
    const { missions, diagnostics } = await scan(ws.root);
    assert.deepStrictEqual(diagnostics, []);
    const m = missions[0]!;
    assert.deepStrictEqual([m.status, m.awaitingApproval, m.drafted, m.title], ['plan_review', true, true, 'Build an authentication system']);
    assert.strictEqual(m.draftFile, ws.path(`${DIR}/planning/draft-v2.json`));
    assert.deepStrictEqual(m.phases.map((p) => p.title), ['Core infrastructure v2', 'Authentication']);
    assert.deepStrictEqual([m.critique?.verdict, m.critique?.counts.critical, m.critique?.items[0]?.title], ['needs_human', 1, 'No rate limiting on login']);
    assert.deepStrictEqual([...m.files].sort(), [ws.path(`${DIR}/mission.json`), ws.path(`${DIR}/planning/draft-v2.json`)].sort());
  });

  it('reports what would stop Dure, at its place, and keeps showing the mission', async () => {
    const m = runningMission('run-x', { mission_id: 'mission-20990101000000', status: 'paused_by_user' });
    m.phases[1]!.tasks[1]!.depends_on = ['task-001', 'task-404'];
    delete (m.phases[0]!.tasks[1] as { depends_on?: unknown }).depends_on;
    ws = new TempWorkspace({ [`${DIR}/mission.json`]: json(m) });
    const { missions, diagnostics } = await scan(ws.root);
    const said = diagnostics.map((d) => `${d.severity}@${d.line}: ${d.message}`);
    const has = (re: RegExp) => assert.ok(said.some((s) => re.test(s)), `expected ${re} in\n${said.join('\n')}`);
    has(/^warning@2: mission_id "mission-20990101000000" differs from the mission folder/);
    has(/^info@\d+: unknown mission status "paused_by_user"/);
    has(/^warning@\d+: depends_on "task-001" is a task of phase 1, and Dure looks for a task's dependencies only in its own phase/);
    has(/^warning@\d+: depends_on "task-404" is no task of this mission/);
    has(/^warning@\d+: task has no `depends_on` list/);
    assert.strictEqual(missions[0]!.status, 'paused_by_user', 'an unknown status is shown as written');
  });

  it('shows a mission whose planning failed as Dure leaves it (planner_v1, no title, no phases): failed, titled by its description, no problem', async () => {
    ws = new TempWorkspace({
      [`${DIR}/mission.json`]: json({ mission_id: MISSION_ID, title: '', description: '# Add dark mode\n\nEvery page.', status: 'failed',
        planning: { stage: 'planner_v1', iterations: 0, drafts: [], critiques: [] }, phases: [], created_at: '2026-02-01T09:30:00.000Z',
        updated_at: '2026-02-01T09:30:02.000Z', stats: { total_phases: 0, total_tasks: 0, completed_tasks: 0, failed_tasks: 0 } }),
      [`${DIR}/input.md`]: '# Add dark mode\n\nEvery page.',
    });
    const { service, missions, diagnostics } = await scan(ws.root);
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual([missions[0]!.title, missions[0]!.status, missions[0]!.phases.length, missions[0]!.awaitingApproval], ['Add dark mode', 'failed', 0, false]);
    assert.deepStrictEqual(service.decisions(), []);
  });

  it('warns when a plan was approved the way Dure\'s own approve leaves it: ready, with no phases to run', async () => {
    ws = new TempWorkspace({ [`${DIR}/mission.json`]: json(planReviewMission({ status: 'ready', planning: { stage: 'approved', iterations: 2, drafts: [], critiques: [] } })) });
    const { diagnostics } = await scan(ws.root);
    assert.deepStrictEqual(diagnostics.map((d) => `${d.severity}: ${d.message}`), ['warning: the plan is approved but the mission has no phases: `dure mission run` finds nothing to run. Dure\'s approve leaves the plan in planning/draft-v<N>.json: copy that draft\'s phases into `phases` here (each `"status": "pending"`, and `"depends_on": []` on a task without it), or approve the next plan with Baton\'s Approve the Mission\'s Plan, which copies them in']);
  });

  it('shows a broken mission.json as an unreadable mission with the error at its line and column', async () => {
    ws = new TempWorkspace({ [`${DIR}/mission.json`]: '{\n  "mission_id": "x",\n  "status": \n}\n' });
    const { missions, diagnostics } = await scan(ws.root);
    assert.strictEqual(missions.length, 1);
    assert.strictEqual(missions[0]!.status, 'unreadable');
    const d = diagnostics.find((x) => x.severity === 'error')!;
    assert.deepStrictEqual([d.line, d.column], [4, 1]);
    assert.match(d.message, /invalid JSON/);
  });

  it('puts missions in `baton scan --json` with their phases, tasks and runs', async () => {
    ws = new TempWorkspace({
      [`${DIR}/mission.json`]: json(runningMission('run-20260201110001')),
      '.dure/runs/run-20260201110001/state.json': stateJson(null),
    });
    const { service } = await scan(ws.root);
    const m = itemJson(ws.root, service.items().find((i) => i.kind === 'mission')!) as { system: string; id: string; status: string; folder: string;
      planningStage: string; phases: { tasks: unknown[] }[] };
    assert.deepStrictEqual([m.system, m.id, m.status, m.folder, m.planningStage], ['orchestral', MISSION_ID, 'in_progress', DIR, 'approved']);
    assert.deepStrictEqual(m.phases[1]!.tasks[0], { id: 'task-003', title: 'Implement login endpoint', status: 'in_progress', dependsOn: [], waitingOn: [],
      runId: 'run-20260201110001', run: '.dure/runs/run-20260201110001', startedAt: '2026-02-01T11:00:01.000Z', completedAt: null, error: null });
  });

  describe('a plan waiting for approval in Needs You', () => {
    it('is a decision with the Critic\'s review and the plan; answered, it leaves the inbox and reads as approved', async () => {
      ws = new TempWorkspace({
        [`${DIR}/mission.json`]: json(planReviewMission()),
        [`${DIR}/planning/draft-v2.json`]: json({ version: 2, created_at: '2026-02-01T09:40:00Z', phases: draftPhases(2) }),
      });
      const { service } = await scan(ws.root);
      const [d, ...more] = service.decisions();
      assert.deepStrictEqual(more, []);
      assert.ok(d && d.system === 'orchestral' && d.kind === 'plan');
      assert.deepStrictEqual([d.id, d.ref, d.status, d.question], [MISSION_ID, `${DIR}/plan`, 'pending',
        'Approve the plan of "Build an authentication system"? The Critic: The plan skips rate limiting.']);
      const shown = decisionJson(ws.root, d) as { kind: string; mission: string; options: { id: string }[]; phases: { tasks: { id: string }[] }[]; draft: string };
      assert.deepStrictEqual([shown.kind, shown.mission, shown.options.map((o) => o.id), shown.phases.map((p) => p.tasks.map((t) => t.id).join()), shown.draft],
        ['plan', MISSION_ID, ['approve'], ['task-001,task-002', 'task-003'], `${DIR}/planning/draft-v2.json`]);
      assert.strictEqual((decisionState(service, { folders: [ws.root], id: MISSION_ID }) as { state: string }).state, 'pending');

      const refused = await answerDecision(d, 'sha256:not-what-was-shown', { form: 'plan', decision: 'approved' });
      assert.deepStrictEqual([refused.ok, /changed since it was shown/.test((refused as { message: string }).message)], [false, true]);
      const outcome = await answerDecision(d, decisionVersion(d), { form: 'plan', decision: 'approved' });
      assert.ok(outcome.ok, (outcome as { message: string }).message);
      assert.match(outcome.message, /^mission-20260201093000: the plan is approved: 2 phases, 3 tasks; the mission is ready\. Dure runs it with `dure mission run mission-20260201093000`\.$/);
      for (const f of outcome.written) await service.fileChanged(f);
      assert.deepStrictEqual(service.decisions(), []);
      const after = decisionState(service, { folders: [ws.root], id: MISSION_ID }) as { state: string; kind: string; status: string; answer: { decision: string } };
      assert.deepStrictEqual([after.state, after.kind, after.status, after.answer.decision], ['answered', 'plan', 'ready', 'approved']);
    });

    it('is answered by `baton answer MISSION-ID --option approve`, which refuses anything but approve', () => {
      ws = new TempWorkspace({}, path.join(REPO, 'demo'));
      const id = 'mission-20260203091500';
      const before = JSON.parse(baton(['scan', ws.root, '--json', '--no-cache']).stdout) as { decisions: { kind: string; id: string }[] };
      assert.deepStrictEqual(before.decisions.filter((x) => x.kind === 'plan').map((x) => x.id), [id]);
      const reject = baton(['answer', id, '--option', 'reject', '--dir', ws.root]);
      assert.strictEqual(reject.code, 2);
      assert.match(reject.stderr, /is a Dure mission: give --option approve \(Dure has no reject/);
      const r = baton(['answer', id, '--option', 'approve', '--dir', ws.root]);
      assert.strictEqual(r.code, 0, r.stderr);
      assert.match(r.stdout, /^mission-20260203091500: the plan is approved: 2 phases, 5 tasks/);
      const mission = JSON.parse(readFileSync(ws.path(`.dure/missions/${id}/mission.json`), 'utf8'));
      assert.deepStrictEqual([mission.status, mission.planning.stage, mission.title], ['ready', 'approved', 'Passkey registration']);
      const again = baton(['answer', id, '--option', 'approve', '--dir', ws.root]);
      assert.strictEqual(again.code, 1);
      assert.match(again.stderr, /no mission plan mission-20260203091500 waits for approval/);
      const after = JSON.parse(baton(['scan', ws.root, '--json', '--no-cache']).stdout) as { decisions: { kind: string }[] };
      assert.deepStrictEqual(after.decisions.filter((x) => x.kind === 'plan'), []);
    });
  });

  describe('approving a plan', () => {
    function planWorkspace(): TempWorkspace {
      return new TempWorkspace({
        [`${DIR}/mission.json`]: json(planReviewMission()),
        [`${DIR}/planning/draft-v2.json`]: json({ version: 2, created_at: '2026-02-01T09:40:00Z', phases: draftPhases(2) }),
      });
    }

    it('approves as Dure does, copies the reviewed draft in as the phases, and writes kanban.json', async () => {
      ws = planWorkspace();
      const before = readFileSync(ws.path(`${DIR}/mission.json`), 'utf8');
      const m = (await scan(ws.root)).missions[0]!;
      const outcome = await approveMissionPlan({ missionDir: m.dir, shownHash: m.hash, draftFile: m.draftFile }, new Date('2026-02-02T08:00:00Z'));
      assert.deepStrictEqual(outcome, { ok: true, written: [ws.path(`${DIR}/mission.json`), ws.path(`${DIR}/kanban.json`)], phases: 2, tasks: 3 });
      const after = JSON.parse(readFileSync(ws.path(`${DIR}/mission.json`), 'utf8'));
      assert.deepStrictEqual([after.status, after.planning.stage, after.updated_at, after.title], ['ready', 'approved', '2026-02-02T08:00:00.000Z', 'Core infrastructure v2']);
      assert.deepStrictEqual(after.phases.map((p: { phase_id: string; status: string; mission_id: string; tasks: unknown[] }) => `${p.phase_id}:${p.status}:${p.mission_id}:${p.tasks.length}`), ['phase-001:pending:' + MISSION_ID + ':2', 'phase-002:pending:' + MISSION_ID + ':1']);
      assert.deepStrictEqual([after.stats.total_phases, after.stats.total_tasks], [2, 3]);
      assert.deepStrictEqual(after.x_dashboard_note, { pinned: true }, 'unknown fields are kept');
      assert.deepStrictEqual(Object.keys(after), Object.keys(JSON.parse(before)), 'and the key order');
      assert.deepStrictEqual(after.planning.critiques, JSON.parse(before).planning.critiques);
      const kanban = JSON.parse(readFileSync(ws.path(`${DIR}/kanban.json`), 'utf8'));
      assert.deepStrictEqual([kanban.mission_id, kanban.planning_stage, kanban.columns.length], [MISSION_ID, 'approved', 2]);
      assert.deepStrictEqual(kanban.columns[0].cards.map((c: { task_id: string; status: string; blocked_by: string[] }) => `${c.task_id}:${c.status}:${c.blocked_by.join('+')}`), ['task-001:pending:', 'task-002:blocked:task-001']);
      assert.deepStrictEqual(kanban.stats, { total_tasks: 3, pending: 2, blocked: 1, in_progress: 0, passed: 0, failed: 0, needs_human: 0 });
      const again = (await scan(ws.root)).missions[0]!;
      assert.deepStrictEqual([again.status, again.awaitingApproval, again.drafted, again.phases.length], ['ready', false, false, 2]);
    });

    it('approves a plan kept in planning.drafts too, writing the `depends_on: []` a draft left out (Dure reads it before a run)', async () => {
      const phases = draftPhases(1);
      delete (phases[1]!.tasks[0] as { depends_on?: unknown }).depends_on;
      ws = new TempWorkspace({ [`${DIR}/mission.json`]: json(planReviewMission({ planning: { stage: 'needs_human', iterations: 1, drafts: [{ version: 1, phases }], critiques: [] } })) });
      const { missions, diagnostics } = await scan(ws.root);
      const m = missions[0]!;
      assert.deepStrictEqual([m.drafted, m.draftFile, m.phases.length], [true, null, 2]);
      assert.deepStrictEqual(diagnostics, [], 'a draft without depends_on is not a problem yet');
      const outcome = await approveMissionPlan({ missionDir: m.dir, shownHash: m.hash, draftFile: m.draftFile });
      assert.ok(outcome.ok, JSON.stringify(outcome));
      const after = JSON.parse(readFileSync(ws.path(`${DIR}/mission.json`), 'utf8'));
      assert.deepStrictEqual(after.phases[1].tasks[0].depends_on, []);
      assert.deepStrictEqual((await scan(ws.root)).diagnostics, []);
    });

    it('refuses, writing nothing, when mission.json changed since it was shown', async () => {
      ws = planWorkspace();
      const m = (await scan(ws.root)).missions[0]!;
      ws.write(`${DIR}/mission.json`, json(planReviewMission({ description: 'Changed by Dure' })));
      const outcome = await approveMissionPlan({ missionDir: m.dir, shownHash: m.hash, draftFile: m.draftFile });
      assert.deepStrictEqual(outcome.ok, false);
      assert.match((outcome as { message: string }).message, /^Nothing was written: mission\.json changed since it was shown/);
      assert.strictEqual(JSON.parse(readFileSync(ws.path(`${DIR}/mission.json`), 'utf8')).status, 'plan_review');
      assert.ok(!existsSync(ws.path(`${DIR}/kanban.json`)));
    });

    it('refuses a plan that is not waiting for approval (Dure approves only at needs_human)', async () => {
      ws = new TempWorkspace({ [`${DIR}/mission.json`]: json(runningMission('run-1')) });
      const m = (await scan(ws.root)).missions[0]!;
      const outcome = await approveMissionPlan({ missionDir: m.dir, shownHash: m.hash, draftFile: null });
      assert.deepStrictEqual(outcome, { ok: false, message: 'Nothing was written: the plan is not waiting for approval (planning stage "approved"; Dure approves only at needs_human).' });
    });
  });
});
