import { statSync } from 'node:fs';
import path from 'node:path';
import { gateDecisionsSteps } from '../orc/gate-decisions';
import { filesIn, isFile, listElsewhere, subfolders } from '../../io/list-dirs';
import type { LinkInput, LinkOutput, ParsedFile, ReadFile, SourceContext, SystemAdapter, WatchPattern } from '../../model/adapter';
import type { OrcItem } from '../orc/model';
import type { OrcGateDecision } from '../orc/gate-decisions';
import { linkOrcSteps, OrcLinkMemo } from '../orc/link';
import { runSteps, type Steps } from '../../util/steps';
import { EMPTY_LIST } from '../../util/empty-list';
import { classifyOrcPath, toPosix } from '../orc/paths';
import { parseConfigFile, parseInitiativeFile, parsePlanFile, parseStateFile, parseTaskFile, unreadableTask } from '../orc/records';
import type { OrcRecord as OrcFileRecord } from '../orc/records';
import type { OrcAnyRecord as OrcRecord } from './record';
import { sqliteStatSync } from '../../io/sqlite-snapshot';
import { orcDbCandidates, orcGlobalDbPath, orcProjectId, readOrcRegistry, registryEntryFor } from '../orc-db/locate';
import { withGlobalWorkflows } from '../orc-db/global-workflows';
import { orcDbFollower } from '../orc-db/read-db';
import { orcProjectDatabase } from '../orc-db/project-db';
import { DbLinkMemo, linkOrcDb } from '../orc-db/link-db';
import { relativePath } from '../../util/relative-path';
import { jsonEqual } from '../../util/json-equal';

/** What discovery found for one folder: its database (if any) and where its registry says the database goes. */
interface FolderState {
  readonly db: string | null;
  readonly registryId: string | null;
}

/** Groups of plan phase lists kept for sharing: a workspace has a handful (one per weight, a few edited by hand). */
const MAX_SHARED_PLANS = 1_000;
/** Distinct lists kept per group of plans with the same phase count and names (the latest ones). */
const LISTS_PER_GROUP = 8;

/** Task folders listed per piece of discoverInPieces: about 1,200 files, a few slices of reading. */
const TASK_FOLDERS_PER_PIECE = 500;
const TASK_FILES = ['task.yaml', 'state.yaml', 'plan.yaml'];

/** `list` in consecutive pieces of at most `size`. */
function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < list.length; at += size) chunks.push(list.slice(at, at + size));
  return chunks;
}

/**
 * orc keeps its state in one of two layouts. The file era (spec 000): orc.yaml (or .orc/config.yaml) and
 * .orc/{tasks,initiatives}/<ID>/*.yaml in the repository. The database era (orc from February 2026 on): the project
 * config stays in .orc/config.yaml, and tasks, phases, gates, initiatives and comments live in SQLite, in
 * ~/.orc/projects/<id>/orc.db (or the folder's own .orc/orc.db before it is registered). When a folder has a
 * database, it is the truth: YAML task files beside it are left from the file era and are not read.
 */
export class OrcAdapter implements SystemAdapter<OrcRecord, OrcItem, OrcGateDecision> {
  readonly system = 'orc' as const;
  readonly version = 6; // 5: a task record without fields keeps its problem (placeholder items); 6: worktree_path
  private readonly folders = new Map<string, FolderState>();

  async discover(ctx: SourceContext): Promise<string[]> {
    const files: string[] = [];
    for await (const piece of this.discoverInPieces(ctx)) for (const file of piece) files.push(file);
    return files;
  }

