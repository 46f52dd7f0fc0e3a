import { statSync } from 'node:fs';

/**
 * The check of a cached entry (the read-ahead worker's, and the index's own for the files it takes from a job's end):
 * stat with links followed; any failure says it does not hold.
 */
export function statMatches(file: string, size: number, mtimeMs: number): boolean {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
  } catch {
    return false;
  }
}
