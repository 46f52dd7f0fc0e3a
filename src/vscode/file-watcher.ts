import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import * as vscode from 'vscode';
import type { WatchPattern } from '../core/model/adapter';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';
import { whenFolderExists } from './folder-arrival';

/** Agents often write a file several times in a row: re-read once the burst settles. */
const SETTLE_MS = 40;
/** VS Code starts a new watcher a little later (its watcher process batches requests): one more look after this. */
const CATCH_UP_MS = 2_000;
/** How long Node's own watch stands in for a new VS Code watcher (well past the catch-up read). */
const BRIDGE_MS = 10_000;

/**
 * Feeds file events to the service: one FileSystemWatcher per folder and glob the adapters ask for (workspace
 * folders and home-directory roots alike). Events for the same file inside SETTLE_MS are coalesced; each file
 * is re-read on its own, and re-reads never interleave. When the service is reconfigured (settings, folders) the
 * watchers follow its patterns: new ones start, ones no longer asked for stop, the others keep running.
 */
export class StateFileWatcher extends Disposable {
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> = Promise.resolve();
  /** The running watchers by pattern (base + glob). */
  private readonly watchers = new Map<string, vscode.Disposable>();

  /** `start()` starts the watchers (activation defers it to just before the first scan: it costs a few milliseconds). */
  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(service.onDidReconfigure(() => this.syncPatterns()));
    this._register({ dispose: () => { clearTimeout(this.timer); for (const w of this.watchers.values()) w.dispose(); this.watchers.clear(); } });
  }

  /** The patterns watched now (tests check that they follow the settings). */
  get patterns(): WatchPattern[] {
    return [...this.watchers.keys()].map((key) => { const [base, glob] = key.split('\u0000'); return { base: base!, glob: glob! }; });
  }

  start(): void {
    this.syncPatterns();
  }

  /** Starts a watcher for each pattern the service asks for that has none, and stops those it no longer asks for. */
  syncPatterns(): void {
    if (this.isDisposed) return;
    const wanted = new Map(this.service.watchPatterns().map((p) => [`${p.base}\u0000${p.glob}`, p]));
    for (const [key, watcher] of this.watchers) {
      if (!wanted.has(key)) { watcher.dispose(); this.watchers.delete(key); }
    }
    for (const [key, { base, glob }] of wanted) {
      if (this.watchers.has(key)) continue;
      if (existsSync(base)) { this.watchers.set(key, this.watch(base, glob)); continue; }
      // A folder that is not there yet (orc's ~/.orc/projects/<id>/ before its database is made there): watched from
      // the moment it exists, and what was written into it before that is read then.
      this.watchers.set(key, whenFolderExists(base, () => {
        if (this.isDisposed || !this.watchers.has(key)) return;
        this.watchers.set(key, this.watch(base, glob));
        this.bridge(base, glob);
        this.catchUp();
      }));
    }
  }

  private watch(base: string, glob: string): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(base), glob));
    const queue = (uri: vscode.Uri) => this.queue(uri.fsPath);
    const subs = [watcher.onDidCreate(queue), watcher.onDidChange(queue), watcher.onDidDelete(queue)];
    return vscode.Disposable.from(...subs, watcher);
  }

  /**
   * Until VS Code's new watcher runs (its watcher process starts it a while later), Node's own watch of the folder's
   * entries feeds the same queue, so what orc writes into a folder it has just made is read at once.
   */
  private bridge(base: string, glob: string): void {
    const matches = picomatch(glob, { dot: true });
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(base, { persistent: false }, (_event, name) => {
        const file = name?.toString();
        if (file && matches(file)) this.queue(path.join(base, file));
      });
      watcher.on('error', () => watcher?.close());
    } catch {
      return; // not watchable: the catch-up reads still come
    }
    const timer = setTimeout(() => watcher?.close(), BRIDGE_MS);
    this._register({ dispose: () => { clearTimeout(timer); watcher?.close(); } });
  }

  /** Reads files that appeared in a folder before its watcher ran: now, and once more after the watcher has started. */
  private catchUp(): void {
    const read = () => { if (!this.isDisposed) void this.service.readUndiscovered(this.service.folders).catch((err) => console.error('baton: catch-up read failed', err)); };
    read();
    const timer = setTimeout(read, CATCH_UP_MS);
    this._register({ dispose: () => clearTimeout(timer) });
  }

  private queue(file: string): void {
    this.pending.add(file);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), SETTLE_MS);
  }

  private flush(): void {
    const files = [...this.pending];
    this.pending.clear();
    this.running = this.running.then(async () => {
      for (const file of files) await this.service.fileChanged(file);
    }).catch((err) => console.error('baton: refresh failed', err));
  }
}
