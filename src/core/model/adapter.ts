import type { Diagnostic } from './diagnostic';
import type { SystemId } from './system';
import type { DecisionBase, WorkItemBase } from './items';
import type { YamlLocator } from '../yaml/locate';
import type { Liveness } from './liveness';
import type { Steps } from '../util/steps';

/** Where a workspace folder's state lives: the folder itself, and the home-directory roots of some systems. */
export interface SourceContext {
  /** Absolute path of the workspace folder. */
  readonly root: string;
  /** orc's home folder: its project registry and databases (default ~/.orc). */
  readonly orcHome?: string;
  /** Ultrawork's sessions folder (default ~/.claude/ultrawork/sessions). */
  readonly ultraworkSessions?: string;
  /** orange's state folder (default ~/orange). */
  readonly orangeRoot?: string;
  /** The systems to read (none listed: every system). A system left out is neither read nor watched. */
  readonly systems?: readonly SystemId[];
  /** How many of the newest agent_trace.jsonl entries to keep (see traceTailOf for the default and bounds). */
  readonly traceTail?: number;
  /**
   * Given to a discovery by the index while it scans: lists many folders on another thread (io/list-dirs.ts's
   * FolderLister, the read-ahead worker), for filesIn. Never part of the context's identity.
   */
  readonly folderLister?: (dirs: readonly string[], names: readonly string[]) => Promise<readonly (number | 'unlisted')[] | undefined> | undefined;
}

export interface WatchPattern {
  readonly base: string;
  readonly glob: string;
}

/** What one file contributes: a JSON-serialisable record (so the index can be cached) and its own problems. */
export interface ParsedFile<R = unknown> {
  readonly record: R;
  readonly diagnostics: Diagnostic[];
}

/** What an adapter's own `read` gives back: the record plus the size and mtime the persistent cache keys on. */
export interface ReadFile<R> extends ParsedFile<R | undefined> {
  readonly size: number;
  readonly mtimeMs: number;
}

export interface LinkInput<R> {
  readonly ctx: SourceContext;
  readonly files: ReadonlyMap<string, R>;
  readonly now: number;
  /** How the link asks whether processes are alive, and says when its output turns by itself (model/liveness.ts). */
  readonly liveness?: Liveness;
  readonly locator: (file: string) => YamlLocator | undefined;
  /**
   * The files re-read since this adapter's previous link, when the index knows them (a refresh); undefined after
   * a scan. An adapter may use it to relink only what those files can change.
   */
  readonly changed?: readonly string[];
}

