import * as assert from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baton task (CLI)', () => {
  let ws: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  beforeEach(() => { ws = new TempWorkspace({}, path.join(REPO, 'demo')); });
  afterEach(() => ws.dispose());

  it('task set changes a field with the same validation as the editor (exit 1 with the reason when refused)', () => {
    const file = ws.path('.orc/tasks/TASK-003/task.yaml');
    const before = readFileSync(file, 'utf8');
    let r = baton(['task', 'set', 'TASK-003', 'priority', 'urgent', '--dir', ws.root]);
    assert.deepStrictEqual([r.code, r.stderr.trim()], [1, 'baton task set: priority must be one of critical, high, normal, low (got "urgent")']);
    r = baton(['task', 'set', 'TASK-001', 'blocked_by', 'TASK-002', '--dir', ws.root]);
    assert.deepStrictEqual([r.code, r.stderr.trim()], [1, 'baton task set: refused: this would make a dependency cycle TASK-001 → TASK-002 → TASK-001']);
    assert.strictEqual(readFileSync(file, 'utf8'), before);
    r = baton(['task', 'set', 'TASK-003', 'priority', 'critical', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(readFileSync(file, 'utf8'), /^priority: critical$/m);
    r = baton(['task', 'set', 'TASK-003', 'colour', 'red', '--dir', ws.root]);
    assert.strictEqual(r.code, 2, 'an unknown field is a usage error');
  });

  it('task new prints the next id and links the initiative both ways; scan --json carries it', () => {
    const r = baton(['task', 'new', 'Show active sessions on a page', '--priority', 'high', '--initiative', 'INIT-001', '--blocked-by', 'TASK-002', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    const id = r.stdout.trim();
    assert.match(id, /^TASK-\d{3}$/);
    const scan = JSON.parse(baton(['scan', ws.root, '--json', '--no-cache']).stdout);
    const task = scan.items.find((i: { id: string }) => i.id === id);
    assert.deepStrictEqual([task.status, task.priority, task.initiative, task.blockedBy, task.blocked], ['created', 'high', 'INIT-001', ['TASK-002'], true]);
    const init = scan.items.find((i: { id: string }) => i.id === 'INIT-001');
    assert.ok(init.tasks.includes(id));
  });

  it('scan --json carries the phase timeline, per-phase tokens, session and initiative progress', () => {
    const scan = JSON.parse(baton(['scan', ws.root, '--json', '--no-cache']).stdout);
    const t = scan.items.find((i: { id: string }) => i.id === 'TASK-002');
    assert.deepStrictEqual(t.phases.map((p: { name: string; status: string }) => `${p.name}:${p.status}`),
      ['classify:completed', 'spec:completed', 'implement:running', 'review:pending', 'test:pending']);
    assert.strictEqual(t.phases[2].tokens.effectiveInput, 22800);
    assert.deepStrictEqual([t.session.turnCount, t.execution.hostname, t.currentIteration], [23, 'dev-laptop', 2]);
    const init = scan.items.find((i: { id: string }) => i.id === 'INIT-002');
    assert.deepStrictEqual([init.blocked, init.dependencyChain, init.owner.displayName], [true, ['INIT-001', 'INIT-002'], 'Jonas Berg']);
  });

  it('task show --json reads comments from orc.db with the wasm SQLite shipped in dist/', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE task_comments (id TEXT PRIMARY KEY, task_id TEXT NOT NULL, author TEXT NOT NULL, author_type TEXT NOT NULL, content TEXT NOT NULL, phase TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)');
    db.run("INSERT INTO task_comments VALUES ('TC-1a2b3c4d', 'TASK-001', 'maya', 'human', 'Ship it', NULL, '2026-01-10T10:30:00Z', '2026-01-10T10:30:00Z')");
    ws.write('.orc/orc.db', Buffer.from(db.export()));
    const r = baton(['task', 'show', 'TASK-001', '--json', '--dir', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    const shown = JSON.parse(r.stdout);
    assert.deepStrictEqual(shown.detail.comments.map((c: { id: string; authorType: string }) => [c.id, c.authorType]), [['TC-1a2b3c4d', 'human']]);
    assert.deepStrictEqual(shown.diagnostics, []);
    assert.ok(existsSync(path.join(REPO, 'dist', 'sql-wasm.wasm')));
  });
});
