import path from 'node:path';
import { Disposable } from '../util/disposable';
import { Emitter, type Event } from '../util/event';
import { Slicer } from '../util/steps';
import type { Diagnostic } from '../model/diagnostic';
import { itemKey } from '../model/items';
import type { SystemId } from '../model/system';
import type { Decision, WorkItem } from './work-item';
import { IntentsAdapter } from '../formats/intents/adapter';
import { OrangeAdapter } from '../formats/orange/adapter';
import { OrcAdapter } from '../formats/orc-eras/adapter';
import { OrchestralAdapter } from '../formats/orchestral/adapter';
import { UltraworkAdapter } from '../formats/ultrawork/adapter';
import type { SourceContext, WatchPattern } from '../model/adapter';
import type { AnyAdapter } from './work-item';
import type { IndexCache } from './index-cache';
import { IntentsService } from './intents-service';
import { sameContext } from '../model/source-context';
import { WorkspaceIndex, type IndexChange, type KnownListing, type ScanFacts } from './workspace-index';
import type { ReadSoFar } from './read-so-far';
import { noOtherPlaces, type OtherPlaces, type PlacesFactory } from './other-places';

export type { IndexChange } from './workspace-index';
export type { ReadSoFar } from './read-so-far';

export interface ServiceOptions {
  /**
   * The folders and the context each is read with. A function is called once, when the service first needs them (a
   * scan, a query, a reconfigure), not by the constructor: the editor makes the service before it reads its settings
   * (VS Code's first settings read costs tens of ms), and whatever asks first then gets the folders, never none.
   */
  readonly folders: readonly SourceContext[] | (() => readonly SourceContext[]);
  readonly cache?: IndexCache;
  readonly adapters?: readonly AnyAdapter[];
  readonly now?: () => number;
  /**
   * The folders' other worktrees and refs, read besides each folder's own files: `otherPlaces(settings)` from
   * src/core/places (git runs only with `trusted`; changeable later with `service.places.configure`). Absent: none.
   */
  readonly places?: PlacesFactory;
  /** The CLI's: each folder's discovery is witnessed, for its saved scan (see WorkspaceIndex.recordsDiscovery). */
  readonly recordsDiscovery?: boolean;
}

/** Where a scan's time went (the views' listeners run inside it, when the change event fires). */
export interface ScanTimings {
  cacheLoadMs: number;
  readAndLinkMs: number;
  cacheSaveMs: number;
  listenersMs: number;
  /** Part of readAndLinkMs: time other work ran between the scan's slices of reading and linking. */
  yieldedMs: number;
  /** The longest time one listener took with a scan's change (listenersMs is all of them, other work between left out). */
  slowestListenerMs: number;
  /** How many files the read-ahead worker read or found unchanged for the index (src/core/io/read-ahead.ts). */
  filesReadAhead: number;
  /** How many folders the read-ahead worker listed for the scans' discovery (the rest were listed on the scan's thread). */
  foldersListedAhead: number;
}

/** A scan reads, links, and its change goes to the listeners in slices of about this long (see Emitter.fireInTurns). */
const LISTENERS_SLICE_MS = 12;

/** What a reconfigure did, folder by folder (roots). */
export interface ReconfigureResult {
  /** Folders whose context is unchanged: their index, items and diagnostics were kept as they were. */
  readonly kept: readonly string[];
  /** Folders that are new, or whose context changed (a root, the systems read, the trace tail): read again. */
  readonly read: readonly string[];
  /** Folders no longer open: their items and diagnostics are gone. */
  readonly dropped: readonly string[];
}

/** Every system Baton reads, in the order their items are listed. */
export function defaultAdapters(): AnyAdapter[] {
  return [new OrcAdapter() as AnyAdapter, new OrchestralAdapter() as AnyAdapter, new IntentsAdapter() as AnyAdapter,
    new UltraworkAdapter() as AnyAdapter, new OrangeAdapter() as AnyAdapter];
}

/**
 * The one place that knows the state of every orchestrator in every workspace folder. Views and the CLI ask
 * it; file watchers tell it which file changed; it re-reads that file and says which items changed.
 */