/** What a link gives: the system's own items and decisions (the service keeps them as its WorkItem/Decision unions). */
export interface LinkOutput<I extends WorkItemBase = WorkItemBase, D extends DecisionBase = DecisionBase> {
  readonly items: readonly I[];
  readonly decisions: readonly D[];
  /** Problems that span files (a dependency cycle, a missing reference). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * One orchestrator's reader, plugged into the OrchestrationService. The service does the I/O, caching and
 * change tracking; an adapter only says which files are its own, parses one file at a time, and links
 * parsed files into items.
 */
export interface SystemAdapter<R = unknown, I extends WorkItemBase = WorkItemBase, D extends DecisionBase = DecisionBase> {
  readonly system: SystemId;
  /** Bumped when `parse` changes, so cached records of an older reader are not reused. */
  readonly version: number;
  /**
   * Every file of this system for the context, absolute paths. A function of the context and of what it reads from
   * the file system through node:fs before its promise settles: the CLI proves a saved scan's listing current by
   * asking the file system the same questions again (io/fs-witness.ts), without running this.
   */
  discover(ctx: SourceContext): Promise<string[]>;
  /**
   * discover() in pieces, for a scan that reads each piece while the rest is still to be listed (the editor's first
   * rows come from the files read so far: listing 10,000 task folders first held them back half a second or more).
   * The pieces, one after the other, are exactly what discover() gives, in its order. Without it, one piece.
   */
  discoverInPieces?(ctx: SourceContext): AsyncIterable<readonly string[]>;
  /** Folders to watch and the glob (relative to the folder) of the files that matter in each. */
  watchPatterns(ctx: SourceContext): readonly WatchPattern[];
  /**
   * What besides a file's bytes shapes its record for this context (the intents trace: how many entries are kept).
   * A cached record read under another variant is read again. A function of the context alone (a saved scan is
   * proven current without the adapters: scan-snapshot.ts keeps the context in its identity).
   */
  readVariant?(ctx: SourceContext): string;
  /** Whether an absolute path (maybe new, maybe deleted) is one of this system's files. */
  accepts(file: string, ctx: SourceContext): boolean;
  parse(file: string, text: string, ctx: SourceContext): ParsedFile<R>;
  /**
   * A file that is there but cannot be read (permission denied, a FIFO, too large): what is known of it without its
   * bytes (its path says which task it is), with the diagnostics that replace the generic "cannot read". Without it,
   * or when it returns undefined, the file is only that diagnostic.
   */
  unreadable?(file: string, cause: string, ctx: SourceContext): ParsedFile<R> | undefined;
  /**
   * For files that must not be read whole (append-only logs that grow without bound): the adapter reads what it
   * needs itself. 'whole' hands the file to the normal path (read whole, then `parse`); 'missing' means it is gone.
   */
  read?(file: string, ctx: SourceContext, links?: 'refuse'): Promise<ReadFile<R> | 'whole' | 'missing' | 'link'>;
  /**
   * Set when `read`, asked to `'refuse'` links, opens without following one (O_NOFOLLOW) and answers 'link' for a
   * symbolic link: the index then checks a link's containment only when there is one, instead of an lstat before
   * every read.
   */
  readonly readRefusesLinks?: boolean;
  /**
   * Whether `read` reads this file itself (false: it would answer 'whole'). Asked first, so the thousands of files an
   * adapter leaves to the whole-file path skip the call and the symbolic-link check of files read by `read`.
   * Without it, `read` is asked about every file.
   */
  readsItself?(file: string, ctx: SourceContext): boolean;
  /**
   * Lets a record share parts equal to ones another record of the index already holds (orc's plan.yaml files repeat
   * their weight's phases in every task: at 10,000 tasks, half a kilobyte each). Called once for every record the
   * index keeps, whether just parsed or from the cache, with a pool that lives as long as the index. The record is
   * the index's own copy; only a part equal to the pooled one may be swapped in, and nothing may change it later.
   */
  shareRecord?(record: R, pool: Map<string, unknown>): void;
  /**
   * For a record read from several files (a SQLite database and its `-wal`): the file whose record a changed path
   * belongs to, when it is not the path itself (the `-wal` maps to its database). Undefined: the path is its own.
   */
  recordFileOf?(file: string, ctx: SourceContext): string | undefined;
  /**
   * The size and mtime that tell whether a file's record is still current, when the file's own stat cannot (a
   * database whose WAL changes while the database file does not). Undefined when the file is gone.
   */
  statOf?(file: string, ctx: SourceContext): { size: number; mtimeMs: number } | undefined;
  /**
   * Whether statOf of this file is the file's own stat (size and mtime, links followed): then the CLI's second run
   * may check it without the adapter (src/cli/fast-answer.ts). An adapter with statOf and without this: never.
   */
  statIsPlain?(file: string, ctx: SourceContext): boolean;
  link(input: LinkInput<R>): LinkOutput<I, D>;
  /**
   * `link` written as steps (util/steps.ts), for an adapter whose full link is long (orc's, at 10,000 tasks): a scan
   * runs it in slices, with the event loop's other work between them. Gives exactly what `link` gives.
   */
  linkSteps?(input: LinkInput<R>): Steps<LinkOutput<I, D>>;
  /** The files an item is made from: a change to any of them changes the item. */
  sources(item: I): readonly string[];
  /** The computed part of an item (from other files); a change here changes the item too. */
  derivedSignature(item: I): string;
}
