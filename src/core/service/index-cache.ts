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
  readonly diagnostics: Diagnostic[];
}

export interface IndexCache {
  load(root: string): Promise<Map<string, CacheEntry>>;
  save(root: string, entries: ReadonlyMap<string, CacheEntry>): Promise<void>;
}

const FORMAT = 1;
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
      const data = JSON.parse(read.text) as { format?: number; root?: string; entries?: Record<string, CacheEntry> };
      if (data.format !== FORMAT || data.root !== root || !data.entries) return new Map();
      return new Map(Object.entries(data.entries));
    } catch {
      return new Map();
    }
  }

  async save(root: string, entries: ReadonlyMap<string, CacheEntry>): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await writeFileAtomic(this.fileFor(root), JSON.stringify({ format: FORMAT, root, entries: Object.fromEntries(entries) }), { flush: false });
    } catch {
      // The cache is an optimisation: failing to write it must never fail a scan.
    }
  }
}
