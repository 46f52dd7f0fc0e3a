import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { ReadFile } from '../../model/adapter';
import { readSqliteSnapshot, sqliteStat } from '../../io/sqlite-snapshot';
import type { OpenOrcDb } from './engine';
import { readOrcDb } from './queries';
import type { OrcDbRecord } from './record';
import { openSqliteImage } from './sqljs-engine';

/** Baton reads a database and its WAL into memory whole: beyond this it says so instead (orc's own are far smaller). */
export const ORC_DB_MAX_BYTES = 512 * 1024 * 1024;

/**
 * Reads one orc project database for the index: a consistent snapshot of the file and its WAL (never opened with
 * SQLite, never locked or written), opened in memory, queried into an OrcDbRecord. Problems become diagnostics of
 * the database file: one for a schema Baton does not know (newer, or half-migrated), one per task whose metadata
 * cannot be read, one when the file cannot be read at all. Never throws for a bad database.
 */
export async function readOrcDbFile(file: string): Promise<ReadFile<OrcDbRecord> | 'missing'> {
  const result = await readSqliteSnapshot(file, { maxBytes: ORC_DB_MAX_BYTES });
  if (!result.ok) {
    if (result.missing) return 'missing';
    const stat = await sqliteStat(file);
    return { record: undefined, size: stat?.size ?? -1, mtimeMs: stat?.mtimeMs ?? -1,
      diagnostics: [diagnostic('orc', file, 'error', `orc's database not read: ${result.reason}`)] };
  }
  const { image, stat } = result.snapshot;
  let db: OpenOrcDb | undefined;
  try {
    db = await openSqliteImage(image);
    const record = readOrcDb(db);
    return { record, size: stat.size, mtimeMs: stat.mtimeMs, diagnostics: recordDiagnostics(file, record) };
  } catch (err) {
    return { record: undefined, size: stat.size, mtimeMs: stat.mtimeMs,
      diagnostics: [diagnostic('orc', file, 'error', `orc's database could not be read: ${(err as Error).message}`)] };
  } finally {
    db?.close();
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
