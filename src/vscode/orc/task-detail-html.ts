import crypto from 'node:crypto';
import * as vscode from 'vscode';

/** The built front end and the toolkit live in dist/webview/. */
export function webviewAssets(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

/**
 * The panel's page: a strict CSP (scripts only by nonce, styles from the extension or by nonce, images only from the
 * webview's own resource origin — the task folder — or data:), the csp-nonce meta tag the toolkit reads, and no data
 * in the HTML: everything arrives as messages after `ready`.
 */
export function taskDetailHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  const nonce = crypto.randomBytes(16).toString('base64');
  const asset = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(webviewAssets(extensionUri), file)).toString();
  const csp = [`default-src 'none'`, `script-src 'nonce-${nonce}'`, `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `img-src ${webview.cspSource} data:`, `font-src ${webview.cspSource}`].join('; ');
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('task-detail.css')}">
<title>${esc(title)}</title>
</head>
<body>
<main id="root" aria-live="polite"><p class="muted">Loading ${esc(title)}…</p></main>
<script type="module" nonce="${nonce}" src="${asset('toolkit.min.js')}"></script>
<script type="module" nonce="${nonce}" src="${asset('task-detail.js')}"></script>
</body>
</html>`;
}
