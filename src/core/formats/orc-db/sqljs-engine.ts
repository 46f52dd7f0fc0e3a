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
    const names = this.columnNames(sql);
    if (!names.length) return [];
    // All rows as one JSON text of objects: one string crosses from WebAssembly and JSON.parse builds the rows, where
    // reading them value by value costs a call per column per row (about 3× the time at 1,000 tasks). A BLOB cannot
    // be JSON: such a result is read the slow way.
    const members = names.map((n) => `'${n.replace(/'/g, "''")}', "${n.replace(/"/g, '""')}"`).join(', ');
    let json: string | null;
    try {
      json = this.first(`SELECT json_group_array(json_object(${members})) FROM (${sql})`, params);
    } catch {
      return this.rowByRow(sql, params, names);
    }
    return JSON.parse(json ?? '[]') as SqlRow[];
  }

  /** The result's column names (a statement prepared once per distinct text). */
  private columnNames(sql: string): readonly string[] {
    let names = this.names.get(sql);
    if (!names) {
      const stmt = this.db.prepare(sql);
      try { names = stmt.getColumnNames(); } finally { stmt.free(); }
      this.names.set(sql, names);
    }
    return names;
  }

  private readonly names = new Map<string, readonly string[]>();

  private first(sql: string, params: readonly SqlValue[]): string | null {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params.map(toSqlJs));
      return stmt.step() ? (stmt.get()[0] as string | null) : null;
    } finally {
      stmt.free();
    }
  }

  private rowByRow(sql: string, params: readonly SqlValue[], names: readonly string[]): SqlRow[] {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params.map(toSqlJs));
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
