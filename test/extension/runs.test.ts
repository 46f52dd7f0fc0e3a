import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RunTreeNode } from '../../src/vscode/runs/runs-tree';
import type { BatonApi } from '../../src/vscode/extension';
import { decisionKey } from '../../src/core/model/items';
import { batonApi, until, workspaceRoot } from './helpers/baton';

async function rows(api: BatonApi, node?: RunTreeNode): Promise<{ node: RunTreeNode; label: string; description: string; context: string }[]> {
  const children = await api.runs.runsTree.getChildren(node);
  return children.map((c) => {
    const item = api.runs.runsTree.getTreeItem(c);
    const label = typeof item.label === 'string' ? item.label : item.label?.label ?? path.basename(item.resourceUri?.fsPath ?? '');
    return { node: c, label, description: String(item.description ?? ''), context: item.contextValue ?? '' };
  });
}

/** The view's runs (below Dure's Missions row). */
async function runRows(api: BatonApi): Promise<Awaited<ReturnType<typeof rows>>> {
  return (await rows(api)).filter((r) => r.context !== 'missions');
}

describe('Runs view in the real editor', () => {
  it('shows the run with its phase, iteration, agents and what needs you', async () => {
    const api = await batonApi();
    const runs = await rows(api);
    assert.deepStrictEqual(runs.map((r) => [r.label, r.description, r.context]), [
      ['A friendly greeting endpoint', 'waiting human · iteration 1/3 · 1 needs you', 'run:orchestral:waiting_human'],
      ['run-20260131090000', 'completed · iteration 2/3 · PASS · error · $0.21', 'run:orchestral:completed:error:mrp'],
    ]);
    const children = await rows(api, runs[0]!.node);
    assert.deepStrictEqual(children.map((c) => `${c.label} | ${c.description}`), [
      'Needs you: crp-001 | Which greeting should GET /hello return?',
      'refiner | completed',
      'builder | completed · done',
      'verifier | pending',
      'gatekeeper | pending',
      'Briefing | ',
      'Events | 3 events · last phase.changed',
    ]);
    const builder = await rows(api, children[2]!.node);
    assert.deepStrictEqual(builder.map((b) => b.label), ['done.flag', 'log.md']);
  });

  it('marks the error flag, lists usage, models, verdict, tests and past decisions, and opens the MRP viewer', async () => {
    const api = await batonApi();
    const done = (await runRows(api))[1]!;
    const children = await rows(api, done.node);
    // Dure's per-agent usage and ModelSelector models (state.json `agents.<name>.usage`, `model_selection`).
    assert.deepStrictEqual(children.map((c) => `${c.label} | ${c.description}`), [
      'refiner | completed · haiku · $0.0040',
      'builder | completed · sonnet · done · $0.15',
      'verifier | completed · haiku · $0.012',
      'gatekeeper | completed · sonnet · error.flag · $0.046',
      'Usage | 59,100 tokens · $0.21',
      'Models | medium · score 40 · dynamic',
      'Verdict PASS | iteration 2 · All tests pass.',
      'Tests | 4/4 passed · coverage 90%',
      'Decisions | 1 VCR',
      'Merge-Readiness Pack | 4/4 tests',
    ]);
    assert.match(children[3]!.context, /^agent:orchestral:completed:error$/);
    const decisions = await rows(api, children[8]!.node);
    assert.deepStrictEqual(decisions.map((d) => `${d.label} | ${d.description}`),
      ['vcr-001 → crp-001 | q1 → A, q2 → A · Defaults first.', 'crp-001 | resolved · Port? · Log format?']);
    const gatekeeper = await rows(api, children[3]!.node);
    assert.deepStrictEqual(gatekeeper.map((g) => g.label), ['error.flag', 'verdict.json']);

    const mrp = api.runs.runsTree.getTreeItem(children[9]!.node);
    await vscode.commands.executeCommand(mrp.command!.command, ...(mrp.command!.arguments ?? []));
    const html = api.runs.mrp.html(path.join(workspaceRoot(), '.orchestral/runs/run-20260131090000'))!;
    assert.match(html, /<h1>Merge-Readiness Pack — config<\/h1>/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/, 'raw HTML in summary.md is shown as text');
    assert.match(html, /4 of 4 passing/);
    assert.match(html, /<code>src\/app.ts<\/code>/);
    assert.match(html, /<strong>vcr-001<\/strong><\/a> \(answers crp-001\): q1 → A, q2 → A — Defaults first\./);
    // the run's title once: summary.md's heading is the page's only <h1>, and the header does not repeat it
    assert.strictEqual(html.split('<h1>').length - 1, 1);
    // a changed file opens through the one command the page may run
    const link = /href="(command:baton\.runs\.openFile\?[^"]+)"[^>]*><code>src\/app.ts<\/code>/.exec(html);
    assert.ok(link, 'the changed file is a command: link');
    const uri = vscode.Uri.parse(link[1]!.replace(/&amp;/g, '&'));
    const [file] = JSON.parse(decodeURIComponent(uri.query)) as string[];
    await vscode.commands.executeCommand(uri.path, file);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, path.join(workspaceRoot(), 'src/app.ts'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.match(html, /script-src|default-src 'none'/);
    assert.doesNotMatch(html, /<script/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('opens a run file from its row', async () => {
    const api = await batonApi();
    const run = (await runRows(api))[0]!;
    const events = (await rows(api, run.node)).find((c) => c.label === 'Events')!;
    const item = api.runs.runsTree.getTreeItem(events.node);
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath,
      path.join(workspaceRoot(), '.orchestral/runs/run-20260201120000/events.log'));
  });
});

describe('Dure missions in the Runs view', () => {
  const MISSION = '.dure/missions/mission-20260202101500';
  const FIXTURE = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'dure-mission', 'mission-20260202101500');

  // A mission whose plan waits for approval, put in for these tests only (the other tests count the fixture's one
  // decision); the service is told directly, as the watcher is not what this file tests.
  before(async () => {
    const api = await batonApi();
    await fs.cp(FIXTURE, path.join(workspaceRoot(), MISSION), { recursive: true });
    for (const f of ['mission.json', 'planning/draft-v1.json', 'planning/draft-v2.json']) await api.service.fileChanged(path.join(workspaceRoot(), MISSION, f));
  });

  after(async () => {
    const api = await batonApi();
    await fs.rm(path.join(workspaceRoot(), '.dure'), { recursive: true, force: true });
    await api.service.fileChanged(path.join(workspaceRoot(), MISSION));
    assert.ok(!api.service.items().some((i) => i.kind === 'mission'));
  });

  it('lists a mission whose plan waits for approval, with the Critic\'s review and the drafted phases and tasks', async () => {
    const api = await batonApi();
    const missions = (await rows(api)).find((r) => r.context === 'missions')!;
    const [mission] = await rows(api, missions.node);
    assert.deepStrictEqual([mission!.label, mission!.description, mission!.context], [
      'Add a goodbye endpoint next to hello, and greet people in their own language.', 'plan waits for your approval · 4 tasks planned',
      'mission:orchestral:plan_review:approve']);
    const children = await rows(api, mission!.node);
    assert.deepStrictEqual(children.map((c) => `${c.label} | ${c.description}`), [
      'Needs you: approve the plan | Critic: needs_human · 0 critical, 1 major',
      'Phase 1: Farewell endpoint | draft · 2 tasks',
      'Phase 2: Greetings in three languages | draft · 2 tasks',
    ]);
    const tasks = await rows(api, children[1]!.node);
    assert.deepStrictEqual(tasks.map((t) => `${t.label} | ${t.description}`),
      ['Add GET /goodbye returning a farewell | task-001', 'Test /goodbye like /hello | task-002']);
    const tip = api.runs.runsTree.resolveTreeItem(api.runs.runsTree.getTreeItem(mission!.node), mission!.node).tooltip as vscode.MarkdownString;
    assert.match(tip.value, /Critic: \*\*needs\\_human\*\* · 0 critical, 1 major, 1 minor — Which languages to support is a product decision\\./);
  });

  it('approves the plan: mission.json says ready with the reviewed phases, kanban.json is written, and the rows follow', async () => {
    const api = await batonApi();
    const file = path.join(workspaceRoot(), MISSION, 'mission.json');
    const original = await fs.readFile(file, 'utf8');
    try {
      const outcome = await vscode.commands.executeCommand<{ ok: boolean; phases: number; tasks: number }>('baton.approveMissionPlan', path.join(workspaceRoot(), MISSION), true);
      assert.deepStrictEqual([outcome.ok, outcome.phases, outcome.tasks], [true, 2, 4]);
      const written = JSON.parse(await fs.readFile(file, 'utf8'));
      assert.deepStrictEqual([written.status, written.planning.stage, written.title, written.phases.length], ['ready', 'approved', 'Farewell endpoint', 2]);
      assert.ok((await fs.stat(path.join(workspaceRoot(), MISSION, 'kanban.json'))).isFile());
      const missions = (await rows(api)).find((r) => r.context === 'missions')!;
      assert.strictEqual(missions.description, '1 mission');
      const [mission] = await rows(api, missions.node);
      assert.deepStrictEqual([mission!.label, mission!.description, mission!.context], ['Farewell endpoint', 'ready · 0/4 tasks passed', 'mission:orchestral:ready']);
      const phases = await rows(api, mission!.node);
      assert.deepStrictEqual(phases.map((p) => `${p.label} | ${p.description}`),
        ['Phase 1: Farewell endpoint | pending · 0/2 passed', 'Phase 2: Greetings in three languages | pending · 0/2 passed']);
      const tasks = await rows(api, phases[0]!.node);
      assert.deepStrictEqual(tasks.map((t) => t.description), ['task-001 · pending', 'task-002 · pending · waits on task-001']);
      // Approved once: a second approval is refused with the reason, and nothing is written.
      const again = await vscode.commands.executeCommand('baton.approveMissionPlan', path.join(workspaceRoot(), MISSION), true);
      assert.strictEqual(again, undefined);
    } finally {
      await fs.writeFile(file, original);
      await fs.rm(path.join(workspaceRoot(), MISSION, 'kanban.json'), { force: true });
      await api.service.fileChanged(file);
      await api.service.fileChanged(path.join(workspaceRoot(), MISSION, 'kanban.json'));
    }
  });

  it('says on a run which mission task started it, and a click on that task shows the run', async () => {
    const api = await batonApi();
    const dir = path.join(workspaceRoot(), '.orchestral/missions/mission-20260201000000');
    const mission = { mission_id: 'mission-20260201000000', title: 'Greet', description: 'Greet', status: 'in_progress',
      planning: { stage: 'approved', iterations: 1, drafts: [], critiques: [] },
      phases: [{ phase_id: 'phase-001', number: 1, title: 'Greeting', status: 'in_progress', tasks: [{ task_id: 'task-001', phase_id: 'phase-001',
        title: 'Answer GET /hello', description: '', depends_on: [], status: 'in_progress', run_id: 'run-20260201120000' }] }],
      created_at: '2026-02-01T00:00:00.000Z', updated_at: '2026-02-01T12:00:00.000Z', stats: { total_phases: 1, total_tasks: 1, completed_tasks: 0, failed_tasks: 0 } };
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'mission.json'), JSON.stringify(mission, null, 2));
    try {
      await api.service.fileChanged(path.join(dir, 'mission.json'));
      const run = (await runRows(api)).find((r) => r.label === 'A friendly greeting endpoint')!;
      assert.match(run.description, / · mission task-001$/);
      const missions = (await rows(api)).find((r) => r.context === 'missions')!;
      const greet = (await rows(api, missions.node)).find((r) => r.label === 'Greet')!;
      const [phase] = await rows(api, greet.node);
      const [task] = await rows(api, phase!.node);
      assert.strictEqual(task!.context, 'missiontask:orchestral:in_progress:run');
      const item = api.runs.runsTree.getTreeItem(task!.node);
      await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
      await until(api.runs.view.onDidChangeSelection, () => api.runs.view.selection.length === 1, 10_000);
      assert.strictEqual(api.runs.runsTree.getTreeItem(api.runs.view.selection[0] as RunTreeNode).label, 'A friendly greeting endpoint');
    } finally {
      await fs.rm(path.join(workspaceRoot(), '.orchestral/missions'), { recursive: true, force: true });
      await api.service.fileChanged(path.join(dir, 'mission.json'));
    }
  });

  it('puts the plan in Needs You beside the CRP, and its row in the Runs view opens that form', async () => {
    const api = await batonApi();
    assert.deepStrictEqual(api.decisions.needsYou.badge, { value: 2, tooltip: '2 decisions waiting for you' });
    const plan = api.service.decisions().find((d) => d.kind === 'plan')!;
    assert.strictEqual(plan.id, 'mission-20260202101500');
    const missions = (await rows(api)).find((r) => r.context === 'missions')!;
    const [mission] = await rows(api, missions.node);
    const [approve] = await rows(api, mission!.node);
    const item = api.runs.runsTree.getTreeItem(approve!.node);
    assert.deepStrictEqual([item.command?.command, item.command?.arguments], ['baton.openDecision', [decisionKey(plan)]]);
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    const controller = api.decisions.panels.controllerFor(decisionKey(plan));
    assert.ok(controller, 'a panel for the plan');
    await until(controller.onDidPost, () => controller.isReady, 15000);
    const view = controller.snapshot();
    assert.ok(view.type === 'decisions' && view.mode === 'single' && view.focus === decisionKey(plan));
    const form = view.decisions.find((d) => d.key === decisionKey(plan))!.form;
    assert.ok(form.form === 'plan');
    assert.deepStrictEqual([form.missionId, form.critique?.verdict, form.phases.map((p) => p.title), form.draft],
      ['mission-20260202101500', 'needs_human', ['Phase 1: Farewell endpoint', 'Phase 2: Greetings in three languages'], `${MISSION}/planning/draft-v2.json`]);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
