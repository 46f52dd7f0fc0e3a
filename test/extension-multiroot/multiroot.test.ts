import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrcTask } from '../../src/core/formats/orc/model';
import type { IndexChange } from '../../src/core/service/orchestration-service';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, until } from '../extension/helpers/baton';

/** The two folders of the window, as the workspace file lists them: alpha, then beta (named "Beta runs"). */
function folders(): { alpha: string; beta: string } {
  const [alpha, beta, ...rest] = vscode.workspace.workspaceFolders ?? [];
  assert.ok(alpha && beta && !rest.length, 'the window has exactly two workspace folders');
  return { alpha: alpha.uri.fsPath, beta: beta.uri.fsPath };
}

interface Group { readonly label: string; readonly tooltip: string; readonly items: string[] }

/**
 * A view's root level as a person sees it: one row per folder, and under each the ids `pick` finds in its subtree
 * (it stops at a picked row, so a run's files are never listed).
 */
async function groups<N>(provider: vscode.TreeDataProvider<N>, pick: (node: N) => string | undefined): Promise<Group[]> {
  const below = async (node: N): Promise<string[]> => {
    const ids: string[] = [];
    for (const child of (await provider.getChildren(node)) ?? []) {
      const id = pick(child);
      if (id !== undefined) ids.push(id); else ids.push(...await below(child));
    }
    return ids;
  };
  const out: Group[] = [];
  for (const root of (await provider.getChildren()) ?? []) {
    const item = await provider.getTreeItem(root);
    out.push({ label: String(item.label), tooltip: String(item.tooltip), items: (await below(root)).sort() });
  }
  return out;
}

const taskId = (n: unknown) => (n as { task?: OrcTask }).task?.id;

function idsOf(api: BatonApi, system: string, kind: string, root: string): string[] {
  return api.service.items().filter((i) => i.system === system && i.kind === kind && i.root === root).map((i) => i.id).sort();
}

