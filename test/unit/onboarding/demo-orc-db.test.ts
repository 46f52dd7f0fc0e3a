import Database from 'better-sqlite3';
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OrcInitiative, OrcTask } from '../../../src/core/formats/orc/model';
import { DEMO_DB_FILES, writeDemoOrcDatabases } from '../../../src/core/onboarding/demo-orc-db';
import { orcProjectId } from '../../../src/core/formats/orc-db/locate';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { approveGate } from '../../../src/core/orc-cli/orc-actions';
import { TempWorkspace } from '../helpers/temp-workspace';
import { FAKE_ORC } from '../orc-cli/fake-orc-project';

// The demo's database-era project: built by the schema script and the demo rows with sql.js (the extension and the
// build have no native SQLite), read by Baton as any orc database, and acted on by orc (the stand-in) as orc would.

async function scan(folder: string) {
  const service = new OrchestrationService({ folders: [{ root: folder, orcHome: path.join(folder, 'home', '.orc') }] });
  await service.scan();
  const tasks = service.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task');
  const initiatives = service.items().filter((i): i is OrcInitiative => i.system === 'orc' && i.kind === 'initiative');
  const result = { tasks, initiatives, decisions: service.decisions(), diagnostics: service.diagnostics() };
  service.dispose();
  return result;
}

describe('the demo\'s database-era orc project', () => {
  let temp: TempWorkspace;
  let folder: string;
  const now = Date.UTC(2026, 3, 20, 12);

  beforeEach(() => {
    temp = new TempWorkspace({ 'billing-service/.orc/config.yaml': 'version: 1\n' });
    folder = path.join(realpathSync(temp.root), 'billing-service');
  });
  afterEach(() => temp.dispose());

  it('is read as orc\'s database with no problem: every state a person meets, a gate in Needs You, a blocked initiative', async () => {
    // Dated now: the running task's heartbeat is fresh (it is on another host, so only the heartbeat says it is alive).
    const written = await writeDemoOrcDatabases(folder);
    assert.deepEqual(written, DEMO_DB_FILES.map((f) => path.join(folder, f)));
    const { tasks, initiatives, decisions, diagnostics } = await scan(folder);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(tasks.map((t) => [t.id, t.status, t.era, t.blocked, t.orphaned]).sort(), [
      ['TASK-001', 'completed', 'db', false, false],
      ['TASK-002', 'blocked', 'db', false, false],
      ['TASK-003', 'running', 'db', false, false],
      ['TASK-004', 'planned', 'db', true, false],
      ['TASK-005', 'failed', 'db', false, false],
      ['TASK-006', 'created', 'db', false, false],
      ['TASK-007', 'closed', 'db', false, false],
    ]);
    assert.deepEqual(decisions.map((d) => d.id), ['TASK-002:implement']);
    assert.deepEqual(initiatives.map((i) => [i.id, i.blocked, `${i.progress.completed}/${i.progress.total}`]).sort(),
      [['INIT-001', false, '1/4'], ['INIT-002', true, '0/2']]);
    const first = tasks.find((t) => t.id === 'TASK-001')!;
    assert.deepEqual(first.phases.map((p) => [p.name, p.status]), [['spec', 'completed'], ['tdd_write', 'completed'],
      ['implement', 'completed'], ['review', 'completed'], ['docs', 'completed']]);
    assert.equal(first.tokens?.total, 2100 + 1800 + 9000 + 21000 + 1400 + 2600 + 4000 + 38000 + 5200 + 9100 + 12000 + 240000
      + 1900 + 1100 + 3000 + 61000 + 800 + 900 + 1000 + 15000);
    assert.equal(first.db?.hasSpec, true);
    assert.equal(tasks.find((t) => t.id === 'TASK-002')!.db?.comments, 2);
  });

  it('has the cost ledger in its global database: one row per phase run, the project by its path', async () => {
    await writeDemoOrcDatabases(folder, now);
    const db = new Database(path.join(folder, 'home', '.orc', 'orc.db'), { readonly: true });
    try {
      const projects = db.prepare('SELECT id, path FROM projects').all();
      assert.deepEqual(projects, [{ id: orcProjectId(folder), path: folder }]);
      const rows = db.prepare('SELECT project_id, task_id, phase, timestamp FROM cost_log ORDER BY timestamp').all() as { project_id: string; timestamp: string }[];
      assert.equal(rows.length, 11, 'every phase that ran: 5 + 2 + 1 + 3');
      assert.ok(rows.every((r) => r.project_id === folder));
      assert.ok(rows.every((r) => Date.parse(r.timestamp) > now - 30 * 86_400_000 && Date.parse(r.timestamp) <= now), 'within the last 30 days');
    } finally { db.close(); }
  });

  it('is written whole again, a stale WAL of an earlier demo removed', async () => {
    await writeDemoOrcDatabases(folder, now);
    writeFileSync(path.join(folder, '.orc', 'orc.db-wal'), 'left from an earlier run');
    const before = readFileSync(path.join(folder, '.orc', 'orc.db'));
    await writeDemoOrcDatabases(folder, now + 86_400_000);
    assert.ok(!existsSync(path.join(folder, '.orc', 'orc.db-wal')));
    assert.notDeepEqual(readFileSync(path.join(folder, '.orc', 'orc.db')), before, 'dated from the new now');
    assert.equal((await scan(folder)).tasks.length, 7);
  });

  it('takes orc\'s own commands: orc approve on its waiting gate (the stand-in orc)', async () => {
    await writeDemoOrcDatabases(folder, Date.now());
    const home = temp.path('no-home');
    const approved = await approveGate(folder, 'TASK-002', { trusted: true, orcPath: FAKE_ORC, env: { ...process.env, HOME: home } });
    assert.equal(approved.ok, true, JSON.stringify(approved));
    const { tasks, decisions } = await scan(folder);
    assert.equal(tasks.find((t) => t.id === 'TASK-002')?.status, 'planned');
    assert.deepEqual(decisions, []);
  });
});
