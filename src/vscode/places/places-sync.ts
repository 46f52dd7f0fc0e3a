import { watch, type FSWatcher } from 'node:fs';
import picomatch from 'picomatch';
import * as vscode from 'vscode';
import type { WatchPattern } from '../../core/model/adapter';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { samePlacesSettings } from '../../core/places/folder-places';
import { GitMetadataPoll } from '../../core/places/git-metadata-stamp';
import type { PlacesSettings } from '../../core/places/places-service';
import { Disposable } from '../../core/util/disposable';
import type { StateFileWatcher } from '../file-watcher';
import { batonSettings, onDidChangeBatonSettings } from '../settings';

/** The settings that choose the other places (any other `baton.*` change leaves them alone). */
const PLACES_SETTINGS = ['baton.worktrees.enabled', 'baton.refs'];
/** A fetch or commit writes several refs and logs in a burst: list the refs once it settles. */
const SETTLE_MS = 150;
/** How often the refs' stamp is compared, for a move the watchers missed (see GitMetadataPoll). */
const POLL_MS = 2_000;

/** What the settings and workspace trust ask of `service.places` now. */
export function placesSettings(): PlacesSettings {
  const settings = batonSettings();
  return { trusted: vscode.workspace.isTrusted, worktrees: settings.worktreesEnabled, refs: settings.refs };
}

/**
 * Keeps `service.places` as the settings and trust say (live: no reload) and current: git's refs, packed-refs and
 * worktree records are watched, and a change there (a commit on a branch, a fetch, a branch switched in another
 * worktree) lists the places again, reading only what moved; the other worktrees' own files reach the service
 * through the StateFileWatcher, whose patterns follow the places. Starts after the first scan: reading other
 * places never delays activation or the folder's own rows. In an untrusted workspace git never runs.
 */
export class PlacesSync extends Disposable {
  private readonly gitWatchers = new Map<string, vscode.Disposable>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  /** Each apply or update in turn (configure and update queue in the service too; this keeps their errors apart). */
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly service: OrchestrationService, private readonly watcher: StateFileWatcher,
    private readonly log: vscode.LogOutputChannel) {
    super();
    this._register(onDidChangeBatonSettings((e) => { if (PLACES_SETTINGS.some((k) => e.affectsConfiguration(k))) this.apply(); }));
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.apply()));
    // Places appear and go (a worktree added, settings changed, a folder added): the watchers follow.
    this._register(service.places.onDidChange(() => this.syncWatchers()));
    this._register(service.onDidReconfigure(() => this.syncWatchers()));
    this._register({ dispose: () => { clearTimeout(this.timer); for (const w of this.gitWatchers.values()) w.dispose(); this.gitWatchers.clear(); } });
    // Under the watchers, a stat of git's refs folders every two seconds: a ref that moved while a watcher was still
    // starting (or is excluded by files.watcherExclude) is read all the same.
    const poll = new GitMetadataPoll(() => this.service.places.gitWatchPatterns().map((p) => p.base), () => this.refsMoved());
    const polling = setInterval(() => { if (this.started && this.service.places.active) void poll.tick().catch((err) => this.log.error(`git refs: ${(err as Error).message}`)); }, POLL_MS);
    this._register({ dispose: () => clearInterval(polling) });
  }

  /** The git folders watched now (tests read it). */
  get gitPatterns(): WatchPattern[] {
    return [...this.gitWatchers.keys()].map((key) => { const [base, glob] = key.split('\u0000'); return { base: base!, glob: glob! }; });
  }

  /** Applies the settings for the first time (after the first scan). */
  start(): Promise<void> {
    this.started = true;
    return this.apply();
  }

  /** Reads the settings and trust again and configures the places (nothing happens when they are unchanged). */
  apply(): Promise<void> {
    if (!this.started || this.isDisposed) return this.running;
    return this.enqueue('applying the worktrees and refs settings', async () => {
      const started = performance.now();
      const settings = placesSettings();
      const changed = !samePlacesSettings(settings, this.service.places.current);
      await this.service.places.configure(settings);
      this.syncWatchers();
      if (changed && this.service.places.active) {
        this.log.info(`other worktrees and refs read in ${(performance.now() - started).toFixed(0)} ms (worktrees ${settings.worktrees ? 'on' : 'off'}, refs ${JSON.stringify(settings.refs)})`);
      }
    });
  }

  private enqueue(what: string, work: () => Promise<void>): Promise<void> {
    this.running = this.running.then(work).catch((err) => this.log.error(`${what}: ${(err as Error).message}`));
    return this.running;
  }

  /** Starts a watcher for each git folder the places name and stops those no longer named; the file watcher follows too. */
  private syncWatchers(): void {
    if (this.isDisposed) return;
    this.watcher.syncPatterns();
    const wanted = new Map(this.service.places.gitWatchPatterns().map((p) => [`${p.base}\u0000${p.glob}`, p]));
    for (const [key, w] of this.gitWatchers) if (!wanted.has(key)) { w.dispose(); this.gitWatchers.delete(key); }
    for (const [key, { base, glob }] of wanted) {
      if (this.gitWatchers.has(key)) continue;
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(base), glob));
      const moved = () => this.refsMoved();
      this.gitWatchers.set(key, vscode.Disposable.from(w.onDidCreate(moved), w.onDidChange(moved), w.onDidDelete(moved), w, nodeWatch(base, glob, moved)));
    }
  }

  private refsMoved(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.isDisposed && this.service.places.active) void this.enqueue('reading other worktrees and refs', async () => { await this.service.places.update(); });
    }, SETTLE_MS);
  }
}

/**
 * Node's own watch of the git folder beside VS Code's: VS Code's watcher of a folder inside `.git` starts a while
 * after it is asked for and may be excluded by the user's `files.watcherExclude`; either one seeing a ref move
 * is enough (the update that follows compares tree ids, so a second event costs one `for-each-ref`).
 */
function nodeWatch(base: string, glob: string, moved: () => void): vscode.Disposable {
  const matches = picomatch(glob, { dot: true });
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(base, { recursive: true, persistent: false }, (_event, name) => {
      const file = name?.toString().split('\\').join('/');
      if (file && matches(file)) moved();
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    return { dispose: () => undefined }; // not watchable here: VS Code's watcher still is
  }
  return { dispose: () => watcher?.close() };
}
