import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { appendLine } from '../io/append-line';
import { replaceCurrent } from '../io/read-current';
import { ReplaceConflict } from '../io/replace-if-unchanged';
import { TargetRefused } from '../io/target-file';
import { contentHash } from '../io/content-hash';
import { readRegularBytes } from '../io/open-regular';
import { decodeStateBytes, MAX_STATE_FILE_BYTES } from '../io/read-text';
import { containedPath, resolveContained } from '../io/contained-path';
import type { SystemId } from '../model/system';
import type { WorkItem } from '../service/work-item';
import { YamlLocator } from '../yaml/locate';
import { intentContextBlock, type IntentContextBlock } from '../formats/intents/context-block';
import { DriftChecker, type Drift } from '../formats/intents/drift';
import type { Intent, IntentsFileRecord, IntentsRecord, MapFileRecord, TraceFileRecord } from '../formats/intents/model';
import { existingIntentsFile } from '../formats/intents/paths';
import type { AgentTraceInput } from '../formats/intents/schemas';
import { setIntentStatus } from '../formats/intents/status-edit';
import { readTraceTail, TRACE_FILTER_BYTES, type TraceTail, type TraceTailOptions } from '../formats/intents/trace-tail';
import { newestTraceObject } from '../formats/intents/trace-example';
import { prepareTraceLine, type WrittenTraceEntry } from '../formats/intents/trace-write';
import { MatcherCache, OwnershipIndex, type Owner } from './ownership';
import { tracedOwners, type TracedOwners } from './trace-owners';

export type { IntentContextBlock } from '../formats/intents/context-block';
export type { Owner } from './ownership';

/** What the intents service needs from the OrchestrationService (an interface, so neither imports the other). */
export interface IntentsHost {
  readonly folders: readonly string[];
  items(): WorkItem[];
  records(system: SystemId): { root: string; file: string; record: unknown }[];
  fileChanged(file: string): Promise<unknown>;
}

export interface ScopeValidationResult {
  readonly allowed: boolean;
  readonly intentId: string;
  /** Workspace-relative with `/` (as given, when it could not be resolved). */
  readonly file: string;
  readonly via?: Owner['via'];
  /** The owned_scope entry that matched, as written. */
  readonly pattern?: string;
  readonly reason: string;
}

export interface IntentMapRow {
  readonly file: string;
  readonly absolute: string;
  readonly owner: string | null;
  readonly ownerName: string | null;
  readonly lastModifiedBy: string | null;
  readonly hash: string | null;
  readonly actualHash: string | null;
  readonly drift: Drift;
  readonly line: number;
}

/** A write refused because the file is not what Baton read (or not what the view showed). */
export class StaleFileError extends Error {}

/**
 * The OrchestrationService interface of spec 003 (getActiveIntents, getIntent, updateIntentStatus,
 * getIntentContext, logTrace, validateScope) over the intents system's files, plus the ownership, trace and map
 * queries the views use. Reads come from the service's index; writes go to disk and are read back at once.
 */
export class IntentsService {
  private readonly ownership = new Map<string, { intents?: IntentsFileRecord; map?: MapFileRecord; trace?: TraceFileRecord; traced: TracedOwners;
    index: OwnershipIndex; matchers: MatcherCache; generation: number }>();
  private readonly drift = new DriftChecker();
  /** Trace entries this window writes carry one session id. */
  readonly sessionId = `baton-${randomUUID()}`;

  constructor(private readonly host: IntentsHost, private readonly now: () => Date = () => new Date()) {}

  async getActiveIntents(root?: string): Promise<Intent[]> {
    return this.intents(root);
  }

  async getIntent(id: string, root?: string): Promise<Intent | undefined> {
    return this.intents(root).find((i) => i.id === id);
  }

