import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadSqlJs } from '../io/sqljs-loader';
import { orcProjectId, resolvedPath } from '../formats/orc-db/locate';
import { createOrcGlobalDb, createOrcProjectDb } from '../formats/orc-db/schema-ddl';
import { seedDemoOrcGlobal, seedDemoOrcProject, type SqlRunner } from './demo-orc-rows';

/** The demo's database-era project, beside the file-era one in the demo folder. */
export const DEMO_DB_PROJECT = 'billing-service';

/** Where, inside the database-era project folder, the generated files go (git-ignored, never shipped). */
export const DEMO_DB_FILES = ['.orc/orc.db', 'home/.orc/orc.db'] as const;

/**
 * Builds the demo project's databases with our schema script and the demo rows: its project database in the
 * folder's `.orc/orc.db` (orc's place for a project it has not registered) and a global database with the cost
 * ledger in `home/.orc/orc.db` (the folder's `baton.orc.home`). sql.js makes them in memory and they are written
 * whole (a fresh file each time, replaced by rename): the demo needs no native SQLite, in the extension or the
 * build. The rows are dated from `now`. Resolves to the files written.
 */
export async function writeDemoOrcDatabases(projectFolder: string, now = Date.now()): Promise<string[]> {
  const SQL = await loadSqlJs();
  const build = async (relative: string, fill: (db: SqlRunner & { exec(sql: string): unknown }) => void): Promise<string> => {
    const db = new SQL.Database();
    try {
      db.run('PRAGMA foreign_keys = ON');
      const runner = { run: (sql: string, params: readonly (string | number | null)[]) => { db.run(sql, [...params]); }, exec: (sql: string) => db.run(sql) };
      fill(runner);
      const file = path.join(projectFolder, relative);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, db.export());
      // A database left from an earlier demo may have a WAL beside it that belongs to the old file.
      await Promise.all(['-wal', '-shm'].map((suffix) => fs.rm(file + suffix, { force: true })));
      await fs.rename(temp, file);
      return file;
    } finally {
      db.close();
    }
  };
  const project = await build(DEMO_DB_FILES[0], (db) => {
    db.exec('BEGIN');
    createOrcProjectDb((sql) => db.exec(sql));
    seedDemoOrcProject(db, { now });
    db.exec('COMMIT');
  });
  const global = await build(DEMO_DB_FILES[1], (db) => {
    db.exec('BEGIN');
    createOrcGlobalDb((sql) => db.exec(sql));
    seedDemoOrcGlobal(db, { now }, { id: orcProjectId(projectFolder), path: resolvedPath(projectFolder) });
    db.exec('COMMIT');
  });
  return [project, global];
}
