// A separate writer process for the extension-host tests of orc's database era, run with the Node on PATH (the one
// better-sqlite3 is built for; the extension host runs another). It opens the database as orc does (WAL, busy
// timeout, foreign keys) and keeps it open, so committed rows stay in orc.db-wal as they do while orc runs. It reads
// one JSON command per line on stdin and answers one JSON line on stdout:
//   {"op":"create","file":…,"demo":true}   a new database by Baton's schema script (with the demo's rows), left open
//   {"op":"insertTask","row":{…},"phases":[…]}   one task (and its phases) in one transaction; answers committedAt
//   {"op":"task","id":…}                   one task's queue and priority as the database holds them now (any writer's)
//   {"op":"close"}                          checkpoint and close, as orc does when it exits
import Database from 'better-sqlite3';
import { createInterface } from 'node:readline';
import { seedDemoOrcProject } from '../../../src/core/onboarding/demo-orc-rows';
import { createProjectDbFile, insertPhase, insertTask, type OrcDb, type PhaseRowInput, type TaskRow } from '../../unit/helpers/orc-db';

type Command =
  | { op: 'create'; file: string; demo?: boolean }
  | { op: 'open'; file: string }
  | { op: 'insertTask'; row: TaskRow; phases?: PhaseRowInput[] }
  | { op: 'task'; id: string }
  | { op: 'close' };

let db: OrcDb | undefined;

function handle(command: Command): Record<string, unknown> {
  switch (command.op) {
    case 'create': {
      db = createProjectDbFile(command.file);
      const writer = db;
      if (command.demo) writer.transaction(() => seedDemoOrcProject({ run: (sql, params) => { writer.prepare(sql).run(...params); } }, { now: Date.now() }))();
      return { ok: true, committedAt: Date.now() };
    }
    case 'open':
      db = new Database(command.file);
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      return { ok: true };
    case 'insertTask': {
      if (!db) throw new Error('no database open');
      const writer = db;
      writer.transaction(() => {
        insertTask(writer, command.row);
        for (const p of command.phases ?? []) insertPhase(writer, p);
      })();
      return { ok: true, committedAt: Date.now() };
    }
    case 'task': {
      if (!db) throw new Error('no database open');
      const row = db.prepare('SELECT queue, priority FROM tasks WHERE id = ?').get(command.id) as { queue: string; priority: string } | undefined;
      return { ok: true, task: row ?? null };
    }
    case 'close':
      db?.pragma('wal_checkpoint(TRUNCATE)');
      db?.close();
      db = undefined;
      return { ok: true };
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let answer: Record<string, unknown>;
  try {
    answer = handle(JSON.parse(line) as Command);
  } catch (err) {
    answer = { ok: false, error: (err as Error).message };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
lines.on('close', () => { db?.close(); });