  /**
   * Writes the new status into active_intents.yaml (only that value and updated_at change), atomically. Refused
   * when the file on disk is not the one the index read, or changes while the edit is prepared.
   */
  async updateIntentStatus(id: string, status: string, root?: string): Promise<void> {
    if (!status.trim()) throw new Error('a status cannot be empty');
    const intent = await this.requireIntent(id, root);
    const record = this.recordsOf(intent.root).intents;
    if (!record) throw new Error(`no active_intents.yaml in ${intent.root}`);
    const read = await this.readText(intent.file);
    if (read.hash !== record.textHash) {
      void this.host.fileChanged(intent.file);
      throw new StaleFileError(`${path.basename(intent.file)} changed since Baton read it; it has been re-read, try again`);
    }
    const edit = setIntentStatus(read.text, intent, status.trim(), this.now());
    if (!edit.ok) throw new Error(edit.reason);
    // A byte-order mark is not content, but it was there: keep it. The file is replaced only while it still
    // holds what was read, checked again at the rename itself.
    // Only the edited span is written into the bytes on disk; a link is written through within the folder.
    try {
      await replaceCurrent(intent.file, read.bom ? `\ufeff${edit.text}` : edit.text, read.hash, intent.root);
    } catch (err) {
      if (err instanceof TargetRefused) throw new Error(err.message, { cause: err });
      if (!(err instanceof ReplaceConflict)) throw err;
      void this.host.fileChanged(intent.file);
      throw new StaleFileError(`${path.basename(intent.file)} changed while Baton was editing it (${err.message}); nothing was written`);
    }
    await this.host.fileChanged(intent.file);
  }

  /** The intent, its constraints, acceptance criteria, owned files and newest trace entries, ready for a prompt. */
  async getIntentContext(id: string, root?: string): Promise<IntentContextBlock> {
    const intent = await this.requireIntent(id, root);
    const trace = await this.readTrace(intent.root, { limit: 10, intentId: id }).catch(() => undefined);
    return intentContextBlock(intent, trace?.entries ?? intent.recentTrace);
  }

  /**
   * Appends one line to the folder's agent_trace.jsonl in a single write, in the shape of the file's newest entry
   * (spec 003's when it is empty or in no shape Baton writes) and linked into its hash chain when it has one, so
   * the fork's own tools keep reading one shape; returns what was written.
   */
  async logTrace(input: AgentTraceInput, root?: string): Promise<WrittenTraceEntry> {
    const folder = root ?? this.host.folders[0];
    if (!folder) throw new Error('no workspace folder to log to');
    const file = existingIntentsFile(folder, 'trace');
    // Read (for its shape) and appended to only inside the folder: a trace that is a link leading out is refused.
    const inside = await containedPath(folder, file, { what: 'the workspace folder' });
    if (!inside.ok) throw new Error(`trace file refused: ${inside.reason}`);
    const written = await prepareTraceLine(input, { root: folder, now: this.now(), sessionId: this.sessionId }, () => newestTraceObject(file));
    await appendLine(file, JSON.stringify(written.entry));
    await this.host.fileChanged(file);
    return written;
  }

  /** Whether an intent may change a file, and why: which owned_scope entry matched (or the intent map), or none. */
  async validateScope(intentId: string, filePath: string, root?: string): Promise<ScopeValidationResult> {
    const intent = await this.getIntent(intentId, root ?? this.rootOf(filePath));
    if (!intent) return { allowed: false, intentId, file: filePath, reason: `there is no intent ${intentId}` };
    // Symlinks followed: a link inside the scope that leads elsewhere does not make the real file the intent's.
    const inside = await containedPath(intent.root, filePath, { what: 'the workspace folder' });
    if (!inside.ok) return { allowed: false, intentId, file: filePath, reason: inside.reason };
    // Having last changed a file (the trace) is no permission to change it.
    const mine = this.ownersOf(intent.root, inside.relative).filter((o) => o.intent === intentId && o.via !== 'trace');
    const scope = mine.find((o) => o.via === 'owned_scope') ?? mine[0];
    if (!scope) {
      const entries = intent.ownedScope.length ? intent.ownedScope.join(', ') : 'nothing';
      return { allowed: false, intentId, file: inside.relative,
        reason: `${inside.relative} is outside the scope of ${intentId} (${entries}), and the intent map does not give it to ${intentId}` };
    }
    return { allowed: true, intentId, file: inside.relative, via: scope.via, pattern: scope.pattern,
      reason: scope.via === 'owned_scope' ? `owned_scope entry ${scope.pattern} matches ${inside.relative}`
        : `the intent map gives ${inside.relative} to ${intentId}` };
  }

  /** Owners of a workspace-relative path in one folder (from the ownership index, rebuilt only when its files change). */
  ownersOf(root: string, relPath: string): Owner[] {
    return this.ownershipIndex(root).ownersOf(relPath);
  }

  /** Owners of an absolute path, with the folder it is in; undefined outside every workspace folder. */
  ownersOfFile(file: string): { root: string; relative: string; owners: Owner[] } | undefined {
    const root = this.rootOf(file);
    if (!root) return undefined;
    const inside = resolveContained(root, file);
    return inside.ok ? { root, relative: inside.relative, owners: this.ownersOf(root, inside.relative) } : undefined;
  }

