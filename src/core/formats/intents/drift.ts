import { promises as fs } from 'node:fs';
import { containedPath } from '../../io/contained-path';
import { hashMatches, sha256File } from '../../io/content-hash';
import type { MapRow } from './model';

/**
 * Whether a file still holds the bytes the intent map recorded: `same`, `drifted` (changed since), `missing`
 * (gone), `outside` (a symbolic link out of the workspace folder: never read), or `unrecorded` (the map has no usable hash, e.g. `n/a`), or `pattern` (a glob row:
 * it names many files). A truncated hash is compared as a prefix.
 */
export type Drift = 'same' | 'drifted' | 'missing' | 'unrecorded' | 'outside' | 'pattern';

export interface DriftResult {
  readonly drift: Drift;
  /** The file's current `sha256:<hex>`, when it could be read. */
  readonly actual: string | null;
}

/** Hashes are cached by path, size and mtime: re-opening the map does not re-read unchanged files. */
export class DriftChecker {
  private readonly cache = new Map<string, { size: number; mtimeMs: number; hash: string }>();

  async check(root: string, row: MapRow): Promise<DriftResult> {
    if (row.glob) return { drift: 'pattern', actual: null };
    const inside = await containedPath(root, row.file);
    if (!inside.ok) return { drift: 'outside', actual: null };
    const file = inside.absolute;
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return { drift: 'missing', actual: null };
    let actual = this.cache.get(file);
    if (!actual || actual.size !== stat.size || actual.mtimeMs !== stat.mtimeMs) {
      const hash = await sha256File(file);
      if (!hash) return { drift: 'missing', actual: null };
      this.cache.set(file, actual = { size: stat.size, mtimeMs: stat.mtimeMs, hash });
    }
    if (!row.hash) return { drift: 'unrecorded', actual: actual.hash };
    return { drift: hashMatches(row.hash, actual.hash) ? 'same' : 'drifted', actual: actual.hash };
  }
}
