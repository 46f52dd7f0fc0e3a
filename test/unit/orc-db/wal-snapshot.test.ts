import * as assert from 'node:assert';
import crypto from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readOrcDbFile } from '../../../src/core/formats/orc-db/read-db';
import type { OrcDbRecord } from '../../../src/core/formats/orc-db/record';
import { readSqliteSnapshot } from '../../../src/core/io/sqlite-snapshot';
import { readWal } from '../../../src/core/io/sqlite-wal';
import { createProjectDbFile, insertTask, openOrcWriter } from '../helpers/orc-db';
import { nextLine, spawnOrcWriter } from '../helpers/orc-writer-process';
import { TempWorkspace } from '../helpers/temp-workspace';

function hashes(file: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const f of [file, `${file}-wal`]) out[f] = existsSync(f) ? crypto.createHash('sha256').update(readFileSync(f)).digest('hex') : null;
  return out;
}

async function record(file: string): Promise<OrcDbRecord> {
  const read = await readOrcDbFile(file);
  assert.ok(read !== 'missing' && read.record, `read: ${read === 'missing' ? 'missing' : JSON.stringify(read.diagnostics)}`);
  return read.record as OrcDbRecord;
}

describe('orc database: reading orc.db and orc.db-wal as bytes', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let db: string;
  beforeEach(() => {
    ws = new TempWorkspace();
    db = ws.path('orc.db');
    const w = createProjectDbFile(db);
    insertTask(w, { id: 'TASK-000', title: '0' });
    w.close();
  });
  afterEach(() => ws.dispose());

  it('sees rows that exist only in the WAL of a writer killed before any checkpoint, and changes neither file', async () => {
    const child = spawnOrcWriter(db, 'wal-only', 5000);
    try {
      assert.strictEqual(await nextLine(child), 'written');
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    assert.ok(statSync(`${db}-wal`).size > 0, 'the rows are in orc.db-wal');
    const before = hashes(db);
    const tasks = (await record(db)).tasks.map((t) => t.id);
    assert.deepStrictEqual(tasks, ['TASK-000', 'TASK-101', 'TASK-102', 'TASK-103']);
    assert.deepStrictEqual(hashes(db), before, 'orc.db and orc.db-wal are byte-identical after the read');
    // The main file alone does not have them: they came from the WAL.
    const snapshot = await readSqliteSnapshot(db);
    assert.ok(snapshot.ok && snapshot.snapshot.walCommits >= 1);
  });

  it('stops at the last commit whose checksum chain holds (a torn frame is ignored, not applied)', async () => {
    const w = openOrcWriter(db);
    w.pragma('wal_autocheckpoint = 0');
    insertTask(w, { id: 'TASK-001' });
    insertTask(w, { id: 'TASK-002' });
    const wal = new Uint8Array(readFileSync(`${db}-wal`));
    w.close();
    const whole = readWal(wal)!;
    assert.ok(whole.commits >= 2);
    // Flip a byte in the last frame's page: its checksum no longer chains, so the last commit is dropped.
    const damaged = wal.slice();
    damaged[damaged.length - 10] = damaged[damaged.length - 10]! ^ 0xff;
    assert.strictEqual(readWal(damaged)!.commits, whole.commits - 1);
    // A header with a bad checksum is no WAL at all.
    const badHeader = wal.slice();
    badHeader[20] = badHeader[20]! ^ 0xff;
    assert.strictEqual(readWal(badHeader), null);
  });

  it('a writer with busy_timeout 0 never gets SQLITE_BUSY while Baton reads for 5 s, and every read is consistent', async () => {
    const child = spawnOrcWriter(db, 6500, 0);
    assert.strictEqual(await nextLine(child), 'started');
    const result = nextLine(child);
    const until = Date.now() + 5000;
    let reads = 0;
    let refused = 0;
    while (Date.now() < until) {
      const read = await readOrcDbFile(db);
      assert.ok(read !== 'missing');
      if (!read.record) {
        // This writer restarts its log every few milliseconds; on a starved machine an attempt can be overlapped 100
        // times in a row. Then the read says so (and is done again on the next change) — it never returns a torn image.
        assert.match(read.diagnostics.map((d) => d.message).join(), /kept being checkpointed while read/);
        refused++;
        continue;
      }
      const r = read.record as OrcDbRecord;
      const counter = Number(r.tasks.find((t) => t.id === 'TASK-000')!.title);
      // Each transaction added one task and set the counter: a read mixing two states would not add up.
      assert.strictEqual(r.tasks.length - 1, counter, `consistent snapshot at read ${reads}`);
      reads++;
    }
    console.log(`      ${reads} consistent reads, ${refused} refused as overlapped while the writer committed`);
    const outcome = JSON.parse(await result) as { writes: number; busy: number; other: number };
    assert.strictEqual(outcome.busy, 0, 'no SQLITE_BUSY');
    assert.strictEqual(outcome.other, 0);
    assert.ok(outcome.writes > 100, `the writer wrote (${outcome.writes})`);
    // What is checked is consistency, not speed: on a starved machine (the suite beside two busy processes) a read
    // took 500 ms and only 10 fitted in the 5 s, so a few reads, mostly not refused, are enough.
    assert.ok(reads >= 3 && reads > refused * 4, `Baton read (${reads}, ${refused} refused)`);
  });
});
