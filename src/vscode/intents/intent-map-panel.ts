import path from 'node:path';
import * as vscode from 'vscode';
import { existingIntentsFile } from '../../core/formats/intents/paths';
import { containedPath } from '../../core/io/contained-path';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { fromIntentMapWebview, type ToIntentMapWebview } from '../../shared/intent-map-protocol';
import { parseFromWebview } from '../../shared/protocol';
import { webviewHtml, webviewOptions } from '../decisions/webview-html';
import { onOwnershipChange, touchesIntents } from './owners';
import { receiveFromWebview } from '../webviews/webview-messages';

interface OpenPanel {
  readonly panel: vscode.WebviewPanel;
  ready: boolean;
}

/**
 * The Intent Map: intent_map.md of one workspace folder as a sortable, filterable table with each file's drift
 * (recorded hash against its current sha256). One panel per folder; it is re-sent when the intents files change.
 * Everything the page sends is validated with zod; a file it asks to open must resolve inside the folder.
 */
export class IntentMapPanels extends Disposable {
  private readonly panels = new Map<string, OpenPanel>();
  private readonly scheduled = new Set<string>();
  private readonly postedEmitter = this._register(new vscode.EventEmitter<{ root: string; message: ToIntentMapWebview }>());
  /** Fires after each message the host posts (tests wait on it). */
  readonly onDidPost = this.postedEmitter.event;

  constructor(private readonly service: OrchestrationService, private readonly extensionUri: vscode.Uri) {
    super();
    this._register(service.onDidChange((change) => { if (touchesIntents(change)) this.schedule(change.root); }));
    this._register(onOwnershipChange(service, (root) => this.schedule(root)));
  }

  open(root: string): vscode.WebviewPanel {
    const existing = this.panels.get(root);
    if (existing) { existing.panel.reveal(); return existing.panel; }
    const title = this.service.folders.length > 1 ? `Intent Map: ${path.basename(root)}` : 'Intent Map';
    const panel = vscode.window.createWebviewPanel('baton.intentMap', title, vscode.ViewColumn.Active,
      { ...webviewOptions(this.extensionUri), retainContextWhenHidden: false });
    const entry: OpenPanel = { panel, ready: false };
    this.panels.set(root, entry);
    panel.onDidDispose(() => this.panels.delete(root));
    receiveFromWebview(panel.webview, 'Intent Map', (raw: unknown) => this.receive(root, entry, raw));
    panel.webview.html = webviewHtml(panel.webview, this.extensionUri, 'intent-map', title);
    return panel;
  }

  private async receive(root: string, entry: OpenPanel, raw: unknown): Promise<void> {
    const parsed = parseFromWebview(fromIntentMapWebview, raw);
    if (!parsed.ok) { console.warn(`baton: intent map sent an invalid message (${parsed.error}); ignored`); return; }
    const message = parsed.message;
    switch (message.type) {
      case 'ready': entry.ready = true; await this.post(root); break;
      case 'refresh': await this.service.fileChanged(existingIntentsFile(root, 'map')); await this.post(root); break;
      case 'openFile': {
        const inside = await containedPath(root, message.file, { what: 'the workspace folder' });
        if (!inside.ok) { void vscode.window.showWarningMessage(`Baton will not open ${message.file}: ${inside.reason}.`); return; }
        try {
          await vscode.window.showTextDocument(vscode.Uri.file(inside.absolute), { preview: true, viewColumn: vscode.ViewColumn.Beside });
        } catch {
          void vscode.window.showWarningMessage(`${inside.relative} does not exist (the intent map still lists it).`);
        }
        break;
      }
    }
  }

  /** Both listeners may fire for one change: the rows are sent once. */
  private schedule(root: string): void {
    if (!this.panels.get(root)?.ready || this.scheduled.has(root)) return;
    this.scheduled.add(root);
    queueMicrotask(() => { this.scheduled.delete(root); void this.post(root); });
  }

  private async post(root: string): Promise<void> {
    const open = this.panels.get(root);
    if (!open) return;
    let message: ToIntentMapWebview;
    try {
      const rows = await this.service.intents.intentMap(root);
      const mapFound = this.service.records('intents').some((r) => r.root === root && r.file === existingIntentsFile(root, 'map'));
      message = { type: 'rows', folder: path.basename(root), rows: rows.map(({ absolute: _absolute, ...row }) => row), mapFound };
    } catch (err) {
      message = { type: 'error', message: `Baton could not read the intent map: ${(err as Error).message}` };
    }
    await open.panel.webview.postMessage(message);
    this.postedEmitter.fire({ root, message });
  }

  override dispose(): void {
    for (const { panel } of [...this.panels.values()]) panel.dispose();
    super.dispose();
  }
}
