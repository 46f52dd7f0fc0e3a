import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type * as vscode from 'vscode';

/** How often the folder is looked for when no event came (a watch that failed, a parent deleted and made again). */
const POLL_MS = 2_000;

/**
 * Calls `arrived` once, when `folder` exists (at the earliest after this call returns). Until then only its nearest existing parent is watched, without
 * recursion (one directory's entries: cheap even when that parent is the home folder), going one level deeper each
 * time a level appears; a slow poll covers what a watch may miss.
 *
 * Why: a watch pattern may name a folder that does not exist yet — orc's `~/.orc/projects/<id>/` before orc first
 * opens the project's database there, a sessions root before the first session. VS Code keeps such a watcher
 * suspended and looks for the folder only every few seconds, then reports the folder, not the files written into it
 * meanwhile; waiting here and starting the watcher once the folder is there lets the caller read what is already in it.
 */
export function whenFolderExists(folder: string, arrived: () => void): vscode.Disposable {
  let watcher: FSWatcher | undefined;
  let watched: string | undefined;
  let done = false;
  const stop = () => {
    done = true;
    watcher?.close();
    watcher = undefined;
    clearInterval(poll);
  };
  const check = () => {
    if (done) return;
    if (existsSync(folder)) { stop(); arrived(); return; }
    const parent = nearestExisting(folder);
    if (parent === watched) return;
    watcher?.close();
    watcher = undefined;
    watched = parent;
    try {
      watcher = watch(parent, { persistent: false }, () => check());
      watcher.on('error', () => { watcher?.close(); watcher = undefined; watched = undefined; });
    } catch {
      watched = undefined; // not watchable (permissions): the poll still looks
    }
  };
  const poll = setInterval(check, POLL_MS);
  poll.unref?.();
  // Never during this call: the caller keeps the returned handle before `arrived` may run.
  queueMicrotask(check);
  return { dispose: stop };
}

function nearestExisting(folder: string): string {
  let dir = path.dirname(folder);
  while (!existsSync(dir)) {
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return dir;
}
