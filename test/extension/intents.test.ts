import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import type { IntentTreeNode } from '../../src/vscode/intents/intent-nodes';
import type { SaveCheck } from '../../src/vscode/intents/scope-guard';
import { batonApi, until, workspaceRoot } from './helpers/baton';

const OWNED = 'src/owned/greeting.ts';
const CONFLICT = 'src/shared/util.ts';
const UNOWNED = 'src/app.ts';
const INTENTS = '.orchestration/active_intents.yaml';
const TRACE = '.orchestration/agent_trace.jsonl';

const uri = (rel: string) => vscode.Uri.file(path.join(workspaceRoot(), rel));

async function ourLenses(rel: string): Promise<vscode.CodeLens[]> {
  await vscode.workspace.openTextDocument(uri(rel)); // the provider command works on open documents
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri(rel));
  return (lenses ?? []).filter((l) => l.command?.command === 'baton.revealIntent');
}

async function treeLabels(api: BatonApi, node?: IntentTreeNode): Promise<string[]> {
  return api.intents.tree.getChildren(node).map((n) => String(api.intents.tree.getTreeItem(n).label));
}

async function intentsIn(api: BatonApi, group: string): Promise<string[]> {
  const node = api.intents.tree.getChildren().find((n) => api.intents.tree.getTreeItem(n).label === group);
  return node ? treeLabels(api, node) : [];
}

