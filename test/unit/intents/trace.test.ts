import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readTraceTail, SMALL_TRACE_BYTES } from '../../../src/core/formats/intents/trace-tail';
import { linesFromEnd, type TailScan } from '../../../src/core/io/tail-lines';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const DEMO_TRACE = path.join(REPO, 'demo/.orchestration/agent_trace.jsonl');

async function tailTexts(file: string, chunkBytes: number, take = Infinity): Promise<string[]> {
  const out: string[] = [];
  for await (const line of linesFromEnd(file, {}, { chunkBytes })) {
    out.push(line.text);
    if (out.length >= take) break;
  }
  return out;
}

const spec = (i: number, intent = 'INT-1') => JSON.stringify({ timestamp: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`, agent_id: 'a',
  intent_id: intent, action_type: 'TOOL_EXECUTION', payload: { tool_name: 'write_to_file', target_files: [`src/f${i}.ts`] },
  result: { status: 'SUCCESS', output_summary: `wrote ${i}` }, metadata: { session_id: 's' } });

describe('reading a file backwards', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('gives the same lines as reading forwards, whatever the chunk size (CRLF, UTF-8, empty lines)', async () => {
    const lines = ['first', 'ünïcödé ✓ 日本語', '', 'crlf line\r', 'x'.repeat(300), '{"a":1}', 'last'];
    ws = new TempWorkspace({ 'log.jsonl': lines.join('\n') + '\n' });
    const expected = lines.map((l) => l.replace(/\r$/, '')).reverse();
    for (const chunk of [1, 2, 3, 7, 64, 65536]) assert.deepStrictEqual(await tailTexts(ws.path('log.jsonl'), chunk), expected, `chunk ${chunk}`);
  });

  it('reads only the chunks it needs and marks an unterminated last line', async () => {
    ws = new TempWorkspace({ 'log.jsonl': Array.from({ length: 10000 }, (_, i) => `line ${i}`).join('\n') + '\n{"partial":' });
    const scan: { value?: TailScan } = {};
    const got: { text: string; unterminated: boolean }[] = [];
    for await (const l of linesFromEnd(ws.path('log.jsonl'), scan, { chunkBytes: 1024 })) { got.push(l); if (got.length === 3) break; }
    assert.deepStrictEqual(got.map((g) => [g.text, g.unterminated]), [['{"partial":', true], ['line 9999', false], ['line 9998', false]]);
    assert.strictEqual(scan.value!.bytesRead, 1024, 'one chunk, not the file');
    assert.strictEqual(scan.value!.reachedStart, false);
  });

  it('skips a line longer than the limit instead of buffering it', async () => {
    ws = new TempWorkspace({ 'log.jsonl': `a\n${'y'.repeat(5000)}\nb\n` });
    const scan: { value?: TailScan } = {};
    const texts: string[] = [];
    for await (const l of linesFromEnd(ws.path('log.jsonl'), scan, { chunkBytes: 100, maxLineBytes: 1000 })) texts.push(l.text);
    assert.deepStrictEqual(texts, ['b', 'a']);
    assert.deepStrictEqual(scan.value!.oversized, [2]);
  });
});

describe('intents: agent_trace.jsonl', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('reads both shapes of the demo, newest first, with absolute line numbers', async () => {
    const tail = await readTraceTail(DEMO_TRACE, { limit: 200 });
    const count = readFileSync(DEMO_TRACE, 'utf8').trim().split('\n').length;
    assert.deepStrictEqual(tail.problems, []);
    assert.strictEqual(tail.complete, true);
    assert.strictEqual(tail.entries.length, count);
    assert.deepStrictEqual(tail.entries.map((e) => e.line), Array.from({ length: count }, (_, i) => count - i));
    const flat = tail.entries.find((e) => e.traceId === '3f8d2a61-7b4c-4c19-9e05-b2a6d8c4f713')!;
    assert.deepStrictEqual([flat.shape, flat.action, flat.intentId, flat.files, flat.vcsRef, flat.contentHash],
      ['flat', 'AST_REFACTOR', 'INT-001', ['src/auth/session.ts'], 'd93b6e1', 'sha256:5c645ad503f21b2a0a0d1cf534bdcdd86dbd800d0af1176d7afcba370fa0a6cc']);
    const violation = tail.entries.find((e) => e.action === 'SCOPE_VIOLATION')!;
    assert.deepStrictEqual([violation.shape, violation.status, violation.files, violation.sessionId],
      ['spec', 'DENIED', ['src/app.ts'], 'roo-sess-20260114-0940']);
    assert.match(violation.error!, /may not write src\/app.ts/);
    const na = tail.entries.find((e) => e.traceId === 'b7e05c3d-91a2-4f6b-8d47-0c3e6a9f2d18')!;
    assert.strictEqual(na.contentHash, 'n/a');
  });

  it('treats a partial last line as a write in progress, not an error', async () => {
    ws = new TempWorkspace({ 'agent_trace.jsonl': `${spec(1)}\n${spec(2)}\n{"timestamp":"2026-01-0` });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 10 });
    assert.deepStrictEqual(tail.problems, []);
    assert.strictEqual(tail.writeInProgress, true);
    assert.deepStrictEqual(tail.entries.map((e) => e.summary), ['wrote 2', 'wrote 1']);
  });

  it('reports bad lines with their line number, keeps every good line, and takes fields of an odd type silently', async () => {
    ws = new TempWorkspace({ 'agent_trace.jsonl': [spec(1), '{"broken": ', spec(3), '[1,2]', '', spec(6), '{"timestamp": 5, "action_type": "ERROR", "result": {"status": 1}}'].join('\n') + '\n' });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 10 });
    assert.strictEqual(tail.writeInProgress, false);
    assert.deepStrictEqual(tail.entries.map((e) => e.line), [7, 6, 3, 1]);
    assert.deepStrictEqual([tail.entries[0]!.timestamp, tail.entries[0]!.status], ['5', '1']);
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.severity, p.message.split(' (')[0]]), [
      [4, 'error', 'a trace line should be a JSON object'],
      [2, 'error', 'not valid JSON'],
    ]);
  });

  it('counts lines before the tail it read when the file is small, so numbers stay absolute', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => spec(i + 1));
    lines[1990] = 'garbage';
    ws = new TempWorkspace({ 'agent_trace.jsonl': lines.join('\n') + '\n' });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 20 });
    assert.strictEqual(tail.complete, false);
    assert.strictEqual(tail.entries[0]!.line, 2000);
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.fromEnd]), [[1991, 10]]);
    // With nothing to report, the start of the file is not read at all: entries keep only their place from the end.
    lines[1990] = spec(1991);
    ws.write('agent_trace.jsonl', lines.join('\n') + '\n');
    const clean = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 20 });
    assert.deepStrictEqual([clean.entries[0]!.line, clean.entries[0]!.fromEnd, clean.entries[19]!.fromEnd], [null, 1, 20]);
    assert.ok(clean.bytesRead < clean.size / 4, `read ${clean.bytesRead} of ${clean.size} bytes`);
  });

  it('says "from the end" when a huge file makes absolute numbers costly', async () => {
    const line = spec(0);
    const body = Buffer.alloc(SMALL_TRACE_BYTES + 1024, `${line}\n`);
    ws = new TempWorkspace({ 'agent_trace.jsonl': Buffer.concat([body.subarray(0, body.lastIndexOf(10) + 1), Buffer.from(`not json\n${spec(9)}\n`)]) });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 5 });
    assert.strictEqual(tail.entries[0]!.line, null);
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.fromEnd]), [[null, 2]]);
    assert.ok(tail.bytesRead < 200 * 1024, `read ${tail.bytesRead} bytes of ${tail.size}`);
  });

  it('filters by intent within a byte budget', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => spec(i, i % 100 === 0 ? 'RARE' : 'COMMON'));
    ws = new TempWorkspace({ 'agent_trace.jsonl': lines.join('\n') + '\n' });
    const rare = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 3, intentId: 'RARE' });
    assert.deepStrictEqual(rare.entries.map((e) => e.fromEnd), [100, 200, 300], 'lines 2901, 2801 and 2701 of 3000');
    const bounded = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 1000, intentId: 'RARE', maxBytes: 64 * 1024 });
    assert.ok(bounded.bytesRead <= 64 * 1024);
    assert.ok(bounded.entries.length > 0 && bounded.entries.length < 30);
  });
});
