import { statSync } from 'node:fs';
import { witnessHolds } from '../io/fs-witness';
import { factsHold } from '../model/liveness';
import type { ScanFacts } from './workspace-index';

/**
 * What a snapshot's facts say of the folder now, found with file system calls alone (no adapter's code). When the
 * listing holds, `moved` names the files whose size or mtime is not the one they were read with: a scan can then
 * skip its discovery and its stats (WorkspaceIndex.scan's `known`) and re-read only those.
 */
export interface SnapshotCheck {
  /** Everything holds: the saved output is the output a full read gives (provenUnchanged). */
  readonly current: boolean;
  /** The discovery would list exactly `facts.files`, in order (its witness holds and every file is still there). */
  readonly listing: boolean;
  /** With `listing`: the files (by their row in `facts.files`) whose size or mtime moved, with those of now. */
  readonly moved?: ReadonlyMap<number, FileStat>;
  /** When the check started (Date.now()): a witness kept from it is as recent as this. */
  readonly at: number;
}

export interface FileStat {
  readonly size: number;
  readonly mtimeMs: number;
}

/**
 * WorkspaceIndex.unchangedSince without the adapters, for a snapshot whose facts hold its discovery's witness: the
 * clock and processes answer as before (factsHold, the same rule), every path the discovery looked at gives the same
 * answer (so it would list the same files, in the same order), and each file has the size and mtime it was read
 * with (its own stat, as every file of such a snapshot: SystemAdapter.statIsPlain). The read variants are functions
 * of the context, which the snapshot's identity holds. False on any doubt; then the CLI runs the full check.
 */
export function provenUnchanged(facts: ScanFacts, now: number): boolean {
  return checkSnapshot(facts, now).current;
}

/**
 * provenUnchanged, and what it found on the way: every file is stat'ed (not only up to the first that moved), then
 * the discovery's witness is checked, so that a run that goes on to read the changed files knows which they are.
 */
export function checkSnapshot(facts: ScanFacts, now: number): SnapshotCheck {
  if (!facts.discovery) return { current: false, listing: false, at: now };
  const moved = new Map<number, FileStat>();
  facts.files.forEach(([file, , size, mtimeMs], row) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    // A file gone changes what the discovery lists (the witness says so below); it is not read as it was.
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) moved.set(row, { size: stat?.size ?? -1, mtimeMs: stat?.mtimeMs ?? -1 });
  });
  if (!witnessHolds(facts.discovery)) return { current: false, listing: false, at: now };
  return { current: moved.size === 0 && factsHold(facts.liveness, now), listing: true, moved, at: now };
}
