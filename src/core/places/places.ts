import type { Diagnostic } from '../model/diagnostic';
import type { Elsewhere } from '../model/items';
import type { SourceContext } from '../model/adapter';
import type { SystemId } from '../model/system';
import type { AnyAdapter, Decision, WorkItem } from '../service/work-item';
import type { PlaceState } from '../service/other-places';
import { WorkspaceIndex } from '../service/workspace-index';
import type { RefReader } from './ref-reader';
import type { RefTip } from './repository';

/** The systems whose state lives in the repository, read in every place (home-directory systems are shared). */
export const IN_REPOSITORY_SYSTEMS: readonly SystemId[] = ['orc', 'orchestral', 'intents'];

export type { PlaceState } from '../service/other-places';

/**
 * The object with `elsewhere` set: items and decisions from a place carry where they are. Set on the object itself,
 * not on a copy: a place's adapters are its own instances, so what their link made belongs to this place alone and
 * has not been handed to anyone yet (a spread copy of 10,000 items was a third of a 200-ref scan). An object that
 * already says where it is (an unchanged item a link handed back again) is left as it is.
 */
function marked<T extends object>(value: T, elsewhere: Elsewhere): T {
  const mark = value as { elsewhere?: Elsewhere };
  if (mark.elsewhere !== elsewhere) mark.elsewhere = elsewhere;
  return value;
}

/** Another worktree: its files on disk, read by a WorkspaceIndex of its own (refreshed by the same file events). */
export class WorktreePlace implements PlaceState {
  readonly elsewhere: Elsewhere;
  private readonly index: WorkspaceIndex;
  private marked: { items: WorkItem[]; decisions: Decision[]; diagnostics: Diagnostic[] } | undefined;

  constructor(readonly worktree: string, readonly branch: string | null, ctx: SourceContext, adapters: readonly AnyAdapter[], now?: () => number) {
    this.elsewhere = { worktree };
    this.index = new WorkspaceIndex(ctx, adapters, now);
  }

  get root(): string {
    return this.index.root;
  }

  async scan(): Promise<void> {
    await this.index.scan();
    this.marked = undefined;
  }

  /** Whether a changed path may be one of this worktree's files (no I/O). */
  mayOwn(file: string): boolean {
    return this.index.mayOwn(file);
  }

  /** Re-reads one changed file; true when anything it holds changed. */
  async refresh(file: string): Promise<boolean> {
    const change = await this.index.refresh(file);
    if (change) this.marked = undefined;
    return change !== undefined;
  }

  watchPatterns() {
    return this.index.watchPatterns();
  }

  get items(): readonly WorkItem[] { return this.view().items; }
  get decisions(): readonly Decision[] { return this.view().decisions; }
  get diagnostics(): readonly Diagnostic[] { return this.view().diagnostics; }

  records(system: SystemId): { file: string; record: unknown }[] {
    return this.index.records(system);
  }

  private view() {
    this.marked ??= {
      items: this.index.allItems().map((i) => marked(i, this.elsewhere)),
      decisions: this.index.decisions().map((d) => marked(d, this.elsewhere)),
      diagnostics: this.index.diagnostics().map((d) => ({ ...d, elsewhere: this.elsewhere })),
    };
    return this.marked;
  }
}

/**
 * A branch or remote-tracking ref: the folder's files as committed on it, read from git's objects (never a
 * checkout). Read again only when the ref's tree id changed; then only blobs whose ids changed are parsed (the
 * reader keeps parses by blob id).
 */
export class RefPlace implements PlaceState {
  readonly elsewhere: Elsewhere;
  /** The root tree id last read (undefined before the first read). */
  tree: string | undefined;
  commit: string | undefined;
  items: readonly WorkItem[] = [];
  decisions: readonly Decision[] = [];
  diagnostics: readonly Diagnostic[] = [];
  private byFile = new Map<string, { system: SystemId; record: unknown; oid: string }>();
  /** The reader's keys of the parses this ref uses (kept while the ref is shown). */
  keys: readonly string[] = [];

  constructor(readonly name: string, readonly ctx: SourceContext, private readonly prefix: string,
    private readonly adapters: readonly AnyAdapter[], private readonly reader: RefReader, private readonly now: () => number = Date.now) {
    this.elsewhere = { ref: name };
  }

  get root(): string {
    return this.ctx.root;
  }

  /** Reads the ref when its tree moved; true when it did (and the place changed). */
  async update(tip: RefTip): Promise<boolean> {
    if (tip.tree === this.tree) return false;
    const { files, problems, keys } = await this.reader.read(tip.tree, this.prefix, this.ctx, this.adapters);
    const items: WorkItem[] = [];
    const decisions: Decision[] = [];
    const diagnostics: Diagnostic[] = [...problems];
    const byFile = new Map<string, { system: SystemId; record: unknown; oid: string }>();
    for (const adapter of this.adapters) {
      const records = new Map<string, unknown>();
      for (const f of files) {
        if (f.adapter !== adapter) continue;
        diagnostics.push(...f.parsed.diagnostics);
        if (f.parsed.record !== undefined) records.set(f.file, f.parsed.record);
        byFile.set(f.file, { system: adapter.system, record: f.parsed.record, oid: f.oid });
      }
      if (!records.size) continue;
      try {
        const out = adapter.link({ ctx: this.ctx, files: records, now: this.now(), locator: () => undefined });
        items.push(...out.items);
        decisions.push(...out.decisions);
        diagnostics.push(...out.diagnostics);
      } catch (err) {
        diagnostics.push({ system: adapter.system, file: this.ctx.root, line: null, column: null, severity: 'error',
          message: `Baton could not link ${adapter.system} state: ${(err as Error).message}` });
      }
    }
    this.items = items.map((i) => marked(i, this.elsewhere));
    this.decisions = decisions.map((d) => marked(d, this.elsewhere));
    // Copies: a blob's problems are shared by every ref that holds the blob.
    this.diagnostics = diagnostics.map((d) => ({ ...d, elsewhere: this.elsewhere }));
    this.byFile = byFile;
    this.keys = keys;
    this.tree = tip.tree;
    this.commit = tip.commit;
    return true;
  }

  records(system: SystemId): { file: string; record: unknown }[] {
    return [...this.byFile].filter(([, r]) => r.system === system && r.record !== undefined).map(([file, r]) => ({ file, record: r.record }));
  }

  /** The blob a file of this ref is in (the file named as under the folder), if the ref holds it. */
  blobOf(file: string): string | undefined {
    return this.byFile.get(file)?.oid;
  }

  /** The item's files by blob id, and its computed part (the adapter's contract: nothing else shapes an item). */
  contentKey(item: WorkItem): string {
    const adapter = this.adapters.find((a) => a.system === item.system);
    if (!adapter) return `${item.system}\u0000${item.id}\u0000${Math.random()}`;
    const blobs = adapter.sources(item).map((f) => this.byFile.get(f)?.oid ?? `?${f}`).join(',');
    return `${item.system}\u0000${item.kind}\u0000${item.id}\u0000${blobs}\u0000${adapter.derivedSignature(item)}`;
  }
}
