/*
 * Every Baton page reports what its Content-Security-Policy blocks to the host, which writes it to the "Baton"
 * log (src/shared/csp-report-protocol.ts). The listener is added before anything renders, so a violation caused by
 * the first data the host sends is caught too. A page that keeps tripping over the policy sends the first few
 * reports only: the log shows the problem without flooding.
 */
import { CSP_FIELD_MAX } from '../../src/shared/csp-report-limits';
import type { CspViolationMessage } from '../../src/shared/csp-report-protocol';

const MAX_REPORTS = 20;

export function reportCspViolations(post: (message: CspViolationMessage) => void): void {
  let sent = 0;
  const seen = new Set<string>();
  document.addEventListener('securitypolicyviolation', (e) => {
    const report: CspViolationMessage = {
      type: 'cspViolation',
      directive: cut(e.effectiveDirective || e.violatedDirective, CSP_FIELD_MAX.directive),
      blockedUri: cut(e.blockedURI, CSP_FIELD_MAX.blockedUri),
      sample: cut(e.sample, CSP_FIELD_MAX.sample),
      source: cut(e.sourceFile, CSP_FIELD_MAX.source),
      line: Number.isInteger(e.lineNumber) && e.lineNumber >= 0 ? e.lineNumber : 0,
    };
    const key = `${report.directive} ${report.blockedUri} ${report.sample}`;
    if (seen.has(key) || sent >= MAX_REPORTS) return;
    seen.add(key);
    sent++;
    post(report);
  });
}

function cut(text: string | null | undefined, max: number): string {
  const s = (text ?? '').replace(/\s+/g, ' '); // one line in the log
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
