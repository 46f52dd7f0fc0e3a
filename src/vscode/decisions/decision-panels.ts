import * as vscode from 'vscode';
import { decisionKey } from '../../core/model/items';
import { decisionsToAnswer } from '../places/decisions-elsewhere';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { DecisionsController } from './decisions-controller';
import { webviewHtml, webviewOptions } from './webview-html';

export const DECISION_PANEL = 'baton.decision';

/**
 * The same form as the inbox, one decision per editor tab. A panel restored after a reload finds its decision
 * again through the key the page saved in its state.
 */
export class DecisionPanels extends Disposable {
  private readonly panels = new Map<string, { panel: vscode.WebviewPanel; controller: DecisionsController }>();

  constructor(private readonly extensionUri: vscode.Uri, private readonly service: OrchestrationService) {
    super();
    this._register(vscode.window.registerWebviewPanelSerializer(DECISION_PANEL, {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const key = (state as { focus?: unknown } | undefined)?.focus;
        if (typeof key !== 'string') { panel.dispose(); return; }
        this.attach(panel, key);
      },
    }));
  }

  /** Opens (or reveals) the panel of a decision. */
  open(key: string): vscode.WebviewPanel | undefined {
    const existing = this.panels.get(key);
    if (existing) { existing.panel.reveal(); return existing.panel; }
    const decision = decisionsToAnswer(this.service).find((d) => decisionKey(d) === key);
    if (!decision) {
      void vscode.window.showInformationMessage('That decision is no longer pending: it was answered, or its file is gone. Needs You lists what still waits.');
      return undefined;
    }
    const panel = vscode.window.createWebviewPanel(DECISION_PANEL, `Answer ${decision.id}`, vscode.ViewColumn.Active, webviewOptions(this.extensionUri));
    this.attach(panel, key);
    return panel;
  }

  /** The controller of a decision's open panel (tests drive it). */
  controllerFor(key: string): DecisionsController | undefined {
    return this.panels.get(key)?.controller;
  }

  private attach(panel: vscode.WebviewPanel, key: string): void {
    panel.webview.options = webviewOptions(this.extensionUri);
    const controller = new DecisionsController(panel.webview, this.service, { mode: 'single', focus: key, openPanel: (k) => this.open(k) });
    panel.webview.html = webviewHtml(panel.webview, this.extensionUri, 'decisions', panel.title);
    this.panels.set(key, { panel, controller });
    panel.onDidDispose(() => {
      controller.dispose();
      if (this.panels.get(key)?.panel === panel) this.panels.delete(key);
    });
  }

  override dispose(): void {
    for (const { panel } of [...this.panels.values()]) panel.dispose();
    super.dispose();
  }
}
