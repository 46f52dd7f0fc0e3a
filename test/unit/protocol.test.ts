import * as assert from 'node:assert';
import { fromWebview, parseFromWebview } from '../../src/shared/protocol';

describe('webview protocol', () => {
  it('accepts a valid message', () => {
    assert.deepStrictEqual(parseFromWebview(fromWebview, { type: 'openFile', file: 'src/a.ts' }),
      { ok: true, message: { type: 'openFile', file: 'src/a.ts' } });
  });

  for (const [what, raw] of [['unknown type', { type: 'runShell', cmd: 'rm -rf /' }], ['extra field', { type: 'ready', x: 1 }],
    ['wrong field type', { type: 'openFile', file: 42 }], ['not an object', '<script>'], ['null', null]] as const) {
    it(`refuses ${what}`, () => {
      const parsed = parseFromWebview(fromWebview, raw);
      assert.strictEqual(parsed.ok, false);
    });
  }
});
