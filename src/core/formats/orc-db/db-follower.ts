import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { ReadFile } from '../../model/adapter';
import { SqliteFollower, type FollowedImage } from '../../io/sqlite-follower';
import { sqliteStat } from '../../io/sqlite-snapshot';
import { ChangedTables } from './changed-tables';
import type { OpenOrcDb, OrcDbSource } from './engine';
import { RecordBuilder } from './record-builder';
import type { OrcDbRecord } from './record';
import { checkOrcSchema } from './schema-check';
import { openSqliteImage } from './sqljs-engine';
import { TableSet, type TableChanges } from './table-set';

/** Baton reads a database and its WAL into memory whole: beyond this it says so instead (orc's own are far smaller). */
export const ORC_DB_MAX_BYTES = 512 * 1024 * 1024;

/** How a follower has read so far: the bench prints these, tests count whole reads. */
export interface OrcDbReadCounts {
  /** Reads that queried every table (the first, and any whose change could not be followed). */
  wholeQueries: number;
  /** Reads that queried only the rows and aggregates a commit changed. */
  followedQueries: number;
  /** Reads that found nothing new and handed back the same record. */
  unchanged: number;
}

/**
 * One orc project database, followed commit by commit. The first read takes everything: the whole file and WAL
 * (io/sqlite-snapshot.ts), every table. Each later read applies only the WAL frames appended since
 * (io/sqlite-follower.ts), finds the tables and rowids those pages hold (changed-tables.ts), queries only those rows
 * and aggregates (table-set.ts), and rebuilds only the parts of the record they feed (record-builder.ts): the record
 * is a new object in which everything unchanged is the previous object. A change that cannot be followed (a
 * checkpoint restarted the log, the schema changed, an image Baton cannot map) is read whole, never guessed.
 *
 * The engine opened on the last image stays open until the next change, so the task detail queries it directly.
 */
export class OrcDbFollower {
  readonly image: SqliteFollower;
  readonly tables = new TableSet();
  readonly changedTables = new ChangedTables();
  readonly counts: OrcDbReadCounts = { wholeQueries: 0, followedQueries: 0, unchanged: 0 };
  private readonly builder = new RecordBuilder();
  private engine: { generation: number; db: OpenOrcDb } | undefined;
  private last: { generation: number; record: OrcDbRecord; diagnostics: Diagnostic[] } | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {
    this.image = new SqliteFollower(file, { maxBytes: ORC_DB_MAX_BYTES });
  }

  /** What orc committed since the last read, as the index's record of the database. Never throws for a bad database. */
  read(): Promise<ReadFile<OrcDbRecord> | 'missing'> {
    const next = this.queue.then(() => this.readNow());
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs `query` on the database as last read (after reading what is new), for what the scan does not keep (the
   * task detail, costs). Undefined when the database cannot be read.
   */
  async query<T>(query: (src: OrcDbSource) => T): Promise<T | undefined> {
    const read = await this.read();
    if (read === 'missing' || !read.record) return undefined;
    const next = this.queue.then(() => (this.engine ? query(this.engine.db) : undefined));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Lets the engine go (a follower no longer used). */
  close(): void {
    this.engine?.db.close();
    this.engine = undefined;
  }

  private async readNow(): Promise<ReadFile<OrcDbRecord> | 'missing'> {
    const result = await this.image.read();
    if (!result.ok) {
      this.close();
      this.last = undefined;
      if (result.missing) return 'missing';
      const stat = await sqliteStat(this.file);
      return { record: undefined, size: stat?.size ?? -1, mtimeMs: stat?.mtimeMs ?? -1,
        diagnostics: [diagnostic('orc', this.file, 'error', `orc's database not read: ${result.reason}`)] };
    }
    const read = result.read;
    const { size, mtimeMs } = read.stat;
    if (this.last && read.changed?.size === 0) {
      this.counts.unchanged++;
      return { record: this.last.record, size, mtimeMs, diagnostics: this.last.diagnostics };
    }
    try {
      const db = await this.open(read);
      const record = this.query1(read, db);
      const diagnostics = record === this.last?.record ? this.last.diagnostics : recordDiagnostics(this.file, record);
      this.last = { generation: read.generation, record, diagnostics };
      return { record, size, mtimeMs, diagnostics };
    } catch (err) {
      this.close();
      this.last = undefined;
      this.image.reset();
      return { record: undefined, size, mtimeMs,
        diagnostics: [diagnostic('orc', this.file, 'error', `orc's database could not be read: ${(err as Error).message}`)] };
    }
  }

  /** The record after this read: followed row by row when it can be, else every table again. */
  private query1(read: FollowedImage, db: OrcDbSource): OrcDbRecord {
    if (this.last) {
      let changes: TableChanges | null;
      try {
        changes = this.changedTables.changes(read);
      } catch {
        changes = null; // an image the page map cannot follow: read everything
      }
      if (changes) {
        this.counts.followedQueries++;
        return this.tables.reread(db, changes) ? this.builder.build(this.tables, db.engine) : this.last.record;
      }
    }
    this.counts.wholeQueries++;
    this.tables.readAll(db, checkOrcSchema(db));
    try {
      this.changedTables.reset(read, db);
    } catch {
      // Unmappable: every later read of this image is whole (changes() returns null without a map).
    }
    return this.builder.build(this.tables, db.engine);
  }

  /** The engine on this read's image: the one already open when the image has not changed since. */
  private async open(read: FollowedImage): Promise<OpenOrcDb> {
    if (this.engine?.generation === read.generation) return this.engine.db;
    this.close();
    const db = await openSqliteImage(read.image);
    this.engine = { generation: read.generation, db };
    return db;
  }
}

function recordDiagnostics(file: string, record: OrcDbRecord): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (record.readOnlyReason) out.push(diagnostic('orc', file, 'warning', `orc's database is ${record.readOnlyReason}`));
  for (const t of record.tasks) {
    if (t.metadataProblem) out.push(diagnostic('orc', file, 'warning', `task ${t.id}: ${t.metadataProblem}`));
  }
  return out;
}

/** Followers by database file, shared by the index and the task detail (the same image, read once). */
const followers = new Map<string, OrcDbFollower>();
const MAX_FOLLOWERS = 16;

/** The follower of one database file (the least recently used one is let go beyond a few). */
export function orcDbFollower(file: string): OrcDbFollower {
  let follower = followers.get(file);
  if (follower) {
    followers.delete(file);
  } else {
    follower = new OrcDbFollower(file);
    if (followers.size >= MAX_FOLLOWERS) {
      const [oldest, gone] = followers.entries().next().value as [string, OrcDbFollower];
      gone.close();
      followers.delete(oldest);
    }
  }
  followers.set(file, follower);
  return follower;
}

/** Lets every follower go: the next read of each database is whole (a cold start, for the bench and tests). */
export function forgetOrcDbFollowers(): void {
  for (const follower of followers.values()) follower.close();
  followers.clear();
}