describe('Intents in the real editor', () => {
  it('shows the owning intent as a CodeLens on an owned file and none on an unowned one', async () => {
    await batonApi();
    const lenses = await ourLenses(OWNED);
    assert.deepStrictEqual(lenses.map((l) => l.command!.title), ['$(target) FIX-001 · Greeting endpoint · IN_PROGRESS']);
    assert.strictEqual(lenses[0]!.range.start.line, 0);
    assert.deepStrictEqual(lenses[0]!.command!.arguments, [{ root: workspaceRoot(), id: 'FIX-001' }]);
    assert.deepStrictEqual(await ourLenses(UNOWNED), []);
    const both = await ourLenses(CONFLICT);
    assert.deepStrictEqual(both.map((l) => l.command!.title.split(' · ')[0]), ['$(target) FIX-002', '$(target) FIX-001'], 'one lens per owner');
  });

  it('reveals the intent from its CodeLens, and copies its context for a prompt', async () => {
    await batonApi();
    const [lens] = await ourLenses(OWNED);
    await vscode.commands.executeCommand(lens!.command!.command, ...(lens!.command!.arguments ?? []));
    const editor = vscode.window.activeTextEditor!;
    assert.strictEqual(editor.document.uri.fsPath, path.join(workspaceRoot(), INTENTS));
    assert.strictEqual(editor.document.lineAt(editor.selection.active.line).text.trim(), '- id: FIX-001');
    await vscode.commands.executeCommand('baton.copyIntentContext', { id: 'FIX-001' });
    const copied = await vscode.env.clipboard.readText();
    assert.ok(copied.startsWith('<intent_context id="FIX-001">\n# FIX-001: Greeting endpoint\n'), copied);
    assert.match(copied, /## Owned scope \(you may change only files matching these\)\n- src\/owned\/\*\*/);
  });

  it('refreshes the CodeLens when the intent map changes', async () => {
    const api = await batonApi();
    const map = path.join(workspaceRoot(), '.orchestration/intent_map.md');
    const before = await fs.readFile(map, 'utf8');
    try {
      await fs.writeFile(map, `${before}| \`${UNOWNED}\` | \`FIX-002\` | | |\n`);
      await until(api.intents.codeLens.onDidChangeCodeLenses, async () => (await ourLenses(UNOWNED)).length === 1, 3000);
      assert.strictEqual((await ourLenses(UNOWNED))[0]!.command!.title, '$(target) FIX-002 · Shared helpers · PENDING');
    } finally {
      await fs.writeFile(map, before);
      await until(api.intents.codeLens.onDidChangeCodeLenses, async () => (await ourLenses(UNOWNED)).length === 0, 3000);
    }
  });

  it('turns the CodeLens off with baton.codeLens.enabled', async () => {
    await batonApi();
    const config = vscode.workspace.getConfiguration('baton');
    await config.update('codeLens.enabled', false, vscode.ConfigurationTarget.Workspace);
    try {
      assert.deepStrictEqual(await ourLenses(OWNED), []);
    } finally {
      await config.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Workspace);
    }
    assert.strictEqual((await ourLenses(OWNED)).length, 1);
  });

  it('badges owned files in the Explorer, with the warning colour where two intents claim a file', async () => {
    const api = await batonApi();
    const owned = await api.intents.decorations.provideFileDecoration(uri(OWNED));
    assert.strictEqual(owned?.badge, 'I');
    assert.match(String(owned?.tooltip), /Owned by intent FIX-001 \(Greeting endpoint\) through owned_scope src\/owned\/\*\* and the intent map/);
    const conflict = await api.intents.decorations.provideFileDecoration(uri(CONFLICT));
    assert.strictEqual(conflict?.badge, '2');
    assert.strictEqual((conflict?.color as vscode.ThemeColor | undefined)?.id, 'list.warningForeground');
    assert.match(String(conflict?.tooltip), /Claimed by 2 intents: FIX-002 \(Shared helpers\), FIX-001 \(Greeting endpoint\)/);
    assert.strictEqual(await api.intents.decorations.provideFileDecoration(uri(UNOWNED)), undefined);
  });

  it('groups intents by status and unfolds an intent into scope, criteria, agent, files and trace', async () => {
    const api = await batonApi();
    assert.deepStrictEqual(await treeLabels(api), ['In progress', 'Pending']);
    assert.deepStrictEqual(await intentsIn(api, 'In progress'), ['FIX-001  Greeting endpoint']);
    const node = api.intents.tree.find(workspaceRoot(), 'FIX-001')!;
    assert.deepStrictEqual(await treeLabels(api, node), ['Owned scope', 'Acceptance criteria', 'Agent: agent-7', 'Files (intent map)', 'Recent trace']);
    const sections = api.intents.tree.getChildren(node);
    assert.deepStrictEqual(await treeLabels(api, sections[3]), [OWNED, CONFLICT]);
    assert.deepStrictEqual(await treeLabels(api, sections[4]), ['AST_REFACTOR', 'INTENT_SELECTION']);
  });

  it('changes a status: the file is written (comments kept) and the tree moves the intent', async () => {
    const api = await batonApi();
    const file = path.join(workspaceRoot(), INTENTS);
    const before = await fs.readFile(file, 'utf8');
    try {
      await vscode.commands.executeCommand('baton.changeIntentStatus', { id: 'FIX-002' }, 'IN_PROGRESS');
      const after = await fs.readFile(file, 'utf8');
      assert.match(after, /- id: FIX-002\n {4}name: Shared helpers\n {4}status: IN_PROGRESS\n/);
      assert.ok(after.includes('status: IN_PROGRESS # being worked on') && after.includes('- src/shared/ # the whole folder'), 'comments kept');
      await until(api.intents.tree.onDidChangeTreeData, async () => (await treeLabels(api)).join() === 'In progress', 3000);
      assert.deepStrictEqual(await intentsIn(api, 'In progress'), ['FIX-001  Greeting endpoint', 'FIX-002  Shared helpers']);
    } finally {
      await fs.writeFile(file, before);
      await until(api.intents.tree.onDidChangeTreeData, async () => (await treeLabels(api)).includes('Pending'), 3000);
    }
  });

  it('warns once per file on saves outside the active intent\'s scope; appends SCOPE_VIOLATION only when the setting asks', async () => {
    const api = await batonApi();
    const traceFile = path.join(workspaceRoot(), TRACE);
    const traceBefore = await fs.readFile(traceFile, 'utf8');
    const appFile = path.join(workspaceRoot(), UNOWNED);
    const appBefore = await fs.readFile(appFile, 'utf8');
    const ownedBefore = await fs.readFile(path.join(workspaceRoot(), OWNED), 'utf8');
    const config = () => vscode.workspace.getConfiguration('baton');
    /** Edits and saves `rel`, resolving to the guard's check of that save. */
    const editAndSave = async (rel: string, text: string): Promise<SaveCheck> => {
      const doc = await vscode.workspace.openTextDocument(uri(rel));
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, new vscode.Position(0, 0), text);
      assert.ok(await vscode.workspace.applyEdit(edit));
      const checked = new Promise<SaveCheck>((resolve) => {
        const sub = api.intents.guard.onDidCheckSave((c) => { if (c.file === doc.uri.fsPath) { sub.dispose(); resolve(c); } });
      });
      for (let attempt = 0; attempt < 3 && doc.isDirty; attempt++) await doc.save(); // a slow save participant may cancel one
      return checked;
    };
    await vscode.commands.executeCommand('baton.setActiveIntent', { id: 'FIX-001' });
    assert.strictEqual(api.intents.active.text, '$(target) FIX-001');
    try {
      // Default: warned, nothing written to the trace (it is usually tracked in git).
      assert.strictEqual(config().get('intents.recordScopeViolations'), false);
      const first = await editAndSave(UNOWNED, '// touched outside the scope\n');
      assert.deepStrictEqual([first.result.allowed, first.warned, first.logged], [false, true, false]);
      assert.strictEqual(await fs.readFile(traceFile, 'utf8'), traceBefore, 'agent_trace.jsonl untouched by default');

      // The same file again: checked, not warned a second time.
      const second = await editAndSave(UNOWNED, '// and again\n');
      assert.deepStrictEqual([second.result.allowed, second.warned, second.logged], [false, false, false]);

      // With the setting on, each save outside the scope appends a line.
      await config().update('intents.recordScopeViolations', true, vscode.ConfigurationTarget.Global);
      const recorded = await editAndSave(UNOWNED, '// recorded\n');
      assert.deepStrictEqual([recorded.warned, recorded.logged], [false, true]);
      const added = (await fs.readFile(traceFile, 'utf8')).slice(traceBefore.length).trim().split('\n');
      assert.strictEqual(added.length, 1);
      const line = JSON.parse(added[0]!);
      // In the trace's own shape: the fixture's newest entry is the forks' flat line (trace_id, mutation_class, ranges).
      assert.deepStrictEqual([line.mutation_class, line.intent_id, line.agent_id, line.ranges.file],
        ['SCOPE_VIOLATION', 'FIX-001', 'human', UNOWNED]);
      assert.strictEqual(line.ranges.content_hash, `sha256:${createHash('sha256').update(await fs.readFile(appFile)).digest('hex')}`);

      // A save inside the scope is fine: checked, allowed, nothing appended.
      const inside = await editAndSave(OWNED, '// inside the scope\n');
      assert.deepStrictEqual([inside.result.allowed, inside.warned], [true, false]);
      assert.strictEqual((await fs.readFile(traceFile, 'utf8')).trim().split('\n').length, traceBefore.trim().split('\n').length + 1);
    } finally {
      await config().update('intents.recordScopeViolations', undefined, vscode.ConfigurationTarget.Global);
      await api.intents.active.set(undefined);
      await fs.writeFile(appFile, appBefore);
      await fs.writeFile(path.join(workspaceRoot(), OWNED), ownedBefore);
      await fs.writeFile(traceFile, traceBefore);
    }
  });

  it('unfolds an intent row on click, and opens its YAML from the row\'s context menu', async () => {
    const api = await batonApi();
    const group = api.intents.tree.getChildren().find((n) => api.intents.tree.getTreeItem(n).label === 'In progress')!;
    const row = api.intents.tree.getChildren(group).find((n) => String(api.intents.tree.getTreeItem(n).label).startsWith('FIX-001'))!;
    const item = api.intents.tree.getTreeItem(row);
    assert.strictEqual(item.command, undefined, 'a click expands the row instead of opening a file');
    assert.strictEqual(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const pkg = JSON.parse(await fs.readFile(path.join(__dirname, '../../../package.json'), 'utf8')) as
      { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const entry = pkg.contributes.menus['view/item/context']!.find((m) => m.command === 'baton.openIntentFile');
    assert.ok(entry && /view == baton\.intents/.test(entry.when ?? '') && /\^intent:intents/.test(entry.when ?? ''), 'in the intent row\'s context menu');
    await vscode.commands.executeCommand('baton.openIntentFile', row);
    const editor = vscode.window.activeTextEditor!;
    assert.strictEqual(editor.document.uri.fsPath, path.join(workspaceRoot(), INTENTS));
    assert.strictEqual(editor.document.lineAt(editor.selection.active.line).text.trim(), '- id: FIX-001');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('opens the intent map and sends its rows with their drift', async () => {
    const api = await batonApi();
    const posted = new Promise<unknown>((resolve) => { const sub = api.intents.maps.onDidPost((m) => { sub.dispose(); resolve(m.message); }); });
    await vscode.commands.executeCommand('baton.openIntentMap');
    const message = await posted as { type: string; rows: { file: string; drift: string; ownerName: string }[] };
    assert.strictEqual(message.type, 'rows');
    assert.deepStrictEqual(message.rows.map((r) => [r.file, r.ownerName, r.drift]),
      [[OWNED, 'Greeting endpoint', 'drifted'], [CONFLICT, 'Greeting endpoint', 'unrecorded']]);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
