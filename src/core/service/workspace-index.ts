import { lstatSync, promises as fs, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { containedPathSync, resolveContained } from '../io/contained-path';
import { readStateTextSync, type TextRead } from '../io/read-text';
import { ReadAhead, READ_AHEAD_MIN_FILES, type AheadAnswer, type AheadAsk, type AheadBatch } from '../io/read-ahead';
import { diagnostic, type Diagnostic } from '../model/diagnostic';
import { itemKey } from '../model/items';
import type { Decision, WorkItem } from './work-item';
import { YamlLocator } from '../yaml/locate';
import type { LinkInput, SourceContext, WatchPattern } from '../model/adapter';
import { runSteps, runStepsSliced, Slicer, type Steps } from '../util/steps';
import { sharedIfEmpty } from '../util/empty-list';
import { AdapterRecords } from './adapter-records';
import type { AnyAdapter, AnyLinkOutput } from './work-item';
import type { CacheEntry } from './index-cache';
import { readsSystem } from '../model/source-context';
import { factsHold, LivenessRecord, type LivenessFacts } from '../model/liveness';
import { racyAt, witnessed, witnessedPieces, type FsWitness } from '../io/fs-witness';
import type { FolderLister } from '../io/list-dirs';
import { freshJsonCopy } from '../util/fresh-copy';
import { runAhead } from '../util/run-ahead';
import { jsonEqual } from '../util/json-equal';
import { READ_SO_FAR_EVERY_MS, type ReadSoFar } from './read-so-far';

/**
 * What one full scan's output was made from: every file it read, in the order read, with the size, mtime and read
 * variant each had, and what the link asked of the clock and of running processes. See unchangedSince.
 */
export interface ScanFacts {
  readonly files: readonly (readonly [file: string, system: string, size: number, mtimeMs: number, variant: string | null])[];
  readonly liveness: LivenessFacts;
  /**
   * What the adapters' discovery asked the file system when it listed exactly these files (fs-witness.ts), when the
   * index was asked to record it and every file's stat is its own (SystemAdapter.statIsPlain): the CLI's second run
   * then proves the listing current without the adapters' code (src/cli/fast-answer.ts). Null otherwise.
   */
  readonly discovery: FsWitness | null;
}

/**
 * A folder's listing proven current since a scan whose facts these are (the CLI's second run: snapshot-proof.ts): the
 * discovery would list exactly `facts.files`, and `moved` names those whose size or mtime is not the one they were
 * read with. A scan given it lists nothing and stats nothing: it reads the files that moved, the rest from the cache.
 */
export interface KnownListing {
  readonly root: string;
  readonly facts: ScanFacts;
  /** Rows of facts.files, by their index, whose size or mtime moved since, with those of now. */
  readonly moved: ReadonlyMap<number, { readonly size: number; readonly mtimeMs: number }>;
  /** When the listing was proven (Date.now()): the witness it kept is as recent as this. */
  readonly at: number;
}

export interface IndexChange {
  readonly root: string;
  /** Items that are new or whose content changed. */
  readonly changed: readonly WorkItem[];
  /** Keys (itemKey) of items that are gone. */
  readonly removed: readonly string[];
  readonly diagnosticsChanged: boolean;
  readonly decisionsChanged: boolean;
}

/** A scan reads in slices of about this long, so the extension host stays responsive while it runs. */
const YIELD_EVERY_MS = 12;
/** How many items the diff after a link handles between two steps (a scan runs it in slices too). */
const ITEMS_PER_STEP = 500;

/**
 * The index of one workspace folder: every file of every adapter, parsed once and kept by path, plus each
 * adapter's linked items. A changed file is re-read alone; only its adapter re-links.
 */
export class WorkspaceIndex {
  private readonly entries = new Map<string, CacheEntry & { adapter: AnyAdapter }>();
  private readonly linked = new Map<AnyAdapter, AnyLinkOutput>();
  private itemsByKey = new Map<string, WorkItem>();
  /** What itemsStamp gives: a new object whenever the items change (replaced whole, or some replaced in place). */
  private stamp: object = {};
  private get items(): Map<string, WorkItem> {
    return this.itemsByKey;
  }
  private set items(items: Map<string, WorkItem>) {
    this.itemsByKey = items;
    this.stamp = {};
  }
  /** What the links since the last scan asked of the clock and of processes. */
  private liveness = new LivenessRecord();
  /** Whether every item was computed by the last full scan (a refresh since may have kept items it did not recompute). */
  private onlyScanned = false;
  /**
   * Set by the CLI: each discovery of a scan or of unchangedSince runs witnessed (fs-witness.ts, which wraps node:fs
   * while it runs: only for a process that does one thing at a time; a scan's in pieces, witnessedPieces).
   */
  recordsDiscovery = false;
  /** The last scan's or check's discovery: what it listed (each adapter's files, in order) and its witnesses. */
  private lastDiscovery: { files: string[]; witnesses: (FsWitness | undefined)[]; startedAt: number } | undefined;

  /** The adapters of the systems this context reads (a disabled system's files are neither read nor watched). */
  private readonly adapters: readonly AnyAdapter[];

  constructor(readonly ctx: SourceContext, adapters: readonly AnyAdapter[],
    private readonly now: () => number = Date.now) {
    this.adapters = adapters.filter((a) => readsSystem(ctx, a.system));
  }

  get root(): string {
    return this.ctx.root;
  }

  /**
   * Reads every file; entries from `cache` whose size and mtime still match are reused without reading. `slicer`
   * paces it (a caller's, to go on with the same slices after it: the views taking its change). With `known` (a
   * listing proven current) the adapters' discovery is not run and no file is stat'ed again: see KnownListing.
   */
  async scan(cacheIn: ReadonlyMap<string, CacheEntry> | Promise<ReadonlyMap<string, CacheEntry>> = new Map(),
    slicer = new Slicer(YIELD_EVERY_MS), known?: KnownListing, expectedEntries = 0): Promise<IndexChange> {
    const before = this.items;
    const heldBefore = this.entries.size;
    this.entries.clear();
    let reused = 0;
    const yieldedBefore = slicer.yieldedMs;
    // A named slicer's slices are noted among Baton's own blocks (own-blocks.ts): by part, to see which one is long.
    const part = (what: string) => { if (slicer.what !== undefined) slicer.what = `the scan: ${what}`; };
    part('reading');
    slicer.startSlice();
    this.scanning = true;
    const listing = known && this.knownListing(known);
    const discovery = this.lastDiscovery = listing?.discovery
      ?? { files: [] as string[], witnesses: [] as (FsWitness | undefined)[], startedAt: Date.now() };
    this.scanStrings = new Map();
    let filesRead = 0;
    // Started before discovery when this scan is known to be long (a large cache, one expected of a cache still
    // loading, or a large scan before), so that the worker's start (tens of milliseconds) passes while discovery lists;
    // else once discovery found that many.
    const cacheLoading = cacheIn instanceof Promise ? cacheIn : undefined;
    let readAhead = !known && Math.max(cacheLoading ? expectedEntries : (cacheIn as ReadonlyMap<string, CacheEntry>).size, heldBefore) >= READ_AHEAD_MIN_FILES
      ? ReadAhead.start() : undefined;
    let answeredAhead = 0;
    // A discovery's long lists of folders are listed by the worker (started then), once it is listening.
    // Not once the scan is over (a discovery run ahead may still be finishing a piece): no worker is started then.
    let over = false;
    const folderLister: FolderLister = (dirs, names) => over ? undefined : (readAhead ??= ReadAhead.start())?.list(dirs, names);
    // The first slice of reading tells (a view's own pace decides when it shows anything), then at most every readSoFarEveryMs.
    let toldAt = -Infinity;
    // Between two slices, now and then: what was read so far, for a view with nothing to show yet — once reading has
    // gone on for a slice (before that it is a folder's config files at most, nothing a view would show).
    let readingSince: number | undefined;
    // Told in a slice of its own (a turn before and after): the views' first work on it is not one block with reading.
    const tellIfDue = async () => {
      const now = performance.now();
      if (!this.onReadSoFar || readingSince === undefined || now - readingSince < YIELD_EVERY_MS || now - toldAt < this.readSoFarEveryMs) return;
      await slicer.pause();
      this.tellReadSoFar(filesRead);
      toldAt = performance.now();
    };
    const piecesOf = (adapter: AnyAdapter) => listing ? [listing.files.get(adapter) ?? []] : this.discoverPieces(adapter, discovery, folderLister);
    // While the cache loads (its JSON parsed on this thread, in slices), the first system's discovery runs on, its
    // folders listed by the worker between those slices: a warm start of 10,000 orc tasks listed them after it
    // (runAhead). Not for a witnessed discovery, which must see the discovery's file system calls alone.
    const firstPieces = cacheLoading && !listing && !this.recordsDiscovery && this.adapters[0] ? runAhead(piecesOf(this.adapters[0])) : undefined;
    try {
      const cache = cacheLoading ? await cacheLoading : cacheIn as ReadonlyMap<string, CacheEntry>;
      if (!known && cache.size >= READ_AHEAD_MIN_FILES) readAhead ??= ReadAhead.start();
      for (const adapter of this.adapters) {
        const pieces = adapter === this.adapters[0] && firstPieces ? firstPieces : piecesOf(adapter);
        // A long list is read by a worker, ahead of the parses here (read-ahead.ts); a known listing reads few.
        const askAhead = (files: readonly string[]) => listing || files.length < READ_AHEAD_MIN_FILES ? undefined
          : (readAhead ??= ReadAhead.start())?.ask(files, this.aheadAsks(adapter, cache));
        for await (const { files, ahead } of askedAhead(pieces, askAhead)) {
          // Discovery gives turns of its own (its blocks are noted by itself), but not after its piece's last folder:
          // a turn here, so that the end of a piece and the first slice of its reading are not one block (up to 30 ms).
          // What was read so far is told here too: a piece read within one slice (the worker reads ahead) has no other.
          slicer.startSlice();
          await tellIfDue();
          await slicer.pause();
          for (let at = 0; at < files.length; at++) {
            const file = files[at]!;
            const cached = cache.get(file);
            readingSince ??= performance.now();
            // Rather than wait for the worker, this thread checks the piece's last cached files itself meanwhile.
            while (ahead && !ahead.ready(at) && ahead.checkFromEnd(at)) {
              if (slicer.due()) { await tellIfDue(); await slicer.pause(); }
            }
            if (ahead && !ahead.ready(at)) {
              // Waiting for the worker gives the loop a turn: the slice ends here, and the next starts after it.
              slicer.finish();
              await ahead.wait(at);
              // A whole turn before the next slice: the worker's answer wakes this among the loop's I/O, and timers and
              // immediates of other work (the views, other extensions) would otherwise wait until after that slice too.
              await new Promise((resolve) => setImmediate(resolve));
              slicer.startSlice();
            }
            const entry = await this.readEntry(adapter, file, cached, listing?.stats.get(file), ahead?.take(at));
            if (entry) this.put(file, adapter, entry);
            if (entry && entry === cached) reused++;
            filesRead++;
            // Reads are synchronous (see readStateTextSync): give the event loop a turn every few milliseconds.
            if (slicer.due()) {
              await tellIfDue();
              await slicer.pause();
            }
          }
          answeredAhead += ahead?.answered ?? 0;
        }
      }
      this.liveness = new LivenessRecord();
      // The links too (orc's full link of 10,000 tasks is a few hundred milliseconds): each adapter that can link in
      // steps is run in slices. Until every link is done the previous outputs stay, whole; then all are replaced.
      const outputs = new Map<AnyAdapter, AnyLinkOutput>();
      part('link');
      for (const adapter of this.adapters) outputs.set(adapter, await this.linkSliced(adapter, slicer));
      part('its change');
      const { items, change } = await runStepsSliced(this.diffSteps(before, outputs.values(), true), slicer);
      for (const [adapter, output] of outputs) this.linked.set(adapter, output);
      this.items = items;
      this.matchesCache = reused === this.entries.size && reused === cache.size;
      this.onlyScanned = true;
      return change;
    } catch (err) {
      this.onReadSoFar?.({ kind: 'failed', root: this.root });
      throw err;
    } finally {
      over = true;
      // A scan that failed before it took the discovery run ahead stops it.
      firstPieces?.stop();
      readAhead?.close();
      this.lastScanAnsweredAhead = answeredAhead;
      this.lastScanListedAhead = readAhead?.foldersListed ?? 0;
      this.scanning = false;
      this.scanStrings = undefined;
      this.lastScanYieldedMs = slicer.yieldedMs - yieldedBefore;
    }
  }

  /**
   * A known listing as each adapter's files in order and each file's stat now, with the discovery record it stands
   * for (its witness, as recent as the proof). Undefined when it cannot be what a discovery here would give: another
   * folder, no witness, a system not read here or out of the adapters' order, another read variant.
   */
  private knownListing(known: KnownListing): {
    files: Map<AnyAdapter, string[]>; stats: Map<string, { size: number; mtimeMs: number }>; discovery: NonNullable<WorkspaceIndex['lastDiscovery']>;
  } | undefined {
    const { facts, moved } = known;
    if (known.root !== this.root || !facts.discovery) return undefined;
    const files = new Map<AnyAdapter, string[]>();
    const stats = new Map<string, { size: number; mtimeMs: number }>();
    let at = 0;
    for (let n = 0; n < facts.files.length; n++) {
      const [file, system, size, mtimeMs, variant] = facts.files[n]!;
      // Each adapter's files follow the previous adapter's, as a scan reads them.
      while (at < this.adapters.length && this.adapters[at]!.system !== system) at++;
      const adapter = this.adapters[at];
      if (!adapter || (adapter.readVariant?.(this.ctx) ?? null) !== variant || stats.has(file)) return undefined;
      let list = files.get(adapter);
      if (!list) files.set(adapter, list = []);
      list.push(file);
      stats.set(file, moved.get(n) ?? { size, mtimeMs });
    }
    return { files, stats, discovery: { files: facts.files.map(([file]) => file), witnesses: [facts.discovery], startedAt: known.at } };
  }

  /** Told during scan(), between slices of reading, at most every readSoFarEveryMs (see read-so-far.ts). */
  onReadSoFar: ((read: ReadSoFar) => void) | undefined;
  /** How often at most onReadSoFar is told (a test tells it at every slice). */
  readSoFarEveryMs = READ_SO_FAR_EVERY_MS;

  private tellReadSoFar(files: number): void {
    const entries = this.entries;
    this.onReadSoFar?.({
      kind: 'reading', root: this.root, files,
      *records(system: string) {
        for (const [file, entry] of entries) if (entry.system === system && entry.record !== undefined) yield { file, record: entry.record };
      },
    });
  }

  /** After a scan: every entry came from the cache it was given, and no cached file is gone (nothing to save). */
  matchesCache = false;
  /** How long the last scan let other work run between its slices of reading and linking. */
  lastScanYieldedMs = 0;
  /** How many files of the last scan its read-ahead worker answered (read, or found unchanged). */
  lastScanAnsweredAhead = 0;
  /** How many folders of the last scan's discovery its read-ahead worker listed. */
  lastScanListedAhead = 0;
  /** Set while scan() reads and links: its records are incomplete and its links not yet in place. */
  private scanning = false;
  /** While scan() reads: one string per short text of its records (see freshJsonCopy), dropped when it is done. */
  private scanStrings: Map<string, string> | undefined;

  /** Re-reads one file (changed, created or deleted) and re-links its system. Undefined when no adapter owns it. */
  async refresh(changed: string): Promise<IndexChange | undefined> {
    // A database's -wal changes the database's record: that is the file to read again.
    const file = this.recordFileOf(changed);
    const adapter = this.entries.get(file)?.adapter ?? this.adapters.find((a) => a.accepts(file, this.ctx));
    if (!adapter) return this.refreshFolder(file);
    const before = this.items;
    const previous = this.entries.get(file);
    let entry = await this.readEntry(adapter, file, undefined);
    // A writer that truncates and then writes (no temp + rename) may have been read between the two: when the file
    // is no longer what was read, read it again (the watcher may have folded the second write into the first event).
    for (let again = 0; again < 3 && entry && entry.size >= 0 && !sameStat(this.statOf(adapter, file), entry); again++) {
      entry = await this.readEntry(adapter, file, undefined);
    }
    this.put(file, adapter, entry);
    if (!entry && !previous) return undefined;
    const linkedBefore = this.linked.get(adapter);
    this.relink(adapter, [file]);
    const changedFiles = new Set([file]);
    return (linkedBefore && this.diffInPlace(before, adapter, linkedBefore, changedFiles)) ?? this.diff(before, true, changedFiles);
  }

  /**
   * diff for one adapter's relink whose items are the previous ones in the same places, some replaced by new objects
   * with the same keys (one file changed: its task, the tasks it blocks, the initiatives): only the replaced ones are
   * looked at, and put in the items map in their places (the map is the index's own: nothing else holds it). Undefined,
   * with nothing changed, when the items moved, came or went (a full diff then): at 10,000 tasks, walking and keying
   * every item, then building the map anew, was most of a change's time.
   */
  private diffInPlace(before: Map<string, WorkItem>, adapter: AnyAdapter, previous: AnyLinkOutput,
    changedFiles: ReadonlySet<string>): IndexChange | undefined {
    const now = this.linked.get(adapter);
    // `before` must be the map as it is (a relink of all since it was taken would have replaced it).
    if (before !== this.items || !now || now.items.length !== previous.items.length) return undefined;
    const touches = (i: WorkItem) => adapter.sources(i).some((f) => changedFiles.has(f));
    const replaced: [string, WorkItem, WorkItem][] = [];
    for (let n = 0; n < now.items.length; n++) {
      const item = now.items[n]!;
      const old = previous.items[n]!;
      if (item === old) continue;
      const key = keyOf(item);
      // The old item must be the one the map holds under that key (no other item of the same key won its place).
      if (keyOf(old) !== key || before.get(key) !== old) return undefined;
      replaced.push([key, item, old]);
    }
    const changed: WorkItem[] = [];
    for (const [key, item, old] of replaced) {
      before.set(key, item);
      if (touches(item) || touches(old) || adapter.derivedSignature(old) !== adapter.derivedSignature(item)) changed.push(item);
    }
    this.stamp = {};
    return { root: this.root, changed, removed: [], diagnosticsChanged: true, decisionsChanged: true };
  }

  /**
   * A folder was created, deleted or renamed: every known file under it is re-read (and found gone when it was
   * deleted). When the folder exists, files of ours inside it that are not known yet are read too: a watcher may
   * report only the new folder of a `mkdir -p` + write burst, never the files written into it.
   */
  private async refreshFolder(folder: string): Promise<IndexChange | undefined> {
    const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
    const under = [...this.entries.keys()].filter((f) => f.startsWith(prefix));
    const found = (await fs.stat(folder).catch(() => undefined))?.isDirectory() ? await this.undiscovered(prefix) : [];
    if (!under.length && !found.length) return undefined;
    const before = this.items;
    const touched = new Set<AnyAdapter>();
    for (const file of under) {
      const { adapter } = this.entries.get(file)!;
      const entry = await this.readEntry(adapter, file, undefined);
      this.put(file, adapter, entry);
      touched.add(adapter);
    }
    for (const { adapter, file } of found) {
      const entry = await this.readEntry(adapter, file, undefined);
      if (entry) { this.put(file, adapter, entry); touched.add(adapter); }
    }
    for (const adapter of touched) this.relink(adapter);
    return this.diff(before, true, new Set([...under, ...found.map((f) => f.file)]));
  }

  /**
   * Reads the files the adapters discover now that the index does not hold (written while no watcher was up yet, as
   * just after a folder is added). Undefined when there are none.
   */
  async readUndiscovered(): Promise<IndexChange | undefined> {
    const found = await this.undiscovered('');
    if (!found.length) return undefined;
    const before = this.items;
    const touched = new Set<AnyAdapter>();
    for (const { adapter, file } of found) {
      const entry = await this.readEntry(adapter, file, undefined);
      if (entry) { this.put(file, adapter, entry); touched.add(adapter); }
    }
    for (const adapter of touched) this.relink(adapter);
    return this.diff(before, true, new Set(found.map((f) => f.file)));
  }

  /** Files the adapters would discover under a folder (every file, for '') that the index does not hold yet. */
  private async undiscovered(prefix: string): Promise<{ adapter: AnyAdapter; file: string }[]> {
    const found: { adapter: AnyAdapter; file: string }[] = [];
    for (const adapter of this.adapters) {
      for (const file of await adapter.discover(this.ctx)) {
        if (file.startsWith(prefix) && !this.entries.has(file)) found.push({ adapter, file });
      }
    }
    return found;
  }

  /** The file whose record a changed path belongs to (itself, unless an adapter reads it with another: a -wal). */
  recordFileOf(changed: string): string {
    for (const adapter of this.adapters) {
      const owner = adapter.recordFileOf?.(changed, this.ctx);
      if (owner) return owner;
    }
    return changed;
  }

  /** The size and mtime that tell whether a held file's record is current now (what readStat is compared with). */
  currentStat(file: string): { size: number; mtimeMs: number } | undefined {
    const adapter = this.entries.get(file)?.adapter;
    return adapter ? this.statOf(adapter, file) : statIfAny(file);
  }

  private statOf(adapter: AnyAdapter, file: string): { size: number; mtimeMs: number } | undefined {
    return adapter.statOf ? adapter.statOf(file, this.ctx) : statIfAny(file);
  }

  /** The size and mtime a file had when it was read (size −1: it could not be read), or undefined if not held. */
  readStat(file: string): { size: number; mtimeMs: number } | undefined {
    const entry = this.entries.get(file);
    return entry && { size: entry.size, mtimeMs: entry.mtimeMs };
  }

  /** Every file the index holds. */
  files(): IterableIterator<string> {
    return this.entries.keys();
  }

  /**
   * What the last full scan read and asked, when nothing has been re-read or relinked since; undefined otherwise, or
   * when a file could not be read (a file refused for its permissions may be readable later with the same stat).
   */
  scanFacts(): ScanFacts | undefined {
    if (!this.onlyScanned) return undefined;
    const files: ScanFacts['files'][number][] = [];
    for (const [file, e] of this.entries) {
      if (e.size < 0) return undefined;
      files.push([file, e.system, e.size, e.mtimeMs, e.variant ?? null]);
    }
    return { files, liveness: this.liveness.facts(), discovery: this.discoveryWitness(files) ?? null };
  }

  /**
   * Whether a scan now would read exactly the files of `facts`, in the same order, each with the same size, mtime and
   * read variant (the record cache's rule), and the link would get the same answers from the clock and processes:
   * then it would give the same items, decisions and problems. Lists and stats; reads no file.
   */
  async unchangedSince(facts: ScanFacts): Promise<boolean> {
    let n = 0;
    const discovery = this.lastDiscovery = { files: [] as string[], witnesses: [] as (FsWitness | undefined)[], startedAt: Date.now() };
    for (const adapter of this.adapters) {
      const variant = adapter.readVariant?.(this.ctx) ?? null;
      for (const file of await this.discover(adapter, discovery)) {
        const row = facts.files[n++];
        if (!row || row[0] !== file || row[1] !== adapter.system || row[4] !== variant) return false;
        const stat = this.statOf(adapter, file);
        if (!stat || stat.size !== row[2] || stat.mtimeMs !== row[3]) return false;
      }
    }
    return n === facts.files.length && factsHold(facts.liveness, this.now());
  }

  /**
   * One adapter's discovery for a scan: in the pieces the adapter lists them in (each read while the next is listed:
   * the editor's rows so far start before the listing ends; the read-ahead worker lists the folders when there is one,
   * `folderLister`), or whole when the adapter has no pieces. A witnessed one (the CLI's) sees the listing alone, not
   * the reads between its pieces (witnessedPieces).
   */
  private async *discoverPieces(adapter: AnyAdapter, into: NonNullable<WorkspaceIndex['lastDiscovery']>,
    folderLister: FolderLister): AsyncGenerator<readonly string[]> {
    if (!adapter.discoverInPieces) {
      yield await this.discover(adapter, into);
      return;
    }
    const ctx: SourceContext = { ...this.ctx, folderLister };
    // The witness's place is taken now: a scan that stops before the last piece leaves it without one.
    const slot = into.witnesses.push(undefined) - 1;
    if (!this.recordsDiscovery) {
      yield* adapter.discoverInPieces(ctx);
      return;
    }
    for await (const piece of witnessedPieces(adapter.discoverInPieces(ctx), (witness) => { into.witnesses[slot] = witness; })) {
      for (const file of piece) into.files.push(file);
      yield piece;
    }
  }

  /** One adapter's discovery, witnessed when recordsDiscovery is set; appended to `into`. */
  private async discover(adapter: AnyAdapter, into: NonNullable<WorkspaceIndex['lastDiscovery']>): Promise<string[]> {
    if (!this.recordsDiscovery) {
      into.witnesses.push(undefined);
      return adapter.discover(this.ctx);
    }
    const { result, witness } = await witnessed(() => adapter.discover(this.ctx));
    into.witnesses.push(witness);
    for (const file of result) into.files.push(file);
    return result;
  }

  /**
   * The witness of the last discovery (a scan's or unchangedSince's), when it listed exactly `files` (the files a
   * scan read, in order: none missing, none twice) and each of them is checked by its own stat. Undefined otherwise,
   * and when a file's mtime was too recent to prove it unchanged since (a same-size rewrite in the same clock tick
   * keeps it: fs-witness.ts), which the full check (unchangedSince) then answers, as it always did.
   */
  discoveryWitness(files: ScanFacts['files']): FsWitness | undefined {
    const last = this.lastDiscovery;
    if (!last || last.witnesses.some((w) => !w) || last.files.length !== files.length) return undefined;
    for (let n = 0; n < files.length; n++) {
      const [file, system, , mtimeMs] = files[n]!;
      if (last.files[n] !== file || racyAt(mtimeMs, last.startedAt)) return undefined;
      const adapter = this.adapters.find((a) => a.system === system);
      if (!adapter || (adapter.statOf && !adapter.statIsPlain?.(file, this.ctx))) return undefined;
    }
    const seen = new Map<string, FsWitness['seen'][number]>();
    for (const witness of last.witnesses) for (const row of witness!.seen) if (!seen.has(row[0] + row[1])) seen.set(row[0] + row[1], row);
    return { seen: [...seen.values()] };
  }

  /**
   * Recomputes links with the current time (orphan detection depends on heartbeat age). Undefined while a scan is
   * under way (it has not read every file yet, or is linking them with the current time already), and when the
   * time changed nothing: no item, no cross-file problem, no decision. The editor rechecks every minute; a change
   * that says nothing would have every view rebuild its rows (10,000 of them) for nothing.
   */
  relinkAll(): IndexChange | undefined {
    if (this.scanning) return undefined;
    const before = this.items;
    const linkedBefore = [...this.linked.values()];
    for (const adapter of this.adapters) this.relink(adapter);
    const linkedAfter = [...this.linked.values()];
    const diagnosticsChanged = !jsonEqual(linkedBefore.map((l) => l.diagnostics), linkedAfter.map((l) => l.diagnostics));
    const decisionsChanged = !jsonEqual(linkedBefore.map((l) => l.decisions), linkedAfter.map((l) => l.decisions));
    const change = { ...this.diff(before, diagnosticsChanged), decisionsChanged };
    return change.changed.length || change.removed.length || diagnosticsChanged || decisionsChanged ? change : undefined;
  }

  /** Whether a path is, or holds, one of this index's files (cheap; no I/O). */
  mayOwn(changed: string): boolean {
    const file = this.recordFileOf(changed);
    if (this.entries.has(file) || this.adapters.some((a) => a.accepts(file, this.ctx))) return true;
    const prefix = file + path.sep;
    for (const known of this.entries.keys()) if (known.startsWith(prefix)) return true;
    // A folder just created under a home-directory root (a new Ultrawork session) holds none of our files yet, and
    // a watcher may report only the folder: refreshFolder looks inside it.
    return this.watchPatterns().some((p) => p.base !== this.root && file.startsWith(p.base + path.sep));
  }

  watchPatterns(): WatchPattern[] {
    return this.adapters.flatMap((a) => a.watchPatterns(this.ctx));
  }

  allItems(): WorkItem[] {
    return [...this.items.values()];
  }

  /** Stays the same object while allItems() would give the same items (every change of them replaces it). */
  get itemsStamp(): object {
    return this.stamp;
  }

  decisions(): Decision[] {
    return [...this.linked.values()].flatMap((l) => l.decisions);
  }

  diagnostics(): Diagnostic[] {
    return [
      ...[...this.entries.values()].flatMap((e) => e.diagnostics),
      ...[...this.linked.values()].flatMap((l) => l.diagnostics),
    ];
  }

  /**
   * The systems with a file inside this folder itself, items or not: a system set up here with nothing to show yet
   * (orc's `.orc/config.yaml`, Dure's `.dure/config/`, an empty `active_intents.yaml`) is there all the same. Files in
   * the home roots (Ultrawork's sessions, orange's projects) are not counted: they hold every other folder's too.
   */
  systemsWithOwnFiles(): Set<string> {
    const found = new Set<string>();
    const inside = this.root + path.sep;
    for (const [file, entry] of this.entries) {
      if (found.has(entry.system) || !file.startsWith(inside)) continue;
      found.add(entry.system);
      if (found.size === this.adapters.length) break;
    }
    return found;
  }

  /** The parsed record of every file of one system (records are replaced only when their file is re-read). */
  records(system: string): { file: string; record: unknown }[] {
    const out: { file: string; record: unknown }[] = [];
    for (const [file, entry] of this.entries) if (entry.system === system && entry.record !== undefined) out.push({ file, record: entry.record });
    return out;
  }

  /**
   * The cache entries to persist: the index's own entries, which also hold their adapter (the cache writes only a
   * CacheEntry's members: entryLine in index-cache.ts), so that nothing of 20,000 entries is copied to save them.
   */
  cacheEntries(): ReadonlyMap<string, CacheEntry> {
    return this.entries;
  }

  /**
   * `knownStat`: the file's size and mtime when already known (a known listing's); else it is stat'ed here.
   * `ahead`: what the read-ahead worker found (the cached entry holds, or the file's read); else it is read here.
   */
  private async readEntry(adapter: AnyAdapter, file: string, cached: CacheEntry | undefined,
    knownStat?: { size: number; mtimeMs: number }, ahead?: AheadAnswer): Promise<CacheEntry | undefined> {
    const variant = adapter.readVariant?.(this.ctx);
    if (cached && cached.system === adapter.system && cached.version === adapter.version && cached.variant === variant) {
      if (ahead === 'same') return cached;
      const stat = ahead === undefined ? knownStat ?? this.statOf(adapter, file) : undefined;
      if (stat && stat.size === cached.size && stat.mtimeMs === cached.mtimeMs) return cached;
    }
    const entry = await this.readFresh(adapter, file, ahead === 'same' ? undefined : ahead);
    return entry && variant !== undefined ? { ...entry, variant } : entry;
  }

  /**
   * What the read-ahead worker is asked of each of an adapter's files (see readEntry): nothing for a file its
   * adapter reads itself or stats its own way; a check of a cached entry's stat; else the whole file's read.
   */
  private aheadAsks(adapter: AnyAdapter, cache: ReadonlyMap<string, CacheEntry>): (file: string) => AheadAsk {
    const variant = adapter.readVariant?.(this.ctx);
    return (file) => {
      if (adapter.read !== undefined && (adapter.readsItself?.(file, this.ctx) ?? true)) return undefined;
      const cached = cache.get(file);
      if (!cached || cached.system !== adapter.system || cached.version !== adapter.version || cached.variant !== variant) return 'read';
      // The entry's own size and mtime (no object made per file).
      return adapter.statOf && !adapter.statIsPlain?.(file, this.ctx) ? undefined : cached;
    };
  }

  /** `ahead`: the file's read by the read-ahead worker (see readEntry); else it is read here. */
  private async readFresh(adapter: AnyAdapter, file: string, ahead?: TextRead): Promise<CacheEntry | undefined> {
    let own: Awaited<ReturnType<NonNullable<AnyAdapter['read']>>>;
    const readsItself = adapter.read !== undefined && (adapter.readsItself?.(file, this.ctx) ?? true);
    // An adapter that reads for itself gets the same rule as the whole-file read below: a link whose real target
    // leaves the root is never read. One that refuses links on open says when it met one; any other is asked first.
    const outside = (): CacheEntry | undefined => {
      const inside = containedPathSync(this.rootOfFile(file), file);
      return inside.ok ? undefined : { system: adapter.system, version: adapter.version, size: -1, mtimeMs: -1, record: undefined,
        diagnostics: [diagnostic(adapter.system, file, 'error', `not read: ${inside.reason}`)] };
    };
    if (readsItself && !adapter.readRefusesLinks && isSymbolicLink(file)) {
      const refused = outside();
      if (refused) return refused;
    }
    try {
      own = readsItself ? await adapter.read!(file, this.ctx, adapter.readRefusesLinks ? 'refuse' : undefined) : 'whole';
      if (own === 'link') {
        const refused = outside();
        if (refused) return refused;
        own = await adapter.read!(file, this.ctx);
        if (own === 'link') throw new Error('the reader refused a link it was asked to follow');
      }
    } catch (err) {
      return this.unreadable(adapter, file, err);
    }
    if (own === 'missing') return undefined;
    if (own !== 'whole') return { system: adapter.system, version: adapter.version, ...own };
    let read = ahead ?? readStateTextSync(file, undefined, false);
    if (!read.ok && read.link) {
      // Only a link pays for this check: one whose real target leaves the root the file belongs to is never read.
      const inside = containedPathSync(this.rootOfFile(file), file);
      read = inside.ok ? readStateTextSync(file) : { ok: false, reason: `not read: ${inside.reason}` };
    }
    if (!read.ok) {
      if (read.missing) return undefined;
      const known = read.cause === undefined ? undefined : adapter.unreadable?.(file, read.cause, this.ctx);
      return { system: adapter.system, version: adapter.version, size: -1, mtimeMs: -1, record: known && detached(known.record, this.scanStrings),
        diagnostics: known?.diagnostics ?? [diagnostic(adapter.system, file, 'error', read.reason)] };
    }
    try {
      const parsed = adapter.parse(file, read.text, this.ctx);
      return { system: adapter.system, version: adapter.version, size: read.size, mtimeMs: read.mtimeMs,
        record: detached(parsed.record, this.scanStrings), diagnostics: parsed.diagnostics };
    } catch (err) {
      return this.unreadable(adapter, file, err);
    }
  }

  /** The root a file belongs to: the workspace folder, or the home root (orange, Ultrawork sessions) holding it. */
  private rootOfFile(file: string): string {
    const roots = [this.ctx.root, this.ctx.orangeRoot, this.ctx.ultraworkSessions, this.ctx.orcHome].filter((r): r is string => !!r)
      .filter((r) => resolveContained(r, file, { allowRoot: true }).ok);
    return roots.sort((a, b) => b.length - a.length)[0] ?? this.ctx.root;
  }

  /** A reader bug (or a record that is not JSON) costs one file, never the whole index. */
  private unreadable(adapter: AnyAdapter, file: string, err: unknown): CacheEntry {
    return { system: adapter.system, version: adapter.version, size: -1, mtimeMs: -1, record: undefined,
      diagnostics: [diagnostic(adapter.system, file, 'error', `could not be read: ${(err as Error).message}`)] };
  }

  /** Each adapter's pool of parts its records share (SystemAdapter.shareRecord), for the life of the index. */
  private readonly sharedPools = new Map<AnyAdapter, Map<string, unknown>>();

  private sharedParts(adapter: AnyAdapter): Map<string, unknown> {
    let pool = this.sharedPools.get(adapter);
    if (!pool) this.sharedPools.set(adapter, pool = new Map());
    return pool;
  }

  /** Stores (or, with no entry, forgets) one file's parse; its adapter's link reads it through AdapterRecords. */
  private put(file: string, adapter: AnyAdapter, entry: CacheEntry | undefined): void {
    // A literal with a fixed shape: a spread copy here made every entry a dictionary-mode object with a hidden
    // class of its own (about 1 KB each, measured at 10,000 tasks).
    if (entry) {
      this.entries.set(file, { system: entry.system, version: entry.version, size: entry.size, mtimeMs: entry.mtimeMs,
        variant: entry.variant, record: entry.record, diagnostics: sharedIfEmpty(entry.diagnostics), adapter });
    } else {
      this.entries.delete(file);
    }
    if (entry?.record !== undefined && adapter.shareRecord) adapter.shareRecord(entry.record, this.sharedParts(adapter));
  }

  private relink(adapter: AnyAdapter, changed?: readonly string[]): void {
    const input = this.linkInput(adapter, changed);
    let output: AnyLinkOutput;
    try {
      output = adapter.link(input);
    } catch (err) {
      output = this.linkFailed(adapter, err);
    }
    this.linked.set(adapter, output);
  }

  /** A full link for the scan: in slices when the adapter links in steps (see SystemAdapter.linkSteps). */
  private async linkSliced(adapter: AnyAdapter, slicer: Slicer): Promise<AnyLinkOutput> {
    // A link in one piece (the other systems: a few milliseconds each at most) starts a slice of its own when due.
    if (!adapter.linkSteps && slicer.due()) await slicer.pause();
    const input = this.linkInput(adapter);
    try {
      return adapter.linkSteps ? await runStepsSliced(adapter.linkSteps(input), slicer) : adapter.link(input);
    } catch (err) {
      return this.linkFailed(adapter, err);
    }
  }

  private linkInput(adapter: AnyAdapter, changed?: readonly string[]): LinkInput<unknown> {
    this.onlyScanned = false; // scan() sets it again once all its links are done
    const files = new AdapterRecords(this.entries, adapter);
    const locators = new Map<string, YamlLocator | undefined>();
    const locator = (file: string) => {
      if (!locators.has(file)) locators.set(file, readLocator(file));
      return locators.get(file);
    };
    return { ctx: this.ctx, files, now: this.now(), liveness: this.liveness, locator, ...(changed ? { changed } : {}) };
  }

  /** A linker bug costs its system's items, never the whole index. */
  private linkFailed(adapter: AnyAdapter, err: unknown): AnyLinkOutput {
    return { items: [], decisions: [], diagnostics: [diagnostic(adapter.system, this.ctx.root, 'error',
      `Baton could not link ${adapter.system} state: ${(err as Error).message}`)] };
  }

  /**
   * What changed between `before` and the items now linked. With `changedFiles` (a refresh), an item counts as
   * changed when one of its sources was re-read or its computed part differs; without (a scan), every item that is
   * not the very same object does.
   */
  private diff(before: Map<string, WorkItem>, diagnosticsChanged: boolean, changedFiles?: ReadonlySet<string>): IndexChange {
    const { items, change } = runSteps(this.diffSteps(before, this.linked.values(), diagnosticsChanged, changedFiles));
    this.items = items;
    return change;
  }

  /** diff as steps, over the given link outputs; the items it returns are the index's next items. */
  private *diffSteps(before: Map<string, WorkItem>, outputs: Iterable<AnyLinkOutput>, diagnosticsChanged: boolean,
    changedFiles?: ReadonlySet<string>): Steps<{ items: Map<string, WorkItem>; change: IndexChange }> {
    const after = new Map<string, WorkItem>();
    let n = 0;
    for (const output of outputs) {
      for (const item of output.items) {
        if (++n % ITEMS_PER_STEP === 0) yield;
        after.set(keyOf(item), item);
      }
    }
    const changed: WorkItem[] = [];
    for (const [key, item] of after) {
      if (++n % ITEMS_PER_STEP === 0) yield;
      const old = before.get(key);
      // Adapters hand back the very same object for an item none of whose inputs changed.
      if (old === item) continue;
      const adapter = this.adapterFor(item);
      const touches = (i: WorkItem) => adapter.sources(i).some((f) => changedFiles!.has(f));
      if (!old || (changedFiles ? touches(item) || touches(old) : true)
        || adapter.derivedSignature(old) !== adapter.derivedSignature(item)) {
        changed.push(item);
      }
    }
    const removed = [...before.keys()].filter((k) => !after.has(k));
    return { items: after, change: { root: this.root, changed, removed, diagnosticsChanged, decisionsChanged: true } };
  }

  private adapterFor(item: WorkItem): AnyAdapter {
    return this.adapters.find((a) => a.system === item.system)!;
  }
}

/**
 * A parsed record as fresh JSON values. Strings a parser cut out of the file text are slices that keep the whole
 * text alive (V8 sliced strings); the index holds records for the life of the window, so it holds copies. Records
 * are JSON by contract (they are cached as JSON), so a JSON round trip loses nothing: freshJsonCopy gives its value
 * for less. BATON_YAML_FAST_PATH=off (the full read path, see yaml/fast-load.ts) does the round trip itself.
 */
function detached<R>(record: R, strings: Map<string, string> | undefined): R {
  if (record === undefined) return record;
  return FRESH_COPY ? freshJsonCopy(record, strings) : JSON.parse(JSON.stringify(record)) as R;
}
const FRESH_COPY = process.env.BATON_YAML_FAST_PATH !== 'off';

/** Items are immutable and reused across relinks when unchanged: their keys are built once. */
const keys = new WeakMap<WorkItem, string>();
function keyOf(item: WorkItem): string {
  let key = keys.get(item);
  if (key === undefined) keys.set(item, key = itemKey(item));
  return key;
}

function readLocator(file: string): YamlLocator | undefined {
  try {
    // Only files with a cross-file problem get here; a synchronous read keeps linking simple.
    const read = readStateTextSync(file);
    return read.ok ? new YamlLocator(read.text) : undefined;
  } catch {
    return undefined;
  }
}

function sameStat(stat: { size: number; mtimeMs: number } | undefined, entry: CacheEntry): boolean {
  return stat !== undefined && stat.size === entry.size && stat.mtimeMs === entry.mtimeMs;
}

function statIfAny(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Each piece of a discovery with its read-ahead batch, asked as soon as the piece is found; a piece is handed on
 * once the next one is found too, so that the worker reads (or stats) one piece while discovery lists the next.
 */
async function* askedAhead(pieces: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
  ask: (files: readonly string[]) => AheadBatch | undefined): AsyncGenerator<{ files: readonly string[]; ahead: AheadBatch | undefined }> {
  let held: { files: readonly string[]; ahead: AheadBatch | undefined } | undefined;
  for await (const files of pieces) {
    const ahead = ask(files);
    if (held) yield held;
    held = { files, ahead };
  }
  if (held) yield held;
}

/** Whether `file` is a symbolic link; a path that cannot be looked at (a folder without permission) is not one. */
function isSymbolicLink(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
}
