import path from 'node:path';

export type Inside =
  | { readonly ok: true; readonly absolute: string; readonly relative: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Resolves a path (absolute, or relative to `root`) and refuses it when it leaves `root`. Paths that come from
 * files are untrusted: `../`, absolute paths elsewhere and empty paths never get through. `relative` uses `/`.
 */
export function resolveInside(root: string, candidate: string): Inside {
  if (!candidate || candidate.includes('\0')) return { ok: false, reason: 'empty or malformed path' };
  const absRoot = path.resolve(root);
  const absolute = path.resolve(absRoot, candidate);
  const relative = path.relative(absRoot, absolute);
  if (relative === '' ) return { ok: false, reason: `${candidate} is the folder itself, not a file in it` };
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    return { ok: false, reason: `${candidate} is outside ${absRoot}` };
  }
  return { ok: true, absolute, relative: relative.split(path.sep).join('/') };
}
