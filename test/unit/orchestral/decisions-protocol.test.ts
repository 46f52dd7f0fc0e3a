import * as assert from 'node:assert';
import { fromDecisionsWebview } from '../../../src/shared/decisions-protocol';
import { parseFromWebview } from '../../../src/shared/protocol';

const good = {
  type: 'answer', requestId: 'r1', key: '/ws\u0000orchestral\u0000crp\u0000.orchestral/runs/run-1/crp-001', version: 'abc:def',
  answer: { form: 'crp', decision: 'B', rationale: 'why', additionalNotes: '', appliesToFuture: false },
};

describe('decisions webview protocol', () => {
  it('accepts a well-formed answer, ready, openSource and openPanel', () => {
    for (const message of [good, { ...good, answer: { ...good.answer, decision: { q1: 'A', q2: 'B' } } }, { type: 'ready' },
      { type: 'openSource', key: good.key }, { type: 'openPanel', key: good.key }]) {
      const parsed = parseFromWebview(fromDecisionsWebview, message);
      assert.ok(parsed.ok, JSON.stringify(parsed));
    }
  });

  it('rejects anything else, with a reason, before a handler sees it', () => {
    const bad: [unknown, RegExp][] = [
      [null, /message/],
      ['answer', /message/],
      [{ type: 'write', file: '/etc/passwd' }, /type/],
      [{ ...good, extra: 1 }, /extra|Unrecognized/i],
      [{ ...good, key: '' }, /key/],
      [{ ...good, key: 'k'.repeat(5000) }, /key/],
      [{ ...good, requestId: undefined }, /requestId/],
      [{ ...good, version: 42 }, /version/],
      [{ ...good, answer: { ...good.answer, form: 'gate' } }, /answer/],
      [{ ...good, answer: { ...good.answer, decision: '' } }, /decision/],
      [{ ...good, answer: { ...good.answer, decision: '__proto__' } }, /decision/],
      [{ ...good, answer: { ...good.answer, decision: JSON.parse('{"__proto__":"A"}') } }, /decision/],
      [{ ...good, answer: { ...good.answer, decision: {} } }, /decision/],
      [{ ...good, answer: { ...good.answer, decision: ['A'] } }, /decision/],
      [{ ...good, answer: { ...good.answer, decision: { q1: 7 } } }, /decision/],
      [{ ...good, answer: { ...good.answer, rationale: 'x'.repeat(20_001) } }, /rationale/],
      [{ ...good, answer: { ...good.answer, appliesToFuture: 'true' } }, /appliesToFuture/],
      [{ ...good, answer: { ...good.answer, path: '../../x' } }, /Unrecognized|path/i],
      [{ type: 'openSource', key: good.key, file: '/etc/passwd' }, /Unrecognized|file/i],
    ];
    for (const [message, reason] of bad) {
      const parsed = parseFromWebview(fromDecisionsWebview, message);
      assert.strictEqual(parsed.ok, false, `accepted ${JSON.stringify(message)?.slice(0, 120)}`);
      assert.match(!parsed.ok ? parsed.error : '', reason, JSON.stringify(message)?.slice(0, 120));
    }
  });
});
