import path from 'node:path';
import { QueryError } from './query-error';

/**
 * The folders a query covers: every open folder when none is named, else the one named — by its absolute path or by
 * its name (the last part of the path) when that is unique.
 */
export function foldersFor(folders: readonly string[], folder: string | undefined): string[] {
  return folder === undefined ? [...folders] : [oneFolder(folders, folder)];
}

/** One folder: the one named, or the only one open. With several open and none named, the question is ambiguous. */
export function oneFolder(folders: readonly string[], folder: string | undefined): string {
  if (folder === undefined) {
    if (folders.length === 1) return folders[0]!;
    throw new QueryError(`${folders.length} folders are open; name one with "folder" (${folders.join(', ')})`);
  }
  const exact = folders.find((f) => f === path.resolve(folder));
  if (exact && path.isAbsolute(folder)) return exact;
  const byName = folders.filter((f) => path.basename(f) === folder);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) throw new QueryError(`several open folders are named ${folder}; give its absolute path (${byName.join(', ')})`);
  throw new QueryError(`${folder} is not an open folder; open folders: ${folders.join(', ')}`);
}

/**
 * The folder a path belongs to: the named one; else, for an absolute path, the open folder holding it (the deepest);
 * else the only folder open. An absolute path in no open folder is a QueryError, or what `outside` gives.
 */
export function folderForPath(folders: readonly string[], file: string, folder: string | undefined): string;
export function folderForPath<T>(folders: readonly string[], file: string, folder: string | undefined, options: { outside: () => T }): string | T;
export function folderForPath<T>(folders: readonly string[], file: string, folder: string | undefined, options?: { outside: () => T }): string | T {
  if (folder !== undefined || !path.isAbsolute(file)) return oneFolder(folders, folder);
  const holding = [...folders].sort((a, b) => b.length - a.length).find((r) => file === r || file.startsWith(r + path.sep));
  if (holding) return holding;
  if (options) return options.outside();
  throw new QueryError(`${file} is outside every open folder (${folders.join(', ')})`);
}