  /** The newest trace entries of a folder (filtered by intent when asked), read from the end of the file. */
  async readTrace(root: string, options: TraceTailOptions): Promise<TraceTail> {
    return readTraceTail(existingIntentsFile(root, 'trace'), { maxBytes: TRACE_FILTER_BYTES, ...options });
  }

  /** intent_map.md's rows with their owners' names and each file's drift from its recorded hash. */
  async intentMap(root: string): Promise<IntentMapRow[]> {
    const { map } = this.recordsOf(root);
    const names = new Map(this.intents(root).map((i) => [i.id, i.title]));
    return Promise.all((map?.rows ?? []).map(async (row) => {
      const { drift, actual } = await this.drift.check(root, row);
      return { file: row.file, absolute: path.join(root, ...row.file.split('/')), owner: row.owner,
        ownerName: row.owner ? names.get(row.owner) ?? null : null, lastModifiedBy: row.lastModifiedBy,
        hash: row.hashText, actualHash: actual, drift, line: row.line };
    }));
  }

  /** Where an intent starts in its file (for "reveal"): found on demand, the read path does not pay for it. */
  async intentPosition(intent: Intent): Promise<{ line: number; column: number }> {
    const text = (await this.readText(intent.file)).text;
    return new YamlLocator(text).locate(intent.yamlPath);
  }

  /** The workspace folder a path is in (the deepest, when folders nest). */
  rootOf(file: string): string | undefined {
    const abs = path.resolve(file);
    return [...this.host.folders].sort((a, b) => b.length - a.length).find((r) => abs === r || abs.startsWith(r + path.sep));
  }

  /** The intents read from active_intents.yaml: not the placeholder row of a file that cannot be read. */
  private intents(root?: string): Intent[] {
    return this.host.items().filter((i): i is Intent => i.system === 'intents' && !i.unreadable && (root === undefined || i.root === root));
  }

  private async requireIntent(id: string, root?: string): Promise<Intent> {
    const intent = await this.getIntent(id, root);
    if (!intent) throw new Error(`there is no intent ${id}${root ? ` in ${root}` : ''}`);
    return intent;
  }

  private recordsOf(root: string): { intents?: IntentsFileRecord; map?: MapFileRecord; trace?: TraceFileRecord } {
    const out: { intents?: IntentsFileRecord; map?: MapFileRecord; trace?: TraceFileRecord } = {};
    for (const r of this.host.records('intents')) {
      if (r.root !== root) continue;
      const record = r.record as IntentsRecord;
      if (record.kind === 'intents') out.intents = record;
      else if (record.kind === 'map') out.map = record;
      else if (record.kind === 'trace') out.trace = record;
    }
    return out;
  }

  /**
   * Rebuilt only when the intents file's or the map's record is a new one (a re-read), or a re-read trace gives a
   * file to another intent (most appends change no owner), never per lookup.
   */
  private ownershipIndex(root: string): OwnershipIndex {
    const { intents, map, trace } = this.recordsOf(root);
    const cached = this.ownership.get(root);
    if (cached && cached.intents === intents && cached.map === map && cached.trace === trace) return cached.index;
    const traced = tracedOwners(root, intents, trace);
    if (cached && cached.intents === intents && cached.map === map && cached.traced.signature === traced.signature) {
      cached.trace = trace;
      return cached.index;
    }
    const matchers = cached?.matchers ?? new MatcherCache();
    const index = new OwnershipIndex(intents, map, matchers, traced.byFile);
    this.ownership.set(root, { intents, map, trace, traced, index, matchers, generation: (cached?.generation ?? 0) + 1 });
    return index;
  }

  /**
   * Changes exactly when what ownership (and each owner's name and status) is made of changed: views that
   * show owners (CodeLens, badges) compare it before and after a change event instead of refreshing on every one.
   */
  ownershipGeneration(root: string): number {
    this.ownershipIndex(root);
    return this.ownership.get(root)!.generation;
  }

  /** Decoded the way the reader decodes (BOM removed), with the same fingerprint the reader records. */
  private async readText(file: string): Promise<{ text: string; hash: string; bom: boolean }> {
    const { bytes } = await readRegularBytes(file, MAX_STATE_FILE_BYTES);
    const decoded = decodeStateBytes(bytes, 0);
    if (!decoded.ok) throw new Error(`${path.basename(file)}: ${decoded.reason}`);
    return { text: decoded.text, hash: contentHash(decoded.text), bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf };
  }

  /** For tests: how many scope patterns have been compiled for a folder so far. */
  compiledPatterns(root: string): number {
    return this.ownership.get(root)?.matchers.compiled ?? 0;
  }
}
