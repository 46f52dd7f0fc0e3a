import type { ScanSnapshot } from '../core/service/scan-snapshot';
import type { SnapshotCheck } from '../core/service/snapshot-proof';

/**
 * What the second-run answer (fast-answer.ts, its own bundle) found of each folder when it could not answer — the
 * snapshot it loaded and what checkSnapshot said of it — handed to the CLI (dist/cli-main.js, loaded next in the same
 * process) so that it neither loads the snapshot again nor lists and stats every file again: with the listing
 * proven, its scan reads only the files that moved. Kept on the process's global object under a registered symbol:
 * the two bundles are separate module graphs.
 */
export interface CheckedSnapshot {
  readonly root: string;
  /** The `--home` the folder's context was made with (folderContext): the snapshot's identity depends on it. */
  readonly home: string | undefined;
  readonly snapshot: ScanSnapshot | undefined;
  /** Undefined when there was no snapshot to check. */
  readonly check: SnapshotCheck | undefined;
}

const KEY = Symbol.for('baton.cli.checkedSnapshots');
type Holder = { [KEY]?: CheckedSnapshot[] };

export function handOverCheckedSnapshots(checked: readonly CheckedSnapshot[]): void {
  (globalThis as Holder)[KEY] = [...checked];
}

/** The check handed over for this folder and context, taken (a later scan in the same process checks anew). */
export function takeCheckedSnapshot(root: string, home: string | undefined): CheckedSnapshot | undefined {
  const all = (globalThis as Holder)[KEY];
  const n = all?.findIndex((c) => c.root === root && c.home === home) ?? -1;
  return n < 0 ? undefined : all!.splice(n, 1)[0];
}
