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
