import picomatch from 'picomatch';
import { resolveContained } from '../../io/contained-path';

/**
 * One `owned_scope` entry, normalised relative to the workspace folder. An entry with glob characters is a
 * picomatch glob; one without matches that file, or everything under it when it is a folder (`docs/` owns
 * `docs/guide.md`, `src/auth` owns `src/auth/login.ts` but not `src/authentication.ts`). A leading `!` excludes.
 */
export interface ScopeEntry {
  /** As written in the file. */
  readonly pattern: string;
  /** Workspace-relative with `/`, no `./`, no trailing `/`; '' for the whole folder. */
  readonly normalized: string;
  readonly kind: 'glob' | 'path';
  readonly negated: boolean;
  /** The folder every match lies under ('' for the whole workspace): the ownership index files globs by it. */
  readonly base: string;
  /** Why the entry is ignored (it leaves the workspace folder, or is empty), when it is. */
  readonly refused?: string;
}

export function normalizeScopeEntry(root: string, raw: string): ScopeEntry {
  let text = raw.trim().replace(/\\/g, '/');
  const negated = text.startsWith('!');
  if (negated) text = text.slice(1);
  const refuse = (why: string): ScopeEntry => ({ pattern: raw, normalized: '', kind: 'path', negated, base: '', refused: why });
  if (!text || text.includes('\0')) return refuse('it is empty');
  // `/src/**` means the workspace root's src (forks write scopes as repository paths), unless it really is an
  // absolute path inside the folder.
  if (text.startsWith('/') && relativeInside(root, picomatch.scan(text).base || text) === undefined) text = text.replace(/^\/+/, '') || '.';
  const scan = picomatch.scan(text);
  const isGlob = scan.isGlob;
  const staticPart = isGlob ? scan.base : text;
  const relBase = relativeInside(root, staticPart);
  if (relBase === undefined) return refuse(`${raw} is outside the workspace folder`);
  if (!isGlob) return { pattern: raw, normalized: relBase, kind: 'path', negated, base: relBase };
  // `src/**/../../x` would climb out after the glob: refused like any other escape.
  if (scan.glob.split('/').includes('..')) return refuse(`${raw} climbs out of its folder with ..`);
  const normalized = relBase ? `${relBase}/${scan.glob}` : scan.glob;
  return { pattern: raw, normalized, kind: 'glob', negated, base: relBase };
}

/** A glob already relative to the workspace folder (an intent map's `src/auth/**` row) as a scope entry. */
export function relativeGlobEntry(pattern: string): ScopeEntry {
  const base = picomatch.scan(pattern).base.replace(/^\.\/?/, '');
  return { pattern, normalized: pattern, kind: 'glob', negated: false, base };
}

/** `p` (absolute, or relative to root) as a workspace-relative posix path; '' for the root; undefined outside it. */
function relativeInside(root: string, p: string): string | undefined {
  const cleaned = p.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  if (cleaned === '' || cleaned === '.') return '';
  const inside = resolveContained(root, cleaned, { allowRoot: true });
  return inside.ok ? inside.relative : undefined;
}

export type CompiledEntry = (relPath: string) => boolean;

/**
 * Turns a normalised entry into a test. Globs go through picomatch (`dot: true`: hidden files are files too);
 * plain paths compare as a file or a folder prefix at a `/` boundary.
 */
export function compileScopeEntry(entry: ScopeEntry): CompiledEntry {
  if (entry.refused) return () => false;
  if (entry.kind === 'glob') return picomatch(entry.normalized, { dot: true });
  const p = entry.normalized;
  if (p === '') return () => true;
  const prefix = `${p}/`;
  return (rel) => rel === p || rel.startsWith(prefix);
}

/** Whether a workspace-relative path has glob characters picomatch would expand. */
export function hasGlobCharacters(text: string): boolean {
  return picomatch.scan(text).isGlob;
}
