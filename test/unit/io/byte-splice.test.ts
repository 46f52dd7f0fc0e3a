import * as assert from 'node:assert';
import { spliceEdit, textForEdit } from '../../../src/core/io/byte-splice';

/** A text edit made the way the orc editors make it: on `textForEdit`, replacing one value. */
function edited(bytes: Buffer, from: string, to: string): Buffer {
  const text = textForEdit(bytes);
  assert.ok(text.includes(from), `the test's text has ${from}`);
  return spliceEdit(bytes, text.replace(from, to));
}

describe('byte-exact edits (byte-splice)', () => {
  it('keeps invalid UTF-8, a BOM and CRLF line endings outside the edited span byte for byte', () => {
    const head = Buffer.concat([Buffer.from('\ufeffid: TASK-001\r\ntitle: caf', 'utf8'), Buffer.from([0xe9, 0xff]), Buffer.from('\r\n')]);
    const tail = Buffer.concat([Buffer.from('\r\nnote: ', 'utf8'), Buffer.from([0xc3, 0x28, 0xf0, 0x9f, 0x98]), Buffer.from(' 😀 end\r\n')]);
    const original = Buffer.concat([head, Buffer.from('priority: normal'), tail]);
    const out = edited(original, 'priority: normal', 'priority: high');
    assert.deepStrictEqual(out, Buffer.concat([head, Buffer.from('priority: high'), tail]));
  });

  it('gives new lines the line ending most of the file has (CRLF here), and LF in an LF file', () => {
    const crlf = Buffer.from('id: TASK-001\r\ntitle: a\r\n');
    assert.strictEqual(edited(crlf, 'title: a\n', 'title: a\nupdated_at: x\n').toString('latin1'), 'id: TASK-001\r\ntitle: a\r\nupdated_at: x\r\n');
    const lf = Buffer.from('id: TASK-001\ntitle: a\r\nx: 1\n');
    assert.strictEqual(edited(lf, 'x: 1\n', 'x: 1\ny: 2\n').toString('latin1'), 'id: TASK-001\ntitle: a\r\nx: 1\ny: 2\n', 'a mixed line elsewhere is kept');
  });

  it('replaces an invalid byte only where the edit itself rewrote it; splits no surrogate pair', () => {
    const original = Buffer.concat([Buffer.from('title: a'), Buffer.from([0x80]), Buffer.from('\nx: 😀\n')]);
    const text = textForEdit(original);
    assert.deepStrictEqual(spliceEdit(original, text.replace('a\ufffd', 'b')), Buffer.from('title: b\nx: 😀\n'));
    // 😀 → 😁 differ in the low surrogate only: the whole character is written.
    assert.deepStrictEqual(spliceEdit(original, text.replace('😀', '😁')), Buffer.concat([Buffer.from('title: a'), Buffer.from([0x80]), Buffer.from('\nx: 😁\n')]));
  });

  it('matches Node\'s decoder on every short byte sequence (so the splice never misplaces bytes)', () => {
    const alphabet = [0x41, 0x0a, 0x0d, 0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xff, 0xa0, 0x9f, 0x90];
    for (let i = 0; i < 20000; i++) {
      const n = 1 + (i % 7);
      const bytes = Buffer.from(Array.from({ length: n }, (_, k) => alphabet[(i * 7919 + k * 104729 + (i >> k)) % alphabet.length]!));
      const text = textForEdit(bytes);
      // Appending at the end: everything before must stay as it was.
      const out = spliceEdit(bytes, text + 'Z');
      assert.deepStrictEqual(out.subarray(0, bytes.length), bytes, bytes.toString('hex'));
    }
  });
});
