import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../io/atomic-write';
import { readStateText } from '../io/read-text';
import type { Diagnostic } from '../model/diagnostic';

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
  /** Writes the entries (each taken as the iteration reaches it: the caller keeps them unchanged until this resolves). */
  save(root: string, entries: Iterable<readonly [string, CacheEntry]>): Promise<void>;
}

/** 2: a header line, then one line per file (so loading and saving run in slices; see below). */
const FORMAT = 2;
/** Loading and saving hand the event loop back this often: a 20 MB cache parsed in one call held the editor ~0.6 s. */
const SLICE_MS = 12;
/** Saving writes the text in pieces of about this many characters (each one small write, none a long copy). */
const CHUNK_CHARS = 256 * 1024;
/** The cache of a very large workspace (100,000 tasks) is tens of megabytes; a file past this is not ours to load. */
const MAX_INDEX_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * The persistent index: one JSON file per workspace folder inside `dir` (the extension's storage, or a
 * user cache folder for the CLI), so a warm start re-reads only the files that changed. A missing, stale
 * or corrupt cache is simply ignored.
 */
export class JsonIndexCache implements IndexCache {
  constructor(private readonly dir: string) {}

  private fileFor(root: string): string {
    const safe = Buffer.from(root).toString('base64url').slice(-80);
    return path.join(this.dir, `index-${safe}.json`);
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
      let slice = Date.now();
      for (let start = headerEnd + 1; start < text.length;) {
        const end = text.indexOf('\n', start);
        const line = text.slice(start, end < 0 ? text.length : end);
        start = end < 0 ? text.length : end + 1;
        if (!line) continue;
        const [file, entry] = JSON.parse(line) as [string, CacheEntry];
        entries.set(file, entry);
        if (Date.now() - slice >= SLICE_MS) { await yieldTurn(); slice = Date.now(); }
      }
      return entries;
    } catch {
      return new Map();
    }
  }

  async save(root: string, entries: Iterable<readonly [string, CacheEntry]>): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      // Written in chunks as they are made: one 20 MB string turned into one 20 MB buffer held the editor ~70 ms.
      await writeFileAtomic(this.fileFor(root), cacheText(root, entries), { flush: false });
    } catch {
      // The cache is an optimisation: failing to write it must never fail a scan.
    }
  }
}

/** The cache file's text (a header line, then one line per file), in chunks of about CHUNK_CHARS, with turns between slices. */
async function* cacheText(root: string, entries: Iterable<readonly [string, CacheEntry]>): AsyncGenerator<string> {
  let chunk = `${JSON.stringify({ format: FORMAT, root })}\n`;
  let slice = performance.now();
  for (const entry of entries) {
    chunk += `${JSON.stringify(entry)}\n`;
    if (chunk.length >= CHUNK_CHARS) { yield chunk; chunk = ''; }
    if (performance.now() - slice >= SLICE_MS) { await yieldTurn(); slice = performance.now(); }
  }
  if (chunk) yield chunk;
}

function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
