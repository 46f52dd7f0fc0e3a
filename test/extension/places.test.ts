import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { promises as fs, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import type { IntentTreeNode } from '../../src/vscode/intents/intent-nodes';
import type { SaveCheck } from '../../src/vscode/intents/scope-guard';
import type { BoardCard } from '../../src/shared/board/board-model';
import type { ToBoardWebview } from '../../src/shared/board-protocol';
import type { TaskDetailView, ToTaskDetail } from '../../src/shared/task-detail-protocol';
import type { TaskDetailPanel } from '../../src/vscode/orc/task-detail-panel';
import type { UltraworkNode } from '../../src/vscode/ultrawork/ultrawork-nodes';
import { batonApi, shownInbox, until, workspaceRoot } from './helpers/baton';

// Issue 20 in the real editor: the workspace becomes a git repository with a linked worktree (an agent's, with an
// uncommitted intent) and a branch; the views, CodeLens and Problems show what is there, live with the settings.

const INTENTS = '.orchestration/active_intents.yaml';
const WORKTREE_INTENT = `
  - id: INT-B
    name: Agent B's rewrite
    status: IN_PROGRESS
    owned_scope:
      - src/app.ts
      - src/owned/greeting.ts
    assigned_agent: agent-b
`;
const REF_INTENT = `
  - id: REF-1
    name: Pushed by a teammate
    status: PENDING
    owned_scope:
      - docs/**
`;

/** git without the caller's GIT_* variables (a test runner inside a hook would otherwise point it elsewhere). */
function git(cwd: string, ...args: string[]): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
  return execFileSync('git', ['-c', 'user.name=Baton Test', '-c', 'user.email=test@baton.invalid', '-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args],
    { cwd, env: { ...env, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8' }).trim();
}

/** A commit on a branch that is checked out nowhere: the file changed in a throwaway index, the ref moved (as a push or fetch would). */
function commitOnBranch(repo: string, branch: string, file: string, text: string): void {
  const index = path.join(mkdtempSync(path.join(os.tmpdir(), 'baton-index-')), 'index');
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))), GIT_INDEX_FILE: index };
  const run = (args: string[], input?: string) => execFileSync('git', ['-c', 'user.name=Baton Test', '-c', 'user.email=test@baton.invalid', ...args],
    { cwd: repo, env, encoding: 'utf8', ...(input !== undefined ? { input } : {}) }).trim();
  run(['read-tree', branch]);
  const blob = run(['hash-object', '-w', '--stdin'], text);
  run(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`]);
  const tree = run(['write-tree']);
  const commit = run(['commit-tree', tree, '-p', branch, '-m', `teammate: ${file}`]);
  run(['update-ref', `refs/heads/${branch}`, commit]);
  rmSync(path.dirname(index), { recursive: true, force: true });
}

function label(api: BatonApi, node: IntentTreeNode): string {
  return String(api.intents.tree.getTreeItem(node).label);
}

/** The Intents view's top rows, and under a row whose label starts with `parent`, its rows (label — description). */
function rows(api: BatonApi, parent?: string): string[] {
  const tree = api.intents.tree;
  let nodes = tree.getChildren();
  if (parent !== undefined) {
    const node = nodes.find((n) => label(api, n).startsWith(parent));
    nodes = node ? tree.getChildren(node) : [];
  }
  return nodes.map((n) => { const item = tree.getTreeItem(n); return item.description ? `${String(item.label)} — ${String(item.description)}` : String(item.label); });
}

async function lensTitles(rel: string): Promise<string[]> {
  const uri = vscode.Uri.file(path.join(workspaceRoot(), rel));
  await vscode.workspace.openTextDocument(uri);
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return (lenses ?? []).filter((l) => l.command?.command.startsWith('baton.revealIntent')).map((l) => l.command!.title);
}

const config = () => vscode.workspace.getConfiguration('baton');

describe('Other worktrees and refs in the real editor (issue 20)', function () {
  this.timeout(120_000);
  let api: BatonApi;
  let root: string;
  let worktree: string;

  before(async () => {
    api = await batonApi();
    root = workspaceRoot();
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'the workspace');
    git(root, 'branch', 'feature/x');
    worktree = path.join(mkdtempSync(path.join(os.tmpdir(), 'baton-wt-')), 'wt-b');
    git(root, 'worktree', 'add', '-q', '-b', 'agent-b', worktree);
    // Agent B's claims, not committed: they exist only on disk in its worktree (FIX-001 is not there).
    await fs.writeFile(path.join(worktree, INTENTS), `active_intents:${WORKTREE_INTENT}`);
    // And a task and a run of its own.
    const task = await fs.readFile(path.join(worktree, '.orc/tasks/TASK-001/task.yaml'), 'utf8');
    await fs.mkdir(path.join(worktree, '.orc/tasks/TASK-950'));
    await fs.writeFile(path.join(worktree, '.orc/tasks/TASK-950/task.yaml'),
      task.replace('id: TASK-001', 'id: TASK-950').replace('"Set up the project skeleton"', '"Agent B\'s task"').replace('status: completed', 'status: planned'));
    // A run of agent B's that waits for a person (its CRP has no VCR answering it).
    const run = path.join(worktree, '.orchestral/runs/run-20260301090000');
    await fs.cp(path.join(worktree, '.orchestral/runs/run-20260201120000'), run, { recursive: true });
    await fs.rm(path.join(run, 'vcr'), { recursive: true, force: true });
    await config().update('refs', ['feature/*'], vscode.ConfigurationTarget.Workspace);
    await until(api.service.places.onDidChange, () => rows(api).some((r) => r.startsWith('worktree: wt-b')), 15_000);
  });

  after(async () => {
    // Off first (no git runs on a repository being taken apart), then the workspace is no repository again.
    await config().update('worktrees.enabled', false, vscode.ConfigurationTarget.Workspace);
    await config().update('refs', undefined, vscode.ConfigurationTarget.Workspace);
    await until(api.service.places.onDidChange, () => !api.service.places.active, 15_000);
    git(root, 'worktree', 'remove', '--force', worktree);
    rmSync(path.dirname(worktree), { recursive: true, force: true });
    rmSync(path.join(root, '.git'), { recursive: true, force: true });
    await config().update('worktrees.enabled', undefined, vscode.ConfigurationTarget.Workspace);
    await until(api.service.places.onDidChange, () => api.service.places.active && !rows(api).includes('This folder — 2'), 15_000);
  });

  it("shows a second worktree's uncommitted intent in the Intents view under that worktree, labelled with where it is", () => {
    assert.deepStrictEqual(rows(api), ['This folder — 2', 'worktree: wt-b (agent-b) — 1']);
    assert.deepStrictEqual(rows(api, 'This folder'), ['In progress — 1', 'Pending — 1'].map((r) => r), 'the folder\'s own groups, unchanged');
    assert.deepStrictEqual(rows(api, 'worktree: wt-b'), ['INT-B  Agent B\'s rewrite — in worktree wt-b · agent-b']);
    const [place] = api.intents.tree.getChildren().filter((n) => label(api, n).startsWith('worktree:'));
    const item = api.intents.tree.getTreeItem(place!);
    assert.strictEqual(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'folded by default');
    assert.strictEqual(item.accessibilityInformation?.label, 'worktree: wt-b (agent-b), 1 intents differing from this folder');
    const [intent] = api.intents.tree.getChildren(place!);
    assert.strictEqual(api.intents.tree.getTreeItem(intent!).accessibilityInformation?.label, "INT-B Agent B's rewrite, in worktree wt-b, agent-b");
    assert.strictEqual(api.intents.tree.getParent(intent!), place, 'reveal finds its place');
  });

  it('groups the Tasks and Runs views the same way, each item saying where it is', async () => {
    const tasks = api.tasksTree;
    const top = await tasks.getChildren();
    const shown = (nodes: readonly unknown[], tree: { getTreeItem(n: never): vscode.TreeItem }) =>
      nodes.map((n) => { const item = tree.getTreeItem(n as never); return `${String(item.label)} — ${String(item.description ?? '')}`; });
    assert.deepStrictEqual(shown(top, tasks).map((r) => r.replace(/ — \d+$/, '')), ['This folder', 'worktree: wt-b (agent-b)']);
    const [here, place] = top;
    assert.ok(shown(await tasks.getChildren(here), tasks).every((r) => !r.startsWith('worktree')), "the folder's own status groups");
    assert.deepStrictEqual(shown(await tasks.getChildren(place), tasks), ["TASK-950  Agent B's task — in worktree wt-b · planned"]);
    assert.strictEqual(tasks.getTreeItem(place!).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const [task] = await tasks.getChildren(place);
    assert.strictEqual(tasks.getParent(task!), place);
    assert.strictEqual(tasks.getTreeItem(task!).accessibilityInformation?.label, "TASK-950 Agent B's task, planned, in worktree wt-b");
    const runs = api.runs.runsTree;
    const runsTop = await runs.getChildren();
    assert.deepStrictEqual(shown(runsTop, runs).map((r) => r.replace(/ — \d+$/, '')), ['This folder', 'worktree: wt-b (agent-b)']);
    const runRows = shown(await runs.getChildren(runsTop[1]), runs);
    assert.strictEqual(runRows.length, 1);
    assert.match(runRows[0]!, / — in worktree wt-b · /);
  });

  it('lists the decisions waiting in the other worktree in Needs You, under where they are; the counts stay the folder\'s own', async () => {
    const controller = await shownInbox(api);
    const snapshot = controller.snapshot();
    assert.ok(snapshot.type === 'decisions');
    const own = api.service.decisions().length;
    const there = snapshot.decisions.filter((d) => d.folder?.name === 'worktree: wt-b (agent-b)');
    assert.deepStrictEqual(there.map((d) => [d.title, d.folder?.path]), [['crp-001', worktree]]);
    assert.ok(snapshot.decisions.slice(0, own).every((d) => d.folder?.name === 'This folder'));
    assert.strictEqual(snapshot.decisions.length, own + 1);
    assert.deepStrictEqual(api.decisions.needsYou.badge?.value, own || undefined, 'the badge counts the folder\'s own');
  });

  it("names the other worktree's intent in the CodeLens of a file it claims, and its overlap with this folder's intent in Problems", async () => {
    assert.deepStrictEqual(await lensTitles('src/app.ts'), ['$(warning) claimed by INT-B in worktree wt-b']);
    assert.deepStrictEqual(await lensTitles('src/owned/greeting.ts'),
      ['$(target) FIX-001 · Greeting endpoint · IN_PROGRESS', '$(warning) also claimed by INT-B in worktree wt-b']);
    const decoration = await api.intents.decorations.provideFileDecoration(vscode.Uri.file(path.join(root, 'src/owned/greeting.ts')));
    assert.strictEqual(decoration?.badge, '2');
    assert.ok(decoration?.color instanceof vscode.ThemeColor, 'the conflict colour');
    const intentsUri = vscode.Uri.file(path.join(root, INTENTS));
    const conflicts = () => vscode.languages.getDiagnostics(intentsUri).filter((d) => /both claim overlapping scope/.test(d.message));
    await until(api.service.places.onDidChange, () => conflicts().length === 1, 10_000);
    const [problem] = conflicts();
    assert.match(problem!.message, /^FIX-001 "Greeting endpoint" in this folder (\(and 1 other place\) )?and INT-B "Agent B's rewrite" in worktree .*wt-b both claim overlapping scope/);
    assert.strictEqual(problem!.range.start.line, 2, "at FIX-001's line (- id: FIX-001)");
  });

  it('the scope guard names the other worktree\'s claim when a file of the active intent is saved here', async () => {
    const rel = 'src/owned/greeting.ts';
    const file = path.join(root, rel);
    const before = await fs.readFile(file, 'utf8');
    await vscode.commands.executeCommand('baton.setActiveIntent', { id: 'FIX-001' });
    try {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, new vscode.Position(0, 0), '// saved while agent B claims it\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
      const checked = new Promise<SaveCheck>((resolve) => {
        const sub = api.intents.guard.onDidCheckSave((c) => { if (c.file === doc.uri.fsPath) { sub.dispose(); resolve(c); } });
      });
      for (let attempt = 0; attempt < 3 && doc.isDirty; attempt++) await doc.save();
      const check = await checked;
      assert.deepStrictEqual([check.result.allowed, check.warned, check.claimedElsewhere], [true, true, ['INT-B in worktree wt-b']]);
    } finally {
      await api.intents.active.set(undefined);
      await fs.writeFile(file, before);
    }
  });

  it('shows a commit on a branch matching baton.refs within a second or two, without a reload', async () => {
    assert.ok(!rows(api).includes('feature/x — 1'), 'feature/x does not differ yet');
    const text = await fs.readFile(path.join(root, INTENTS), 'utf8');
    const started = performance.now();
    commitOnBranch(root, 'feature/x', INTENTS, text + REF_INTENT);
    await until(api.service.places.onDidChange, () => rows(api).includes('feature/x — 1'), 10_000)
      .catch((err: Error) => { throw new Error(`${err.message}: the Intents view shows ${JSON.stringify(rows(api))}`); });
    const ms = performance.now() - started;
    console.log(`[places] a commit on feature/x shown in the Intents view after ${ms.toFixed(0)} ms`);
    assert.ok(ms < 10_000, `shown after ${ms.toFixed(0)} ms`);
    assert.deepStrictEqual(rows(api, 'feature/x'), ['REF-1  Pushed by a teammate — on feature/x']);
  });

  it('hides the other worktrees when baton.worktrees.enabled is turned off, and shows them again when on, without a reload', async () => {
    await config().update('worktrees.enabled', false, vscode.ConfigurationTarget.Workspace);
    await until(api.service.places.onDidChange, () => !rows(api).some((r) => r.startsWith('worktree:')), 10_000);
    assert.deepStrictEqual(rows(api), ['This folder — 2', 'feature/x — 1']);
    assert.deepStrictEqual(await lensTitles('src/app.ts'), []);
    await config().update('worktrees.enabled', true, vscode.ConfigurationTarget.Workspace);
    await until(api.service.places.onDidChange, () => rows(api).some((r) => r.startsWith('worktree: wt-b')), 10_000);
    assert.deepStrictEqual(await lensTitles('src/app.ts'), ['$(warning) claimed by INT-B in worktree wt-b']);
  });

  it('shows an Ultrawork session that ran in the other worktree under that worktree in the Ultrawork view, and hides it with the setting', async () => {
    const tree = api.ultrawork.tree;
    const text = async (node?: UltraworkNode) => (await tree.getChildren(node)).map((n) => {
      const item = tree.getTreeItem(n);
      return `${String(item.label)} — ${String(item.description ?? '')}`;
    });
    const session = path.join(root, '.home/.claude/ultrawork/sessions/ran-in-wt-b');
    await fs.mkdir(path.join(session, 'tasks'), { recursive: true });
    await fs.writeFile(path.join(session, 'tasks', '1.json'), JSON.stringify({ id: '1', subject: 'Rotate the keys', status: 'open', criteria: [] }));
    await fs.writeFile(path.join(session, 'session.json'), JSON.stringify({ version: '7.0', session_id: 'ran-in-wt-b', working_dir: worktree,
      original_dir: worktree, goal: 'Agent B works on its own', phase: 'EXECUTION', updated_at: '2026-04-10T09:31:55.742Z' }));
    try {
      const place = async () => (await tree.getChildren()).find((n) => String(tree.getTreeItem(n).label).startsWith('worktree: wt-b'));
      await until(tree.onDidChangeTreeData, async () => (await place()) !== undefined, 10_000)
        .catch(async (err: Error) => { throw new Error(`${err.message}: the Ultrawork view shows ${JSON.stringify(await text())}`); });
      const node = (await place())!;
      const item = tree.getTreeItem(node);
      assert.strictEqual(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'folded by default');
      assert.strictEqual(item.accessibilityInformation?.label, 'worktree: wt-b (agent-b), 1 sessions differing from this folder');
      assert.ok(!(await text()).some((r) => r.startsWith('Agent B works')), 'not among the folder\'s own sessions');
      const [row] = await tree.getChildren(node);
      const sessionItem = tree.getTreeItem(row!);
      assert.strictEqual(`${String(sessionItem.label)} — ${String(sessionItem.description)}`, 'Agent B works on its own — in worktree wt-b · EXECUTION · 0/1 tasks');
      assert.strictEqual(sessionItem.accessibilityInformation?.label, 'Agent B works on its own, in worktree wt-b, EXECUTION, 0/1 tasks');
      const tip = tree.resolveTreeItem(sessionItem, row!).tooltip as vscode.MarkdownString;
      // Markdown-escaped, as every path from a file in a tooltip.
      assert.match(tip.value, /Ran in the worktree \S*wt\\-b \(another worktree of this folder's repository\)/);
      const taskRows = await text((await tree.getChildren(row)).find((n) => tree.getTreeItem(n).label === 'Tasks'));
      assert.deepStrictEqual(taskRows, ['Rotate the keys — #1 · open']);
      await config().update('worktrees.enabled', false, vscode.ConfigurationTarget.Workspace);
      await until(tree.onDidChangeTreeData, async () => (await place()) === undefined, 10_000);
      assert.ok(!(await text()).some((r) => r.startsWith('Agent B works')), 'hidden, not moved to the folder\'s own');
    } finally {
      await config().update('worktrees.enabled', true, vscode.ConfigurationTarget.Workspace);
      await until(api.service.places.onDidChange, () => rows(api).some((r) => r.startsWith('worktree: wt-b')), 10_000);
      await fs.rm(session, { recursive: true, force: true });
    }
  });

  it("follows the other worktree's files as they change on disk", async () => {
    await config().update('worktrees.enabled', true, vscode.ConfigurationTarget.Workspace);
    const file = path.join(worktree, INTENTS);
    await fs.writeFile(file, (await fs.readFile(file, 'utf8')).replace("Agent B's rewrite", "Agent B's second try"));
    await until(api.service.places.onDidChange, () => rows(api, 'worktree: wt-b').some((r) => r.includes("Agent B's second try")), 10_000);
  });


  // Issue 20 item 2: the task detail, the board and the status bar say where a task lives.
  describe('where a task lives: task detail, board and status bar (issue 20)', () => {
    const TASK = '.orc/tasks/TASK-001/task.yaml';
    const REF_TITLE = 'Set up the project skeleton, as pushed on feature/x';
    const transcript = '.orc/tasks/TASK-001/transcripts/02-implement-001.md';

    /** The next `detail` the panel posts that passes `check`. */
    async function detail(panel: TaskDetailPanel, check: (v: TaskDetailView) => boolean = () => true): Promise<TaskDetailView> {
      await until(panel.onDidPost as vscode.Event<ToTaskDetail>, () => !!panel.lastView && check(panel.lastView), 10_000);
      return panel.lastView!;
    }

    /** Clicks the Tasks view's row of `id` under the place row whose label starts with `place`. */
    async function clickTask(place: string, id: string): Promise<void> {
      const tasks = api.tasksTree;
      const node = (await tasks.getChildren()).find((n) => String(tasks.getTreeItem(n).label).startsWith(place));
      assert.ok(node, `the Tasks view has a row ${place}`);
      const row = (await tasks.getChildren(node)).find((n) => String(tasks.getTreeItem(n).label).startsWith(`${id} `));
      const command = row && tasks.getTreeItem(row).command;
      assert.ok(command, `${id} under ${place} can be clicked`);
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    }

    before(async () => {
      // A teammate's commit on feature/x changes TASK-001 (the folder has a TASK-001 of its own); the folder's own
      // TASK-001 gets a transcript the ref's does not have (a panel reading the wrong folder would show it).
      const own = await fs.readFile(path.join(root, TASK), 'utf8');
      commitOnBranch(root, 'feature/x', TASK, own.replace('"Set up the project skeleton"', JSON.stringify(REF_TITLE)));
      await fs.mkdir(path.dirname(path.join(root, transcript)), { recursive: true });
      await fs.copyFile(path.join(root, '.orc/tasks/TASK-002/transcripts/02-implement-001.md'), path.join(root, transcript));
      await until(api.service.places.onDidChange, () => api.service.places.elsewhere(root).items.some((i) => i.id === 'TASK-001' && i.elsewhere?.ref === 'feature/x'), 15_000);
    });

    after(async () => {
      await fs.rm(path.join(root, '.orc/tasks/TASK-001/transcripts'), { recursive: true, force: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it("opens a ref's task from its row, says where it lives, offers no edit, and refuses an edit message (the folder's own task is another panel)", async () => {
      const file = path.join(root, TASK);
      const before = await fs.readFile(file, 'utf8');
      await clickTask('feature/x', 'TASK-001');
      const panel = api.orc.detailPanels.find('TASK-001', { ref: 'feature/x' });
      assert.ok(panel, "the ref's panel opened");
      assert.strictEqual(panel.panel.title, `TASK-001 · ${REF_TITLE.slice(0, 39)}… (feature/x)`);
      const v = await detail(panel, (x) => !!x.where);
      assert.deepStrictEqual([v.where?.kind, v.where?.text], ['ref', 'Committed on feature/x — read from git, nothing checked out']);
      assert.match(v.where!.readOnly, /^Read-only: TASK-001 is shown as committed on feature\/x/);
      assert.strictEqual(v.title, REF_TITLE);
      assert.strictEqual(v.editable, false);
      assert.deepStrictEqual([v.transcripts, v.attachments, v.comments, v.testReport], [[], [], [], null], "nothing of the folder's own TASK-001 folder");

      // The folder's own TASK-001: a panel of its own, with its transcript, editable.
      await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-001');
      const ownPanel = api.orc.detailPanels.find('TASK-001')!;
      assert.notStrictEqual(ownPanel, panel);
      const own = await detail(ownPanel);
      assert.deepStrictEqual([own.where ?? null, own.title, own.editable, own.transcripts.length], [null, 'Set up the project skeleton', true, 1]);

      // What a stale or crafted page could send for the ref's task: refused, said to the page, nothing written.
      const notices: string[] = [];
      const listening = (panel.onDidPost as vscode.Event<ToTaskDetail>)((m) => { if (m.type === 'notice') notices.push(m.message); });
      try {
        await panel.receive({ type: 'setField', field: 'priority', value: 'critical' });
        await panel.receive({ type: 'setInitiative', initiative: 'INIT-001' });
        await panel.receive({ type: 'run' });
        assert.strictEqual(notices.length, 3);
        for (const n of notices) assert.match(n, /^Read-only: TASK-001 is shown as committed on feature\/x/);
        // And the commands, given the ref's task as a row would: refused too.
        const task = api.service.places.elsewhere(root).items.find((i) => i.id === 'TASK-001' && i.elsewhere?.ref === 'feature/x');
        assert.strictEqual(await vscode.commands.executeCommand('baton.orc.setPriority', { task }, 'critical'), undefined);
        assert.strictEqual(await fs.readFile(file, 'utf8'), before, "the folder's own task.yaml is unchanged");
      } finally {
        listening.dispose();
        panel.panel.dispose();
        ownPanel.panel.dispose();
      }
    });

    it("opens another worktree's task read-only, naming the worktree and its branch and where to change it", async () => {
      await clickTask('worktree: wt-b', 'TASK-950');
      const panel = api.orc.detailPanels.find('TASK-950', { worktree })!;
      assert.ok(panel);
      const v = await detail(panel, (x) => !!x.where);
      assert.deepStrictEqual([v.where?.kind, v.where?.text], ['worktree', `In the worktree ${worktree} (branch agent-b)`]);
      assert.match(v.where!.readOnly, /Open that worktree \(wt-b\) in a window of its own/);
      assert.deepStrictEqual([v.title, v.status, v.editable], ["Agent B's task", 'planned', false]);
      const file = path.join(worktree, '.orc/tasks/TASK-950/task.yaml');
      const before = await fs.readFile(file, 'utf8');
      const notices: string[] = [];
      const listening = (panel.onDidPost as vscode.Event<ToTaskDetail>)((m) => { if (m.type === 'notice') notices.push(m.message); });
      try {
        await panel.receive({ type: 'setField', field: 'queue', value: 'backlog' });
        assert.match(notices[0] ?? '', /belongs to the checkout in .*wt-b/);
        assert.strictEqual(await fs.readFile(file, 'utf8'), before);
      } finally {
        listening.dispose();
        panel.panel.dispose();
      }
    });

    it('the board shows the other places only behind its toggle, each card saying where and locked; a move for one is refused', async () => {
      const posts: ToBoardWebview[] = [];
      const sub = api.board.panel.onDidPost((m) => posts.push(m));
      const boards = () => posts.filter((m): m is Extract<ToBoardWebview, { type: 'board' }> => m.type === 'board');
      try {
        await vscode.commands.executeCommand('baton.openBoard');
        await until(api.board.panel.onDidPost, () => boards().length > 0, 20_000);
        const first = boards().at(-1)!;
        assert.deepStrictEqual(first.otherPlaces, { available: true, shown: false }, 'off by default');
        assert.ok(first.board.cards.every((c) => !c.where), "only the folder's own cards");
        await api.board.panel.receive({ type: 'showOtherPlaces', show: true });
        const shown = boards().at(-1)!;
        assert.deepStrictEqual(shown.otherPlaces, { available: true, shown: true });
        const where = (c: BoardCard) => `${c.id} ${c.where}`;
        const others = shown.board.cards.filter((c) => c.where);
        assert.deepStrictEqual(others.map(where).sort(), ['TASK-001 on feature/x', 'TASK-950 in worktree wt-b']);
        for (const c of others) assert.match(c.locked ?? '', /read-only here/);
        assert.strictEqual(shown.board.cards.filter((c) => c.id === 'TASK-001').length, 2, "the folder's own TASK-001 and feature/x's");
        // A move of the ref's card (a drag the page would not start): refused by the host, nothing written.
        const file = path.join(root, TASK);
        const before = await fs.readFile(file, 'utf8');
        const card = others.find((c) => c.id === 'TASK-001')!;
        posts.length = 0;
        await api.board.panel.receive({ type: 'move', key: card.key, shown: { folded: card.folded, rank: card.rank }, rank: 'critical', via: 'drag' });
        assert.match(JSON.stringify(posts.find((m) => m.type === 'notice')), /feature\/x: read-only here/);
        assert.strictEqual(await fs.readFile(file, 'utf8'), before);
        // Opening it opens the ref's task, not the folder's.
        await api.board.panel.receive({ type: 'open', key: card.key });
        const panel = api.orc.detailPanels.find('TASK-001', { ref: 'feature/x' });
        assert.ok(panel, "the ref's task opened from its card");
        panel.panel.dispose();
      } finally {
        await api.board.panel.receive({ type: 'showOtherPlaces', show: false });
        sub.dispose();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
      assert.strictEqual(api.board.panel.showOthers, false, 'remembered off again');
    });

    it('the status bar counts only the folder\'s own until baton.statusBar.includeOtherPlaces is on, and says how many are elsewhere', async () => {
      const decisions = () => api.statusBar.shown.find((s) => /decisions? waiting/.test(s.label))?.label ?? '';
      const own = api.service.decisions().length;
      api.statusBar.update();
      assert.strictEqual(decisions(), `${own} decision${own === 1 ? '' : 's'} waiting`);
      try {
        await config().update('statusBar.includeOtherPlaces', true, vscode.ConfigurationTarget.Workspace);
        await until(vscode.workspace.onDidChangeConfiguration, () => decisions() !== `${own} decision${own === 1 ? '' : 's'} waiting`, 10_000);
        assert.strictEqual(decisions(), `${own + 1} decisions waiting, 1 in other worktrees or branches`);
      } finally {
        await config().update('statusBar.includeOtherPlaces', undefined, vscode.ConfigurationTarget.Workspace);
      }
      await until(vscode.workspace.onDidChangeConfiguration, () => !decisions().includes('other worktrees'), 10_000);
      assert.strictEqual(decisions(), `${own} decision${own === 1 ? '' : 's'} waiting`);
    });
  });
});
