import * as vscode from 'vscode';
import type { TasksTreeProvider } from './tasks-tree';
import { ownBlocks } from '../../core/util/own-blocks';
import { PreviewStore } from './tree-preview';

/** How long the Tasks view stays unchanged before its rows are saved for the next start. */
const SAVE_AFTER_MS = 3_000;
/** How long the first scan waits for a shown preview to be painted (a hidden view never asks for its rows). */
const PAINT_WAIT_MS = 300;

export interface TasksPreview extends vscode.Disposable {
  /**
   * Resolves once the saved rows are shown and the view has listed them (or a moment has passed, or there were none):
   * the first scan starts then, so its first long steps do not hold the rows back.
   */
  readonly painted: Promise<void>;
}

/**
 * The Tasks view's first paint at the next start: its rows as they were, saved a few seconds after each change
 * (and when the window closes), and shown at once on activation while the first scan reads the workspace.
 */
export function keepTasksPreview(tree: TasksTreeProvider, storage: vscode.Uri, folders: readonly string[],
  log: vscode.LogOutputChannel): TasksPreview {
  const store = new PreviewStore(vscode.Uri.joinPath(storage, 'tasks-preview.json').fsPath);
  const key = JSON.stringify(folders);
  // Right after activate() returns (not inside it), before the first scan starts.
  const painted = new Promise((resolve) => setImmediate(resolve)).then(async () => {
    const rows = store.load(key);
    if (!rows) return;
    tree.showPreview(rows);
    await Promise.race([tree.firstRows, new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MS))]);
  });
  let timer: NodeJS.Timeout | undefined;
  let saved = false;
  const save = async () => {
    timer = undefined;
    // Listed and turned into text in one block (the awaits in between wait for nothing): timed as one (own-blocks.ts).
    const started = performance.now();
    const rows = await tree.rowsToSave();
    if (!rows) return;
    const text = store.text(key, rows);
    ownBlocks.note('the Tasks view\'s rows saved', performance.now() - started);
    await store.saveText(text);
    if (!saved) {
      const own = ownBlocks.longest;
      log.info(`saved the Tasks view's rows for the next start (${rows.length} top-level; built in ${(performance.now() - started).toFixed(1)} ms); ` +
        `Baton's longest own block since the first scan started ${own.ms.toFixed(0)} ms (${own.what}), ${own.long} of its ${own.blocks} blocks over ${ownBlocks.longMs} ms`);
    }
    saved = true;
  };
  const changes = tree.onDidChangeTreeData(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_AFTER_MS);
  });
  return { painted, dispose: () => { changes.dispose(); if (timer) { clearTimeout(timer); void save(); } } };
}
