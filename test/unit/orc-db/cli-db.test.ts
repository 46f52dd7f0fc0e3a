import * as assert from 'node:assert';
import crypto from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { orcProjectId } from '../../../src/core/formats/orc-db/locate';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { addDependency, createProjectDbFile, insertTask, openOrcWriter } from '../helpers/orc-db';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function digest(file: string): string | null {
  return existsSync(file) ? crypto.createHash('sha256').update(readFileSync(file)).digest('hex') : null;
}

describe('baton scan / check on a database-era folder (CLI)', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let home: TempWorkspace;
  let db: string;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  beforeEach(() => {
    ws = new TempWorkspace({ '.orc/config.yaml': 'version: 1\n' });
    home = new TempWorkspace();
    const id = orcProjectId(ws.root);
    home.write('.orc/projects.yaml', `projects:\n  - id: ${id}\n    name: p\n    path: ${ws.root}\n    created_at: 2026-04-01T10:00:00Z\n`);
    db = home.path(`.orc/projects/${id}/orc.db`);
    const w = createProjectDbFile(db);
    insertTask(w, { id: 'TASK-001', title: 'Build it', status: 'completed' });
    insertTask(w, { id: 'TASK-002', title: 'Gate', status: 'blocked', currentPhase: 'review', metadata: { blocked_reason: 'gate_pending' } });
    insertTask(w, { id: 'TASK-003', title: 'Waits', status: 'planned' });
    addDependency(w, 'TASK-003', 'TASK-002');
    w.close();
  });
  afterEach(() => { ws.dispose(); home.dispose(); });

  it('scan --json --home: the items carry era "db" and the database as file, the pending gate is a decision', () => {
    const before = [digest(db), digest(`${db}-wal`)];
    const r = baton(['scan', ws.root, '--json', '--home', home.root, '--no-cache']);
    assert.strictEqual(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { items: Record<string, unknown>[]; decisions: Record<string, unknown>[]; diagnostics: unknown[] };
    assert.deepStrictEqual(report.items.map((i) => [i.id, i.status, i.era, i.file, i.blocked]), [
      ['TASK-001', 'completed', 'db', db, false], ['TASK-002', 'blocked', 'db', db, false], ['TASK-003', 'planned', 'db', db, true]]);
    assert.deepStrictEqual(report.decisions.map((d) => [d.kind, d.taskId, d.phase, d.gateType, d.status]), [['gate', 'TASK-002', 'review', 'human', 'pending']]);
    assert.deepStrictEqual(report.diagnostics, []);
    assert.deepStrictEqual([digest(db), digest(`${db}-wal`)], before, 'the database and its WAL are unchanged');
  });

  it('without --home pointing at the registry, the folder has no orc tasks; an in-repo database is shown relative', () => {
    const other = new TempWorkspace();
    try {
      let r = baton(['scan', ws.root, '--json', '--home', other.root, '--no-cache']);
      assert.deepStrictEqual((JSON.parse(r.stdout) as { items: unknown[] }).items, []);
      const w = createProjectDbFile(ws.path('.orc/orc.db'));
      insertTask(w, { id: 'TASK-050', title: 'In the repo' });
      w.close();
      r = baton(['scan', ws.root, '--json', '--home', other.root, '--no-cache']);
      assert.deepStrictEqual((JSON.parse(r.stdout) as { items: Record<string, unknown>[] }).items.map((i) => [i.id, i.file]), [['TASK-050', '.orc/orc.db']]);
    } finally {
      other.dispose();
    }
  });

  it('check prints the database problems (absolute path under HOME) with exit 0 for warnings', () => {
    const w = openOrcWriter(db);
    addDependency(w, 'TASK-001', 'TASK-777');
    w.close();
    const r = baton(['check', ws.root, '--home', home.root, '--no-cache']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.strictEqual(r.stdout.trim(), `${db}:1:1: warning: task TASK-001 depends on TASK-777, which does not exist (deleted?): orc keeps TASK-001 blocked`);
  });

  it('a write that lands only in orc.db-wal reaches the index through the -wal path', async () => {
    const service = new OrchestrationService({ folders: [{ root: ws.root, orcHome: home.path('.orc') }] });
    await service.scan();
    const w = openOrcWriter(db);
    w.pragma('wal_autocheckpoint = 0');
    insertTask(w, { id: 'TASK-004', title: 'New' });
    const change = await service.fileChanged(`${db}-wal`);
    w.close();
    assert.ok(change?.changed.some((i) => i.id === 'TASK-004'));
    assert.deepStrictEqual(change?.changed.map((i) => i.id), ['TASK-004'], 'unchanged tasks are the same objects');
    assert.ok(service.items().some((i) => i.id === 'TASK-004'));
  });
});
