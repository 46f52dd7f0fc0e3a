import { existsSync, promises as fs, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { Disposable, toDisposable } from '../util/disposable';
import type { OrchestrationService } from './orchestration-service';
import { StatSweep } from './stat-sweep';

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
 * folders the adapters ask for — recursive only below the state folders themselves (`.orc/`, `.orchestration/`,
 * the home roots), never a whole repository — feeding `fileChanged`; the stat sweep as a safety net for writes a
 * watcher misses; `readUndiscovered` when a state folder appears and now and then for new files no event announced.
 */
export class LiveIndex extends Disposable {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> = Promise.resolve();
  private lookForNew = false;
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
    const wanted = watchTargets(this.service);
    for (const [key, watcher] of this.watchers) if (!wanted.has(key)) { watcher.close(); this.watchers.delete(key); }
    let appeared = false;
    for (const [key, target] of wanted) {
      if (this.watchers.has(key) || !existsSync(target.dir)) continue;
      try {
        const watcher = watch(target.dir, { recursive: target.recursive, persistent: false }, (_event, name) => {
          if (name) this.queue(path.join(target.dir, name.toString()), target);
        });
        watcher.on('error', (err) => {
          this.log(`watching ${target.dir} stopped (${err.message}); the stat sweep still notices changes`);
          watcher.close();
          this.watchers.delete(key);
        });
        this.watchers.set(key, watcher);
        if (target.recursive) appeared = true;
      } catch (err) {
        this.log(`cannot watch ${target.dir} (${(err as Error).message}); the stat sweep still notices changes`);
      }
    }
    // A state folder that appeared after the scan (or before its watcher ran) holds files no event announced.
    if (appeared && this.service.hasScanned) { this.lookForNew = true; this.schedule(); }
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
    const lookForNew = this.lookForNew;
    this.lookForNew = false;
    this.running = this.running.then(async () => {
      let folderEvent = lookForNew;
      for (const file of files) {
        if (this.isDisposed) return;
        // A folder made or moved (a new task folder): the files written into it before the watcher followed it
        // are found by the listing below.
        if ((await fs.stat(file).catch(() => undefined))?.isDirectory()) { folderEvent = true; continue; }
        await this.service.fileChanged(file);
      }
      if (!folderEvent || this.isDisposed) return;
      // A state folder that has just appeared (`.orc` made by `orc init`) gets its own watcher now.
      this.syncWatchers();
      await this.service.readUndiscovered(this.service.folders);
    }).catch((err) => this.log(`refresh failed: ${(err as Error).message}`));
  }
}

interface WatchTarget {
  readonly dir: string;
  readonly recursive: boolean;
  readonly accepts: (file: string) => boolean;
}

function dirKey(dir: string): string {
  return `${dir}\u0000r`;
}

/**
 * The folders to watch for the service's patterns. `{orc.yaml,.orc/**}` at a workspace folder becomes the folder
 * itself, not recursive (orc.yaml, and `.orc` appearing), and `.orc` recursive; `**` at a home root, the root
 * recursive. A watcher's events pass only when the pattern matches them (or name the state folder itself).
 */
function watchTargets(service: OrchestrationService): Map<string, WatchTarget> {
  const targets = new Map<string, { dir: string; recursive: boolean; tests: ((rel: string) => boolean)[]; base: string }>();
  const add = (dir: string, recursive: boolean, base: string, test: (rel: string) => boolean) => {
    const key = recursive ? dirKey(dir) : `${dir}\u0000f`;
    const t = targets.get(key) ?? { dir, recursive, tests: [], base };
    t.tests.push((file) => test(path.relative(base, file).split(path.sep).join('/')));
    targets.set(key, t);
  };
  for (const { base, glob } of service.watchPatterns()) {
    const matches = picomatch(glob, { dot: true });
    for (const alternative of topAlternatives(glob)) {
      const slash = alternative.indexOf('/');
      const first = slash < 0 ? alternative : alternative.slice(0, slash);
      if (first === '**' || /[*?[{]/.test(first)) { add(base, true, base, matches); continue; }
      if (slash < 0) { add(base, false, base, matches); continue; }
      const dir = path.join(base, first);
      add(base, false, base, (rel) => rel === first);
      add(dir, true, base, matches);
    }
  }
  return new Map([...targets].map(([key, t]) => [key, { dir: t.dir, recursive: t.recursive, accepts: (file: string) => t.tests.some((test) => test(file)) }]));
}

/** `{orc.yaml,.orc/**}` → `orc.yaml`, `.orc/**`; `{.orchestral,.dure}/**` → `.orchestral/**`, `.dure/**`; others as they are. */
function topAlternatives(glob: string): string[] {
  const m = /^\{([^{}]*)\}(.*)$/.exec(glob);
  return m ? m[1]!.split(',').map((alt) => `${alt}${m[2]}`) : [glob];
}
