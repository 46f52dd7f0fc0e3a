import path from 'node:path';
import { Disposable } from '../util/disposable';
import { Emitter, type Event } from '../util/event';
import type { Diagnostic } from '../model/diagnostic';
import type { SystemId } from '../model/system';
import type { Decision, WorkItem } from '../model/work-item';
import { IntentsAdapter } from '../formats/intents/adapter';
import { OrangeAdapter } from '../formats/orange/adapter';
import { OrcAdapter } from '../formats/orc/adapter';
import { OrchestralAdapter } from '../formats/orchestral/adapter';
import { UltraworkAdapter } from '../formats/ultrawork/adapter';
import type { SourceContext, SystemAdapter, WatchPattern } from './adapter';
import type { IndexCache } from './index-cache';
import { IntentsService } from './intents-service';
import { WorkspaceIndex, type IndexChange } from './workspace-index';

export type { IndexChange } from './workspace-index';

export interface ServiceOptions {
  readonly folders: readonly SourceContext[];
  readonly cache?: IndexCache;
  readonly adapters?: readonly SystemAdapter[];
  readonly now?: () => number;
}

/** Where a scan's time went (the views' listeners run inside it, when the change event fires). */
export interface ScanTimings {
  cacheLoadMs: number;
  readAndLinkMs: number;
  cacheSaveMs: number;
  listenersMs: number;
  /** Part of readAndLinkMs: time other work ran between the scan's slices of reading. */
  yieldedMs: number;
}

/** Every system Baton reads, in the order their items are listed. */
export function defaultAdapters(): SystemAdapter[] {
  return [new OrcAdapter() as SystemAdapter, new OrchestralAdapter() as SystemAdapter, new IntentsAdapter() as SystemAdapter,
    new UltraworkAdapter() as SystemAdapter, new OrangeAdapter() as SystemAdapter];
}

/**
 * The one place that knows the state of every orchestrator in every workspace folder. Views and the CLI ask
 * it; file watchers tell it which file changed; it re-reads that file and says which items changed.
 */
export class OrchestrationService extends Disposable {
  private readonly indexes: WorkspaceIndex[];
  private readonly cache: IndexCache | undefined;
  private readonly changeEmitter = this._register(new Emitter<IndexChange>());
  /** Fires after every scan and every file refresh that touched Baton's files. */
  readonly onDidChange: Event<IndexChange> = this.changeEmitter.event;
  private scanned = false;
  /** The intents system's queries and edits (spec 003's OrchestrationService interface). */
  readonly intents: IntentsService;

  constructor(options: ServiceOptions) {
    super();
    const adapters = options.adapters ?? defaultAdapters();
    this.cache = options.cache;
    this.indexes = options.folders.map((ctx) => new WorkspaceIndex(ctx, adapters, options.now));
    this.intents = new IntentsService(this);
  }

  /** Every folder and glob the adapters want watched, for every workspace folder. */
  watchPatterns(): WatchPattern[] {
    return this.indexes.flatMap((i) => i.watchPatterns());
  }

  get folders(): readonly string[] {
    return this.indexes.map((i) => i.root);
  }

  get hasScanned(): boolean {
    return this.scanned;
  }

  /** Reads every folder (reusing the persistent cache where files are unchanged), then saves the cache. */
  async scan(): Promise<ScanTimings> {
    const timings = { cacheLoadMs: 0, readAndLinkMs: 0, cacheSaveMs: 0, listenersMs: 0, yieldedMs: 0 };
    const lap = (key: keyof ScanTimings, since: number) => { timings[key] += performance.now() - since; return performance.now(); };
    for (const index of this.indexes) {
      let t = performance.now();
      const cached = this.cache ? await this.cache.load(index.root) : undefined;
      t = lap('cacheLoadMs', t);
      const change = await index.scan(cached);
      t = lap('readAndLinkMs', t);
      timings.yieldedMs += index.lastScanYieldedMs;
      // A warm start that found every file unchanged has nothing new to write (20 MB of JSON at 10,000 tasks).
      if (this.cache && !index.matchesCache) await this.cache.save(index.root, index.cacheEntries());
      t = lap('cacheSaveMs', t);
      this.changeEmitter.fire(change);
      lap('listenersMs', t);
    }
    this.scanned = true;
    return timings;
  }

  /**
   * A file was created, changed or deleted: re-read it if it is one of ours. Calls are queued, so re-reads from the
   * file watcher and from the stat sweep never interleave.
   */
  fileChanged(file: string): Promise<IndexChange | undefined> {
    const next = this.refreshing.then(() => this.refreshNow(file));
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private refreshing: Promise<unknown> = Promise.resolve();

  private async refreshNow(file: string): Promise<IndexChange | undefined> {
    const abs = path.resolve(file);
    const inside = this.indexFor(abs);
    // Home-directory roots (Ultrawork, orange) are outside every folder and may be shared by several.
    const targets = inside ? [inside] : this.indexes.filter((i) => i.mayOwn(abs));
    let last: IndexChange | undefined;
    for (const index of targets) {
      const change = await index.refresh(abs);
      if (change) { this.changeEmitter.fire(change); last = change; }
    }
    return last;
  }

  /** Recompute time-dependent fields (orphaned) without reading anything. */
  recheck(): void {
    for (const index of this.indexes) this.changeEmitter.fire(index.relinkAll());
  }

  /** Every file read, in every folder (a home-directory file shared by several folders once). */
  knownFiles(): string[] {
    const files = new Set<string>();
    for (const index of this.indexes) for (const file of index.files()) files.add(file);
    return [...files];
  }

  /** The size and mtime `file` had when it was last read, if any folder holds it. */
  readStat(file: string): { size: number; mtimeMs: number } | undefined {
    for (const index of this.indexes) {
      const stat = index.readStat(file);
      if (stat) return stat;
    }
    return undefined;
  }

  async saveCache(): Promise<void> {
    if (!this.cache) return;
    for (const index of this.indexes) await this.cache.save(index.root, index.cacheEntries());
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

  /** Every parsed record of one system, with its folder and file (for queries a system builds over its files). */
  records(system: SystemId): { root: string; file: string; record: unknown }[] {
    return this.indexes.flatMap((i) => i.records(system).map((r) => ({ root: i.root, ...r })));
  }

  /** A file under a workspace folder goes to that folder's index (the deepest, when folders nest). */
  private indexFor(file: string): WorkspaceIndex | undefined {
    const abs = path.resolve(file);
    return [...this.indexes].sort((a, b) => b.root.length - a.root.length)
      .find((i) => abs === i.root || abs.startsWith(i.root + path.sep));
  }
}
