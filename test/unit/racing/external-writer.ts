/**
 * A separate process playing the orchestrator that owns the files Baton edits: it keeps rewriting them (read,
 * change a marker, write a temp file, rename — the way a careful writer does) and appending numbered lines in
 * place, with short random pauses, until told to stop. It then reports every write it made, so the test can
 * check that none was lost. Run by test/unit/racing/racing-writers.test.ts through child_process.fork.
 *
 * argv[2]: JSON { files: [{ file, syntax: 'yaml' | 'json' | 'markdown' }], seed }
 * messages in: { stop: true } · { crp: { runDir, id } } (create a pending CRP and name it in state.json)
 * messages out: { ready: true } · { crpReady: id } · { done: { markers: { file: n }, appends: { file: n[] }, ops } }
 */
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Target { readonly file: string; readonly syntax: 'yaml' | 'json' | 'markdown' }

const { files, seed } = JSON.parse(process.argv[2]!) as { files: Target[]; seed: number };
let random = seed >>> 0 || 1;
const next = () => { random ^= random << 13; random ^= random >>> 17; random ^= random << 5; return (random >>> 0) / 2 ** 32; };
const pause = new Int32Array(new SharedArrayBuffer(4));

const markers: Record<string, number> = {};
const appends: Record<string, number[]> = {};
let counter = 0;
let stopping = false;
let burstUntil = 0;
const pending: { runDir: string; id: string }[] = [];

/** A rewrite the way a careful orchestrator does it: read, change, temp file, rename. */
function rewrite(file: string, change: (text: string) => string): void {
  const text = readFileSync(file, 'utf8');
  const temp = path.join(path.dirname(file), `.ext-${process.pid}-${counter}.tmp`);
  writeFileSync(temp, change(text));
  renameSync(temp, file);
}

function setMarker(t: Target, n: number): void {
  rewrite(t.file, (text) => {
    if (t.syntax === 'json') return JSON.stringify({ ...JSON.parse(text), ext_marker: n }, null, 2) + '\n';
    if (t.syntax === 'markdown') {
      return /^ext_marker: .*$/m.test(text) ? text.replace(/^ext_marker: .*$/m, `ext_marker: ${n}`) : text.replace(/^---\n/, `---\next_marker: ${n}\n`);
    }
    return /^ext_marker: .*$/m.test(text) ? text.replace(/^ext_marker: .*$/m, `ext_marker: ${n}`) : `${text.replace(/\n?$/, '\n')}ext_marker: ${n}\n`;
  });
  markers[t.file] = n;
}

/** The orchestrator asking a new question: a pending CRP, named in state.json. */
function newCrp(runDir: string, id: string): void {
  const crpFile = path.join(runDir, 'crp', `${id}.json`);
  const crp = { crp_id: id, created_at: '2026-01-10T09:16:05Z', created_by: 'refiner', type: 'clarification', question: `Which way, ${id}?`,
    options: [{ id: 'A', label: 'one way' }, { id: 'B', label: 'the other' }], status: 'pending' };
  const temp = `${crpFile}.ext.tmp`;
  writeFileSync(temp, JSON.stringify(crp, null, 2) + '\n');
  renameSync(temp, crpFile);
  const state = path.join(runDir, 'state.json');
  rewrite(state, (text) => JSON.stringify({ ...JSON.parse(text), phase: 'waiting_human', pending_crp: id }, null, 2) + '\n');
  files.push({ file: crpFile, syntax: 'json' });
}

function step(): void {
  const crp = pending.shift();
  if (crp) { newCrp(crp.runDir, crp.id); process.send!({ crpReady: crp.id }); return; }
  const t = files[Math.floor(next() * files.length)]!;
  const n = ++counter;
  if (t.syntax !== 'json' && next() < 0.5) {
    // In place, one write on a descriptor opened for appending: never torn, and visible to Baton's checks.
    appendFileSync(t.file, t.syntax === 'markdown' ? `\next-append ${n}\n` : `# ext-append ${n}\n`);
    (appends[t.file] ??= []).push(n);
  } else {
    setMarker(t, n);
  }
  // Bursts (a write every ~1 ms for up to 40 ms) and quiet spells (up to 60 ms, an agent thinking), so that
  // Baton's edits both collide with writes and find gaps to land in.
  if (Date.now() < burstUntil) {
    Atomics.wait(pause, 0, 0, next() * 2);
  } else {
    Atomics.wait(pause, 0, 0, next() * 60);
    burstUntil = Date.now() + next() * 40;
  }
}

process.on('message', (m: { stop?: boolean; crp?: { runDir: string; id: string } }) => {
  if (m.stop) stopping = true;
  if (m.crp) pending.push(m.crp);
});

function loop(): void {
  if (stopping) {
    process.send!({ done: { markers, appends, ops: counter } }, () => process.exit(0));
    return;
  }
  // One write, then back to the event loop for messages.
  step();
  setImmediate(loop);
}

// A test run stopped half-way (Ctrl-C, a timeout) must not leave this process writing forever.
process.on('disconnect', () => process.exit(0));

process.send!({ ready: true });
loop();
