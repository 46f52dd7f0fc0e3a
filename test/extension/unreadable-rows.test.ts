import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { WorkItem } from '../../src/core/service/work-item';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, until, workspaceRoot } from './helpers/baton';

/** One tree as these tests need it: its change event and its children, whatever the provider's own node type. */
interface AnyTree {
  readonly onDidChangeTreeData: vscode.Event<unknown>;
  getChildren(node?: unknown): unknown[] | Promise<unknown[]> | vscode.ProviderResult<unknown[]>;
  getTreeItem(node: unknown): vscode.TreeItem | Thenable<vscode.TreeItem>;
  resolveTreeItem?(item: vscode.TreeItem, node: unknown, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem>;
}

/** Every row of a tree, depth first, down to `depth` levels (a placeholder sits at most three levels down). */
async function allRows(tree: AnyTree, depth = 3, node?: unknown): Promise<{ node: unknown; item: vscode.TreeItem }[]> {
  const out: { node: unknown; item: vscode.TreeItem }[] = [];
  for (const child of (await tree.getChildren(node)) ?? []) {
    const item = await tree.getTreeItem(child);
    out.push({ node: child, item });
    if (depth > 1 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) out.push(...await allRows(tree, depth - 1, child));
  }
  return out;
}

interface Case {
  readonly name: string;
  readonly file: string;
  readonly broken: string;
  readonly fileName: string;
  readonly tree: (api: BatonApi) => AnyTree;
  /** The row's label, and whether it still unfolds onto the item's other files. */
  readonly label: string;
  readonly unfolds: boolean;
  readonly item: (items: readonly WorkItem[]) => WorkItem | undefined;
}

const ROOT = () => workspaceRoot();
const CASES: Case[] = [
  {
    name: 'a Dure run whose state.json breaks', file: '.orchestral/runs/run-20260131090000/state.json', broken: '{\n  "phase": "build",\n  "iteration": \n}\n',
    fileName: 'state.json', tree: (api) => api.runs.runsTree as unknown as AnyTree, label: '', unfolds: true,
    item: (items) => items.find((i) => i.system === 'orchestral' && i.id === 'run-20260131090000'),
  },
  {
    name: 'intents whose active_intents.yaml breaks', file: '.orchestration/active_intents.yaml', broken: 'intents:\n  - id: X\n    name: [open\n',
    fileName: 'active_intents.yaml', tree: (api) => api.intents.tree as unknown as AnyTree, label: 'active_intents.yaml', unfolds: false,
    item: (items) => items.find((i) => i.system === 'intents' && i.root === ROOT()),
  },
  {
    name: 'an orange task whose TASK.md breaks', file: '.home/orange/tasks/fixture/zua3KB5E6GQLpvjpuNNsQ/TASK.md', broken: '---\nid: zua3KB5E6GQLpvjpuNNsQ\nstatus: [open\n---\n',
    fileName: 'TASK.md', tree: (api) => api.orange.tree as unknown as AnyTree, label: 'zua3KB5E6GQLpvjpuNNsQ', unfolds: false,
    item: (items) => items.find((i) => i.system === 'orange' && i.id === 'zua3KB5E6GQLpvjpuNNsQ'),
  },
];

describe('a file that breaks leaves its row in its tree, with its problem (issue 17 item 6)', () => {
  for (const c of CASES) {
    it(`${c.name}: an error row naming the problem, read by screen readers, a click opens the file at it`, async () => {
      const api = await batonApi();
      const file = path.join(ROOT(), c.file);
      const before = await fs.readFile(file, 'utf8');
      const tree = c.tree(api);
      // Found by its state, not by its icon alone: orange also shows a crashed tmux session with an error icon.
      const errorRow = async () => (await allRows(tree)).find((r) => /(^|:)unreadable(:|$)/.test(r.item.contextValue ?? '') && r.item.resourceUri?.fsPath === file);
      await fs.writeFile(file, c.broken);
      try {
        await until(tree.onDidChangeTreeData, async () => (await errorRow()) !== undefined, 10000).catch(async (e: Error) => {
          const shown = (await allRows(tree)).map((r) => `${String(r.item.label)} [${(r.item.iconPath as vscode.ThemeIcon | undefined)?.id}] ${r.item.resourceUri?.fsPath ?? ''}`);
          throw new Error(`${e.message}; the item is ${JSON.stringify(c.item(api.service.items()))?.slice(0, 300)}; rows:\n${shown.join('\n')}`);
        });
        const { node, item } = (await errorRow())!;
        assert.strictEqual((item.iconPath as vscode.ThemeIcon).id, 'error');
        const shown = c.item(api.service.items());
        assert.ok(shown?.unreadable, `the item is a placeholder: ${JSON.stringify(shown)}`);
        assert.strictEqual(shown.status, 'unreadable');
        if (c.label) assert.strictEqual(item.label, c.label);
        assert.match(String(item.description), new RegExp(`^${c.fileName.replace('.', '\\.')} cannot be read: .*\\(line \\d+, column \\d+\\)$`));
        assert.strictEqual(item.accessibilityInformation?.label, `${String(item.label)}, unreadable, ${String(item.description)}`);
        assert.strictEqual(item.collapsibleState !== vscode.TreeItemCollapsibleState.None, c.unfolds);
        assert.match(String(item.contextValue), c.unfolds ? /:unreadable/ : /^unreadable:/, 'no item menu that needs its fields applies');
        const resolved = await tree.resolveTreeItem?.(item, node, new vscode.CancellationTokenSource().token);
        assert.match(((resolved ?? item).tooltip as vscode.MarkdownString).value, new RegExp(`cannot be read[\\s\\S]*${shown.unreadable.message.slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
        const editor = vscode.window.activeTextEditor;
        assert.strictEqual(editor?.document.uri.fsPath, file);
        assert.deepStrictEqual([editor.selection.active.line + 1, editor.selection.active.character + 1], [shown.unreadable.line, shown.unreadable.column]);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
        await fs.writeFile(file, before);
        await until(tree.onDidChangeTreeData, async () => (await errorRow()) === undefined, 10000).catch(async (e: Error) => {
          const shown = (await allRows(tree)).map((r) => `${String(r.item.label)} [${(r.item.iconPath as vscode.ThemeIcon | undefined)?.id}] ${r.item.resourceUri?.fsPath ?? ''}`);
          throw new Error(`restored, but: ${e.message}; the item is ${JSON.stringify(c.item(api.service.items()))?.slice(0, 300)}; rows:\n${shown.join('\n')}`);
        });
      }
      assert.ok(!c.item(api.service.items())?.unreadable, 'fixed, the item reads again');
    });
  }
});
