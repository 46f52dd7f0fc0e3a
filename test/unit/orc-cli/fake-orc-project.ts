import Database from 'better-sqlite3';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createProjectDbFile, insertTask, insertWorkflow, type OrcDb, type TaskRow } from '../helpers/orc-db';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';

/** The stand-in orc executable (test/fixtures/bin/orc). */
export const FAKE_ORC = path.join(FIXTURES, 'bin', 'orc');

export interface OrcCall { argv: string[]; cwd: string; pid: number; exitCode: number; stdout: string; stderr: string }

/**
 * A real orc project in a temp folder: `.orc/config.yaml`, a home folder of its own (HOME for the stand-in) and a
 * project database built by our schema script — in the repository (`.orc/orc.db`, an unregistered project) or,
 * with `registered`, at `~/.orc/projects/<id>/orc.db` with the project in `~/.orc/projects.yaml`.
 */
export class FakeOrcProject {
  readonly temp = new TempWorkspace();
  readonly home: string;
  readonly root: string;
  readonly dbFile: string;
  readonly logFile: string;
  readonly projectId: string;

  constructor(options: { registered?: boolean; config?: string; registryId?: string } = {}) {
    const base = realpathSync(this.temp.root);
    this.home = path.join(base, 'home');
    mkdirSync(this.home, { recursive: true });
    this.root = path.join(base, 'project');
    this.temp.write('project/.orc/config.yaml', options.config ?? 'version: 1\n');
    // orc's id for a path; a test may write another one into the registry (orc uses the registry's, never recomputes).
    this.projectId = options.registryId ?? createHash('sha256').update(this.root).digest('hex').slice(0, 8);
    if (options.registered) {
      mkdirSync(path.join(this.home, '.orc'), { recursive: true });
      writeFileSync(path.join(this.home, '.orc', 'projects.yaml'),
        `projects:\n  - id: ${this.projectId}\n    name: project\n    path: ${this.root}\n    created_at: 2026-04-01T09:00:00Z\n`);
      this.dbFile = path.join(this.home, '.orc', 'projects', this.projectId, 'orc.db');
    } else {
      this.dbFile = path.join(this.root, '.orc', 'orc.db');
    }
    this.logFile = path.join(base, 'orc-calls.jsonl');
  }

  /** Creates the database with our schema script; `seed` writes rows as orc would have (tasks bump the `task` sequence). */
  createDb(seed: (db: OrcDb) => void = () => {}): this {
    const db = createProjectDbFile(this.dbFile);
    try { seed(db); } finally { db.pragma('wal_checkpoint(TRUNCATE)'); db.close(); }
    return this;
  }

  /** The environment the stand-in runs with: its own HOME, the call log, quick phases. */
  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return { ...process.env, HOME: this.home, FAKE_ORC_LOG: this.logFile, FAKE_ORC_PHASE_MS: '20', ...extra };
  }

  /** Runs the stand-in in the project folder. */
  orc(args: readonly string[], options: { env?: Record<string, string>; input?: string; cwd?: string } = {}): SpawnSyncReturns<string> {
    return spawnSync(FAKE_ORC, [...args], { cwd: options.cwd ?? this.root, env: this.env(options.env), encoding: 'utf8', input: options.input ?? '' });
  }

  calls(): OrcCall[] {
    if (!existsSync(this.logFile)) return [];
    return readFileSync(this.logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as OrcCall);
  }

  /** Reads the database read-only (a query after orc closed it). */
  query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
    const db = new Database(this.dbFile, { readonly: true, fileMustExist: true });
    try { return db.prepare(sql).all(...params) as T[]; } finally { db.close(); }
  }

  task(id: string): Record<string, unknown> {
    const [row] = this.query('SELECT * FROM tasks WHERE id = ?', id);
    if (!row) throw new Error(`no task ${id}`);
    return row;
  }

  dispose(): void {
    this.temp.dispose();
  }
}

/** A task row as orc writes it, with the `task` sequence moved past it as orc's own ids would have. */
export function seedTask(db: OrcDb, row: TaskRow): void {
  insertTask(db, row);
  const n = /^TASK-(\d+)$/.exec(row.id);
  if (n) db.prepare(`UPDATE sequences SET current_value = MAX(current_value, ?) WHERE name = 'task'`).run(Number(n[1]));
}

/** The workflow used by most tests: spec, implement (human gate), review. */
export function seedWorkflow(db: OrcDb, implementGate = 'human'): void {
  insertWorkflow(db, 'implement-small', ['spec', { id: 'implement', gateType: implementGate }, 'review']);
}