  /** The config files, then the task folders' files a few hundred folders at a time, then the initiatives'. */
  async *discoverInPieces(ctx: SourceContext): AsyncGenerator<readonly string[]> {
    const orc = path.join(ctx.root, '.orc');
    const found: string[] = [];
    for (const name of ['orc.yaml', '.orc/config.yaml']) {
      const file = path.join(ctx.root, name);
      if (await isFile(file)) found.push(file);
    }
    const registry = ctx.orcHome ? await readOrcRegistry(ctx.orcHome) : undefined;
    const entry = registry ? registryEntryFor(registry, ctx.root) : undefined;
    const db = await orcProjectDatabase(ctx.root, ctx.orcHome, registry);
    this.folders.set(ctx.root, { db: db?.file ?? null, registryId: entry ? entry.id || orcProjectId(ctx.root) : null });
    const [tasks, initiatives] = await Promise.all([subfolders(path.join(orc, 'tasks')), subfolders(path.join(orc, 'initiatives'))]);
    if (db) {
      // The file era's task folders are only counted (one info says they are left over): the database is the truth.
      this.leftover.set(ctx.root, tasks.length + initiatives.length);
      yield [...found, db.file];
      return;
    }
    this.leftover.delete(ctx.root);
    yield found;
    // A folder that cannot be listed still names a task (or initiative): its main file is read to say why not.
    // Folder names from a listing (no separator in them): appended, not joined (10,000 joins showed in profiles).
    const taskFolders = tasks.map((d) => `${orc}${path.sep}tasks${path.sep}${d}`);
    const initiativeFolders = initiatives.map((d) => path.join(orc, 'initiatives', d));
    const pieces = [...chunksOf(taskFolders, TASK_FOLDERS_PER_PIECE).map((dirs) => ({ dirs, names: TASK_FILES, unlisted: ['task.yaml'] })),
      { dirs: initiativeFolders, names: ['initiative.yaml'], unlisted: ['initiative.yaml'] }];
    // With a lister (the index's read-ahead worker), each piece's listing is started before the one before it is
    // handed over: the worker lists it while the index reads that one.
    let listed = listElsewhere(pieces[0]!.dirs, pieces[0]!.names, ctx.folderLister);
    for (let n = 0; n < pieces.length; n++) {
      const { dirs, names, unlisted } = pieces[n]!;
      const files = await filesIn(dirs, names, unlisted, listed);
      const next = pieces[n + 1];
      listed = next && listElsewhere(next.dirs, next.names, ctx.folderLister);
      yield files;
    }
  }

  /** Per folder: how many file-era task and initiative folders sit beside its database. */
  private readonly leftover = new Map<string, number>();

  watchPatterns(ctx: SourceContext): WatchPattern[] {
    // `.orc/**`, not just the YAML files: deleting a task folder must reach the index too (and .orc/orc.db lives there).
    const patterns: WatchPattern[] = [{ base: ctx.root, glob: '{orc.yaml,.orc/**}' }];
    const registered = this.registryDb(ctx);
    if (registered) patterns.push({ base: path.dirname(registered), glob: 'orc.db{,-wal}' });
    // The global database: workflows a task has not run yet are defined there (watched before discovery has said
    // whether the folder has a database: the watchers start first; recordFileOf ignores it for a file-era folder).
    if (ctx.orcHome) patterns.push({ base: ctx.orcHome, glob: 'orc.db{,-wal}' });
    return patterns;
  }

  accepts(file: string, ctx: SourceContext): boolean {
    // The registry's database is always orc's; the folder's own .orc/orc.db only when discovery found it to be.
    if (file === this.registryDb(ctx) || file === this.folders.get(ctx.root)?.db) return true;
    const kind = classifyOrcPath(toPosix(relativePath(ctx.root, file)));
    if (!kind) return false;
    // With a database, the file era's task files are not read (see discover).
    return kind.kind === 'config' || !this.folders.get(ctx.root)?.db;
  }

  recordFileOf(file: string, ctx: SourceContext): string | undefined {
    const db = file.endsWith('-wal') ? file.slice(0, -'-wal'.length) : file;
    // orc's global database (workflow definitions) is part of the folder's database record.
    const own = this.folders.get(ctx.root)?.db;
    if (own && ctx.orcHome && db === orcGlobalDbPath(ctx.orcHome)) return own;
    if (db === file) return undefined;
    return this.dbCandidates(ctx).includes(db) ? db : undefined;
  }

