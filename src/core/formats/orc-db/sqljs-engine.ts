import type { Database, SqlValue as SqlJsValue } from 'sql.js';
import { loadSqlJs } from '../../io/sqljs-loader';
import type { OpenOrcDb, SqlRow, SqlValue } from './engine';

/**
 * The SQLite engine: a database image (see io/sqlite-snapshot.ts) opened in sql.js's memory. The real file is
 * never opened by SQLite, so no lock, shared memory or checkpoint ever reaches it.
 */
export async function openSqliteImage(image: Uint8Array): Promise<OpenOrcDb> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(image);
  // The image is a private copy; a query can never write it back, but it should not try to either.
  db.run('PRAGMA query_only = 1');
  return new SqlJsSource(db);
}

class SqlJsSource implements OpenOrcDb {
  readonly engine = 'sqlite';
  private readonly columns = new Map<string, readonly string[] | null>();

  constructor(private readonly db: Database) {}

  all(sql: string, params: readonly SqlValue[] = []): SqlRow[] {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params.map(toSqlJs));
      // The column names once, then each row as an array (getAsObject asks SQLite for the names again per row).
      const names = stmt.getColumnNames();
      const rows: SqlRow[] = [];
      while (stmt.step()) {
        const values = stmt.get();
        const row: Record<string, SqlValue> = {};
        for (let i = 0; i < names.length; i++) row[names[i]!] = values[i] as SqlValue;
        rows.push(row);
      }
      return rows;
    } finally {
      stmt.free();
    }
  }

  columnsOf(table: string): readonly string[] | null {
    if (!this.columns.has(table)) {
      const rows = this.all(`SELECT name FROM pragma_table_info(?)`, [table]);
      this.columns.set(table, rows.length ? rows.map((r) => String(r.name)) : null);
    }
    return this.columns.get(table)!;
  }

  close(): void {
    this.db.close();
  }
}

function toSqlJs(value: SqlValue): SqlJsValue {
  return typeof value === 'bigint' ? Number(value) : value;
}
