import * as assert from 'node:assert';
import { fromIntentMapWebview } from '../../../src/shared/intent-map-protocol';
import { parseFromWebview } from '../../../src/shared/protocol';

describe('intent map webview protocol', () => {
  it('accepts the three messages the page sends', () => {
    for (const m of [{ type: 'ready' }, { type: 'refresh' }, { type: 'openFile', file: 'src/auth/login.ts' }]) {
      assert.deepStrictEqual(parseFromWebview(fromIntentMapWebview, m), { ok: true, message: m });
    }
  });

  it('refuses anything else before a handler sees it', () => {
    for (const bad of [null, 'ready', {}, { type: 'delete', file: 'x' }, { type: 'openFile' }, { type: 'openFile', file: '' },
      { type: 'openFile', file: 42 }, { type: 'openFile', file: 'a', extra: true }, { type: 'refresh', now: 1 },
      { type: 'openFile', file: 'x'.repeat(5000) }]) {
      assert.strictEqual(parseFromWebview(fromIntentMapWebview, bad).ok, false, JSON.stringify(bad).slice(0, 60));
    }
  });
});
