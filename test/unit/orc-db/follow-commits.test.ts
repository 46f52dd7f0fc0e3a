import * as assert from 'node:assert';
import crypto from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { orcProjectId } from '../../../src/core/formats/orc-db/locate';
import { forgetOrcDbFollowers, orcDbFollower, readOrcDbFile } from '../../../src/core/formats/orc-db/read-db';
import type { OrcDbRecord } from '../../../src/core/formats/orc-db/record';
import { FREELIST, mapPages, type BtreeRoot } from '../../../src/core/io/sqlite-btree';
import { SqliteFollower } from '../../../src/core/io/sqlite-follower';
import { readSqliteSnapshot } from '../../../src/core/io/sqlite-snapshot';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { addDependency, createProjectDbFile, insertPhase, insertTask, insertTranscript, insertWorkflow } from '../helpers/orc-db';
import { spawnSqlWriter, type SqlWriter } from '../helpers/orc-writer-process';
import { TempWorkspace } from '../helpers/temp-workspace';

function hashes(file: string): string[] {
  return [file, `${file}-wal`].map((f) => (existsSync(f) ? crypto.createHash('sha256').update(readFileSync(f)).digest('hex') : '-'));
}

async function wholeRecord(file: string): Promise<OrcDbRecord> {
  const read = await readOrcDbFile(file);
  assert.ok(read !== 'missing' && read.record);
  return read.record;
}

