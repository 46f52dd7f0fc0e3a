// The few parts of better-sqlite3 (a devDependency without bundled types) the tests use to write orc databases.
declare module 'better-sqlite3' {
  namespace Database {
    interface RunResult { changes: number; lastInsertRowid: number | bigint }
    interface Statement {
      run(...params: unknown[]): RunResult;
      get(...params: unknown[]): unknown;
      all(...params: unknown[]): unknown[];
    }
    interface Options { readonly?: boolean; fileMustExist?: boolean; timeout?: number }
    interface Database {
      exec(sql: string): this;
      prepare(sql: string): Statement;
      pragma(source: string, options?: { simple?: boolean }): unknown;
      transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
      close(): this;
      readonly open: boolean;
    }
  }
  const Database: new (filename: string, options?: Database.Options) => Database.Database;
  export = Database;
}
