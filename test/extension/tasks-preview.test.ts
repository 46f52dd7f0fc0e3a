import * as assert from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import { Slicer } from '../../src/core/util/steps';
import { TasksTreeProvider } from '../../src/vscode/tasks/tasks-tree';
import type { TaskTreeNode } from '../../src/vscode/tasks/task-nodes';
import { PreviewNode, PreviewStore } from '../../src/vscode/tasks/tree-preview';
import { batonApi, workspaceRoot } from './helpers/baton';

/** Every row of a tree as a person (and a screen reader) meets it: label, description, icon and name, depth first. */
async function shown(tree: TasksTreeProvider, node?: TaskTreeNode, depth = 3): Promise<string[]> {
  const out: string[] = [];
  for (const child of await tree.getChildren(node)) {
    const item = tree.getTreeItem(child);
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : '';
    out.push(`${'  '.repeat(3 - depth)}${String(item.label)} | ${String(item.description ?? '')} | ${icon} | ${item.accessibilityInformation?.label}`);
    if (depth > 1 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) out.push(...await shown(tree, child, depth - 1));
  }
  return out;
}

describe('Tasks view: the rows of the last session first, then the scan\'s', () => {
  it('saves the rows it shows and, at the next start, shows them before the scan, then the scan\'s own', async function () {
    this.timeout(60_000);
    await batonApi();
    // This session: a tree over a scanned service (its own, so what other tests did to the window's view — a filter,
    // a page shown — does not matter).
    const before = new OrchestrationService({ folders: [{ root: workspaceRoot() }] });
    const shownBefore = new TasksTreeProvider(before);
    await before.scan();
    const rows = await shownBefore.rowsToSave();
    assert.ok(rows?.length, 'after the scan there are rows to save');
    // Listed with a turn for other work after every row (the save's slices): the very same rows.
    assert.deepStrictEqual(await shownBefore.rowsToSave(new Slicer(0)), rows, 'listed in slices, the same rows');
    const storage = mkdtempSync(path.join(os.tmpdir(), 'baton-preview-'));
    try {
      const file = path.join(storage, 'tasks-preview.json');
      const store = new PreviewStore(file);
      await store.save('this window', rows);
      assert.strictEqual(store.load('another window'), undefined, 'a preview of other folders is not shown');

      // The next start: a tree over a service that has not read anything yet.
      const service = new OrchestrationService({ folders: [{ root: workspaceRoot() }] });
      const next = new TasksTreeProvider(service);
      try {
        assert.deepStrictEqual(await next.getChildren(), [], 'nothing to show before the scan');
        next.showPreview(store.load('this window')!);
        const first = await next.getChildren();
        assert.ok(first.every((n) => n instanceof PreviewNode));
        assert.deepStrictEqual(await shown(next), await shown(shownBefore), 'the very rows the view showed, with their names');
        const item = next.getTreeItem(first[0]!);
        assert.strictEqual(item.contextValue, 'preview', 'no menu acts on a row nothing is known about yet');
        assert.strictEqual(item.command, undefined);
        assert.strictEqual(await next.rowsReady, 'saved preview', 'ready to paint before the scan');
        assert.strictEqual(await next.firstRows, 'saved preview');
        assert.strictEqual(await next.rowsToSave(), undefined, 'a preview is never saved as the scan\'s rows');

        await service.scan();
        const after = await next.getChildren();
        assert.ok(after.length && !after.some((n) => n instanceof PreviewNode), 'the scan\'s rows replace the preview');
        assert.deepStrictEqual(await shown(next), await shown(shownBefore));
      } finally {
        next.dispose();
        service.dispose();
        shownBefore.dispose();
        before.dispose();
      }

      // A broken or foreign file is ignored, never shown.
      writeFileSync(file, '{"format":1,"key":"this window","rows":[{"id":1}]}');
      assert.strictEqual(store.load('this window'), undefined);
      writeFileSync(file, '{ not json');
      assert.strictEqual(store.load('this window'), undefined);
    } finally {
      rmSync(storage, { recursive: true, force: true });
    }
  });
});