describe('A multi-root workspace (two folders)', () => {
  it('reads both folders\' state into the service', async () => {
    const api = await batonApi();
    const { alpha, beta } = folders();
    assert.deepStrictEqual(api.service.folders, [alpha, beta]);
    assert.deepStrictEqual(idsOf(api, 'orc', 'task', alpha), ['TASK-001', 'TASK-002', 'TASK-003', 'TASK-004', 'TASK-005', 'TASK-006']);
    // The broken fixture's tasks that parse to a mapping (its EXPECTED.md); the others are listed as placeholders
    // (status `unreadable`, issue 17) beside their diagnostics.
    const readable = api.service.items().filter((i) => i.system === 'orc' && i.kind === 'task' && i.root === beta && !i.unreadable).map((i) => i.id).sort();
    assert.deepStrictEqual(readable, ['TASK-102', 'TASK-103', 'TASK-104', 'TASK-105', 'TASK-106', 'TASK-107', 'TASK-111', 'TASK-112', 'TASK-115']);
    assert.deepStrictEqual(idsOf(api, 'orc', 'task', beta).filter((id) => !readable.includes(id)),
      ['TASK-101', 'TASK-108', 'TASK-109', 'TASK-110', 'TASK-113', 'TASK-114']);
    assert.deepStrictEqual(idsOf(api, 'orc', 'initiative', alpha), ['INIT-001', 'INIT-002']);
    assert.deepStrictEqual(idsOf(api, 'orc', 'initiative', beta), ['INIT-101']);
    assert.deepStrictEqual(idsOf(api, 'intents', 'intent', alpha), ['FIX-001', 'FIX-002']);
    assert.deepStrictEqual(idsOf(api, 'intents', 'intent', beta), []);
    assert.deepStrictEqual(idsOf(api, 'orchestral', 'run', alpha), ['run-20260201120000']);
    assert.deepStrictEqual(idsOf(api, 'orchestral', 'run', beta), ['run-20260131090000', 'run-20260201120000']);
    assert.strictEqual(idsOf(api, 'orange', 'task', alpha).length, 8, 'orange project "app" is alpha\'s');
    assert.strictEqual(idsOf(api, 'orange', 'task', beta).length, 1, 'orange project "other" is beta\'s');
  });

  it('shows one row per folder, by the name VS Code gives it, with that folder\'s items under it', async () => {
    const api = await batonApi();
    const { alpha, beta } = folders();
    assert.deepStrictEqual(await groups(api.tasksTree, taskId), [
      { label: 'alpha', tooltip: alpha, items: idsOf(api, 'orc', 'task', alpha) },
      { label: 'Beta runs', tooltip: beta, items: idsOf(api, 'orc', 'task', beta) },
    ]);
    assert.deepStrictEqual(await groups(api.runs.runsTree, (n) => (n as { run?: { id: string } }).run?.id), [
      { label: 'alpha', tooltip: alpha, items: ['run-20260201120000'] },
      { label: 'Beta runs', tooltip: beta, items: ['run-20260131090000', 'run-20260201120000'] },
    ]);
    assert.deepStrictEqual(await groups(api.orc.initiativesTree, (n) => (n as { initiative?: { id: string } }).initiative?.id), [
      { label: 'alpha', tooltip: alpha, items: ['INIT-001', 'INIT-002'] },
      { label: 'Beta runs', tooltip: beta, items: ['INIT-101'] },
    ]);
    assert.deepStrictEqual(await groups(api.orange.tree, taskId), [
      { label: 'alpha', tooltip: alpha, items: idsOf(api, 'orange', 'task', alpha) },
      { label: 'Beta runs', tooltip: beta, items: idsOf(api, 'orange', 'task', beta) },
    ]);
    // Ultrawork: each folder's sessions, then the sessions that name no folder (shown once, not once per folder).
    assert.deepStrictEqual(await groups(api.ultrawork.tree, (n) => (n as { session?: { id: string } }).session?.id), [
      { label: 'alpha', tooltip: alpha, items: ['a1-v5-mine', 'e5-cancelled'] },
      { label: 'Beta runs', tooltip: beta, items: ['b2-v7-mine'] },
      { label: 'Unassigned', tooltip: 'Sessions whose session.json names no working_dir or original_dir (older sessions), or cannot be read.', items: ['d4-v5-unassigned'] },
    ]);
    // A folder with no intents has no row: the view does not show an empty group.
    assert.deepStrictEqual(await groups(api.intents.tree, (n) => (n as { intent?: { id: string } }).intent?.id), [
      { label: 'alpha', tooltip: alpha, items: idsOf(api, 'intents', 'intent', alpha) },
    ]);
  });

  it('puts each folder\'s decisions under its name in Needs you, and counts both in the status bar', async () => {
    const api = await batonApi();
    const { alpha, beta } = folders();
    await vscode.commands.executeCommand('baton.needsYou.focus');
    await until(api.decisions.needsYou.onDidResolve, () => api.decisions.needsYou.current !== undefined, 15000);
    const controller = api.decisions.needsYou.current!;
    await until(controller.onDidPost, () => controller.isReady, 15000);
    const snapshot = controller.snapshot();
    assert.ok(snapshot.type === 'decisions');
    // Folder by folder (the page starts a heading where the folder changes): alpha's CRP and orange clarification,
    // then beta's.
    assert.deepStrictEqual(snapshot.decisions.map((d) => [d.folder?.name, d.system, d.title]), [
      ['alpha', 'orchestral', 'crp-001'], ['alpha', 'orange', snapshot.decisions[1]!.title],
      ['Beta runs', 'orchestral', 'crp-001'], ['Beta runs', 'orange', snapshot.decisions[3]!.title],
    ]);
    assert.deepStrictEqual(snapshot.decisions.map((d) => d.folder?.path), [alpha, alpha, beta, beta]);
    assert.strictEqual(new Set(snapshot.decisions.map((d) => d.key)).size, 4, 'the same CRP in two folders is two decisions');
    assert.deepStrictEqual(api.decisions.needsYou.badge, { value: 4, tooltip: '4 decisions waiting for you' });
    assert.match(api.statusBar.text, /\$\(bell\) 4 waiting/);
  });

  it('reports the problems of both folders', async () => {
    await batonApi();
    const { alpha, beta } = folders();
    const alphaFile = vscode.Uri.file(path.join(alpha, '.orc/tasks/TASK-006/task.yaml'));
    const betaFile = vscode.Uri.file(path.join(beta, '.orc/tasks/TASK-101/task.yaml'));
    await until(vscode.languages.onDidChangeDiagnostics,
      () => vscode.languages.getDiagnostics(alphaFile).length > 0 && vscode.languages.getDiagnostics(betaFile).length > 0, 15000);
    const [warning] = vscode.languages.getDiagnostics(alphaFile);
    assert.strictEqual(warning!.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning!.message, /TASK-404/);
    assert.ok(vscode.languages.getDiagnostics(betaFile).some((d) => d.severity === vscode.DiagnosticSeverity.Error));
    const inBeta = vscode.languages.getDiagnostics().filter(([uri, list]) => uri.fsPath.startsWith(beta + path.sep) && list.length);
    assert.ok(inBeta.length >= 10, `problems in ${inBeta.length} of beta's files`);
  });

  it('a file changed in the second folder updates that folder only', async () => {
    const api = await batonApi();
    const { alpha, beta } = folders();
    const before = await groups(api.tasksTree, taskId);
    const changes: IndexChange[] = [];
    const sub = api.service.onDidChange((c) => changes.push(c));
    const dir = path.join(beta, '.orc/tasks/TASK-116');
    try {
      await fs.mkdir(dir);
      await fs.writeFile(path.join(dir, 'task.yaml'), 'id: TASK-116\ntitle: Added in beta\nstatus: planned\n');
      await until(api.tasksTree.onDidChangeTreeData, async () => (await groups(api.tasksTree, taskId))[1]!.items.includes('TASK-116'), 15000);
      const after = await groups(api.tasksTree, taskId);
      assert.deepStrictEqual(after[0], before[0], 'alpha\'s row and tasks are unchanged');
      assert.deepStrictEqual(after[1]!.items, [...before[1]!.items, 'TASK-116'].sort());
      assert.ok(changes.length > 0 && changes.every((c) => c.root === beta && c.changed.every((i) => i.root === beta)),
        `changes: ${JSON.stringify(changes.map((c) => [c.root, c.changed.map((i) => i.id)]))}`);
      assert.ok(!changes.some((c) => c.root === alpha));
    } finally {
      sub.dispose();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('follows a folder added and removed while the window is open (no reload)', async () => {
    const api = await batonApi();
    const { alpha, beta } = folders();
    const gamma = await fs.mkdtemp(path.join(os.tmpdir(), 'baton-gamma-'));
    await fs.mkdir(path.join(gamma, '.orc/tasks/TASK-301'), { recursive: true });
    await fs.writeFile(path.join(gamma, 'orc.yaml'), 'version: 1\n');
    await fs.writeFile(path.join(gamma, '.orc/tasks/TASK-301/task.yaml'), 'id: TASK-301\ntitle: Added with its folder\nstatus: running\n');
    const folderEvent = () => new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
    try {
      let changed = folderEvent();
      assert.ok(vscode.workspace.updateWorkspaceFolders(2, 0, { uri: vscode.Uri.file(gamma), name: 'gamma' }), 'the folder is added');
      await changed;
      await until(api.service.onDidReconfigure, () => api.service.folders.includes(gamma), 20000);
      assert.deepStrictEqual(api.service.folders, [alpha, beta, gamma]);
      assert.deepStrictEqual(idsOf(api, 'orc', 'task', gamma), ['TASK-301']);
      const three = await groups(api.tasksTree, taskId);
      assert.deepStrictEqual(three.map((g) => [g.label, g.tooltip]), [['alpha', alpha], ['Beta runs', beta], ['gamma', gamma]]);
      assert.deepStrictEqual(three[2]!.items, ['TASK-301']);
      // The new folder is watched: a task written there afterwards shows up under it.
      await fs.mkdir(path.join(gamma, '.orc/tasks/TASK-302'));
      await fs.writeFile(path.join(gamma, '.orc/tasks/TASK-302/task.yaml'), 'id: TASK-302\ntitle: Written later\nstatus: planned\n');
      await until(api.service.onDidChange, () => idsOf(api, 'orc', 'task', gamma).includes('TASK-302'), 15000);

      changed = folderEvent();
      assert.ok(vscode.workspace.updateWorkspaceFolders(2, 1), 'the folder is removed');
      await changed;
      await until(api.service.onDidReconfigure, () => !api.service.folders.includes(gamma), 20000);
      assert.deepStrictEqual(idsOf(api, 'orc', 'task', gamma), [], 'its tasks are gone');
      assert.deepStrictEqual((await groups(api.tasksTree, taskId)).map((g) => g.label), ['alpha', 'Beta runs']);
    } finally {
      if ((vscode.workspace.workspaceFolders ?? []).length > 2) vscode.workspace.updateWorkspaceFolders(2, 1);
      await fs.rm(gamma, { recursive: true, force: true });
    }
  });
});
