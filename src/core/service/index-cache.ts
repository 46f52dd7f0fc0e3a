import { promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../io/atomic-write';
import { readStateText } from '../io/read-text';
import type { Diagnostic } from '../model/diagnostic';
import { ownBlocks } from '../util/own-blocks';

/** One cached parse: valid while the file keeps the same size and modification time. */
export interface CacheEntry {
  readonly system: string;
  readonly version: number;
  readonly size: number;
  readonly mtimeMs: number;
  /** The adapter's readVariant when the record was read (absent for adapters without one). */
  readonly variant?: string;
  readonly record: unknown;
  readonly diagnostics: readonly Diagnostic[];
}

export interface IndexCache {
  load(root: string): Promise<Map<string, CacheEntry>>;
  /**
   * At most about how many entries a load of `root` will give, known before it (0: none): a scan that will check
   * thousands of cached files starts its read-ahead worker at once, while the cache loads.
   */
  expectedEntries?(root: string): number;
  /** Writes the entries (each taken as the iteration reaches it: the caller keeps them unchanged until this resolves). */
  save(root: string, entries: Iterable<readonly [string, CacheEntry]>): Promise<void>;
}

/**
 * 3: a header line, then one line per file (so loading and saving run in slices; see below), `[file, entry]`; a line
 * may be followed by later ones for the same file, which win, and `[file, null]` says the file is gone (appended
 * saves, see save).
 */
const FORMAT = 3;
/**
 * A save appends the entries that changed instead of rewriting the file (one changed file of 10,000 tasks: one line,
 * not 20 MB) until the file holds this many times more lines than entries (plus a few); then it is written anew.
 */
const MAX_LINES_PER_ENTRY = 2;
const SPARE_LINES = 64;
/** Loading and saving hand the event loop back this often: a 20 MB cache parsed in one call held the editor ~0.6 s. */
const SLICE_MS = 12;
/** Saving writes the text in pieces of about this many characters (each one small write, none a long copy). */
const CHUNK_CHARS = 256 * 1024;
/** The cache of a very large workspace (100,000 tasks) is tens of megabytes; a file past this is not ours to load. */
const MAX_INDEX_CACHE_BYTES = 256 * 1024 * 1024;
/** The shortest line an entry can have (its file, system, version, size and mtime, an empty record): for expectedEntries. */
const MIN_LINE_BYTES = 96;

/**
 * The persistent index: one JSON file per workspace folder inside `dir` (the extension's storage, or a
 * user cache folder for the CLI), so a warm start re-reads only the files that changed. A missing, stale
 * or corrupt cache is simply ignored.
 */
export class JsonIndexCache implements IndexCache {
  constructor(private readonly dir: string) {}

  /**
   * Per root, what the cache file holds as this cache last loaded or wrote it: its entries (the same objects the
   * index was given or saved, so an unchanged entry is known by identity), how many lines it has, and its size and
   * mtime then (a file written since by another process is not appended to: it is written anew).
   */
  private readonly onDisk = new Map<string, { entries: Map<string, CacheEntry>; lines: number; size: number; mtimeMs: number }>();

  private fileFor(root: string): string {
    const safe = Buffer.from(root).toString('base64url').slice(-80);
    return path.join(this.dir, `index-${safe}.json`);
  }

  expectedEntries(root: string): number {
    // Counted from the file's size (a line is at least this long); what is there to read is not known until it is.
    try {
      return Math.floor((statSync(this.fileFor(root), { throwIfNoEntry: false })?.size ?? 0) / MIN_LINE_BYTES);
    } catch {
      return 0;
    }
  }

  async load(root: string): Promise<Map<string, CacheEntry>> {
    try {
      const read = await readStateText(this.fileFor(root), MAX_INDEX_CACHE_BYTES);
      if (!read.ok) return new Map();
      const text = read.text;
      const headerEnd = text.indexOf('\n');
      const header = JSON.parse(headerEnd < 0 ? text : text.slice(0, headerEnd)) as { format?: number; root?: string };
      if (header.format !== FORMAT || header.root !== root || headerEnd < 0) return new Map();
      const entries = new Map<string, CacheEntry>();
      let lines = 0;
      let torn = false;
      let slice = Date.now();
      for (let start = headerEnd + 1; start < text.length;) {
        const end = text.indexOf('\n', start);
        // Every line is written with its newline: a last line without one is an append cut short, not an entry.
        if (end < 0) { torn = true; break; }
        const line = text.slice(start, end);
        start = end + 1;
        if (!line) continue;
        const [file, entry] = JSON.parse(line) as [string, CacheEntry | null];
        if (entry) entries.set(file, entry); else entries.delete(file);
        lines++;
        if (Date.now() - slice >= SLICE_MS) { await yieldTurn(); slice = Date.now(); }
      }
      // Lines appended after a cut-short one would join it: such a file is written anew at the next save.
      if (!torn) this.onDisk.set(root, { entries: new Map(entries), lines, size: read.size, mtimeMs: read.mtimeMs });
      return entries;
    } catch {
      return new Map();
    }
  }

  async save(root: string, entries: Iterable<readonly [string, CacheEntry]>): Promise<void> {
    try {
      // Held as one map of its own (the caller's may change while this saves in slices): compared with what the file
      // holds (an append), else written whole from it.
      const map = new Map(entries);
      if (await this.appendChanges(root, map)) return;
      this.onDisk.delete(root);
      await fs.mkdir(this.dir, { recursive: true });
      const file = this.fileFor(root);
      // Written in chunks as they are made: one 20 MB string turned into one 20 MB buffer held the editor ~70 ms.
      await writeFileAtomic(file, cacheText(root, map), { flush: false });
      const stat = await fs.stat(file);
      this.onDisk.set(root, { entries: map, lines: map.size, size: stat.size, mtimeMs: stat.mtimeMs });
    } catch {
      // The cache is an optimisation: failing to write it must never fail a scan.
    }
  }

  /**
   * Appends the lines of the entries that differ from what the file holds (and `[file, null]` for each one gone), when
   * this cache knows what the file holds and it was not written since. False: the file is to be written whole.
   */
  private async appendChanges(root: string, entries: Map<string, CacheEntry>): Promise<boolean> {
    const known = this.onDisk.get(root);
    if (!known) return false;
    const lines: string[] = [];
    for (const [file, entry] of entries) {
      const old = known.entries.get(file);
      if (!old || !sameEntry(old, entry)) lines.push(entryLine(file, entry));
    }
    for (const file of known.entries.keys()) if (!entries.has(file)) lines.push(JSON.stringify([file, null]));
    if (!lines.length) return true;
    if (known.lines + lines.length > MAX_LINES_PER_ENTRY * entries.size + SPARE_LINES) return false;
    const handle = await fs.open(this.fileFor(root), 'a');
    try {
      const before = await handle.stat();
      if (before.size !== known.size || before.mtimeMs !== known.mtimeMs) return false;
      // One write of whole lines, each with its newline: a write cut short leaves a last line without one, not loaded.
      await handle.write(`${lines.join('\n')}\n`);
      const after = await handle.stat();
      this.onDisk.set(root, { entries, lines: known.lines + lines.length, size: after.size, mtimeMs: after.mtimeMs });
      return true;
    } finally {
      await handle.close();
    }
  }
}

/** Whether two entries would be written as the same line: an unchanged file's entry keeps its record object. */
function sameEntry(a: CacheEntry, b: CacheEntry): boolean {
  return a.record === b.record && a.size === b.size && a.mtimeMs === b.mtimeMs && a.variant === b.variant && a.system === b.system
    && a.version === b.version && (a.diagnostics === b.diagnostics || (a.diagnostics.length === 0 && b.diagnostics.length === 0));
}

/** The cache file's text (a header line, then one line per file), in chunks of about CHUNK_CHARS, with turns between slices. */
async function* cacheText(root: string, entries: Iterable<readonly [string, CacheEntry]>): AsyncGenerator<string> {
  let chunk = `${JSON.stringify({ format: FORMAT, root })}\n`;
  let slice = performance.now();
  // This work's own blocks (own-blocks.ts): from where it goes on to where it hands its chunk or the turn over.
  let block = slice;
  const blockEnds = () => ownBlocks.note('the index cache\'s save', performance.now() - block);
  for (const entry of entries) {
    chunk += `${entryLine(entry[0], entry[1])}\n`;
    if (chunk.length >= CHUNK_CHARS) { blockEnds(); yield chunk; chunk = ''; block = performance.now(); }
    if (performance.now() - slice >= SLICE_MS) { blockEnds(); await yieldTurn(); slice = block = performance.now(); }
  }
  blockEnds();
  if (chunk) yield chunk;
}

/**
 * One file's line: JSON.stringify([file, entry]) of the entry's own members only (CacheEntry's, in the order the
 * index makes its entries), so that an entry holding more (the index's adapter) is written as it is, without a copy.
 */
export function entryLine(file: string, entry: CacheEntry): string {
  const { system, version, size, mtimeMs, variant, record, diagnostics } = entry;
  let line = `[${JSON.stringify(file)},{"system":${JSON.stringify(system)},"version":${JSON.stringify(version)},"size":${JSON.stringify(size)},"mtimeMs":${JSON.stringify(mtimeMs)}`;
  if (variant !== undefined) line += `,"variant":${JSON.stringify(variant)}`;
  // As JSON.stringify does, a member whose value writes as nothing (undefined) is left out.
  const recordText = JSON.stringify(record) as string | undefined;
  if (recordText !== undefined) line += `,"record":${recordText}`;
  const diagnosticsText = JSON.stringify(diagnostics) as string | undefined;
  return `${diagnosticsText === undefined ? line : `${line},"diagnostics":${diagnosticsText}`}}]`;
}

function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
