import * as vscode from 'vscode';
import type { TasksTreeProvider } from './tasks-tree';
import { ownBlocks } from '../../core/util/own-blocks';
import { Slicer } from '../../core/util/steps';
import { PreviewStore } from './tree-preview';

/** How long the Tasks view stays unchanged before its rows are saved for the next start. */
const SAVE_AFTER_MS = 3_000;
/** How long the first scan waits for a shown preview to be painted (a hidden view never asks for its rows). */
const PAINT_WAIT_MS = 300;
/** The rows' listing for the save goes in slices of about this long (see Slicer). */
const SAVE_SLICE_MS = 8;

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
  /** Tree changes so far: rows listed over several turns are saved only if none came in between. */
  let changed = 0;
  /** Not sliced when the window closes: the fewer turns, the likelier it ends before the extension host does. */
  const save = async (sliced = true) => {
    timer = undefined;
    // Listed in slices (1,400 rows at 10,000 tasks held the editor 40 ms in one block), other work between them.
    const started = performance.now();
    const before = changed;
    const slicer = new Slicer(SAVE_SLICE_MS, 'the Tasks view\'s rows saved');
    const rows = await tree.rowsToSave(sliced ? slicer : undefined);
    // Changed while they were listed: the change's own timer saves them as they are now.
    if (!rows || changed !== before) { slicer.finish(); return; }
    const text = store.text(key, rows);
    slicer.finish();
    await store.saveText(text);
    if (!saved) {
      const own = ownBlocks.longest;
      log.info(`saved the Tasks view's rows for the next start (${rows.length} top-level; listed in ${(performance.now() - started).toFixed(1)} ms, ` +
        `its longest slice ${slicer.longestSliceMs.toFixed(1)} ms); ` +
        `Baton's longest own block since the first scan started ${own.ms.toFixed(0)} ms (${own.what}), ${own.long} of its ${own.blocks} blocks over ${ownBlocks.longMs} ms`);
    }
    saved = true;
  };
  const changes = tree.onDidChangeTreeData(() => {
    changed++;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_AFTER_MS);
  });
  return { painted, dispose: () => { changes.dispose(); if (timer) { clearTimeout(timer); void save(false); } } };
}
