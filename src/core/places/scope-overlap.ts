import picomatch from 'picomatch';
import type { ScopeEntry } from '../formats/intents/scope';

/**
 * Whether two owned_scope lists may claim a common file, and by which entries. Exact for plain paths (a file, or a
 * folder and everything under it); for globs a test that errs toward "no": two globs overlap when their static
 * folders are nested and one matches the other's pattern, or a path made from it (`src/**` → `src/x/x`). Exclusions
 * (`!…`) are not subtracted: a claim carved out by an exclusion is still reported, which says more than it hides.
 */
export function scopeOverlap(a: readonly ScopeEntry[], b: readonly ScopeEntry[]): { a: string; b: string } | undefined {
  for (const x of a) {
    if (x.negated || x.refused) continue;
    for (const y of b) {
      if (y.negated || y.refused) continue;
      if (entriesOverlap(x, y)) return { a: x.pattern, b: y.pattern };
    }
  }
  return undefined;
}

function entriesOverlap(x: ScopeEntry, y: ScopeEntry): boolean {
  if (x.kind === 'path' && y.kind === 'path') return nested(x.normalized, y.normalized) || nested(y.normalized, x.normalized);
  if (x.kind === 'path') return pathAndGlob(x.normalized, y);
  if (y.kind === 'path') return pathAndGlob(y.normalized, x);
  if (!nested(x.base, y.base) && !nested(y.base, x.base)) return false;
  const mx = matcher(x.normalized);
  const my = matcher(y.normalized);
  // One contains the other (its pattern, read as a path, matches), or a path made from either, placed under the
  // deeper of the two static folders, matches both.
  if (mx(y.normalized) || my(x.normalized)) return true;
  const deeper = x.base.length >= y.base.length ? x.base : y.base;
  const candidates = [...samplesOf(x.normalized), ...samplesOf(y.normalized), ...samplesOf(under(deeper, tail(x))), ...samplesOf(under(deeper, tail(y)))];
  return candidates.some((p) => mx(p) && my(p));
}

/** A plain path (a file, or a folder and what is under it) and a glob: the glob matches it or something under it. */
function pathAndGlob(p: string, glob: ScopeEntry): boolean {
  if (nested(p, glob.base)) return true; // the glob's files all lie under the folder p
  if (!nested(glob.base, p)) return false; // apart
  const m = matcher(glob.normalized);
  return [p, ...samplesOf(under(p, tail(glob))), ...samplesOf(`${p}/**`)].some((s) => m(s));
}

/** The part of a glob below its static folder (of src/auth/*.ts, the *.ts). */
function tail(glob: ScopeEntry): string {
  return glob.base ? glob.normalized.slice(glob.base.length).replace(/^\/+/, '') : glob.normalized;
}

function under(folder: string, rest: string): string {
  return folder ? `${folder}/${rest}` : rest;
}

/** Whether `inner` is `outer` or lies under it ('' is the whole folder). */
function nested(outer: string, inner: string): boolean {
  return outer === '' || inner === outer || inner.startsWith(`${outer}/`);
}

const matchers = new Map<string, (p: string) => boolean>();
/** A compiled glob, called with the path alone (picomatch's matcher takes a second argument that changes its result). */
function matcher(glob: string): (p: string) => boolean {
  let m = matchers.get(glob);
  if (!m) {
    if (matchers.size > 5000) matchers.clear();
    const test = picomatch(glob, { dot: true });
    matchers.set(glob, m = (p: string) => test(p));
  }
  return m;
}

/** The pattern itself (picomatch reads its wildcards as plain text), and paths it matches: each wildcard made concrete. */
function samplesOf(glob: string): string[] {
  const concrete = glob.replace(/\{([^,}]*)[^}]*\}/g, '$1').replace(/\*\*/g, 'x/x').replace(/[*?]/g, 'x').replace(/\[[^\]]*\]/g, 'x');
  return [glob, concrete, concrete.replace(/x\/x/g, 'x')];
}
