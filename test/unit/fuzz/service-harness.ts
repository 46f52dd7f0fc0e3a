import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../src/core/model/diagnostic';
import { itemKey } from '../../../src/core/model/items';
import type { AnyAdapter } from '../../../src/core/service/work-item';
import { defaultAdapters, OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace } from '../helpers/temp-workspace';
import { contextFor, type FileFormat } from './catalog';

/**
 * Files that decide which items belong to this workspace folder at all, rather than what an item says: orange's
 * projects.json maps projects to folders, an Ultrawork session.json names the session's working folder. When such a
 * file is unreadable or names another folder, the items it places are not listed. Only these may take other files'
 * items with them, and only the items under the folder returned here.
 */
function membershipScope(rel: string): string | undefined {
  if (rel === path.join('home', 'orange', 'projects.json')) return path.join('home', 'orange') + path.sep;
  if (rel.includes(path.join('ultrawork', 'sessions')) && path.basename(rel) === 'session.json') return path.dirname(rel) + path.sep;
  return undefined;
}

/** What went wrong in one case, said so that the failing input can be understood from the message alone. */
export class InvariantBroken extends Error {}

/**
 * A temp copy of a format's sample folder, read by the real OrchestrationService with the real adapters of
 * defaultAdapters(). The adapters are only watched: any exception thrown by their parse, read or link is recorded
 * (the index turns it into a diagnostic so one file cannot take the index down, which must not hide a reader bug).
 */
export class FuzzWorkspace {
  readonly ws: TempWorkspace;
  readonly service: OrchestrationService;
  private readonly adapters: AnyAdapter[];
  private readonly thrown: string[] = [];
  /** Keys of the items of the untouched workspace and the files each is made from. */
  private baseline = new Map<string, readonly string[]>();
  readonly originals = new Map<string, Buffer>();

  constructor(readonly format: FileFormat) {
    this.ws = new TempWorkspace({}, format.base);
    this.adapters = defaultAdapters().map((a) => this.watch(a));
    this.service = new OrchestrationService({ folders: [contextFor(this.ws.root)], adapters: this.adapters });
    for (const rel of format.samples) this.originals.set(rel, readFileSync(this.ws.path(rel)));
  }

  async start(): Promise<void> {
    await this.service.scan();
    this.takeThrown('the first scan');
    for (const item of this.service.items()) {
      const adapter = this.adapters.find((a) => a.system === item.system)!;
      this.baseline.set(itemKey(item), adapter.sources(item));
    }
  }

  /** Restores a sample as it was (between cases of different samples, so the workspace stays mostly valid). */
  async restore(rel: string): Promise<void> {
    writeFileSync(this.ws.path(rel), this.originals.get(rel)!);
    await this.service.fileChanged(this.ws.path(rel));
  }

  /**
   * Writes `bytes` over one sample and tells the service, as a file watcher would; then checks the invariants.
   * Returns the diagnostics about that file.
   */
  async check(rel: string, bytes: Uint8Array, describe: string): Promise<Diagnostic[]> {
    const file = this.ws.path(rel);
    writeFileSync(file, bytes);
    try {
      await this.service.fileChanged(file);
    } catch (err) {
      throw new InvariantBroken(`${describe}: fileChanged threw ${(err as Error).stack ?? String(err)}`);
    }
    this.takeThrown(describe);
    const text = Buffer.from(bytes).toString('utf8');
    const lines = text.split('\n').length;
    const mine: Diagnostic[] = [];
    for (const d of this.service.diagnostics()) {
      const where = `${describe}: diagnostic ${JSON.stringify(d).slice(0, 400)}`;
      if (typeof d.file !== 'string' || !path.isAbsolute(d.file)) throw new InvariantBroken(`${where} does not name an absolute file`);
      if (typeof d.message !== 'string' || !d.message.trim()) throw new InvariantBroken(`${where} has no message`);
      if (!['error', 'warning', 'info'].includes(d.severity)) throw new InvariantBroken(`${where} has an unknown severity`);
      for (const [name, v] of [['line', d.line], ['column', d.column]] as const) {
        if (v !== null && (!Number.isInteger(v) || v < 1)) throw new InvariantBroken(`${where}: ${name} is not 1-based or null`);
      }
      if (d.file === file) {
        mine.push(d);
        if (d.line !== null && d.line > lines + 1) throw new InvariantBroken(`${where}: line ${d.line} is past the end of the file (${lines} lines)`);
      }
    }
    const now = new Set(this.service.items().map(itemKey));
    const placedBy = membershipScope(rel);
    for (const [key, sources] of this.baseline) {
      if (sources.includes(file)) continue;
      if (placedBy && sources.every((s) => path.relative(this.ws.root, s).startsWith(placedBy))) continue;
      if (!now.has(key)) throw new InvariantBroken(`${describe}: ${key} (from ${sources.map((s) => path.relative(this.ws.root, s)).join(', ')}) is no longer listed`);
    }
    for (const system of new Set(this.adapters.map((a) => a.system))) {
      for (const { file: f, record } of this.service.records(system)) {
        try {
          JSON.stringify(record);
        } catch (err) {
          throw new InvariantBroken(`${describe}: the record of ${path.relative(this.ws.root, f)} is not JSON-serialisable (the index cache would fail): ${(err as Error).message}`);
        }
      }
    }
    return mine;
  }

  /** Keys of the items made from one file, sorted. */
  itemsFrom(rel: string): string[] {
    const file = this.ws.path(rel);
    return this.service.items().filter((item) => this.adapters.find((a) => a.system === item.system)!.sources(item).includes(file))
      .map(itemKey).sort();
  }

  dispose(): void {
    this.service.dispose();
    this.ws.dispose();
  }

  private takeThrown(describe: string): void {
    if (!this.thrown.length) return;
    const all = this.thrown.splice(0);
    throw new InvariantBroken(`${describe}: a reader threw (the index caught it, but no exception may escape a reader):\n${all.join('\n')}`);
  }

  /** The same adapter object, with every exception out of parse, read and link recorded before it goes on. */
  private watch(adapter: AnyAdapter): AnyAdapter {
    const record = (what: string, err: unknown) => this.thrown.push(`${adapter.system}.${what}: ${(err as Error)?.stack ?? String(err)}`);
    const parse = adapter.parse.bind(adapter);
    adapter.parse = (file, text, ctx) => {
      try { return parse(file, text, ctx); } catch (err) { record(`parse(${path.basename(file)})`, err); throw err; }
    };
    const link = adapter.link.bind(adapter);
    adapter.link = (input) => {
      try { return link(input); } catch (err) { record('link', err); throw err; }
    };
    if (adapter.read) {
      const read = adapter.read.bind(adapter);
      adapter.read = async (file, ctx) => {
        try { return await read(file, ctx); } catch (err) { record(`read(${path.basename(file)})`, err); throw err; }
      };
    }
    return adapter;
  }
}