export class OrchestrationService extends Disposable {
  /** Replaced as a whole by reconfigure (never changed in place), so a loop over it sees one configuration. */
  private folderIndexes: readonly WorkspaceIndex[] | undefined;
  /** The folders option while it is a function not called yet (see ServiceOptions.folders). */
  private foldersLater: (() => readonly SourceContext[]) | undefined;
  private readonly adapters: readonly AnyAdapter[];
  private readonly now: (() => number) | undefined;
  private readonly cache: IndexCache | undefined;
  private readonly recordsDiscovery: boolean;
  private readonly changeEmitter = this._register(new Emitter<IndexChange>());
  /** Fires after every scan and every file refresh that touched Baton's files. */
  readonly onDidChange: Event<IndexChange> = this.changeEmitter.event;
  private readonly reconfiguredEmitter = this._register(new Emitter<ReconfigureResult>());
  /** Fires after reconfigure swapped folders in or out (after their onDidChange): watch patterns may differ. */
  readonly onDidReconfigure: Event<ReconfigureResult> = this.reconfiguredEmitter.event;
  private readonly readSoFarEmitter = this._register(new Emitter<ReadSoFar>());
  /**
   * While a scan of a folder reads (the first scan, a refresh, a folder read again after a reconfigure): what it has
   * read so far, every READ_SO_FAR_EVERY_MS at most; `failed` when that scan failed (no onDidChange follows for it).
   */
  readonly onDidReadSoFar: Event<ReadSoFar> = this.readSoFarEmitter.event;
  /** Scans, reconfigures and file re-reads run one after the other: a scan never reads a set of folders being replaced. */
  private serial: Promise<unknown> = Promise.resolve();
  private scanned = false;
  /** The intents system's queries and edits (spec 003's OrchestrationService interface). */
  readonly intents: IntentsService;
  /** Other worktrees and refs of the folders' repositories (issue 20): none unless made with `places`, off unless configured. */
  readonly places: OtherPlaces;

  constructor(options: ServiceOptions) {
    super();
    this.adapters = options.adapters ?? defaultAdapters();
    this.now = options.now;
    this.cache = options.cache;
    this.recordsDiscovery = options.recordsDiscovery ?? false;
    if (typeof options.folders === 'function') this.foldersLater = options.folders;
    else this.indexes = options.folders.map((ctx) => this.newIndex(ctx));
    this.intents = new IntentsService(this);
    const folders = () => this.folders;
    this.places = this._register(options.places ? options.places({
      get folders() { return folders(); },
      items: () => this.items(), decisions: () => this.decisions(), diagnostics: () => this.diagnostics(),
      contextOf: (root) => this.contextOf(root), ownersOf: (root, rel) => this.intents.ownersOf(root, rel),
      records: (root, system) => this.indexes.find((i) => i.root === root)?.records(system) ?? [],
      serially: (task) => this.serially(task), onDidChange: this.onDidChange, now: this.now,
    }) : noOtherPlaces());
  }

  /** Every folder's index; the first use calls a folders option given as a function. */
  private get indexes(): readonly WorkspaceIndex[] {
    if (!this.folderIndexes) {
      const contexts = this.foldersLater?.() ?? []; // should it throw, the next use asks again
      this.foldersLater = undefined;
      this.folderIndexes = contexts.map((ctx) => this.newIndex(ctx));
    }
    return this.folderIndexes;
  }

  private set indexes(next: readonly WorkspaceIndex[]) {
    this.foldersLater = undefined;
    this.folderIndexes = next;
  }

