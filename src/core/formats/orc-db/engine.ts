/**
 * What the database era's queries need from a database, whatever opened it. The SQLite snapshot engine
 * (sqljs-engine.ts) is the one there is; orc's PostgreSQL team database would be a second engine behind the same
 * interface, and queries.ts, schema-check.ts and the row mappers would not change.
 */
export type SqlValue = string | number | bigint | Uint8Array | null;
export type SqlRow = Readonly<Record<string, SqlValue>>;

export interface OrcDbSource {
  /** Which engine read it ('sqlite'; 'postgres' later), for messages. */
  readonly engine: string;
  /** Every row of one statement (`?` placeholders, as in SQLite; another engine translates). */
  all(sql: string, params?: readonly SqlValue[]): SqlRow[];
  /** The columns of a table in order, or null when there is no such table. */
  columnsOf(table: string): readonly string[] | null;
}

/** An engine's open database: the source, and a way to let it go. */
export interface OpenOrcDb extends OrcDbSource {
  close(): void;
}
