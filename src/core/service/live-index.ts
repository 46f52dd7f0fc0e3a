import { existsSync, promises as fs, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { Disposable, toDisposable } from '../util/disposable';
import type { OrchestrationService } from './orchestration-service';
import { StatSweep } from './stat-sweep';
import { watchTargets, type WatchTarget } from './watch-targets';

/** After a folder appears: one more look for its files, which an agent may write a moment after making it. */
const CATCH_UP_MS = 2_000;

export interface LiveIndexOptions {
  /** Agents write a file several times in a row: re-read once the burst settles. */
  readonly settleMs?: number;
  /** The stat sweep under the watcher: one slice of the files read, this often. */
  readonly sweepMs?: number;
  /** How often to look for files no event announced (a folder the watcher could not follow). */
  readonly undiscoveredMs?: number;
  /** Orphan detection depends on heartbeat age: re-check without reading anything this often. */
  readonly recheckMs?: number;
  readonly log?: (message: string) => void;
}

/**
 * Keeps a service's index live outside the editor (the editor uses VS Code's watcher): Node's `fs.watch` over the
 * folders the adapters ask for (recursive only where Baton reads files, see watch-targets.ts) feeding `fileChanged`;
 * the stat sweep as a safety net for writes a watcher misses; `readUndiscovered` when a folder appears (and once more
 * a moment later) and now and then for new files no event announced.
 */
export class LiveIndex extends Disposable {
  private readonly watchers = new Map<string, FSWatcher>();
  /** Folders that could not be watched: not tried again every sweep (a recursive watch walks its whole tree first). */
  private readonly failed = new Set<string>();
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private catchUp: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> = Promise.resolve();
  private readonly sweep: StatSweep;
  private readonly settleMs: number;
  private readonly log: (message: string) => void;

  constructor(private readonly service: OrchestrationService, private readonly options: LiveIndexOptions = {}) {
    super();
    this.sweep = new StatSweep(service);
    this.settleMs = options.settleMs ?? 40;
    this.log = options.log ?? (() => undefined);
    this._register(toDisposable(() => {
      clearTimeout(this.timer);
      clearTimeout(this.catchUp);
      for (const w of this.watchers.values()) w.close();
      this.watchers.clear();
    }));
    this._register(service.onDidReconfigure(() => this.syncWatchers()));
  }

  start(): void {
    this.syncWatchers();
    this.every(this.options.sweepMs ?? 2_000, () => { this.syncWatchers(); return this.sweep.tick(); });
    this.every(this.options.undiscoveredMs ?? 15_000, () => this.service.readUndiscovered(this.service.folders));
    this.every(this.options.recheckMs ?? 60_000, async () => this.service.recheck());
  }

  private every(ms: number, work: () => Promise<unknown>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.isDisposed) return;
      busy = true;
      work().catch((err) => this.log(`refresh failed: ${(err as Error).message}`)).finally(() => { busy = false; });
    }, ms);
    timer.unref();
    this._register(toDisposable(() => clearInterval(timer)));
  }

  /** Starts a watcher for each folder to watch that exists and has none; stops those no longer wanted. */
  private syncWatchers(): void {
    if (this.isDisposed) return;
    const wanted = watchTargets(this.service.watchPatterns(), this.service.knownFiles());
    for (const [key, watcher] of this.watchers) if (!wanted.has(key)) { watcher.close(); this.watchers.delete(key); }
    for (const target of wanted.values()) {
      if (this.watchers.has(target.key) || this.failed.has(target.key) || !existsSync(target.dir)) continue;
      try {
        const watcher = watch(target.dir, { recursive: target.recursive, persistent: false }, (_event, name) => {
          if (name) this.queue(path.join(target.dir, name.toString()), target);
        });
        watcher.on('error', (err) => this.stopWatching(target, watcher, err));
        this.watchers.set(target.key, watcher);
      } catch (err) {
        this.failed.add(target.key);
        this.log(`cannot watch ${target.dir} (${(err as Error).message}); the stat sweep still notices changes`);
      }
    }
  }

  private stopWatching(target: WatchTarget, watcher: FSWatcher, err: Error): void {
    watcher.close();
    if (this.watchers.get(target.key) === watcher) this.watchers.delete(target.key);
    // A folder deleted takes its watcher with it: watched again if it comes back. Anything else is not retried.
    if (existsSync(target.dir)) {
      this.failed.add(target.key);
      this.log(`watching ${target.dir} stopped (${err.message}); the stat sweep still notices changes`);
    }
  }

  private queue(file: string, target: WatchTarget): void {
    if (!target.accepts(file)) return;
    this.pending.add(file);
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.settleMs);
  }

  private flush(): void {
    const files = [...this.pending];
    this.pending.clear();
    this.running = this.running.then(async () => {
      let folderEvent = false;
      for (const file of files) {
        if (this.isDisposed) return;
        // A folder made or moved (a new task folder, `.orc` made by `orc init`): its files are found by listing.
        if ((await fs.stat(file).catch(() => undefined))?.isDirectory()) { folderEvent = true; continue; }
        await this.service.fileChanged(file);
      }
      if (folderEvent) await this.lookForNewFiles();
    }).catch((err) => this.log(`refresh failed: ${(err as Error).message}`));
  }

  /** Reads files no event announced, then watches the folders they are in; once more a moment later. */
  private async lookForNewFiles(again = true): Promise<void> {
    if (this.isDisposed) return;
    await this.service.readUndiscovered(this.service.folders);
    this.syncWatchers();
    if (!again) return;
    clearTimeout(this.catchUp);
    this.catchUp = setTimeout(() => {
      this.running = this.running.then(() => this.lookForNewFiles(false)).catch((err) => this.log(`refresh failed: ${(err as Error).message}`));
    }, CATCH_UP_MS);
    this.catchUp.unref();
  }
}