/** A seeded pseudo-random sequence, so a failing run can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const UPDATE_TITLE = `UPDATE tasks SET title = ?, updated_at = ? WHERE id = ?`;

describe('orc database followed commit by commit', function () {
  this.timeout(60_000);
  let ws: TempWorkspace;
  let file: string;
  let writer: SqlWriter | undefined;

  beforeEach(() => {
    forgetOrcDbFollowers();
    ws = new TempWorkspace();
    file = ws.path('orc.db');
    const db = createProjectDbFile(file);
    insertWorkflow(db, 'implement-small', ['spec', 'implement', 'review']);
    for (let i = 1; i <= 40; i++) insertTask(db, { id: `TASK-${String(i).padStart(3, '0')}`, title: `Task ${i}` });
    db.close(); // orc checkpoints on close: the database starts with an empty log
  });

  afterEach(async () => {
    await writer?.close();
    writer = undefined;
    forgetOrcDbFollowers();
    ws.dispose();
  });

  it('applies only the WAL frames appended since its last read; a truncating checkpoint makes the next read whole', async () => {
    writer = await spawnSqlWriter(file);
    const follower = new SqliteFollower(file);
    await writer.commit([UPDATE_TITLE], [['first', 'now', 'TASK-001']]);
    assert.ok((await follower.read()).ok);
    assert.deepStrictEqual([follower.counts.whole, follower.counts.appended], [1, 0]);
    for (let i = 0; i < 5; i++) {
      await writer.commit([UPDATE_TITLE], [[`title ${i}`, 'now', `TASK-00${i + 2}`]]);
      const before = hashes(file);
      const read = await follower.read();
      assert.ok(read.ok && read.read.changed && read.read.changed.size > 0, 'pages changed');
      // The image built from the appended frames is the image a whole read builds.
      const whole = await readSqliteSnapshot(file);
      assert.ok(whole.ok);
      assert.ok(Buffer.from(read.read.image).equals(Buffer.from(whole.snapshot.image)), `image after commit ${i}`);
      assert.deepStrictEqual(hashes(file), before, 'orc.db and orc.db-wal byte-identical after the read');
    }
    assert.deepStrictEqual([follower.counts.whole, follower.counts.appended], [1, 5]);
    const unchanged = await follower.read();
    assert.ok(unchanged.ok && unchanged.read.changed?.size === 0);
    await writer.checkpoint();
    await writer.commit([UPDATE_TITLE], [['after the checkpoint', 'now', 'TASK-010']]);
    assert.ok((await follower.read()).ok);
    assert.strictEqual(follower.counts.whole, 2, 'a restarted log is read whole');
  });

  it('the record followed through 80 random commits (inserts, updates, deletes, a growing file) equals a whole read after each', async () => {
    writer = await spawnSqlWriter(file);
    const follower = orcDbFollower(file);
    await writer.commit([UPDATE_TITLE], [['start', 'now', 'TASK-001']]);
    await follower.read();
    const next = random(15);
    let added = 100;
    for (let round = 0; round < 80; round++) {
      const id = `TASK-${String(1 + Math.floor(next() * 40)).padStart(3, '0')}`;
      const pick = next();
      if (pick < 0.3) {
        await writer.commit([UPDATE_TITLE], [[`round ${round} ${'x'.repeat(Math.floor(next() * 3000))}`, `2026-04-0${1 + round % 9}T10:00:00Z`, id]]);
      } else if (pick < 0.5) {
        const n = added++;
        await writer.commit([`INSERT INTO tasks (id, title, status, created_at, updated_at) VALUES (?, ?, 'planned', '2026-04-01T10:00:00Z', '2026-04-01T10:00:00Z')`,
          `INSERT OR IGNORE INTO task_dependencies (task_id, depends_on) VALUES (?, ?)`], [[`TASK-${n}`, `New ${n}`], [`TASK-${n}`, id]]);
      } else if (pick < 0.65) {
        await writer.commit([`INSERT OR REPLACE INTO phases (task_id, phase_id, status, iterations, input_tokens, output_tokens, started_at) VALUES (?, ?, 'completed', ?, ?, 10, ?)`],
          [[id, ['spec', 'implement', 'review'][round % 3], round % 4, round * 100, `2026-04-01T1${round % 10}:00:00Z`]]);
      } else if (pick < 0.75) {
        await writer.commit([`INSERT INTO transcripts (task_id, phase, session_id, message_uuid, type, content, timestamp) VALUES (?, 'spec', 's', ?, 'assistant', ?, ?)`],
          [[id, `m-${round}`, 'y'.repeat(Math.floor(next() * 9000)), Date.UTC(2026, 3, 1) + round]]);
      } else if (pick < 0.85) {
        await writer.commit([`DELETE FROM tasks WHERE id = (SELECT id FROM tasks WHERE id LIKE 'TASK-1%' ORDER BY id LIMIT 1)`]);
      } else {
        await writer.commit([`INSERT INTO gate_decisions (task_id, phase, gate_type, approved, reason, decided_by, decided_at) VALUES (?, 'spec', 'auto', 1, ?, 'executor', ?)`],
          [[id, `ok ${round}`, `2026-04-01T12:${String(round % 60).padStart(2, '0')}:00Z`]]);
      }
      const read = await follower.read();
      assert.ok(read !== 'missing' && read.record);
      assert.deepStrictEqual(read.record, await wholeRecord(file), `round ${round} (pick ${pick.toFixed(2)})`);
    }
    assert.strictEqual(follower.counts.wholeQueries, 1, 'only the first read queried every table');
    assert.strictEqual(follower.image.counts.whole, 1, 'only the first read took the whole file');
    assert.ok(follower.changedTables.maps > 1, 'the page map was rebuilt when pages were allocated');
  });

  it('keeps every unchanged row\'s object: one task changed, one new DbTask, the other arrays the same', async () => {
    writer = await spawnSqlWriter(file);
    const follower = orcDbFollower(file);
    await writer.commit([UPDATE_TITLE], [['start', 'now', 'TASK-001']]);
    const first = await follower.read();
    assert.ok(first !== 'missing' && first.record);
    await writer.commit([UPDATE_TITLE], [['changed', 'later', 'TASK-020']]);
    const second = await follower.read();
    assert.ok(second !== 'missing' && second.record);
    const [a, b] = [first.record, second.record];
    assert.notStrictEqual(a, b);
    assert.deepStrictEqual(b.tasks.filter((t, i) => t !== a.tasks[i]).map((t) => t.id), ['TASK-020']);
    assert.strictEqual(b.phases, a.phases);
    assert.strictEqual(b.workflows, a.workflows);
    assert.strictEqual(b.initiatives, a.initiatives);
    assert.strictEqual(follower.tables.reads.rowQueries, 1, 'one query for the changed rows');
    // A commit that touched nothing the model reads (the event log) hands back the same record.
    await writer.commit([`INSERT INTO event_log (task_id, event_type, data, created_at) VALUES ('TASK-001', 'phase', '{}', 'now')`]);
    const third = await follower.read();
    assert.ok(third !== 'missing');
    assert.strictEqual(third.record, b);
  });

  it('maps every page of every tree, overflow pages and the freelist, as SQLite itself counts them (dbstat)', () => {
    // Without the FTS index: its triggers would take the freed pages back at once.
    file = ws.path('plain.db');
    const db = createProjectDbFile(file, { fullTextSearch: false });
    for (let i = 1; i <= 40; i++) insertTask(db, { id: `TASK-${String(i).padStart(3, '0')}` });
    for (let i = 0; i < 60; i++) insertTranscript(db, { taskId: 'TASK-001', phase: 'spec', uuid: `u-${i}`, content: 'z'.repeat(500 + i * 300) });
    for (let i = 0; i < 30; i++) insertPhase(db, { taskId: `TASK-0${String(10 + i).padStart(2, '0')}`, phaseId: 'spec', input: i });
    addDependency(db, 'TASK-002', 'TASK-001');
    db.exec(`DELETE FROM transcripts WHERE id % 3 = 0`); // leaves free pages
    db.pragma('wal_checkpoint(TRUNCATE)');
    const stat = db.prepare(`SELECT name, pageno FROM dbstat`).all() as { name: string; pageno: number }[];
    const trees = db.prepare(`SELECT name, rootpage, type FROM sqlite_master WHERE rootpage > 0`).all() as { name: string; rootpage: number; type: string }[];
    const free = Number(db.pragma('freelist_count', { simple: true }));
    db.close();
    const image = readFileSync(file);
    const roots: BtreeRoot[] = [{ name: 'sqlite_schema', rootPage: 1, table: true },
      ...trees.map((t) => ({ name: t.name, rootPage: t.rootpage, table: t.type === 'table' }))];
    const map = mapPages(new Uint8Array(image), 4096, roots);
    const mapped = new Map<number, string>();
    map.owner.forEach((owner, page) => { if (owner >= 0) mapped.set(page, roots[owner]!.name); });
    const expected = stat.map((x): [number, string] => [x.pageno, x.name]).sort((x, y) => x[0] - y[0]);
    assert.deepStrictEqual([...mapped].sort((x, y) => x[0] - y[0]), expected);
    assert.ok(free > 0, 'the deletes freed pages');
    assert.strictEqual([...map.owner].filter((o) => o === FREELIST).length, free);
    assert.ok(map.overflowRowid.size > 0, 'overflow pages know their row');
  });

  it('a commit by a writer process reaches the service as a change event naming only that task, without a whole read', async () => {
    const project = new TempWorkspace({ '.orc/config.yaml': 'version: 1\n' });
    const home = new TempWorkspace();
    try {
      const orcHome = home.path('.orc');
      const id = orcProjectId(project.root);
      home.write('.orc/projects.yaml', `projects:\n  - id: ${id}\n    name: p\n    path: ${project.root}\n`);
      const db = path.join(orcHome, 'projects', id, 'orc.db');
      const w = createProjectDbFile(db);
      insertWorkflow(w, 'implement-small', ['spec', 'implement']);
      for (let i = 1; i <= 200; i++) insertTask(w, { id: `TASK-${String(i).padStart(3, '0')}`, initiativeId: i % 2 ? 'INIT-001' : '' });
      w.close();
      const service = new OrchestrationService({ folders: [{ root: project.root, orcHome }] });
      await service.scan();
      writer = await spawnSqlWriter(db);
      // orc's first write of a session starts a new log: that read is whole; every later one is followed.
      await writer.commit([UPDATE_TITLE], [['warming up', 'now', 'TASK-001']]);
      await service.fileChanged(`${db}-wal`);
      const follower = orcDbFollower(db);
      const whole = { image: follower.image.counts.whole, tables: follower.counts.wholeQueries };
      for (const [taskId, title] of [['TASK-042', 'Renamed'], ['TASK-150', 'Renamed too'], ['TASK-042', 'Again']]) {
        await writer.commit([UPDATE_TITLE], [[title, new Date().toISOString(), taskId]]);
        const event = new Promise<{ ids: string[]; removed: readonly string[] }>((resolve) => {
          const sub = service.onDidChange((e) => { sub.dispose(); resolve({ ids: e.changed.map((i) => i.id), removed: e.removed }); });
        });
        await service.fileChanged(`${db}-wal`);
        assert.deepStrictEqual(await event, { ids: [taskId], removed: [] });
        const task = service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === taskId)!;
        assert.strictEqual(task.title, title);
      }
      assert.deepStrictEqual({ image: follower.image.counts.whole, tables: follower.counts.wholeQueries }, whole, 'no whole read');
      assert.strictEqual(follower.counts.followedQueries, 3);
      service.dispose();
    } finally {
      await writer?.close();
      writer = undefined;
      project.dispose();
      home.dispose();
    }
  });
});
