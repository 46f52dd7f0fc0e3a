import * as vscode from 'vscode';
import { webviewAssetRoot, webviewHtml } from '../decisions/webview-html';

/** The built front end and the toolkit live in dist/webview/. */
export function webviewAssets(extensionUri: vscode.Uri): vscode.Uri {
  return webviewAssetRoot(extensionUri);
}

/**
 * The detail panel's page: the shared strict-CSP page of every Baton webview (images only from the webview's own
 * resource origin — the task folder — or data:), with no data in the HTML: everything arrives as messages after
 * `ready`.
 */
export function taskDetailHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  return webviewHtml(webview, extensionUri, 'task-detail', title);
}
