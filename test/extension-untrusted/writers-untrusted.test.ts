import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DecisionOutcome } from '../../src/core/decisions/answer-decision';
import type { OrcTask } from '../../src/core/formats/orc/model';
import { itemKey } from '../../src/core/model/items';
import type { BatonApi } from '../../src/vscode/extension';
import type { SaveCheck } from '../../src/vscode/intents/scope-guard';
import type { OrangeTreeNode } from '../../src/vscode/orange/orange-nodes';
import { batonApi, until, workspaceRoot } from '../extension/helpers/baton';
import { answerFromInbox, differences, snapshot, spawnedPrograms } from './untrusted-helpers';

/*
 * Restricted Mode, every writer and every process: each command and webview action that would write a workspace
 * file or start a program runs here with its arguments (no quick pick), and the test checks that no byte, mtime or
 * folder listing under the workspace changed, that no program ran (stand-ins for tmux, git, claude, … are first on
 * PATH: see index.ts), that no terminal opened, and that each refusal was shown with the reason (BatonApi.trust).
 */
const CLARIFY = 'Qz7uNtRuStEdClArIfY01';
const orangeTaskDir = (id: string) => path.join(workspaceRoot(), '.home', 'orange', 'tasks', 'fixture', id);
const REFUSAL = /^Baton writes no files and starts no process in an untrusted workspace .*Manage Workspace Trust.*\((.+) refused\.\)$/;

/** The actions refused since `from`, by the name each refusal gives. */
function refusedSince(api: BatonApi, from: number): string[] {
  return api.trust.refusals().slice(from).map((r) => REFUSAL.exec(r)?.[1] ?? `unexpected message: ${r}`);
}

