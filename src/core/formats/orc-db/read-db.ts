import type { ReadFile } from '../../model/adapter';
import { OrcDbFollower } from './db-follower';
import type { OrcDbSource } from './engine';
import { RecordBuilder } from './record-builder';
import type { OrcDbRecord } from './record';
import { checkOrcSchema } from './schema-check';
import { TableSet } from './table-set';

export { ORC_DB_MAX_BYTES, forgetOrcDbFollowers, orcDbFollower } from './db-follower';

/** Every row the model needs from an open database, as one record (a whole read; db-follower.ts follows changes). */
export function readOrcDb(src: OrcDbSource): OrcDbRecord {
  const tables = new TableSet();
  tables.readAll(src, checkOrcSchema(src));
  return new RecordBuilder().build(tables, src.engine);
}

/**
 * Reads one orc project database once: a consistent snapshot of the file and its WAL (never opened with SQLite,
 * never locked or written), opened in memory, queried into an OrcDbRecord. Problems become diagnostics of the
 * database file: one for a schema Baton does not know (newer, or half-migrated), one per task whose metadata cannot
 * be read, one when the file cannot be read at all. Never throws for a bad database. The index follows a database
 * with the shared follower instead (orcDbFollower), which reads only what each commit changed.
 */
export async function readOrcDbFile(file: string): Promise<ReadFile<OrcDbRecord> | 'missing'> {
  const follower = new OrcDbFollower(file);
  try {
    return await follower.read();
  } finally {
    follower.close();
  }
}
