import * as assert from 'node:assert';
import { CSP_FIELD_MAX } from '../../src/shared/csp-report-limits';
import { cspViolationMessage, isCspViolationReport } from '../../src/shared/csp-report-protocol';
import { parseFromWebview } from '../../src/shared/protocol';

/** What webview-ui/common/csp-reports.ts sends when the policy blocks an inline script. */
const REPORT = { type: 'cspViolation', directive: 'script-src-elem', blockedUri: 'inline', sample: "self.batonXss='deliberate'",
  source: 'https://example.vscode-cdn.net/index.html', line: 12 };

describe('CSP reports from webviews', () => {
  it('accepts the report a page sends', () => {
    assert.deepStrictEqual(parseFromWebview(cspViolationMessage, REPORT), { ok: true, message: REPORT });
    assert.strictEqual(isCspViolationReport(REPORT), true);
  });

  for (const [what, raw] of [
    ['an extra field', { ...REPORT, html: '<img src=x onerror=alert(1)>' }],
    ['a sample longer than a page cuts it', { ...REPORT, sample: 'x'.repeat(CSP_FIELD_MAX.sample + 1) }],
    ['a negative line', { ...REPORT, line: -1 }],
    ['a missing field', { type: 'cspViolation', directive: 'img-src' }],
  ] as const) {
    it(`refuses ${what}`, () => assert.strictEqual(parseFromWebview(cspViolationMessage, raw).ok, false));
  }

  it('tells a claimed report from the pages\' other messages, whatever else it holds', () => {
    assert.strictEqual(isCspViolationReport({ type: 'cspViolation', junk: true }), true); // routed, then refused by the schema
    for (const raw of [{ type: 'ready' }, null, 'cspViolation', 42, { kind: 'cspViolation' }]) assert.strictEqual(isCspViolationReport(raw), false);
  });
});
