import * as vscode from 'vscode';
import { cspViolationMessage, isCspViolationReport } from '../../shared/csp-report-protocol';
import { parseFromWebview } from '../../shared/protocol';

/*
 * The one door for messages from Baton's webviews: CSP reports (which every page sends, see
 * webview-ui/common/csp-reports.ts) are validated and written to the "Baton" log here; everything else goes to the
 * page's own handler, which validates it against its feature's protocol.
 */
let log: vscode.LogOutputChannel | undefined;

/** The "Baton" log channel, set once by activate(). */
export function setWebviewLog(channel: vscode.LogOutputChannel): void {
  log = channel;
}

/** `page` names the webview in the log ("task detail", "Needs you", …). */
export function receiveFromWebview(webview: vscode.Webview, page: string, handler: (raw: unknown) => unknown): vscode.Disposable {
  return webview.onDidReceiveMessage((raw: unknown) => {
    if (isCspViolationReport(raw)) logCspViolation(page, raw);
    else handler(raw);
  });
}

/** Writes a CSP report of `page` to the log as a warning (exported for the extension-host tests). */
export function logCspViolation(page: string, raw: unknown): string {
  const parsed = parseFromWebview(cspViolationMessage, raw);
  const line = parsed.ok
    ? `${page} webview: the Content-Security-Policy blocked ${parsed.message.directive} ` +
      `(${parsed.message.blockedUri || 'inline'}${parsed.message.sample ? ` "${parsed.message.sample}"` : ''})` +
      `${parsed.message.source ? ` from ${parsed.message.source}:${parsed.message.line}` : ''}; ` +
      'Baton pages show data as text only, so markup or a script reached the page'
    : `${page} webview: refused an invalid CSP report (${parsed.error})`;
  const oneLine = line.replace(/\s+/g, ' '); // a page's sample may hold line breaks; the log reads one line per report
  if (log) log.warn(oneLine); else console.warn(`baton: ${oneLine}`);
  return oneLine;
}