  /** Runs a task after everything queued before it (scans, reconfigures, re-reads), and before what is queued after. */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.serial.then(task);
    this.serial = run.catch(() => undefined);
    return run;
  }

  /**
   * Settings or workspace folders changed: folders whose context is unchanged keep their index; new folders and
   * folders whose context changed are read (with the persistent cache) and swapped in; folders gone are dropped.
   * Each folder that changed fires onDidChange (its items that left named as removed), then onDidReconfigure.
   */
  reconfigure(folders: readonly SourceContext[]): Promise<ReconfigureResult> {
    const run = this.serial.then(() => this.applyContexts(folders));
    this.serial = run.catch(() => undefined);
    return run;
  }

  private async applyContexts(folders: readonly SourceContext[]): Promise<ReconfigureResult> {
    const before = new Map(this.indexes.map((i) => [i.root, i]));
    const next: WorkspaceIndex[] = [];
    const fresh: WorkspaceIndex[] = [];
    for (const ctx of folders) {
      const old = before.get(ctx.root);
      if (old && sameContext(old.ctx, ctx) && !next.includes(old)) { next.push(old); continue; }
      const index = this.newIndex(ctx);
      next.push(index);
      fresh.push(index);
    }
    // Read before swapping: until then the views keep showing the old state, never an empty folder.
    const changes = new Map<WorkspaceIndex, IndexChange>();
    for (const index of fresh) changes.set(index, await this.scanOne(index));
    if (this.isDisposed) return { kept: [], read: [], dropped: [] };
    const gone = [...before.values()].filter((i) => !next.includes(i));
    this.indexes = next;
    const keysOf = (index: WorkspaceIndex | undefined) => new Set(index?.allItems().map(itemKey) ?? []);
    for (const index of gone) {
      if (next.some((i) => i.root === index.root)) continue; // replaced: its removals go with the new index's change
      this.changeEmitter.fire({ root: index.root, changed: [], removed: [...keysOf(index)], diagnosticsChanged: true, decisionsChanged: true });
    }
    for (const index of fresh) {
      const now = keysOf(index);
      const removed = [...keysOf(gone.find((i) => i.root === index.root))].filter((k) => !now.has(k));
      this.changeEmitter.fire({ ...changes.get(index)!, removed });
    }
    const result = {
      kept: next.filter((i) => !fresh.includes(i)).map((i) => i.root),
      read: fresh.map((i) => i.root),
      dropped: gone.filter((i) => !next.some((n) => n.root === i.root)).map((i) => i.root),
    };
    this.reconfiguredEmitter.fire(result);
    // Folders added or read again get their other places (a folder gone drops its own).
    await this.places.updateInQueue();
    return result;
  }

  /**
   * Every folder and glob the adapters want watched, for every workspace folder, and (when other worktrees are read)
   * the same in each other worktree. git's refs are apart: `places.gitWatchPatterns()`.
   */
  watchPatterns(): WatchPattern[] {
    return [...this.indexes.flatMap((i) => i.watchPatterns()), ...this.places.watchPatterns()];
  }

  /** The context a folder is read with (its orc home, roots and systems), or undefined for a folder not read. */
  contextOf(root: string): SourceContext | undefined {
    return this.indexes.find((i) => i.root === root)?.ctx;
  }

  get folders(): readonly string[] {
    return this.indexes.map((i) => i.root);
  }

  get hasScanned(): boolean {
    return this.scanned;
  }

  /**
   * Reads every folder (reusing the persistent cache where files are unchanged), then saves the cache — or, with
   * `deferCacheSave`, leaves that to saveChangedCache (the CLI prints first and saves after).
   */
  scan(options: { readonly deferCacheSave?: boolean; readonly known?: KnownListing } = {}): Promise<ScanTimings> {
    const run = this.serial.then(() => this.scanAll(!options.deferCacheSave, options.known));
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** `known`: one folder's listing proven current (the CLI's second run, snapshot-proof.ts): that folder is not listed again. */
  private async scanAll(save: boolean, known?: KnownListing): Promise<ScanTimings> {
    const timings = { cacheLoadMs: 0, readAndLinkMs: 0, cacheSaveMs: 0, listenersMs: 0, yieldedMs: 0, slowestListenerMs: 0, filesReadAhead: 0, foldersListedAhead: 0 };
    for (const index of this.indexes) {
      // One slicer for the reading, the link and the views: the last slice of the link and the views' first are one
      // block of the event loop, timed as one (own-blocks.ts).
      const slicer = new Slicer(LISTENERS_SLICE_MS, 'the scan');
      const change = await this.scanOne(index, timings, false, slicer, known?.root === index.root ? known : undefined);
      // The views take the change in turns (10,000 changed items keep each busy a while), other work between them.
      slicer.what = 'the views taking the scan\'s change';
      const t = performance.now();
      const yieldedBefore = slicer.yieldedMs;
      timings.slowestListenerMs = Math.max(timings.slowestListenerMs, await this.changeEmitter.fireInTurns(change, slicer));
      slicer.finish();
      timings.listenersMs += performance.now() - t - (slicer.yieldedMs - yieldedBefore);
      // Saved once the views have the change: they show it first, the cache's JSON (20 MB at 10,000 tasks) follows.
      if (save) await this.saveChanged(index, timings);
    }
    await this.places.updateInQueue();
    this.scanned = true;
    return timings;
  }

  /** Reads one folder with the persistent cache, and saves the cache when something in it changed. */
  private async scanOne(index: WorkspaceIndex, timings?: ScanTimings, save = true, slicer?: Slicer, known?: KnownListing): Promise<IndexChange> {
    const t = performance.now();
    // Handed over loading: the scan's discovery runs while it loads (WorkspaceIndex.scan). Its time is its own, from
    // here to loaded, and the reading and linking's is what follows it.
    let loaded = t;
    const cached = this.cache?.load(index.root).then((entries) => { loaded = performance.now(); return entries; });
    const change = await index.scan(cached, slicer, known, this.cache?.expectedEntries?.(index.root));
    if (timings) {
      timings.cacheLoadMs += loaded - t;
      timings.readAndLinkMs += performance.now() - loaded;
      timings.yieldedMs += index.lastScanYieldedMs;
      timings.filesReadAhead += index.lastScanAnsweredAhead;
      timings.foldersListedAhead += index.lastScanListedAhead;
    }
    if (save) await this.saveChanged(index, timings);
    return change;
  }

  /**
   * A file was created, changed or deleted: re-read it if it is one of ours. Queued with scans and reconfigures, so
   * re-reads from the file watcher and from the stat sweep never interleave with each other or with a scan.
   */
  fileChanged(file: string): Promise<IndexChange | undefined> {
    const run = this.serial.then(() => this.refreshNow(file));
    this.serial = run.catch(() => undefined);
    return run;
  }

  private async refreshNow(file: string): Promise<IndexChange | undefined> {
    const abs = path.resolve(file);
    const inside = this.indexFor(abs);
    // Home-directory roots (Ultrawork, orange) are outside every folder and may be shared by several.
    const targets = inside ? [inside] : this.indexes.filter((i) => i.mayOwn(abs));
    let last: IndexChange | undefined;
    for (const index of targets) {
      const change = await index.refresh(abs);
      // An index dropped by a reconfigure while it was reading speaks for no folder any more.
      if (change && this.indexes.includes(index)) { this.changeEmitter.fire(change); last = change; }
    }
    // Another worktree's file (places.onDidChange says so; the folders' own change event does not fire for it).
    await this.places.fileChanged(abs);
    return last;
  }

  /**
   * Reads the files of these folders that appeared without an event: a folder's watchers start a moment after it is
   * added, and what an agent wrote in between would otherwise wait for the next refresh.
   */
  readUndiscovered(roots: readonly string[]): Promise<void> {
    const run = this.serial.then(async () => {
      if (this.isDisposed) return; // the catch-up timer outlived the window's extension
      for (const index of this.indexes.filter((i) => roots.includes(i.root))) {
        const change = await index.readUndiscovered();
        if (change) this.changeEmitter.fire(change);
      }
    });
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** Recompute time-dependent fields (orphaned) without reading anything. */
  recheck(): void {
    for (const index of this.indexes) {
      const change = index.relinkAll();
      if (change) this.changeEmitter.fire(change);
    }
  }

  /** Every file read, in every folder (a home-directory file shared by several folders once). */
  knownFiles(): string[] {
    const files = new Set<string>();
    for (const index of this.indexes) for (const file of index.files()) files.add(file);
    return [...files];
  }

  /** The size and mtime that `file`'s record would be read with now (a database counts its WAL), if a folder holds it. */
  currentStat(file: string): { size: number; mtimeMs: number } | undefined {
    for (const index of this.indexes) if (index.readStat(file)) return index.currentStat(file);
    return undefined;
  }

  /** The size and mtime `file` had when it was last read, if any folder holds it. */
  readStat(file: string): { size: number; mtimeMs: number } | undefined {
    for (const index of this.indexes) {
      const stat = index.readStat(file);
      if (stat) return stat;
    }
    return undefined;
  }

  /** After scan({ deferCacheSave: true }): saves the record cache of each folder whose files differed from it. */
  async saveChangedCache(): Promise<void> {
    for (const index of this.indexes) await this.saveChanged(index);
  }

  /** A warm start that found every file unchanged has nothing new to write (20 MB of JSON at 10,000 tasks). */
  private async saveChanged(index: WorkspaceIndex, timings?: ScanTimings): Promise<void> {
    if (!this.cache || index.matchesCache) return;
    const started = performance.now();
    await this.cache.save(index.root, index.cacheEntries());
    if (timings) timings.cacheSaveMs += performance.now() - started;
  }

  /** What the last scan of a folder was made from (see WorkspaceIndex.scanFacts). */
  scanFacts(root: string): ScanFacts | undefined {
    return this.indexes.find((i) => i.root === root)?.scanFacts();
  }

  /** Whether a scan of the folder now would be made from the same facts (lists and stats; reads nothing). */
  async unchangedSince(root: string, facts: ScanFacts): Promise<boolean> {
    const index = this.indexes.find((i) => i.root === root);
    return index ? index.unchangedSince(facts) : false;
  }

  /** After unchangedSince held: the facts with the witness of that check's discovery (see WorkspaceIndex.discoveryWitness). */
  witnessedFacts(root: string, facts: ScanFacts): ScanFacts {
    const discovery = this.indexes.find((i) => i.root === root)?.discoveryWitness(facts.files) ?? null;
    return { ...facts, discovery };
  }

  private newIndex(ctx: SourceContext): WorkspaceIndex {
    const index = new WorkspaceIndex(ctx, this.adapters, this.now);
    index.recordsDiscovery = this.recordsDiscovery;
    index.onReadSoFar = (read) => this.readSoFarEmitter.fire(read);
    return index;
  }

  async saveCache(): Promise<void> {
    if (!this.cache) return;
    for (const index of this.indexes) await this.cache.save(index.root, index.cacheEntries());
  }

  /** The same objects, in order, while items() would give the same items: a view can keep what it made of them. */
  itemsStamp(): readonly object[] {
    return this.indexes.map((i) => i.itemsStamp);
  }

  items(): WorkItem[] {
    return this.indexes.flatMap((i) => i.allItems());
  }

  decisions(): Decision[] {
    return this.indexes.flatMap((i) => i.decisions());
  }

  diagnostics(): Diagnostic[] {
    return this.indexes.flatMap((i) => i.diagnostics());
  }

  /** One folder's diagnostics (a home-root file's problems are in every folder that read it); none for a folder not open. */
  diagnosticsOf(root: string): Diagnostic[] {
    return this.indexes.find((i) => i.root === root)?.diagnostics() ?? [];
  }

  /** The systems with a file inside some open folder itself, or inside `root` (WorkspaceIndex.systemsWithOwnFiles). */
  systemsWithOwnFiles(root?: string): Set<SystemId> {
    const found = new Set<SystemId>();
    for (const index of this.indexes) {
      if (root !== undefined && index.root !== root) continue;
      for (const system of index.systemsWithOwnFiles()) found.add(system as SystemId);
    }
    return found;
  }

  /** Every parsed record of one system (of one folder, given `root`), with its folder and file. */
  records(system: SystemId, root?: string): { root: string; file: string; record: unknown }[] {
    return this.indexes.flatMap((i) => (root === undefined || i.root === root ? i.records(system).map((r) => ({ root: i.root, ...r })) : []));
  }

  /** A file under a workspace folder goes to that folder's index (the deepest, when folders nest). */
  private indexFor(file: string): WorkspaceIndex | undefined {
    const abs = path.resolve(file);
    return [...this.indexes].sort((a, b) => b.root.length - a.root.length)
      .find((i) => abs === i.root || abs.startsWith(i.root + path.sep));
  }
}
