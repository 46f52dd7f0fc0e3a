import path from 'node:path';

/**
 * A file as the report names it: relative to the scanned folder (with `/`) when inside it, absolute otherwise.
 *
 * Every item, decision and problem of a report names its file, and `path.relative` (which resolves both paths
 * again) was about a twentieth of a 10,000-task report: a file written as the folder, `/`, then a clean rest is
 * cut at the folder instead — what path.relative gives for it. Anything else goes through path.relative.
 */
export function displayPath(root: string, file: string): string {
  const rel = cleanRest(root, file) ?? path.relative(root, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

/** `.` or `..` as a segment, an empty segment (`//`) or a trailing `/`: what path.relative would resolve away. */
const UNCLEAN = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|\/$/;

/**
 * The part of `file` after `root` + `/` when both are absolute POSIX paths already in the form path.resolve gives
 * (so path.relative(root, file) is exactly that part); undefined when not sure. Windows paths (case-insensitive,
 * two separators) always go through path.relative.
 */
function cleanRest(root: string, file: string): string | undefined {
  if (path.sep !== '/' || root.length < 2 || root.charCodeAt(0) !== 0x2f || file.length <= root.length + 1
    || file.charCodeAt(root.length) !== 0x2f || !file.startsWith(root) || UNCLEAN.test(file)) return undefined;
  return file.slice(root.length + 1);
}
