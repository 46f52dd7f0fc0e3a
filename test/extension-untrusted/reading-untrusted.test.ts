import * as assert from 'node:assert';
import { cpSync, promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, labels, until, workspaceRoot } from '../extension/helpers/baton';

/*
 * Restricted Mode takes away writing and running, not reading: every view shows the workspace's items, the task
 * detail panel opens, broken files still reach the Problems panel and the intents CodeLens is still provided.
 */
const SESSIONS = '.home/.claude/ultrawork/sessions';
const FIXTURE_SESSIONS = path.resolve(__dirname, '../../../test/fixtures/ultrawork/valid/home/.claude/ultrawork/sessions');

const label = (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : item.label?.label ?? '');

describe('Reading and viewing in an untrusted workspace (Restricted Mode)', function () {
  this.timeout(120_000);
  let api: BatonApi;
  let root: string;
  before(async () => {
    api = await batonApi();
    root = workspaceRoot();
    assert.strictEqual(vscode.workspace.isTrusted, false);
  });

  it('runs no git for other worktrees and refs: only the folder\'s own files are shown, even with baton.refs set', async () => {
    assert.deepStrictEqual([api.service.places.current.trusted, api.service.places.active], [false, false]);
    await vscode.workspace.getConfiguration('baton').update('refs', ['*'], vscode.ConfigurationTarget.Workspace);
    try {
      await until(api.service.places.onDidChange, () => api.service.places.current.refs.includes('*'), 10_000);
      assert.strictEqual(api.service.places.active, false);
      assert.deepStrictEqual(api.service.places.placesOf(root), []);
      assert.deepStrictEqual(api.service.places.gitWatchPatterns(), []);
      assert.deepStrictEqual(api.places.gitPatterns, []);
    } finally {
      await vscode.workspace.getConfiguration('baton').update('refs', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('shows the Tasks, Intents, Runs and orange trees with their items', async () => {
    assert.deepStrictEqual(await labels(api), ['Unreadable', 'Created', 'Planned', 'Running', 'Completed']);
    const intents = api.intents.tree.getChildren().flatMap((g) => api.intents.tree.getChildren(g)).map((n) => label(api.intents.tree.getTreeItem(n)));
    assert.ok(intents.some((l) => l.startsWith('FIX-001')) && intents.some((l) => l.startsWith('FIX-002')), JSON.stringify(intents));
    const runs = (await api.runs.runsTree.getChildren()).map((n) => label(api.runs.runsTree.getTreeItem(n)));
    assert.deepStrictEqual(runs, ['A friendly greeting endpoint', 'run-20260131090000']);
    const projects = api.orange.tree.getChildren();
    assert.deepStrictEqual(projects.map((p) => label(api.orange.tree.getTreeItem(p))), ['fixture']);
    const tasks = api.orange.tree.getChildren(projects[0]).flatMap((g) => api.orange.tree.getChildren(g)).map((n) => label(api.orange.tree.getTreeItem(n)));
    assert.ok(tasks.includes('Add request logging'), JSON.stringify(tasks));
  });

  it('shows Ultrawork sessions as the plugin writes them', async () => {
    const names = (await fs.readdir(FIXTURE_SESSIONS));
    for (const name of names) cpSync(path.join(FIXTURE_SESSIONS, name), path.join(root, SESSIONS, name), { recursive: true });
    try {
      await until(api.ultrawork.tree.onDidChangeTreeData, async () => (await api.ultrawork.tree.getChildren()).length > 0, 20_000);
      const rows = (await api.ultrawork.tree.getChildren()).map((n) => label(api.ultrawork.tree.getTreeItem(n)));
      assert.ok(rows.includes('Add rate limiting to the login endpoint'), JSON.stringify(rows));
    } finally {
      for (const name of names) await fs.rm(path.join(root, SESSIONS, name), { recursive: true, force: true });
      await until(api.service.onDidChange, () => !api.service.items().some((i) => i.system === 'ultrawork'), 20_000);
    }
  });

  it('opens the task detail panel, read-only', async () => {
    await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-002');
    const panel = api.orc.detailPanels.find('TASK-002');
    assert.ok(panel);
    await until(panel.onDidPost, () => panel.lastView?.id === 'TASK-002', 20_000);
    assert.strictEqual(panel.lastView?.editable, false);
    panel.panel.dispose();
  });

  it('puts a broken file\'s problem in the Problems panel', async () => {
    const dir = path.join(root, '.orc/tasks/TASK-777');
    const file = path.join(dir, 'task.yaml');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(file, 'id: TASK-777\ntitle: [unclosed\n');
    try {
      await api.service.fileChanged(file);
      await until(vscode.languages.onDidChangeDiagnostics, () => vscode.languages.getDiagnostics(vscode.Uri.file(file)).length > 0, 20_000);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
      await api.service.fileChanged(dir);
    }
  });

  it('provides the intents CodeLens', async () => {
    // The executor test turned the lens off to see that this window reads its settings file: turn it back on.
    const settingsFile = path.join(root, '.vscode', 'settings.json');
    const settings = JSON.parse(await fs.readFile(settingsFile, 'utf8')) as Record<string, unknown>;
    await fs.writeFile(settingsFile, JSON.stringify({ ...settings, 'baton.codeLens.enabled': true }, null, 2));
    await until(vscode.workspace.onDidChangeConfiguration, () => vscode.workspace.getConfiguration('baton').get('codeLens.enabled') === true, 20_000);
    const owned = vscode.Uri.file(path.join(root, 'src/owned/greeting.ts'));
    await vscode.workspace.openTextDocument(owned);
    const ours = async () => ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', owned)) ?? [])
      .filter((l) => l.command?.command === 'baton.revealIntent');
    await until(api.intents.codeLens.onDidChangeCodeLenses, async () => (await ours()).length === 1, 20_000);
    assert.match((await ours())[0]!.command!.title, /FIX-001/);
  });
});
