// Makes the binary files of the demo's orc task TASK-002: two small PNGs (an attachment and a test screenshot)
// drawn here pixel by pixel, and .orc/orc.db with a few task_comments rows (sql.js, the same WebAssembly SQLite
// Baton reads it with). Run it again to regenerate them: `node scripts/demo/make-orc-demo-assets.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import initSqlJs from 'sql.js';

const root = path.resolve(import.meta.dirname, '../../demo');
const task = path.join(root, '.orc/tasks/TASK-002');

const CRC = new Int32Array(256).map((_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c; });
const crc32 = (buf) => { let c = -1; for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ -1) >>> 0; };
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0); out.write(type, 4, 'ascii'); data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** An RGB PNG of width×height from paint(x, y) → [r, g, b]. */
function png(width, height, paint) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (width * 3 + 1) + 1 + x * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
const inside = (x, y, [x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1;

/** A sign-in form mock: page, card, two inputs, a button; `error` adds the red banner the failing test looks for. */
function signInForm(error) {
  return png(240, 160, (x, y) => {
    if (inside(x, y, [0, 0, 240, 18])) return [36, 41, 47];
    if (!inside(x, y, [40, 28, 200, 150])) return [238, 240, 243];
    if (error && inside(x, y, [50, 36, 190, 50])) return [215, 58, 73];
    if (inside(x, y, [50, 60, 190, 76]) || inside(x, y, [50, 86, 190, 102])) return inside(x, y, [51, 61, 189, 75]) || inside(x, y, [51, 87, 189, 101]) ? [255, 255, 255] : [190, 196, 204];
    if (inside(x, y, [50, 116, 120, 134])) return [45, 164, 78];
    return [250, 250, 251];
  });
}

fs.mkdirSync(path.join(task, 'attachments'), { recursive: true });
fs.mkdirSync(path.join(task, 'test-results/screenshots'), { recursive: true });
fs.writeFileSync(path.join(task, 'attachments/refresh-flow-sketch.png'), signInForm(false));
fs.writeFileSync(path.join(task, 'test-results/screenshots/session-expired-error.png'), signInForm(true));

const SQL = await initSqlJs();
const db = new SQL.Database();
db.run(`CREATE TABLE task_comments (
  id TEXT PRIMARY KEY, task_id TEXT NOT NULL, author TEXT NOT NULL, author_type TEXT NOT NULL,
  content TEXT NOT NULL, phase TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
const rows = [
  ['TC-3f1a9c02', 'TASK-002', 'maya', 'human', 'Keep the refresh cookie httpOnly and SameSite=Strict; the spec only says httpOnly.', 'spec', '2026-01-14T09:40:00Z'],
  ['TC-8b24e6d1', 'TASK-002', 'claude', 'agent', 'Token families live in memory for now (see spec, out of scope: Postgres).\nA restart logs everyone out once; noted for TASK-007.', 'implement', '2026-01-14T09:52:31Z'],
  ['TC-c07d5e44', 'TASK-002', 'orc', 'system', 'Checkpoint e17b9f4 created after iteration 2.', 'implement', '2026-01-15T16:38:02Z'],
  ['TC-0d9e2b77', 'TASK-001', 'jonas', 'human', 'GitHub login verified on staging.', null, '2026-01-12T15:00:00Z'],
];
for (const r of rows) db.run('INSERT INTO task_comments VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [...r, r[6]]);
fs.writeFileSync(path.join(root, '.orc/orc.db'), Buffer.from(db.export()));
db.close();
console.log('demo orc assets written');