  statOf(file: string, ctx: SourceContext): { size: number; mtimeMs: number } | undefined {
    if (this.dbCandidates(ctx).includes(file)) {
      const own = sqliteStatSync(file);
      return own && ctx.orcHome ? combineStats(own, sqliteStatSync(orcGlobalDbPath(ctx.orcHome))) : own;
    }
    const stat = statIfAny(file);
    return stat && { size: stat.size, mtimeMs: stat.mtimeMs };
  }

  /** Only a database's stat is its own and its global database's (see statOf). */
  statIsPlain(file: string, ctx: SourceContext): boolean {
    return !this.dbCandidates(ctx).includes(file);
  }

  /** Only a database is read by `read`; every YAML file takes the whole-file path. */
  readsItself(file: string, ctx: SourceContext): boolean {
    return this.dbCandidates(ctx).includes(file);
  }

  async read(file: string, ctx: SourceContext): Promise<ReadFile<OrcRecord> | 'whole' | 'missing'> {
    if (!this.readsItself(file, ctx)) return 'whole';
    // A registered project's database appearing (orc moved it there) makes the folder a database-era one.
    const state = this.folders.get(ctx.root);
    if (file === this.registryDb(ctx) && state?.db !== file) this.folders.set(ctx.root, { db: file, registryId: state?.registryId ?? null });
    // The shared follower reads only what was committed since its last read (db-follower.ts).
    const read = await orcDbFollower(file).read();
    if (read === 'missing' || !ctx.orcHome) return read;
    // The record also holds the global database's definitions of workflows the project has not run yet: its stat
    // counts in the record's (see statOf), so a change there reads the record again.
    const global = orcGlobalDbPath(ctx.orcHome);
    const both = combineStats(read, sqliteStatSync(global));
    return withGlobalWorkflows({ ...read, ...both }, sqliteStatSync(global) ? global : null);
  }

  /** Plans of the same weight list the same phases: one array serves them all (see SystemAdapter.shareRecord). */
  shareRecord(record: OrcRecord, pool: Map<string, unknown>): void {
    // Most tasks mention no other task: their empty lists are one (see util/empty-list.ts).
    if (record.kind === 'task' && record.mentions.length === 0) (record as { mentions: readonly string[] }).mentions = EMPTY_LIST;
    if (record.kind !== 'plan' || !record.fields?.phases?.length) return;
    // Plans are grouped by their phases' count and names; within a group an equal list is found by comparing, not by
    // writing each as JSON (see jsonEqual: equal only when JSON.stringify would write both alike).
    const phases = record.fields.phases;
    const key = `${phases.length}:${phases.map((p) => `${String(p?.id)}/${String(p?.name)}`).join(',')}`;
    // A group keeps its few latest lists: plans that differ only past their names (a commit per phase) are compared
    // with at most that many, never with every plan before them.
    const group = pool.get(key) as unknown[][] | undefined;
    const pooled = group?.find((shared) => jsonEqual(shared, phases));
    if (pooled) (record.fields as { phases: unknown }).phases = pooled;
    else if (group) {
      if (group.length >= LISTS_PER_GROUP) group.shift();
      group.push(phases);
    } else if (pool.size < MAX_SHARED_PLANS) {
      pool.set(key, [phases]);
    }
  }

  parse(file: string, text: string, ctx: SourceContext): ParsedFile<OrcRecord> {
    const kind = classifyOrcPath(toPosix(relativePath(ctx.root, file)));
    switch (kind?.kind) {
      case 'task': return parseTaskFile(file, kind.dir, text);
      case 'state': return parseStateFile(file, kind.dir, text);
      case 'plan': return parsePlanFile(file, kind.dir, text);
      case 'initiative': return parseInitiativeFile(file, kind.dir, text);
      default: return parseConfigFile(file, text);
    }
  }

  unreadable(file: string, cause: string, ctx: SourceContext): ParsedFile<OrcRecord> | undefined {
    const kind = classifyOrcPath(toPosix(relativePath(ctx.root, file)));
    return kind?.kind === 'task' ? unreadableTask(file, kind.dir, cause) : undefined;
  }

