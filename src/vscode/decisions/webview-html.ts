import crypto from 'node:crypto';
import * as vscode from 'vscode';

/** Where the bundled front ends live; webviews may load nothing else. */
export function webviewAssetRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [webviewAssetRoot(extensionUri)] };
}

/**
 * The page of a bundled front end (webview-ui/<name>/) under a strict CSP: scripts only with this page's
 * nonce (from crypto.randomBytes), styles from the extension or with the nonce, no inline handlers, no eval.
 * The csp-nonce meta tag lets the toolkit's components use the nonce for their own probes. `place` tells the page's
 * CSS what it is painted on (webview-ui/common/page.css): an editor tab, or the side bar (a webview view).
 */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, name: string, title: string, place: 'editor' | 'sidebar' = 'editor'): string {
  const nonce = crypto.randomBytes(16).toString('hex');
  const asset = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(webviewAssetRoot(extensionUri), file)).toString();
  const csp = [`default-src 'none'`, `script-src 'nonce-${nonce}' 'report-sample'`, `style-src ${webview.cspSource} 'nonce-${nonce}' 'report-sample'`,
    `img-src ${webview.cspSource} data:`, `font-src ${webview.cspSource}`].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset(`${name}.css`)}">
<title>${escapeHtml(title)}</title>
</head>
<body data-place="${place}">
<div id="root"></div>
<script type="module" nonce="${nonce}" src="${asset('toolkit.min.js')}"></script>
<script type="module" nonce="${nonce}" src="${asset(`${name}.js`)}"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
