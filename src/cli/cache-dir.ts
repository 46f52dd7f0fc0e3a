import os from 'node:os';
import path from 'node:path';

/** The CLI's caches (the index, scan snapshots, compiled code) live in the user's cache folder, never in a repository. */
export function cliCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'baton');
}
