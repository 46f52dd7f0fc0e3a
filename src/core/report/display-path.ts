import path from 'node:path';
import { relativePath } from '../util/relative-path';

/**
 * A file as the report names it: relative to the scanned folder (with `/`) when inside it, absolute otherwise.
 * Every item, decision and problem of a report names its file: relativePath spares most of them path.relative.
 */
export function displayPath(root: string, file: string): string {
  const rel = relativePath(root, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}
