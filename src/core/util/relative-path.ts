import path from 'node:path';

/**
 * path.relative(root, file), cut short for the common case: a file written as the folder, a separator, then a clean
 * rest (no `.` or `..` segment, no empty one, no trailing separator) is that rest — what path.relative gives once it
 * has resolved both paths again, which for every file of a scan and every line of its report was a twentieth of a
 * report of 10,000 orc tasks. Anything else, and every Windows path (compared without case there), goes through
 * path.relative itself.
 */
export function relativePath(root: string, file: string): string {
  return cleanRest(root, file) ?? path.relative(root, file);
}

/** `.` or `..` as a segment, an empty segment (`//`) or a trailing `/`: what path.relative would resolve away. */
const UNCLEAN = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|\/$/;

function cleanRest(root: string, file: string): string | undefined {
  if (path.sep !== '/' || root.length < 2 || root.charCodeAt(0) !== 0x2f || file.length <= root.length + 1
    || file.charCodeAt(root.length) !== 0x2f || !file.startsWith(root) || UNCLEAN.test(file)) return undefined;
  return file.slice(root.length + 1);
}
