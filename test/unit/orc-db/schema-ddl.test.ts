import * as assert from 'node:assert';
import initSqlJs from 'sql.js';
import { TempWorkspace } from '../helpers/temp-workspace';
import { createGlobalDbFile, createProjectDbFile, insertTask } from '../helpers/orc-db';
import { createOrcGlobalDb, createOrcProjectDb, ORC_GLOBAL_SCHEMA_VERSION, ORC_PROJECT_SCHEMA_VERSION } from '../../../src/core/formats/orc-db/schema-ddl';

describe('orc database schema script', () => {
  let ws: TempWorkspace;
  beforeEach(() => { ws = new TempWorkspace(); });
  afterEach(() => ws.dispose());

  it('builds a project database in WAL mode with every migration recorded and the tables Baton reads', () => {
    const db = createProjectDbFile(ws.path('orc.db'));
    try {
      assert.strictEqual(db.pragma('journal_mode', { simple: true }), 'wal');
      const versions = (db.prepare('SELECT version FROM _migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
      assert.deepStrictEqual(versions, Array.from({ length: ORC_PROJECT_SCHEMA_VERSION }, (_, i) => i + 1));
      const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name));
      for (const t of ['tasks', 'task_dependencies', 'phases', 'gate_decisions', 'initiatives', 'initiative_tasks', 'initiative_dependencies',
        'initiative_decisions', 'task_comments', 'transcripts', 'transcripts_fts', 'phase_outputs', 'workflows', 'workflow_phases',
        'phase_templates', 'task_attachments', 'event_log', 'attention_signals', 'workflow_runs', 'sequences']) {
        assert.ok(tables.has(t), t);
      }
      // orc's trigger stamps updated_at on an update that leaves it alone.
      insertTask(db, { id: 'TASK-001' });
      db.prepare(`UPDATE tasks SET status = 'running' WHERE id = 'TASK-001'`).run();
      const row = db.prepare(`SELECT updated_at FROM tasks WHERE id = 'TASK-001'`).get() as { updated_at: string };
      assert.match(row.updated_at, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    } finally {
      db.close();
    }
  });

  it('builds the global database', () => {
    const db = createGlobalDbFile(ws.path('global.db'));
    try {
      const max = db.prepare('SELECT MAX(version) AS v FROM _migrations').get() as { v: number };
      assert.strictEqual(max.v, ORC_GLOBAL_SCHEMA_VERSION);
      db.prepare(`INSERT INTO cost_log (project_id, task_id, phase, cost_usd, input_tokens, output_tokens) VALUES ('/p', 'TASK-001', 'spec', 0.5, 10, 20)`).run();
    } finally {
      db.close();
    }
  });

  it('runs under sql.js too (without the FTS5 index, which sql.js lacks)', async () => {
    const SQL = await initSqlJs();
    const project = new SQL.Database();
    const global = new SQL.Database();
    createOrcProjectDb((sql) => project.run(sql));
    createOrcGlobalDb((sql) => global.run(sql));
    assert.strictEqual(project.exec('SELECT COUNT(*) FROM _migrations')[0]!.values[0]![0], ORC_PROJECT_SCHEMA_VERSION);
    assert.strictEqual(global.exec('SELECT COUNT(*) FROM projects')[0]!.values[0]![0], 0);
    project.close();
    global.close();
  });
});
