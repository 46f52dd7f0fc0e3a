import * as z from 'zod';
import { CSP_FIELD_MAX } from './csp-report-limits';

/*
 * A webview telling the host that its Content-Security-Policy blocked something (a `securitypolicyviolation`
 * event). Baton's pages build every text with textContent and load only their own nonce'd scripts, so a report
 * means markup or a script reached a page that should never have held it: the host writes it to the "Baton" log.
 * Every page sends these (webview-ui/common/csp-reports.ts); the host routes them before the page's own handler
 * (src/vscode/webviews/webview-messages.ts), so no feature protocol needs to list them.
 */

export const cspViolationMessage = z.object({
  type: z.literal('cspViolation'),
  /** The directive that blocked it, e.g. `script-src-elem` or `img-src`. */
  directive: z.string().max(CSP_FIELD_MAX.directive),
  /** What was blocked: a URL, or `inline` / `eval` for code in the page. */
  blockedUri: z.string().max(CSP_FIELD_MAX.blockedUri),
  /** The first characters of the blocked inline code, when the policy allows a sample (else empty). */
  sample: z.string().max(CSP_FIELD_MAX.sample),
  /** The script or document the violation came from, with its line (0 when unknown). */
  source: z.string().max(CSP_FIELD_MAX.source),
  line: z.number().int().min(0).max(10_000_000),
}).strict();
export type CspViolationMessage = z.infer<typeof cspViolationMessage>;

/** Whether a raw message from a webview claims to be a CSP report (it is still validated before use). */
export function isCspViolationReport(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'cspViolation';
}