  /** Per workspace folder: the previous link, so one changed file relinks only what it can change. */
  private readonly memos = new Map<string, OrcLinkMemo>();
  private readonly dbMemos = new Map<string, DbLinkMemo>();

  link(input: LinkInput<OrcRecord>): LinkOutput<OrcItem, OrcGateDecision> {
    return runSteps(this.linkSteps(input));
  }

  *linkSteps(input: LinkInput<OrcRecord>): Steps<LinkOutput<OrcItem, OrcGateDecision>> {
    const own = this.folders.get(input.ctx.root)?.db;
    // One lookup, not a walk of every file: a relink after one changed file runs this too.
    const ownRecord = own == null ? undefined : input.files.get(own);
    const db = own != null && ownRecord?.kind === 'db' ? [own, ownRecord] as const : undefined;
    if (db) {
      let dbMemo = this.dbMemos.get(input.ctx.root);
      if (!dbMemo) this.dbMemos.set(input.ctx.root, dbMemo = new DbLinkMemo());
      return linkOrcDb(db[0], db[1] as Extract<OrcRecord, { kind: 'db' }>, input, this.leftover.get(input.ctx.root) ?? 0, dbMemo);
    }
    let memo = this.memos.get(input.ctx.root);
    if (!memo) this.memos.set(input.ctx.root, memo = new OrcLinkMemo());
    // No database in this folder: every record is a file of the file era.
    const { tasks, initiatives, diagnostics } = yield* linkOrcSteps(input.files as ReadonlyMap<string, OrcFileRecord>, { root: input.ctx.root, now: input.now, liveness: input.liveness, locator: input.locator },
      { memo, changed: input.changed });
    // Human gates the executor left pending in state.yaml are questions for the inbox.
    const decisions = yield* gateDecisionsSteps(tasks);
    return { items: [...tasks, ...initiatives], decisions, diagnostics };
  }

  sources(item: OrcItem): readonly string[] {
    if (item.system !== 'orc' || item.kind !== 'task') return [item.file];
    return [item.file, ...(item.stateFile ? [item.stateFile] : []), ...(item.planFile ? [item.planFile] : [])];
  }

  derivedSignature(item: OrcItem): string {
    if (item.system !== 'orc') return '';
    if (item.kind === 'task') {
      return [item.status, item.blocks.join(','), item.referencedBy.join(','), item.blocked, item.orphaned, item.stateFile, item.planFile].join('|');
    }
    // Its progress and chain too: a task's status or membership moves them without the initiative's file changing.
    return JSON.stringify([item.status, item.blocks, item.blocked, item.taskIds, item.progress, item.dependencyChain]);
  }

  /** The database files this folder's orc may use: the registry's place (when there is an orc home) and .orc/orc.db. */
  private dbCandidates(ctx: SourceContext): string[] {
    const state = this.folders.get(ctx.root);
    // Asked for each of a scan's 20,000 files, mostly with the same context and folder state: the last answer first.
    const last = this.lastCandidates;
    if (last && last.ctx === ctx && last.state === state) return last.list;
    const key = `${ctx.root}\u0000${ctx.orcHome ?? ''}\u0000${state?.registryId ?? ''}`;
    let list = this.candidates.get(key);
    if (!list) this.candidates.set(key, list = orcDbCandidates(ctx.root, ctx.orcHome, state?.registryId));
    this.lastCandidates = { ctx, state, list };
    return list;
  }

  private readonly candidates = new Map<string, string[]>();
  private lastCandidates: { ctx: SourceContext; state: FolderState | undefined; list: string[] } | undefined;

  private registryDb(ctx: SourceContext): string | undefined {
    return ctx.orcHome ? this.dbCandidates(ctx)[0] : undefined;
  }
}

/** A record read from two databases is current while both are: the sizes summed, the newer mtime. */
function combineStats(a: { size: number; mtimeMs: number }, b: { size: number; mtimeMs: number } | undefined): { size: number; mtimeMs: number } {
  return b ? { size: a.size + b.size, mtimeMs: Math.max(a.mtimeMs, b.mtimeMs) } : { size: a.size, mtimeMs: a.mtimeMs };
}

function statIfAny(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
