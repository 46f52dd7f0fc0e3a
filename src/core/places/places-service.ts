import path from 'node:path';
import type { WatchPattern } from '../model/adapter';
import { Disposable } from '../util/disposable';
import { Emitter, type Event } from '../util/event';
import type { AnyAdapter } from '../service/work-item';
import { defaultAdapters } from '../service/orchestration-service';
import type { ElsewhereState, OtherPlaces, OwnerElsewhere, PlaceState, PlacesChange, PlacesFactory, PlacesHost, PlacesSettings } from '../service/other-places';
import { crossPlaceConflicts } from './conflicts';
import type { Intent } from '../formats/intents/model';
import { readStateTextSync } from '../io/read-text';
import { YamlLocator } from '../yaml/locate';
import { elsewhereState, NOTHING_ELSEWHERE } from './elsewhere';
import { FolderPlaces, NO_PLACES, samePlacesSettings } from './folder-places';
import { PlacesOwnership } from './owners-elsewhere';

export type { ElsewhereState, OwnerElsewhere, PlacesChange, PlacesHost, PlacesSettings } from '../service/other-places';

/**
 * The other places of a service (`ServiceOptions.places`): `new OrchestrationService({ folders, places: otherPlaces(settings) })`.
 * `adapters` makes new adapter instances for each place (a place's adapters and what they make are its own).
 */
export function otherPlaces(settings?: PlacesSettings, adapters: () => readonly AnyAdapter[] = defaultAdapters): PlacesFactory {
  return (host) => new PlacesService(host, settings, adapters);
}

/**
 * The folders' other places: other worktrees of their repositories and the refs matching the user's patterns
 * (issue 20). Off until `configure` turns it on (and only in a trusted workspace: git never runs otherwise). The
 * folder's own items, decisions and problems stay where they were (`service.items()`…); what the other places add
 * is asked for with `elsewhere(root)`, so a view or count that shows only the folder's own is unchanged.
 *
 * Live: `configure` changes settings without a reload; `update` lists worktrees and refs again and reads only what
 * moved (call it when git's refs change: `gitWatchPatterns`); a worktree's own files come through the service's
 * `fileChanged` like the folder's.
 */
export class PlacesService extends Disposable implements OtherPlaces {
  private settings: PlacesSettings;
  private readonly folders = new Map<string, FolderPlaces>();
  private readonly ownership = new PlacesOwnership();
  private readonly changeEmitter = this._register(new Emitter<PlacesChange>());
  readonly onDidChange: Event<PlacesChange> = this.changeEmitter.event;
  /** Bumped by every change to a folder's own state or its places: the cached elsewhere views are then stale. */
  private generation = 0;
  private readonly cached = new Map<string, { generation: number; state: ElsewhereState }>();
  /** Per folder: the signature of a ref's item by its content key (see PlaceState.contentKey). */
  private readonly signatureMemos = new Map<string, Map<string, string>>();

  private readonly now: (() => number) | undefined;

  constructor(private readonly host: PlacesHost, settings: PlacesSettings | undefined, private readonly adapters: () => readonly AnyAdapter[]) {
    super();
    this.now = host.now;
    this.settings = settings ?? NO_PLACES;
    this._register(host.onDidChange(() => { this.generation++; }));
    this._register({ dispose: () => { for (const f of this.folders.values()) f.dispose(); this.folders.clear(); } });
  }

  /** The settings in force. */
  get current(): PlacesSettings {
    return this.settings;
  }

  /** Whether any place besides the folders' own is asked for (and may be read: the workspace is trusted). */
  get active(): boolean {
    return this.settings.trusted && (this.settings.worktrees || this.settings.refs.length > 0);
  }

  /** New settings, live: places no longer asked for go at once, new ones are read. Fires onDidChange per folder that changed. */
  configure(settings: PlacesSettings): Promise<void> {
    return this.host.serially(async () => {
      if (samePlacesSettings(settings, this.settings)) return;
      this.settings = settings;
      for (const f of this.folders.values()) f.configure(settings);
      // Places no longer asked for went in `configure` (no update sees them go): every folder's view is stale.
      this.generation++;
      const changed = await this.updateNow(undefined);
      if (this.isDisposed) return;
      for (const root of this.folders.keys()) if (!changed.includes(root)) this.changeEmitter.fire({ root });
    });
  }

  /**
   * Lists worktrees and refs again (of every folder, or those named) and reads what moved: a ref whose tree id is
   * unchanged is not read; a moved one reads only the blobs whose ids changed. Returns the folders that changed.
   */
  update(roots?: readonly string[]): Promise<string[]> {
    return this.host.serially(() => this.updateNow(roots));
  }

  /** `update` for the service, from inside its queue (after a scan or a reconfigure); nothing when off. */
  async updateInQueue(): Promise<void> {
    if (this.active || this.folders.size) await this.updateNow(undefined);
  }

  private async updateNow(roots: readonly string[] | undefined): Promise<string[]> {
    this.syncFolders();
    const changed: string[] = [];
    for (const [root, folder] of this.folders) {
      if (roots && !roots.includes(root)) continue;
      const placesMoved = await folder.update();
      // Sessions are linked after the worktrees are listed (a worktree added or gone moves them).
      if (this.updateSessions(root, folder) || placesMoved) changed.push(root);
    }
    if (this.isDisposed) return [];
    if (changed.length) this.generation++;
    for (const root of changed) this.changeEmitter.fire({ root });
    return changed;
  }

