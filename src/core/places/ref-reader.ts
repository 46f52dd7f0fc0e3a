import path from 'node:path';
import picomatch from 'picomatch';
import { diagnostic, type Diagnostic } from '../model/diagnostic';
import type { ParsedFile, SourceContext } from '../model/adapter';
import type { SystemId } from '../model/system';
import { decodeStateBytes, MAX_STATE_FILE_BYTES } from '../io/read-text';
import type { AnyAdapter } from '../service/work-item';
import { CatFile } from './cat-file';
import { TreeLister, type TreeFile } from './tree-walk';

/** One file of a ref as the adapters see it: where it would be under the folder, its blob, and its parse. */
export interface RefFile {
  readonly file: string;
  /** The blob the file's bytes are in. */
  readonly oid: string;
  readonly adapter: AnyAdapter;
  readonly parsed: ParsedFile<unknown>;
}

/**
 * Reads the systems' files of refs from git's objects, for one repository: one `cat-file --batch` process, one
 * tree lister, and the parsed records by blob id and path. A blob that 200 refs share is read and parsed once;
 * a ref that moved re-reads only the blobs whose ids changed.
 */
export class RefReader {
  readonly cat: CatFile;
  private readonly lister: TreeLister;
  /** `system, version, path, blob id` → the parse; swept to what the refs read now use (see sweep). */
  private readonly parsed = new Map<string, Promise<ParsedFile<unknown>>>();
  /** Which system takes each folder-relative path (null: none), for the one folder this reader serves. */
  private readonly owners = new Map<string, SystemId | null>();
  private enterFolder: ((dirRel: string) => boolean) | undefined;
  /** Blobs read from git since this reader started (tests and the bench read it). */
  blobsRead = 0;

  constructor(top: string) {
    this.cat = new CatFile(top, MAX_STATE_FILE_BYTES);
    this.lister = new TreeLister(this.cat);
  }

  /**
   * The files of the folder (`prefix` inside the tree `tree`) that the adapters accept, read and parsed. `ctx.root`
   * is where the folder is on disk: each file is named as it would be there (the views show it relative).
   */
  async read(tree: string, prefix: string, ctx: SourceContext, adapters: readonly AnyAdapter[]): Promise<{ files: RefFile[]; problems: Diagnostic[]; keys: string[] }> {
    const enter = this.folderFilter(ctx, adapters);
    // Which adapter takes a path: asked once per path (every ref of the folder has the same answers; adapters of one
    // kind answer alike, whichever place's instances ask).
    const ownerOf = (rel: string): AnyAdapter | undefined => {
      let system = this.owners.get(rel);
      if (system === undefined) {
        const file = path.join(ctx.root, ...rel.split('/'));
        const adapter = adapters.find((a) => a.accepts(file, ctx));
        // A file its adapter reads itself (an append-only trace read from its end, a database) is not in git's
        // objects in a form `parse` takes: left out of a ref.
        system = adapter && !(adapter.read && (adapter.readsItself?.(file, ctx) ?? true)) ? adapter.system : null;
        if (this.owners.size > 100_000) this.owners.clear();
        this.owners.set(rel, system);
      }
      return system === null ? undefined : adapters.find((a) => a.system === system);
    };
    const walk = await this.lister.walk(tree, prefix, enter, (rel) => ownerOf(rel) !== undefined);
    const problems = (walk?.problems ?? []).map((p) => diagnostic('orc', ctx.root, 'warning', `not all of this ref was read: ${p}`));
    const keys: string[] = [];
    const files = await Promise.all((walk?.files ?? []).map(async (f) => {
      const adapter = ownerOf(f.rel)!;
      const file = path.join(ctx.root, ...f.rel.split('/'));
      const key = `${adapter.system}\u0000${adapter.version}\u0000${adapter.readVariant?.(ctx) ?? ''}\u0000${f.rel}\u0000${f.oid}`;
      keys.push(key);
      return { file, oid: f.oid, adapter, parsed: await this.parse(key, adapter, f, file, ctx) };
    }));
    return { files, problems, keys };
  }

  /** The parse of one blob at one path: read once, however many refs ask for it at the same moment. */
  private parse(key: string, adapter: AnyAdapter, f: TreeFile, file: string, ctx: SourceContext): Promise<ParsedFile<unknown>> {
    let parsed = this.parsed.get(key);
    if (!parsed) this.parsed.set(key, parsed = this.readAndParse(key, adapter, f, file, ctx));
    return parsed;
  }

  private async readAndParse(key: string, adapter: AnyAdapter, f: TreeFile, file: string, ctx: SourceContext): Promise<ParsedFile<unknown>> {
    let parsed: ParsedFile<unknown>;
    try {
      const object = await this.cat.read(f.oid);
      this.blobsRead++;
      if ('missing' in object) parsed = { record: undefined, diagnostics: [diagnostic(adapter.system, file, 'error', 'its blob is missing from the repository')] };
      else if (!object.bytes) parsed = unreadable(adapter, file, `file is too large to be a state file (${object.size} bytes; the limit is ${MAX_STATE_FILE_BYTES})`, 'too large', ctx);
      else {
        const text = decodeStateBytes(object.bytes, 0);
        parsed = text.ok ? detached(adapter.parse(file, text.text, ctx)) : unreadable(adapter, file, text.reason, text.cause, ctx);
      }
    } catch (err) {
      // git failed (its process ended) or the reader threw: said now, and not kept, so the next read tries again.
      this.parsed.delete(key);
      parsed = { record: undefined, diagnostics: [diagnostic(adapter.system, file, 'error', `could not be read: ${(err as Error).message}`)] };
    }
    return parsed;
  }

  /** The folder filter, compiled once for the folder this reader serves. */
  private folderFilter(ctx: SourceContext, adapters: readonly AnyAdapter[]): (dirRel: string) => boolean {
    return this.enterFolder ??= folderFilter(ctx, adapters);
  }

  /** After a refresh of every ref: parses no ref uses any more are dropped (memory follows what is shown). */
  sweep(keep: ReadonlySet<string>): void {
    for (const key of this.parsed.keys()) if (!keep.has(key)) this.parsed.delete(key);
    this.lister.trim();
  }

  /** How many parsed files are kept (tests read it). */
  get kept(): number {
    return this.parsed.size;
  }

  dispose(): void {
    this.cat.dispose();
  }
}

function unreadable(adapter: AnyAdapter, file: string, reason: string, cause: string | undefined, ctx: SourceContext): ParsedFile<unknown> {
  const known = cause === undefined ? undefined : adapter.unreadable?.(file, cause, ctx);
  return known ?? { record: undefined, diagnostics: [diagnostic(adapter.system, file, 'error', reason)] };
}

/** Records are cached as JSON by contract; a copy keeps no slice of the blob's text alive (see WorkspaceIndex). */
function detached(parsed: ParsedFile<unknown>): ParsedFile<unknown> {
  return parsed.record === undefined ? parsed : { record: JSON.parse(JSON.stringify(parsed.record)), diagnostics: parsed.diagnostics };
}

/** Whether a folder (relative, with `/`) may hold a file one of the adapters watches for under the folder. */
function folderFilter(ctx: SourceContext, adapters: readonly AnyAdapter[]): (dirRel: string) => boolean {
  const globs = adapters.flatMap((a) => a.watchPatterns(ctx)).filter((p) => p.base === ctx.root).map((p) => picomatch(p.glob, { dot: true }));
  return (dir) => globs.some((g) => g(`${dir}/x`));
}
