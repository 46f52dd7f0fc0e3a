import * as vscode from 'vscode';
import type { TasksTreeProvider } from './tasks-tree';
import { PreviewStore } from './tree-preview';

/** How long the Tasks view stays unchanged before its rows are saved for the next start. */
const SAVE_AFTER_MS = 3_000;

/**
 * The Tasks view's first paint at the next start: its rows as they were, saved a few seconds after each change
 * (and when the window closes), and shown at once on activation while the first scan reads the workspace.
 */
export function keepTasksPreview(tree: TasksTreeProvider, storage: vscode.Uri, folders: readonly string[],
  log: vscode.LogOutputChannel): vscode.Disposable {
  const store = new PreviewStore(vscode.Uri.joinPath(storage, 'tasks-preview.json').fsPath);
  const key = JSON.stringify(folders);
  void store.load(key).then((rows) => { if (rows) tree.showPreview(rows); });
  let timer: NodeJS.Timeout | undefined;
  let saved = false;
  const save = async () => {
    timer = undefined;
    const rows = await tree.rowsToSave();
    if (!rows) return;
    await store.save(key, rows);
    if (!saved) log.info(`saved the Tasks view's rows for the next start (${rows.length} top-level)`);
    saved = true;
  };
  const changes = tree.onDidChangeTreeData(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_AFTER_MS);
  });
  return { dispose: () => { changes.dispose(); if (timer) { clearTimeout(timer); void save(); } } };
}