  /** Called in the service's queue for every changed path: a file of another worktree is re-read there. */
  async fileChanged(file: string): Promise<boolean> {
    if (!this.active) return false;
    const abs = path.resolve(file);
    let any = false;
    for (const [root, folder] of this.folders) {
      const place = folder.worktreeOf(abs);
      // An Ultrawork file (the folder's index has just re-read it): a session of another worktree may have changed.
      const sessionsMoved = folder.sessions.concerns(abs) && this.updateSessions(root, folder);
      if ((place && await place.refresh(abs)) || sessionsMoved) {
        any = true;
        this.generation++;
        this.changeEmitter.fire({ root });
      }
    }
    return any;
  }

  /** Links the Ultrawork sessions of a folder's other worktrees again if their records or the worktrees moved. */
  private updateSessions(root: string, folder: FolderPlaces): boolean {
    const worktrees = folder.worktreePlaces();
    if (!this.active || !worktrees.length) return folder.sessions.clear();
    return folder.sessions.update(this.host.records(root, 'ultrawork'), worktrees);
  }

  /** The other places of a folder, worktrees by path then refs by name (for views that group by place). */
  placesOf(root: string): PlaceState[] {
    return this.folders.get(root)?.places() ?? [];
  }

  /**
   * What the other places add to a folder: their items, decisions and problems (each with `elsewhere`), leaving out
   * what is identical to the folder's own; the conflicts between active intents of different places; and the
   * problems of reading the places themselves.
   */
  elsewhere(root: string): ElsewhereState {
    const folder = this.folders.get(root);
    if (!folder || !this.active) return NOTHING_ELSEWHERE;
    const known = this.cached.get(root);
    if (known && known.generation === this.generation) return known.state;
    const places = folder.places();
    const own = { items: this.host.items().filter((i) => i.root === root), decisions: this.host.decisions().filter((d) => d.root === root),
      diagnostics: this.host.diagnostics().filter((d) => isUnder(root, d.file)) };
    let memo = this.signatureMemos.get(root);
    if (!memo || memo.size > 100_000) this.signatureMemos.set(root, memo = new Map());
    const found = elsewhereState(root, own, places, memo);
    const state: ElsewhereState = { items: [...found.items, ...folder.sessions.items], decisions: found.decisions,
      diagnostics: [...folder.problems, ...found.diagnostics, ...folder.sessions.diagnostics, ...crossPlaceConflicts(own.items, root, places, intentLocator())] };
    this.cached.set(root, { generation: this.generation, state });
    return state;
  }

  /** Owners of a folder-relative path (with `/`) in the folder's other places, each with where it is. */
  ownersElsewhere(root: string, relPath: string): OwnerElsewhere[] {
    const folder = this.folders.get(root);
    if (!folder || !this.active) return [];
    return this.ownership.ownersOf(relPath, folder.places(), this.host.ownersOf(root, relPath));
  }

  /** A file's text as committed on a ref of a folder (to open a ref's item: its `file` is named as under the folder). */
  refFileText(root: string, ref: string, file: string): Promise<string | undefined> {
    return this.folders.get(root)?.refFileText(ref, file) ?? Promise.resolve(undefined);
  }

  /** The other worktrees' folders to watch (their changes reach the service's `fileChanged`). */
  watchPatterns(): WatchPattern[] {
    return this.active ? [...this.folders.values()].flatMap((f) => f.watchPatterns()) : [];
  }

  /** Where git records refs and worktrees: a change there is the moment to call `update`. */
  gitWatchPatterns(): WatchPattern[] {
    const seen = new Set<string>();
    return [...this.folders.values()].flatMap((f) => f.gitWatchPatterns()).filter((p) => !seen.has(p.base) && !!seen.add(p.base));
  }

  /** Blobs read from git's objects so far, in every folder (tests and the bench read it). */
  get blobsRead(): number {
    return [...this.folders.values()].reduce((n, f) => n + f.blobsRead, 0);
  }

  /** One FolderPlaces per folder the service reads; folders gone are disposed. */
  private syncFolders(): void {
    const roots = new Set(this.host.folders);
    for (const [root, folder] of this.folders) {
      const ctx = this.host.contextOf(root);
      if (roots.has(root) && ctx === folder.ctx) continue;
      folder.dispose();
      this.folders.delete(root);
      this.cached.delete(root);
    }
    for (const root of roots) {
      const ctx = this.host.contextOf(root);
      if (ctx && !this.folders.has(root)) this.folders.set(root, new FolderPlaces(ctx, this.settings, this.adapters, this.now));
    }
  }
}

/**
 * Where an intent starts in its file, for a conflict's position: read from disk for the folder's own and a
 * worktree's intents (once per file per call); a ref's file is not on disk, so its position is left out.
 */
function intentLocator(): (intent: Intent) => { line: number; column: number } | undefined {
  const locators = new Map<string, YamlLocator | undefined>();
  return (intent) => {
    if (intent.elsewhere?.ref !== undefined) return undefined;
    if (!locators.has(intent.file)) {
      const read = readStateTextSync(intent.file);
      locators.set(intent.file, read.ok ? new YamlLocator(read.text) : undefined);
    }
    return locators.get(intent.file)?.locate(intent.yamlPath);
  };
}

function isUnder(root: string, file: string): boolean {
  return file === root || file.startsWith(root + path.sep) || !path.isAbsolute(file);
}
