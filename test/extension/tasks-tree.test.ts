import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { batonApi, childNamed, labels, until, workspaceRoot } from './helpers/baton';

describe('Tasks tree in the real editor', () => {
  it('groups the fixture tasks by status in workflow order', async () => {
    const api = await batonApi();
    assert.deepStrictEqual(await labels(api), ['Created', 'Planned', 'Running', 'Completed']);
  });

  it('folds backlog tasks into a Backlog node of their group', async () => {
    const api = await batonApi();
    const created = await childNamed(api, 'Created');
    assert.deepStrictEqual(await labels(api, created), ['Backlog']);
    assert.deepStrictEqual(await labels(api, await childNamed(api, 'Backlog', created)), ['TASK-004  Write a changelog']);
  });

  it('badges a blocked task, shows its details on click and opens its task.yaml from the menu', async () => {
    const api = await batonApi();
    const running = await childNamed(api, 'Running');
    const row = await childNamed(api, 'TASK-002', running);
    const item = api.tasksTree.getTreeItem(row);
    assert.match(String(item.description), /blocked by TASK-003/);
    assert.match(String(item.contextValue), /^task:orc:running:blocked/);
    assert.strictEqual(item.command?.command, 'baton.showTaskDetail');
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    const panel = api.orc.detailPanels.find('TASK-002');
    assert.ok(panel, 'a click opens the task detail panel');
    panel.panel.dispose();
    await vscode.commands.executeCommand('baton.openTask', row);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, path.join(workspaceRoot(), '.orc/tasks/TASK-002/task.yaml'));
  });

  it('keeps a group\'s count right when a task joins it without the tree being rebuilt', async () => {
    const api = await batonApi();
    const dir = path.join(workspaceRoot(), '.orc/tasks/TASK-077');
    // VS Code re-renders only the rows the provider names; it does not ask for the root again. So the group row
    // is read from the same node, never through getChildren(root) (which would recount).
    const planned = await childNamed(api, 'Planned');
    const countOf = () => String(api.tasksTree.getTreeItem(planned).description);
    assert.strictEqual(countOf(), '1');
    assert.strictEqual((await labels(api, planned)).length, 1, 'the group is open, as a person looking at it has it');
    const seen: string[] = [];
    const sub = api.tasksTree.onDidChangeTreeData((e) => seen.push(e === undefined ? 'all' : (Array.isArray(e) ? e : [e]).map((n) => api.tasksTree.getTreeItem(n as never).label).join(',')));
    await fs.mkdir(dir, { recursive: true });
    try {
      await fs.writeFile(path.join(dir, 'task.yaml'), 'id: TASK-077\ntitle: Joins the planned group\nstatus: planned\n');
      await until(api.tasksTree.onDidChangeTreeData, async () => (await labels(api, planned)).length === 2);
      sub.dispose();
      assert.strictEqual(countOf(), '2', `the refreshed group row shows the new count (refreshes: ${seen.join(' | ')})`);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
      await api.service.fileChanged(dir);
      await until(api.tasksTree.onDidChangeTreeData, async () => (await labels(api, await childNamed(api, 'Planned'))).length === 1);
    }
  });

  it('moves a task to its new group within a second of a task.yaml edit, sorted by priority', async () => {
    const api = await batonApi();
    const file = path.join(workspaceRoot(), '.orc/tasks/TASK-003/task.yaml');
    const before = await fs.readFile(file, 'utf8');
    const started = Date.now();
    await fs.writeFile(file, before.replace('status: planned', 'status: running'));
    try {
      await until(api.tasksTree.onDidChangeTreeData, async () => {
        const groups = await labels(api);
        if (!groups.includes('Running') || groups.includes('Planned')) return false;
        return (await labels(api, await childNamed(api, 'Running'))).length === 2;
      }, 1000);
      const elapsed = Date.now() - started;
      assert.deepStrictEqual(await labels(api, await childNamed(api, 'Running')),
        ['TASK-002  Add a greeting endpoint', 'TASK-003  Load configuration from environment'], 'critical before normal');
      assert.ok(elapsed < 1000, `took ${elapsed} ms`);
      // TASK-002 is blocked by TASK-003: still blocked (running is not completed).
      const row = api.tasksTree.getTreeItem(await childNamed(api, 'TASK-002', await childNamed(api, 'Running')));
      assert.match(String(row.description), /blocked/);
    } finally {
      await fs.writeFile(file, before);
      await until(api.tasksTree.onDidChangeTreeData, async () => (await labels(api)).includes('Planned'));
    }
  });

  it('shows a broken task file in the Problems panel at its line', async () => {
    const uri = vscode.Uri.file(path.join(workspaceRoot(), '.orc/tasks/TASK-009/task.yaml'));
    await batonApi();
    const found = vscode.languages.getDiagnostics(uri);
    assert.strictEqual(found.length, 1, JSON.stringify(found));
    assert.strictEqual(found[0]!.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(found[0]!.range.start.line, 2, 'line 3, zero-based');
    assert.match(found[0]!.message, /invalid YAML/);
    assert.strictEqual(found[0]!.source, 'baton (orc)');
  });

  it('clears the problem when the file is fixed, and lists the task', async () => {
    const api = await batonApi();
    const file = path.join(workspaceRoot(), '.orc/tasks/TASK-009/task.yaml');
    const uri = vscode.Uri.file(file);
    const before = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, 'id: TASK-009\nstatus: created\ntitle: "Fixed: quoted now"\npriority: low\n');
    try {
      await until(vscode.languages.onDidChangeDiagnostics, () => vscode.languages.getDiagnostics(uri).length === 0, 3000);
      assert.ok((await labels(api, await childNamed(api, 'Created'))).includes('TASK-009  Fixed: quoted now'));
    } finally {
      await fs.writeFile(file, before);
      await until(vscode.languages.onDidChangeDiagnostics, () => vscode.languages.getDiagnostics(uri).length === 1, 3000);
    }
  });

  it('shows running / blocked / needs-you counts in the status bar', async () => {
    const api = await batonApi();
    await vscode.commands.executeCommand('baton.refresh');
    assert.strictEqual(api.service.items().filter((i) => i.system === 'orc' && i.kind === 'task').length, 4);
    // The fixture's Orchestral run waits on one CRP (.orchestral/runs/run-20260201120000).
    assert.strictEqual(api.statusBar.text, '$(sync) 1 running  $(lock) 1 blocked  $(bell) 1 needs you');
  });
});
