import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO } from './temp-workspace';

/**
 * A real second process writing an orc database with better-sqlite3, as orc's Go code would (WAL, synchronous
 * NORMAL), for the tests that need a writer Baton cannot see into: one killed before any checkpoint, one writing
 * without a busy timeout while Baton reads.
 */
const WRITER = `
const Database = require(process.argv[1]);
const [file, mode, busyMs] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = ' + Number(busyMs));
const insert = db.prepare("INSERT INTO tasks (id, title, status, created_at, updated_at) VALUES (?, ?, 'planned', '2026-04-01T10:00:00Z', '2026-04-01T10:00:00Z')");
const counter = db.prepare("UPDATE tasks SET title = ? WHERE id = 'TASK-000'");
if (mode === 'wal-only') {
  // Never checkpoint: the rows stay in orc.db-wal until this process dies.
  db.pragma('wal_autocheckpoint = 0');
  db.transaction(() => { for (let i = 1; i <= 3; i++) insert.run('TASK-10' + i, 'Only in the WAL ' + i); })();
  process.stdout.write('written\\n');
  setInterval(() => {}, 1000);
} else {
  // Each transaction adds a task and records the count in TASK-000's title: a torn read breaks that equation.
  let n = 0, busy = 0, other = 0;
  const deadline = Date.now() + Number(mode);
  const step = () => {
    for (let k = 0; k < 20 && Date.now() < deadline; k++) {
      try {
        db.transaction(() => { n++; insert.run('TASK-' + String(100000 + n), 'written ' + n); counter.run(String(n)); })();
        if (n % 500 === 0) db.pragma('wal_checkpoint(PASSIVE)');
        if (n % 2000 === 0) db.pragma('wal_checkpoint(TRUNCATE)');
      } catch (err) {
        n--;
        if (err.code === 'SQLITE_BUSY' || err.code === 'SQLITE_BUSY_SNAPSHOT' || err.code === 'SQLITE_LOCKED') busy++; else { other++; process.stderr.write(String(err) + '\\n'); }
      }
    }
    if (Date.now() < deadline) setImmediate(step);
    else { db.close(); process.stdout.write(JSON.stringify({ writes: n, busy, other }) + '\\n'); }
  };
  process.stdout.write('started\\n');
  step();
}
`;

export function spawnOrcWriter(file: string, mode: 'wal-only' | number, busyTimeoutMs: number): ChildProcess {
  const betterSqlite = path.join(REPO, 'node_modules', 'better-sqlite3');
  return spawn(process.execPath, ['-e', WRITER, betterSqlite, file, String(mode), String(busyTimeoutMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The next line the child prints. */
export function nextLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const at = buffer.indexOf('\n');
      if (at >= 0) { child.stdout!.off('data', onData); resolve(buffer.slice(0, at)); }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`writer exited (${code}) before printing a line`)));
  });
}

/**
 * A writer process that commits what it is told: one JSON line `{"sql": [...statements], "params": [[...], …]}` per
 * transaction on stdin, answered with `ok` (or `error <message>`) once committed. It opens the database as orc does
 * (WAL, synchronous NORMAL, busy_timeout 5000) and never checkpoints by itself, so each commit is frames appended to
 * orc.db-wal, as orc's long-running executor leaves them.
 */
const COMMAND_WRITER = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.pragma('wal_autocheckpoint = 0');
let buffer = '';
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let at;
  while ((at = buffer.indexOf('\\n')) >= 0) {
    const line = buffer.slice(0, at);
    buffer = buffer.slice(at + 1);
    try {
      const { sql, params } = JSON.parse(line);
      if (sql === 'checkpoint') db.pragma('wal_checkpoint(TRUNCATE)');
      else db.transaction(() => sql.forEach((s, i) => db.prepare(s).run(...(params?.[i] ?? []))))();
      process.stdout.write('ok\\n');
    } catch (err) {
      process.stdout.write('error ' + String(err.message).replace(/\\n/g, ' ') + '\\n');
    }
  }
});
process.stdin.on('end', () => { db.close(); });
process.stdout.write('ready\\n');
`;

export interface SqlWriter {
  /** Commits the statements as one transaction in the writer process; resolves once it is committed. */
  commit(sql: readonly string[], params?: readonly (readonly unknown[])[]): Promise<void>;
  /** `wal_checkpoint(TRUNCATE)`, as orc does when it closes the database. */
  checkpoint(): Promise<void>;
  /** Closes the database (SQLite checkpoints on close) and waits for the process to end. */
  close(): Promise<void>;
}

export async function spawnSqlWriter(file: string): Promise<SqlWriter> {
  const betterSqlite = path.join(REPO, 'node_modules', 'better-sqlite3');
  const child = spawn(process.execPath, ['-e', COMMAND_WRITER, betterSqlite, file], { stdio: ['pipe', 'pipe', 'pipe'] });
  // One reader of the child's lines for its whole life (a listener per command would pile up).
  const waiting: ((line: string) => void)[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      waiting.shift()?.(line);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    for (const w of waiting.splice(0)) w(`error: the writer exited ${stderr.trim()}`);
    resolve();
  }));
  const line = () => new Promise<string>((resolve) => waiting.push(resolve));
  if ((await line()) !== 'ready') throw new Error(`the writer did not start: ${stderr}`);
  let chain: Promise<unknown> = Promise.resolve();
  const send = (command: unknown) => {
    const next = chain.then(async () => {
      const answer = line();
      child.stdin!.write(`${JSON.stringify(command)}\n`);
      const got = await answer;
      if (got !== 'ok') throw new Error(`writer: ${got}`);
    });
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    commit: (sql, params) => send({ sql, params }),
    checkpoint: () => send({ sql: 'checkpoint' }),
    close: async () => {
      await chain;
      child.stdin!.end();
      await exited;
    },
  };
}
