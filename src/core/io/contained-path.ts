import { promises as fs, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The one answer to "may Baton read, write or open this path that came from a file?". A path from a file is
 * untrusted: it must stay within the root it belongs to — the workspace folder, a task's folder, or the
 * configured home root of a system (~/orange, the Ultrawork sessions folder). `../`, absolute paths elsewhere,
 * Windows-style `..\` and `C:\…`, and symlinks whose real target leaves the root are all "outside".
 */
export type Contained =
  | { readonly ok: true; readonly absolute: string; readonly relative: string }
  | { readonly ok: false; readonly reason: string };

export interface ContainOptions {
  /** A leading `~` means this home folder (orange's and Ultrawork's paths); otherwise `~` is an ordinary name. */
  readonly home?: string;
  /** The root itself is a valid answer (a folder path naming the root); by default it is not a file in it. */
  readonly allowRoot?: boolean;
  /** Said in reasons: "outside <what>" (default: the root's path). */
  readonly what?: string;
}

/**
 * Lexical check only: resolves `candidate` (absolute, or relative to `root`) and refuses it when it leaves
 * `root`. Use it for a path that is only shown; anything read, written or opened goes through `containedPath`.
 * `relative` uses `/`. Backslashes count as separators, so a file written on Windows cannot climb with `..\`.
 */
export function resolveContained(root: string, candidate: string, options: ContainOptions = {}): Contained {
  if (typeof candidate !== 'string' || !candidate.trim() || candidate.includes('\0')) return { ok: false, reason: 'empty or malformed path' };
  const absRoot = path.resolve(root);
  const where = options.what ?? absRoot;
  if (/^[A-Za-z]:[\\/]/.test(candidate) && path.sep === '/') return { ok: false, reason: `${candidate} is outside ${where} (a Windows drive path)` };
  let written = path.sep === '/' ? candidate.replace(/\\/g, '/') : candidate;
  if (options.home && /^~(?=$|[\\/])/.test(written)) written = path.join(options.home, written.slice(1));
  const absolute = path.resolve(absRoot, written);
  const relative = path.relative(absRoot, absolute);
  if (relative === '') {
    return options.allowRoot ? { ok: true, absolute, relative: '' } : { ok: false, reason: `${candidate} is the folder itself, not a file in it` };
  }
  if (isOutside(relative)) return { ok: false, reason: `${candidate} is outside ${where}` };
  return { ok: true, absolute, relative: relative.split(path.sep).join('/') };
}

/**
 * The lexical check, then the real one: symlinks are followed (for a path that does not exist yet, its nearest
 * existing ancestor's), and the real target must stay within the root's real path. `absolute` stays the path as
 * written (inside the root), so callers show the name the file gave.
 */
export async function containedPath(root: string, candidate: string, options: ContainOptions = {}): Promise<Contained> {
  const lexical = resolveContained(root, candidate, options);
  if (!lexical.ok) return lexical;
  const [realRoot, realTarget] = await Promise.all([realOrSelf(path.resolve(root)), realOfNearest(lexical.absolute)]);
  return realVerdict(realRoot, realTarget, candidate, lexical, options);
}

/** `containedPath` for synchronous callers (tree rows, the scan's parse step). */
export function containedPathSync(root: string, candidate: string, options: ContainOptions = {}): Contained {
  const lexical = resolveContained(root, candidate, options);
  if (!lexical.ok) return lexical;
  return realVerdict(realOrSelfSync(path.resolve(root)), realOfNearestSync(lexical.absolute), candidate, lexical, options);
}

/** Whether `file` (absolute, already built by Baton from a root) really lies within `root`, symlinks followed. */
export async function isReallyInside(root: string, file: string, options: ContainOptions = {}): Promise<Contained> {
  return containedPath(root, path.resolve(file), options);
}

function realVerdict(realRoot: string, realTarget: string, candidate: string, lexical: Contained & { ok: true }, options: ContainOptions): Contained {
  const rel = path.relative(realRoot, realTarget);
  if (rel === '' && !options.allowRoot) return { ok: false, reason: `${candidate} is a link to the folder itself` };
  if (isOutside(rel)) return { ok: false, reason: `${candidate} is a symbolic link to ${realTarget}, outside ${options.what ?? path.resolve(realRoot)}` };
  return lexical;
}

function isOutside(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

async function realOrSelf(p: string): Promise<string> {
  return fs.realpath(p).catch(() => p);
}

function realOrSelfSync(p: string): string {
  try { return realpathSync(p); } catch { return p; }
}

/** The real path of `p`, or of its nearest existing ancestor with the missing rest appended. */
async function realOfNearest(p: string, depth = 0): Promise<string> {
  const rest: string[] = [];
  for (let at = p; ; at = path.dirname(at)) {
    const real = await fs.realpath(at).catch(() => null);
    if (real !== null) return path.join(real, ...rest.reverse());
    // A dangling link still points somewhere: a write through it would land there.
    const link = await fs.readlink(at).catch(() => null);
    if (link !== null && depth < 8) return path.join(await realOfNearest(path.resolve(path.dirname(at), link), depth + 1), ...rest.reverse());
    if (path.dirname(at) === at) return p;
    rest.push(path.basename(at));
  }
}

function realOfNearestSync(p: string, depth = 0): string {
  const rest: string[] = [];
  for (let at = p; ; at = path.dirname(at)) {
    try { return path.join(realpathSync(at), ...rest.reverse()); } catch { /* missing (or a dangling link) */ }
    let link: string | null = null;
    try { link = readlinkSync(at); } catch { /* not a link */ }
    if (link !== null && depth < 8) return path.join(realOfNearestSync(path.resolve(path.dirname(at), link), depth + 1), ...rest.reverse());
    if (path.dirname(at) === at) return p;
    rest.push(path.basename(at));
  }
}
