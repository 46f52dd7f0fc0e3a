import type * as vscode from 'vscode';
import { batonStartedAt } from '../baton-start';
import { tasksSoFarSteps } from '../../core/formats/orc/tasks-so-far';
import { runStepsSliced, Slicer } from '../../core/util/steps';
import type { OrchestrationService, ReadSoFar } from '../../core/service/orchestration-service';
import type { TasksTreeProvider } from './tasks-tree';
import { rowsSoFarSteps } from './rows-so-far';

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
 * The build's slices: short, since one runs right before or after one of the scan's (12 ms) in the same turn of the
 * loop (both wait on setImmediate), and the two hold the loop as one block.
 */
const BUILD_SLICE_MS = 4;

/**
 * A first start with no saved rows (tasks-preview.ts): the Tasks view shows the tasks the first scan has read so far
 * (rows-so-far.ts), a quarter of a second into its reading and again every second and a half while it reads, until
 * the scan's own rows replace them. Nothing is built while the view is not shown; a scan that fails takes its rows
 * away. The rows are built in slices of their own, between the scan's, not inside one: 25–62 ms in one piece at
 * 10,000 tasks held the editor too long (issue 18).
 */
export function showRowsSoFar(tree: TasksTreeProvider, service: OrchestrationService, view: { readonly visible: boolean },
  log?: vscode.LogOutputChannel, pace: RowsSoFarPace = PACE): vscode.Disposable {
  let readingSince: number | undefined;
  let shownAt = -Infinity;
  let failed = false;
  let disposed = false;
  let pending: NodeJS.Immediate | undefined;
  /** A build under way (in slices): no other starts meanwhile. */
  let building = false;
  const shown = { times: 0, longestMs: 0, longestSliceMs: 0, first: '' };
  const wanted = () => !disposed && !failed && tree.wantsRowsSoFar && view.visible;
  const show = async (read: Extract<ReadSoFar, { kind: 'reading' }>) => {
    pending = undefined;
    // The scan's own rows may have come in meanwhile (or the scan failed): then they, or nothing, are shown.
    if (!wanted()) return;
    building = true;
    const slicer = new Slicer(BUILD_SLICE_MS, 'the Tasks rows so far');
    const started = performance.now();
    try {
      // The records read by now, taken at once (each a whole file's record): built from in slices while the scan reads on.
      const records = [...read.records('orc')];
      const soFar = await runStepsSliced(tasksSoFarSteps(records), slicer);
      // orc's database era (one record), or no task read yet: nothing to show.
      if (!soFar?.tasks.length || !wanted()) return;
      const rows = await runStepsSliced(rowsSoFarSteps(read.root, service.folders.length > 1, soFar, read.files), slicer);
      if (!wanted()) return;
      tree.showRowsSoFar(rows);
      shownAt = performance.now();
      shown.times++;
      shown.longestMs = Math.max(shown.longestMs, shownAt - started);
      if (!shown.first) {
        shown.first = `${soFar.tasks.length} tasks of ${read.files} files read, built in ${(shownAt - started).toFixed(1)} ms ` +
          `(its longest slice ${Math.max(slicer.longestSliceMs, performance.now() - shownAt).toFixed(1)} ms), ${(shownAt - batonStartedAt).toFixed(0)} ms after Baton's code started`;
        log?.info(`Tasks rows of the scan so far: ${shown.first}`);
      }
    } finally {
      slicer.finish();
      shown.longestSliceMs = Math.max(shown.longestSliceMs, slicer.longestSliceMs);
      building = false;
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
    if (pending || building || !view.visible || now - readingSince < pace.firstAfterMs || now - shownAt < pace.everyMs || !service.folders.includes(read.root)) return;
    pending = setImmediate(() => void show(read));
  });
  // The scan's own rows, whatever was shown before them (the bench reports both).
  void tree.scanRowsReady.then(() => log?.info(`the scan's own Tasks rows ready ${(performance.now() - batonStartedAt).toFixed(0)} ms after ` +
    `Baton's code started${shown.times ? ` (rows so far shown ${shown.times} times before, the longest build ${shown.longestMs.toFixed(1)} ms, ` +
    `its longest slice ${shown.longestSliceMs.toFixed(1)} ms)` : ''}`));
  return { dispose: () => { disposed = true; listener.dispose(); if (pending) clearImmediate(pending); } };
}
