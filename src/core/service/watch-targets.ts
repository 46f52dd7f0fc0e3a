import { readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { WatchPattern } from '../model/adapter';

/** One `fs.watch`: a folder, recursive or not, and which of its events are the adapters' files. */
export interface WatchTarget {
  readonly key: string;
  readonly dir: string;
  readonly recursive: boolean;
  readonly accepts: (file: string) => boolean;
}

/**
 * The folders to watch for the adapters' patterns, so that Node's watcher never walks a whole repository: a recursive
 * `fs.watch` on Linux visits (synchronously) and holds an inotify watch on every folder below it, and state folders
 * hold git checkouts (orc's `.orc/worktrees/`, orange's `~/orange/workspaces/`).
 *
 * A pattern's state folder — `.orc` for `{orc.yaml,.orc/**}`, the root itself for `**` — is watched without
 * recursion, and each folder in it recursively only when it holds a file Baton has read (`.orc/tasks`,
 * `~/orange/tasks`, each Ultrawork session), else without recursion (it is seen to fill, and read then). The
 * workspace folder is watched without recursion for files at its top (`orc.yaml`) and a state folder appearing.
 */
export function watchTargets(patterns: readonly WatchPattern[], knownFiles: readonly string[]): Map<string, WatchTarget> {
  const tests = new Map<string, { dir: string; recursive: boolean; tests: ((file: string) => boolean)[] }>();
  const add = (dir: string, recursive: boolean, test: (file: string) => boolean) => {
    const key = `${dir}\u0000${recursive ? 'r' : 'f'}`;
    const t = tests.get(key) ?? { dir, recursive, tests: [] };
    t.tests.push(test);
    tests.set(key, t);
  };
  const holding = foldersHoldingFiles(knownFiles);
  for (const { base, glob } of patterns) {
    const matches = picomatch(glob, { dot: true });
    const test = (file: string) => matches(path.relative(base, file).split(path.sep).join('/'));
    for (const alternative of topAlternatives(glob)) {
      const slash = alternative.indexOf('/');
      const first = slash < 0 ? alternative : alternative.slice(0, slash);
      const wild = /[*?[{]/.test(first);
      if (slash < 0 && !first.startsWith('**')) { add(base, false, test); continue; }
      const stateDir = wild ? base : path.join(base, first);
      if (!wild) add(base, false, (file) => file === stateDir);
      add(stateDir, false, test);
      for (const child of subfolders(stateDir)) add(child, holding.has(child), test);
    }
  }
  return new Map([...tests].map(([key, t]) => [key, { key, dir: t.dir, recursive: t.recursive, accepts: (file: string) => t.tests.some((x) => x(file)) }]));
}

/** `{orc.yaml,.orc/**}` → `orc.yaml`, `.orc/**`; `{.orchestral,.dure}/**` → `.orchestral/**`, `.dure/**`; others as they are. */
export function topAlternatives(glob: string): string[] {
  const m = /^\{([^{}]*)\}(.*)$/.exec(glob);
  return m ? m[1]!.split(',').map((alt) => `${alt}${m[2]}`) : [glob];
}

/** Every folder that holds a known file at any depth. */
function foldersHoldingFiles(files: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const file of files) {
    for (let dir = path.dirname(file); !out.has(dir); dir = path.dirname(dir)) {
      out.add(dir);
      if (path.dirname(dir) === dir) break;
    }
  }
  return out;
}

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
  } catch {
    return []; // not there (yet), or not listable: its parent's watcher sees it appear
  }
}