describe('Writers and processes in an untrusted workspace (Restricted Mode)', function () {
  this.timeout(120_000);
  let api: BatonApi;
  let root: string;
  let untouched: Map<string, string>;
  let terminals: number;

  before(async () => {
    api = await batonApi();
    root = workspaceRoot();
    // An orange task that waits on a clarification, so "Needs you" has an orange answer to refuse.
    const dir = orangeTaskDir(CLARIFY);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'TASK.md'), `---\nid: ${CLARIFY}\nproject: fixture\nbranch: clarify-me\nharness: claude\n` +
      'review_harness: claude\nstatus: clarification\nreview_round: 0\ncrash_count: 0\nsummary: Pick the log format\n' +
      'workspace: fixture--2\ntmux_session: fixture/clarify-me\npr_url: null\ncreated_at: 2026-02-03T09:00:00Z\n' +
      'updated_at: 2026-02-03T10:00:00Z\n---\n\n## Context\n\nLogs.\n\n## Questions\n\n- [ ] JSON lines or plain text?\n');
    await fs.writeFile(path.join(dir, 'history.jsonl'), '');
    await api.service.fileChanged(path.join(dir, 'TASK.md'));
    await until(api.service.onDidChange, () => api.service.decisions().some((d) => d.system === 'orange' && d.id === CLARIFY), 15_000);
    // The task detail panel, whose edit messages are refused too.
    await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-002');
    const panel = api.orc.detailPanels.find('TASK-002')!;
    await until(panel.onDidPost, () => panel.lastView?.id === 'TASK-002', 20_000);
    terminals = vscode.window.terminals.length;
    untouched = await snapshot(root);
  });

  it('refuses every orc edit from the commands, says why, and returns nothing', async () => {
    const from = api.trust.refusals().length;
    const calls: [string, ...unknown[]][] = [
      ['baton.orc.setPriority', 'TASK-002', 'critical'], ['baton.orc.setQueue', 'TASK-002', 'backlog'],
      ['baton.orc.setCategory', 'TASK-002', 'bug'], ['baton.orc.setWeight', 'TASK-002', 'large'],
      ['baton.orc.setInitiative', 'TASK-002', null], ['baton.orc.editBlockedBy', 'TASK-002', ['TASK-001']],
      ['baton.orc.editRelatedTo', 'TASK-002', ['TASK-001']], ['baton.orc.resolveTask', 'TASK-002', 'fixed by hand'],
      ['baton.orc.newTask', { root, title: 'Written in Restricted Mode' }],
      // orc's database-era actions (orc edit, orc close) are refused the same way, before anything is asked or run.
      ['baton.orc.editTask', 'TASK-002', { title: 'Renamed in Restricted Mode' }], ['baton.orc.closeTask', 'TASK-002', { message: 'by hand' }],
    ];
    for (const [command, ...args] of calls) assert.strictEqual(await vscode.commands.executeCommand(command, ...args), undefined, command);
    assert.deepStrictEqual(refusedSince(api, from), ['Set priority', 'Set queue', 'Set category', 'Set weight', 'Set Initiative',
      'Edit blocked_by', 'Edit related_to', 'Resolve Task', 'New Task', 'Edit Task', 'Close Task']);
  });

  it('refuses the task detail panel\'s edits and run controls before asking anything', async () => {
    const panel = api.orc.detailPanels.find('TASK-002')!;
    const from = api.trust.refusals().length;
    const runsFrom = api.executor.trust.refusals.length;
    // editDependencies and resolve would open a quick pick / input box: refused before, so these resolve at once.
    for (const message of [{ type: 'setField', field: 'priority', value: 'critical' }, { type: 'setInitiative', initiative: null },
      { type: 'editDependencies', field: 'blocked_by' }, { type: 'resolve' }, { type: 'run' },
      { type: 'runControl', action: 'openInClaude' }, { type: 'runControl', action: 'resume' }]) await panel.receive(message);
    assert.deepStrictEqual(refusedSince(api, from), ['orc task edit', 'orc task edit', 'Edit blocked_by', 'Resolve Task',
      'Run Task', 'Open in Claude Code', 'Resume']);
    assert.strictEqual(api.executor.trust.refusals.length - runsFrom, 3, 'the run controls go through the executor\'s guard');
    assert.strictEqual(api.executor.runs.all().length, 0, 'no run started');
  });

  it('refuses a card moved on the Board (keyboard or drag), with the reason', async () => {
    const task = api.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === 'TASK-002')!;
    const from = api.trust.refusals().length;
    const shown = { folded: task.queue === 'backlog', rank: task.priority };
    await api.board.panel.receive({ type: 'move', key: itemKey(task), shown, rank: 'low', via: 'keyboard' });
    await api.board.panel.receive({ type: 'move', key: itemKey(task), shown, folded: !shown.folded, via: 'drag' });
    assert.deepStrictEqual(refusedSince(api, from), ['Move a card on the board', 'Move a card on the board']);
  });

  it('refuses a run started past the commands, where its processes would start', async () => {
    const task = api.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === 'TASK-002')!;
    const from = api.trust.refusals().length;
    assert.strictEqual(api.executor.runs.start(task, {}), undefined);
    assert.deepStrictEqual(refusedSince(api, from), ['Run']);
    assert.strictEqual(api.executor.runs.all().length, 0);
  });

  it('refuses to change an intent\'s status', async () => {
    const from = api.trust.refusals().length;
    await vscode.commands.executeCommand('baton.changeIntentStatus', { id: 'FIX-002' }, 'COMPLETED');
    assert.deepStrictEqual(refusedSince(api, from), ['Change Intent Status']);
  });

  it('refuses CRP answers from the command and from the inbox, and orange answers from the inbox, with the reason', async () => {
    const from = api.trust.refusals().length;
    const outcome = await vscode.commands.executeCommand<DecisionOutcome>('baton.answerDecision', { id: 'crp-001', decision: 'A' });
    assert.strictEqual(outcome.ok, false);
    assert.match(outcome.message, REFUSAL);
    const crp = await answerFromInbox(api, (d) => d.system === 'orchestral',
      () => ({ form: 'crp', decision: 'B', rationale: 'r', additionalNotes: '', appliesToFuture: false }));
    assert.strictEqual(crp.ok, false);
    assert.match(crp.message, REFUSAL);
    const orange = await answerFromInbox(api, (d) => d.system === 'orange' && d.id === CLARIFY, (view) => ({
      form: 'orange', to: view.form.form === 'orange' ? view.form.moves[0]?.status ?? 'planning' : 'planning', answers: ['JSON lines'], note: '' }));
    assert.strictEqual(orange.ok, false);
    assert.match(orange.message, REFUSAL);
    assert.deepStrictEqual(refusedSince(api, from), ['Answer Decision', 'Answer Decision', 'Answer Decision']);
  });

  it('refuses to approve a Dure mission\'s plan', async () => {
    const from = api.trust.refusals().length;
    const outcome = await vscode.commands.executeCommand('baton.approveMissionPlan', 'mission-20260202101500', true);
    assert.strictEqual(outcome, undefined);
    assert.deepStrictEqual(refusedSince(api, from), ['Approve the Mission\'s Plan']);
  });

  it('refuses to create or move an orange task and to attach to its tmux session', async () => {
    const from = api.trust.refusals().length;
    const created = await vscode.commands.executeCommand<{ ok: boolean; message: string }>('baton.orange.createTask',
      { project: 'fixture', summary: 'Written in Restricted Mode', context: '' });
    assert.strictEqual(created?.ok, false);
    const moved = await vscode.commands.executeCommand<{ ok: boolean; message: string }>('baton.orange.moveTask', { id: 'zua3KB5E6GQLpvjpuNNsQ', to: 'working' });
    assert.strictEqual(moved?.ok, false);
    assert.strictEqual(await vscode.commands.executeCommand('baton.orange.attach', { id: 'OnO6ytyGdVwEnGGC5NbGr' }), undefined);
    assert.deepStrictEqual(refusedSince(api, from), ['Create orange Task', 'Move orange Task', 'Attach to tmux Session']);
  });

  it('shows orange sessions as unknown without asking tmux', async () => {
    const tree = api.orange.tree;
    const rows = (node?: OrangeTreeNode): OrangeTreeNode[] => tree.getChildren(node).flatMap((n) => [n, ...rows(n)]);
    api.orange.sessions.invalidate();
    for (const node of rows()) tree.getTreeItem(node); // rendering a row asks for its session state
    assert.strictEqual(await api.orange.sessions.check('fixture/request-logging'), undefined);
    await vscode.commands.executeCommand('baton.orange.focus'); // a visible view re-checks its sessions
    assert.strictEqual(await spawnedPrograms(), '', 'tmux has-session was not started');
  });

  it('wrote nothing under the workspace, started no program and opened no terminal', async () => {
    assert.deepStrictEqual(differences(untouched, await snapshot(root)), []);
    assert.strictEqual(await spawnedPrograms(), '');
    assert.strictEqual(vscode.window.terminals.length, terminals);
  });

  it('checks saves against the active intent but does not append SCOPE_VIOLATION to the trace', async () => {
    const trace = path.join(root, '.orchestration/agent_trace.jsonl');
    const traceBefore = await fs.readFile(trace, 'utf8');
    // Asked for in the user's settings (a workspace's value is ignored here: restrictedConfigurations), still not written.
    await vscode.workspace.getConfiguration('baton').update('intents.recordScopeViolations', true, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('baton.setActiveIntent', { root, id: 'FIX-001' }); // kept in workspace state, not a file
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(root, 'src/app.ts')));
    const edit = new vscode.WorkspaceEdit(); // no editor involved: focus may be anywhere on a loaded machine
    edit.insert(doc.uri, new vscode.Position(0, 0), '// saved in Restricted Mode\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const checked = new Promise<SaveCheck>((resolve) => {
      const sub = api.intents.guard.onDidCheckSave((c) => { if (c.file === doc.uri.fsPath) { sub.dispose(); resolve(c); } });
    });
    // The person's own save goes through (a save can be cancelled by a slow save participant: ask again).
    for (let attempt = 0; attempt < 3 && doc.isDirty; attempt++) await doc.save();
    assert.strictEqual(doc.isDirty, false, 'src/app.ts was saved');
    const check = await checked;
    assert.strictEqual(check.result.allowed, false, 'src/app.ts is outside FIX-001\'s scope');
    assert.strictEqual(check.logged, false);
    assert.strictEqual(await fs.readFile(trace, 'utf8'), traceBefore, 'agent_trace.jsonl untouched');
    await api.intents.active.set(undefined);
    await vscode.workspace.getConfiguration('baton').update('intents.recordScopeViolations', undefined, vscode.ConfigurationTarget.Global);
  });
});
