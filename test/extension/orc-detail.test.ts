import * as assert from 'node:assert';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import picomatch from 'picomatch';
import initSqlJs from 'sql.js';
import * as vscode from 'vscode';
import { parse as parseYaml } from 'yaml';
import type { TaskDetailView, ToTaskDetail } from '../../src/shared/task-detail-protocol';
import type { TaskDetailPanel } from '../../src/vscode/orc/task-detail-panel';
import { batonApi, childNamed, labels, until, workspaceRoot } from './helpers/baton';

/** The next `detail` the panel posts that passes `check` (the first one comes after the page's `ready`). */
async function detail(panel: TaskDetailPanel, check: (v: TaskDetailView) => boolean = () => true, ms = 10000): Promise<TaskDetailView> {
  await until(panel.onDidPost as vscode.Event<ToTaskDetail>, () => !!panel.lastView && check(panel.lastView), ms);
  return panel.lastView!;
}

describe('orc task detail, edits, Initiatives and schemas in the real editor', () => {
  it('opens a task\'s detail with its timeline, tokens per phase, transcripts and test results', async () => {
    const api = await batonApi();
    await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-002');
    const panel = api.orc.detailPanels.find('TASK-002')!;
    assert.ok(panel, 'the panel opened');
    assert.strictEqual(panel.panel.title, 'TASK-002 · Add a greeting endpoint');
    const v = await detail(panel);
    assert.deepStrictEqual(v.phases.map((p) => `${p.name}:${p.status}${p.current ? '*' : ''}`), ['spec:completed', 'implement:running*', 'test:pending']);
    assert.deepStrictEqual(v.phases[0]!.gates.map((g) => g.decision), ['approved']);
    assert.strictEqual(v.phases[0]!.checkpoint, '1a2b3c4');
    assert.deepStrictEqual(v.phases.map((p) => p.tokens?.total ?? null), [4000, 6500, null]);
    assert.strictEqual(v.tokens?.effectiveInput, 9500);
    assert.deepStrictEqual(v.transcripts.map((t) => [t.name, t.tokens]), [['02-implement-001.md', 6500]]);
    assert.deepStrictEqual(v.testReport?.summary, { total: 3, passed: 2, failed: 1, skipped: 0 });
    assert.deepStrictEqual(v.blockedBy.map((r) => [r.id, r.status]), [['TASK-003', 'planned']]);
    assert.strictEqual(v.editable, true);
    panel.panel.dispose();
  });

  it('confirms a field edit in place with the old and new value, and Undo (the same edit back) restores it', async () => {
    const api = await batonApi();
    await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-002');
    const panel = api.orc.detailPanels.find('TASK-002')!;
    const before = await detail(panel);
    const file = path.join(workspaceRoot(), '.orc/tasks/TASK-002/task.yaml');
    const original = await fs.readFile(file, 'utf8');
    const from = before.priority;
    const to = before.choices.priority.find((p) => p !== from)!;
    const edits: Extract<ToTaskDetail, { type: 'edited' }>['edit'][] = [];
    const listening = (panel.onDidPost as vscode.Event<ToTaskDetail>)((m) => { if (m.type === 'edited') edits.push(m.edit); });
    try {
      await panel.receive({ type: 'setField', field: 'priority', value: to });
      assert.deepStrictEqual(edits, [{ field: 'priority', from, to }], 'the edit is confirmed with both values');
      assert.match(await fs.readFile(file, 'utf8'), new RegExp(`^priority: ${to}$`, 'm'));
      await detail(panel, (v) => v.priority === to, 5000);
      // Undo: the page sends the same edit with the old value
      await panel.receive({ type: 'setField', field: 'priority', value: from });
      assert.deepStrictEqual(edits[1], { field: 'priority', from: to, to: from });
      assert.match(await fs.readFile(file, 'utf8'), new RegExp(`^priority: ${from}$`, 'm'));
      // a refused edit (an unknown value) confirms nothing
      await panel.receive({ type: 'setField', field: 'priority', value: 'urgent-ish' });
      assert.strictEqual(edits.length, 2);
    } finally {
      listening.dispose();
      await fs.writeFile(file, original);
      panel.panel.dispose();
    }
  });

  it('live-updates when a file of the task changes', async () => {
    const api = await batonApi();
    await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-002');
    const panel = api.orc.detailPanels.find('TASK-002')!;
    await detail(panel);
    const file = path.join(workspaceRoot(), '.orc/tasks/TASK-002/test-results/report.json');
    const before = await fs.readFile(file, 'utf8');
    try {
      await fs.writeFile(file, before.replace('"failed": 1', '"failed": 0').replace('"passed": 2', '"passed": 3'));
      const v = await detail(panel, (x) => x.testReport?.summary.failed === 0, 5000);
      assert.strictEqual(v.testReport?.summary.passed, 3);
    } finally {
      await fs.writeFile(file, before);
      await detail(panel, (x) => x.testReport?.summary.failed === 1, 5000);
      panel.panel.dispose();
    }
  });

  it('shows comments from orc.db, read by the wasm SQLite the extension ships, as soon as the database appears', async () => {
    const api = await batonApi();
    await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-002');
    const panel = api.orc.detailPanels.find('TASK-002')!;
    await detail(panel);
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE task_comments (id TEXT PRIMARY KEY, task_id TEXT NOT NULL, author TEXT NOT NULL, author_type TEXT NOT NULL, content TEXT NOT NULL, phase TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)');
    db.run("INSERT INTO task_comments VALUES ('TC-0a1b2c3d', 'TASK-002', 'claude', 'agent', 'The config loader lands first', 'implement', '2026-01-06T09:30:00Z', '2026-01-06T09:30:00Z')");
    const file = path.join(workspaceRoot(), '.orc/orc.db');
    await fs.writeFile(file, Buffer.from(db.export()));
    try {
      const v = await detail(panel, (x) => x.comments.length === 1, 10000);
      assert.deepStrictEqual([v.comments[0]!.author, v.comments[0]!.authorType, v.commentStats.agent], ['claude', 'agent', 1]);
      assert.deepStrictEqual(v.problems, []);
    } finally {
      await fs.rm(file, { force: true });
      panel.panel.dispose();
    }
  });

  it('edits priority from a command and the tree re-sorts; an invalid value writes nothing', async () => {
    const api = await batonApi();
    const root = workspaceRoot();
    const created: string[] = [];
    try {
      for (const [title, priority] of [['Tidy the README', 'low'], ['Log each request', 'normal']] as const) {
        const result = await vscode.commands.executeCommand<{ id: string } | undefined>('baton.orc.newTask', { root, title, priority });
        assert.ok(result?.id, `created ${title}`);
        created.push(result.id);
      }
      const [low, normal] = created as [string, string];
      const createdRows = async () => (await labels(api, await childNamed(api, 'Created'))).filter((l) => l !== 'Backlog');
      await until(api.tasksTree.onDidChangeTreeData, async () => (await createdRows()).length === 2)
        .catch((e: Error) => { throw new Error(`the two new tasks did not show: ${e.message}; rows ${JSON.stringify(api.service.items().map((i) => i.id))}`); });
      assert.deepStrictEqual((await createdRows()).map((l) => l.split(' ')[0]), [normal, low], 'normal before low');

      const file = path.join(root, '.orc/tasks', low, 'task.yaml');
      const refused = await vscode.commands.executeCommand('baton.orc.setPriority', low, 'urgent');
      assert.strictEqual(refused, undefined);
      assert.match(readFileSync(file, 'utf8'), /^priority: low$/m);

      const started = Date.now();
      await vscode.commands.executeCommand('baton.orc.setPriority', low, 'critical');
      await until(api.tasksTree.onDidChangeTreeData, async () => (await createdRows())[0]?.startsWith(low) ?? false)
        .catch(async (e: Error) => { throw new Error(`no re-sort: ${e.message}; rows ${JSON.stringify(await createdRows())}`); });
      assert.deepStrictEqual((await createdRows()).map((l) => l.split(' ')[0]), [low, normal], 'critical first');
      assert.ok(Date.now() - started < 5000, 'read back after the edit, with no refresh (room left for a loaded machine)');
      assert.match(readFileSync(file, 'utf8'), /^priority: critical$/m);
    } finally {
      for (const id of created) {
        await fs.rm(path.join(root, '.orc/tasks', id), { recursive: true, force: true });
        await api.service.fileChanged(path.join(root, '.orc/tasks', id, 'task.yaml'));
      }
      assert.strictEqual(api.service.items().filter((i) => i.system === 'orc' && i.kind === 'task' && !i.unreadable).length, 4);
    }
  });

  it('shows initiatives with progress, [BLOCKED] state and their tasks', async () => {
    const api = await batonApi();
    const rows = await api.orc.initiativesTree.getChildren();
    const items = rows.map((r) => api.orc.initiativesTree.getTreeItem(r));
    assert.deepStrictEqual(items.map((i) => [i.label, i.description]), [['INIT-001  Greeting service', 'active · 1/1 done']]);
    const children = rows[0]!.children().map((c) => c.getTreeItem());
    assert.deepStrictEqual(children.map((c) => c.label), ['Vision', 'Owner', 'Tasks', 'Decisions', 'Context files']);
    assert.strictEqual(children[2]!.description, '1/1 completed');
  });

  it('contributes schemas that reject a wrong priority in task.yaml (yamlValidation) and a wrong type in report.json (jsonValidation)', async () => {
    const ext = vscode.extensions.getExtension('baton-dev.baton')!;
    const contributes = ext.packageJSON.contributes as { yamlValidation: { fileMatch: string | string[]; url: string }[]; jsonValidation: { fileMatch: string | string[]; url: string }[] };
    const schemaFor = (entries: { fileMatch: string | string[]; url: string }[], rel: string) => {
      const entry = entries.find((e) => [e.fileMatch].flat().some((g) => picomatch(g, { dot: true })(rel)));
      assert.ok(entry, `a schema is contributed for ${rel}`);
      return JSON.parse(readFileSync(path.join(ext.extensionPath, entry.url), 'utf8')) as object;
    };
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validateTask = ajv.compile(schemaFor(contributes.yamlValidation, '.orc/tasks/TASK-002/task.yaml'));
    const task = parseYaml(readFileSync(path.join(workspaceRoot(), '.orc/tasks/TASK-002/task.yaml'), 'utf8'));
    assert.strictEqual(validateTask(task), true, JSON.stringify(validateTask.errors));
    assert.strictEqual(validateTask({ ...task, priority: 'urgent' }), false);
    assert.ok(validateTask.errors?.some((e) => e.instancePath === '/priority'), JSON.stringify(validateTask.errors));
    for (const [rel, file] of [['.orc/initiatives/INIT-001/initiative.yaml', 'initiative.yaml'], ['.orc/tasks/TASK-002/state.yaml', 'state'], ['.orc/tasks/TASK-002/plan.yaml', 'plan'], ['orc.yaml', 'config']] as const) {
      const validate = ajv.compile(schemaFor(contributes.yamlValidation, rel));
      assert.strictEqual(validate(parseYaml(readFileSync(path.join(workspaceRoot(), rel), 'utf8'))), true, `${file}: ${JSON.stringify(validate.errors)}`);
    }

    // report.json is JSON: VS Code's own JSON language service validates it with the contributed schema.
    const report = path.join(workspaceRoot(), '.orc/tasks/TASK-003/test-results/report.json');
    await fs.mkdir(path.dirname(report), { recursive: true });
    await fs.writeFile(report, '{\n  "summary": { "total": "ten" }\n}\n');
    try {
      const doc = await vscode.workspace.openTextDocument(report);
      await vscode.window.showTextDocument(doc);
      await until(vscode.languages.onDidChangeDiagnostics, () => vscode.languages.getDiagnostics(doc.uri).some((d) => d.range.start.line === 1), 20000);
      const found = vscode.languages.getDiagnostics(doc.uri).find((d) => d.range.start.line === 1)!;
      assert.match(found.message, /number/i);
      const validateReport = ajv.compile(schemaFor(contributes.jsonValidation, '.orc/tasks/TASK-003/test-results/report.json'));
      assert.strictEqual(validateReport({ summary: { total: 'ten' } }), false);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await fs.rm(path.dirname(report), { recursive: true, force: true });
    }
  });
});
