import type * as vscode from 'vscode';
import { batonStartedAt } from '../baton-start';
import { ownBlocks } from '../../core/util/own-blocks';
import { tasksSoFar } from '../../core/formats/orc/tasks-so-far';
import type { OrchestrationService, ReadSoFar } from '../../core/service/orchestration-service';
import type { TasksTreeProvider } from './tasks-tree';
import { rowsSoFar } from './rows-so-far';

/** When what a first scan read is shown first (of its reading), and how often at most it is shown again. */
export interface RowsSoFarPace {
  readonly firstAfterMs: number;
  readonly everyMs: number;
}

/**
 * A quarter of a second into the reading (about 1,500 files in the editor at 10,000 tasks): the listing before it
 * (discovery) already took most of a second there, and the first rows are what a person waits for.
 */
const PACE: RowsSoFarPace = { firstAfterMs: 250, everyMs: 1_500 };

/**
 * A first start with no saved rows (tasks-preview.ts): the Tasks view shows the tasks the first scan has read so far
 * (rows-so-far.ts), a quarter of a second into its reading and again every second and a half while it reads, until
 * the scan's own rows replace them. Nothing is built while the view is not shown; a scan that fails takes its rows
 * away. The rows are built in a turn of their own, between two of the scan's slices, not inside one.
 */
export function showRowsSoFar(tree: TasksTreeProvider, service: OrchestrationService, view: { readonly visible: boolean },
  log?: vscode.LogOutputChannel, pace: RowsSoFarPace = PACE): vscode.Disposable {
  let readingSince: number | undefined;
  let shownAt = -Infinity;
  let failed = false;
  let pending: NodeJS.Immediate | undefined;
  const shown = { times: 0, longestMs: 0, first: '' };
  const show = (read: Extract<ReadSoFar, { kind: 'reading' }>) => ownBlocks.time('the Tasks rows so far', () => build(read));
  const build = (read: Extract<ReadSoFar, { kind: 'reading' }>) => {
    pending = undefined;
    // The scan's own rows may have come in meanwhile (or the scan failed): then they, or nothing, are shown.
    if (failed || !tree.wantsRowsSoFar || !view.visible) return;
    const started = performance.now();
    // The records are walked now: every one read by then is a whole file's record, whatever was read since.
    const soFar = tasksSoFar(read.records('orc'));
    // orc's database era (one record), or no task read yet: nothing to show.
    if (!soFar?.tasks.length) return;
    tree.showRowsSoFar(rowsSoFar(read.root, service.folders.length > 1, soFar, read.files));
    shownAt = performance.now();
    shown.times++;
    shown.longestMs = Math.max(shown.longestMs, shownAt - started);
    if (!shown.first) {
      shown.first = `${soFar.tasks.length} tasks of ${read.files} files read, built in ${(shownAt - started).toFixed(1)} ms, ` +
        `${(shownAt - batonStartedAt).toFixed(0)} ms after Baton's code started`;
      log?.info(`Tasks rows of the scan so far: ${shown.first}`);
    }
  };
  const listener = service.onDidReadSoFar((read) => {
    if (!tree.wantsRowsSoFar || failed) return;
    if (read.kind === 'failed') {
      failed = true;
      if (pending) clearImmediate(pending);
      tree.showRowsSoFar(undefined);
      return;
    }
    const now = performance.now();
    readingSince ??= now;
    // A folder not (yet) among the service's: a reconfigure reading it before it swaps it in; its rows come then.
    if (pending || !view.visible || now - readingSince < pace.firstAfterMs || now - shownAt < pace.everyMs || !service.folders.includes(read.root)) return;
    pending = setImmediate(() => show(read));
  });
  // The scan's own rows, whatever was shown before them (the bench reports both).
  void tree.scanRowsReady.then(() => log?.info(`the scan's own Tasks rows ready ${(performance.now() - batonStartedAt).toFixed(0)} ms after ` +
    `Baton's code started${shown.times ? ` (rows so far shown ${shown.times} times before, the longest build ${shown.longestMs.toFixed(1)} ms)` : ''}`));
  return { dispose: () => { listener.dispose(); if (pending) clearImmediate(pending); } };
}
