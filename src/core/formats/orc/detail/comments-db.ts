import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { readFailureReason, readRegularBytes } from '../../../io/open-regular';
import { containedPath } from '../../../io/contained-path';
import { loadSqlJs } from '../../../io/sqljs-loader';
import { diagnostic, type Diagnostic } from '../../../model/diagnostic';

/** A row of orc.db's `task_comments` (spec 000, "Task Comments"). */
export interface TaskComment {
  readonly id: string;
  readonly taskId: string;
  readonly author: string;
  /** human | agent | system, as written. */
  readonly authorType: string;
  readonly content: string;
  readonly phase: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** orc's database: `.orc/orc.db` (file-era orc), or `orc.db` at the project root. */
export function orcDbCandidates(root: string): string[] {
  return [path.join(root, '.orc', 'orc.db'), path.join(root, 'orc.db')];
}

/** Reading a database bigger than this into memory would cost more than a few comments are worth. */
export const MAX_DB_BYTES = 64 * 1024 * 1024;

export { setSqlWasmPath } from '../../../io/sqljs-loader';

interface Cached { readonly size: number; readonly mtimeMs: number; readonly byTask: Map<string, TaskComment[]>; readonly diagnostics: Diagnostic[] }
const cache = new Map<string, Cached>();

/**
 * The comments of one task, oldest first. The database file is read into memory and opened there, read-only:
 * no SQLite lock is ever taken on the real file, so orc writing it at the same moment is never blocked. All
 * comments are kept per task until the file's size or mtime changes.
 */
export async function readTaskComments(root: string, taskId: string): Promise<{ comments: TaskComment[]; db: string | null; diagnostics: Diagnostic[] }> {
  for (const db of orcDbCandidates(root)) {
    const stat = await fs.stat(db).catch(() => undefined);
    if (!stat?.isFile()) continue;
    // orc.db linked out of the workspace is someone else's database: never read.
    const inside = await containedPath(root, db, { what: 'the workspace folder' });
    if (!inside.ok) return { comments: [], db: null, diagnostics: [diagnostic('orc', db, 'info', `comments not read: ${inside.reason}`)] };
    let entry = cache.get(db);
    if (!entry || entry.size !== stat.size || entry.mtimeMs !== stat.mtimeMs) {
      entry = { size: stat.size, mtimeMs: stat.mtimeMs, ...await readAll(db, stat.size) };
      cache.set(db, entry);
    }
    return { comments: entry.byTask.get(taskId) ?? [], db, diagnostics: entry.diagnostics };
  }
  return { comments: [], db: null, diagnostics: [] };
}

async function readAll(db: string, size: number): Promise<{ byTask: Map<string, TaskComment[]>; diagnostics: Diagnostic[] }> {
  const byTask = new Map<string, TaskComment[]>();
  const diagnostics: Diagnostic[] = [];
  const fail = (message: string, severity: 'error' | 'warning' | 'info' = 'error') => {
    diagnostics.push(diagnostic('orc', db, severity, message));
    return { byTask, diagnostics };
  };
  // Baton's limit, not a problem with the database: orc reads it whole.
  if (size > MAX_DB_BYTES) return fail(`orc.db is ${size} bytes; comments are read from databases up to ${MAX_DB_BYTES} bytes`, 'info');
  let SQL: SqlJsStatic;
  try {
    SQL = await loadSqlJs();
  } catch (err) {
    return fail(`cannot load SQLite (sql.js): ${(err as Error).message}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array((await readRegularBytes(db, MAX_DB_BYTES)).bytes);
  } catch (err) {
    return fail(`comments not read: ${readFailureReason(err).reason}`);
  }
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    // A WAL-mode database: opened from memory it must say "rollback journal", or SQLite looks for shared memory.
    bytes[18] = 1; bytes[19] = 1;
    const wal = await fs.stat(`${db}-wal`).catch(() => undefined);
    if (wal && wal.size > 0) fail('orc.db has an unmerged write-ahead log (orc.db-wal): the newest comments may be missing until orc checkpoints it', 'info');
  }
  let database;
  try {
    database = new SQL.Database(bytes);
    const has = database.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'task_comments'");
    if (!has.length) return { byTask, diagnostics };
    const stmt = database.prepare('SELECT * FROM task_comments ORDER BY created_at, id');
    while (stmt.step()) {
      const row = stmt.getAsObject();
      const comment = toComment(row);
      if (!comment) continue;
      const list = byTask.get(comment.taskId);
      if (list) list.push(comment); else byTask.set(comment.taskId, [comment]);
    }
    stmt.free();
  } catch (err) {
    return fail(`orc.db could not be read: ${(err as Error).message}`);
  } finally {
    database?.close();
  }
  return { byTask, diagnostics };
}

function toComment(row: Record<string, unknown>): TaskComment | null {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const taskId = str(row.task_id);
  if (!taskId) return null;
  return {
    id: str(row.id) ?? '', taskId, author: str(row.author) ?? 'anonymous', authorType: str(row.author_type) ?? 'human',
    content: str(row.content) ?? '', phase: str(row.phase) || null, createdAt: str(row.created_at) ?? '', updatedAt: str(row.updated_at) ?? '',
  };
}

/** Counts per author type (the spec's "Comment Statistics"). */
export function commentStats(comments: readonly TaskComment[]): { total: number; human: number; agent: number; system: number } {
  const n = (t: string) => comments.filter((c) => c.authorType === t).length;
  return { total: comments.length, human: n('human'), agent: n('agent'), system: n('system') };
}
