import * as assert from 'node:assert';
import fc from 'fast-check';
import { linesFromEnd, linesFromEndSync, type TailScan } from '../../../src/core/io/tail-lines';
import { TempWorkspace } from '../helpers/temp-workspace';
import { FUZZ_RUNS, fuzzParameters, fuzzTimeout } from './fuzz-config';

/**
 * The bounded tail reader (agent_trace.jsonl, orange's history.jsonl, Ultrawork's evidence log all read through
 * it) against the obvious model — split the whole file on `\n` — for random files and random chunk sizes, so
 * every line boundary falls on, before and after a chunk edge.
 */
function model(bytes: Buffer, skipBlank: boolean) {
  const ends = bytes.length > 0 && bytes[bytes.length - 1] === 0x0a;
  const pieces: { bytes: Buffer; offset: number }[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) { pieces.push({ bytes: bytes.subarray(start, i), offset: start }); start = i + 1; }
  if (start < bytes.length) pieces.push({ bytes: bytes.subarray(start), offset: start });
  return pieces.reverse().map((p, i) => {
    const end = p.bytes.length && p.bytes[p.bytes.length - 1] === 0x0d ? p.bytes.length - 1 : p.bytes.length;
    return { text: p.bytes.toString('utf8', 0, end), fromEnd: i + 1, offset: p.offset, unterminated: i === 0 && !ends };
  }).filter((l) => !(skipBlank && /^[ \t\r]*$/.test(l.text)));
}

const lineArb = fc.oneof(
  fc.constantFrom('', ' ', '\t', '\r', ' \r', '{"a":1}', 'é€😀', 'x'.repeat(100)),
  fc.string({ maxLength: 30, unit: 'grapheme' }).map((s) => s.replace(/\n/g, '')),
);

describe('fuzz: the bounded tail reader against a whole-file model', function () {
  this.timeout(fuzzTimeout(FUZZ_RUNS, 5));
  let ws: TempWorkspace;
  before(() => { ws = new TempWorkspace(); });
  after(() => ws.dispose());

  it(`reads the same lines as splitting the file, for ${FUZZ_RUNS * 4} random files and chunk sizes`, async () => {
    const file = ws.path('log.jsonl');
    await fc.assert(fc.asyncProperty(fc.array(lineArb, { maxLength: 40 }), fc.boolean(), fc.integer({ min: 1, max: 70 }), fc.boolean(), fc.integer({ min: 1, max: 45 }),
      async (lines, finalNewline, chunkBytes, skipBlank, take) => {
        const bytes = Buffer.from(lines.join('\n') + (finalNewline && lines.length ? '\n' : ''));
        ws.write('log.jsonl', bytes);
        const scan: { value?: TailScan } = {};
        const got = [];
        for await (const line of linesFromEnd(file, scan, { chunkBytes, skipBlank })) {
          got.push({ text: line.text, fromEnd: line.fromEnd, offset: line.offset, unterminated: line.unterminated });
          if (got.length >= take) break; // stopping early must close the file and keep what was read right
        }
        assert.deepStrictEqual(got, model(bytes, skipBlank).slice(0, take));
        // The synchronous reader (orange's history) gives the same lines and the same scan.
        const syncScan: { value?: TailScan } = {};
        const gotSync = [];
        for (const line of linesFromEndSync(file, syncScan, { chunkBytes, skipBlank })) {
          gotSync.push({ text: line.text, fromEnd: line.fromEnd, offset: line.offset, unterminated: line.unterminated });
          if (gotSync.length >= take) break;
        }
        assert.deepStrictEqual([gotSync, syncScan.value], [got, scan.value]);
        assert.ok(scan.value!.bytesRead <= bytes.length, 'read past the end');
        if (got.length < take && scan.value!.reachedStart) {
          assert.strictEqual(scan.value!.lines, model(bytes, false).length, 'every line, blank or not, is counted');
        }
      }), fuzzParameters(FUZZ_RUNS * 4));
  });
});
