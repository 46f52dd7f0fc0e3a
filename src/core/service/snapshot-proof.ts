import { statSync } from 'node:fs';
import { witnessHolds } from '../io/fs-witness';
import { factsHold } from '../model/liveness';
import type { ScanFacts } from './workspace-index';

/**
 * WorkspaceIndex.unchangedSince without the adapters, for a snapshot whose facts hold its discovery's witness: the
 * clock and processes answer as before (factsHold, the same rule), every path the discovery looked at gives the same
 * answer (so it would list the same files, in the same order), and each file has the size and mtime it was read
 * with (its own stat, as every file of such a snapshot: SystemAdapter.statIsPlain). The read variants are functions
 * of the context, which the snapshot's identity holds. False on any doubt; then the CLI runs the full check.
 */
export function provenUnchanged(facts: ScanFacts, now: number): boolean {
  if (!facts.discovery || !factsHold(facts.liveness, now)) return false;
  // The files first: an edited file (the usual change) is found before the folders are looked at again.
  for (const [file, , size, mtimeMs] of facts.files) {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return false;
  }
  return witnessHolds(facts.discovery);
}
