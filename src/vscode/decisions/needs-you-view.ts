import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { Emitter } from '../../core/util/event';
import { DecisionsController } from './decisions-controller';
import { webviewHtml, webviewOptions } from './webview-html';

export const NEEDS_YOU_VIEW = 'baton.needsYou';

/**
 * The "Needs you" sidebar view: every pending decision across systems, each answerable in place. How many there
 * are is the activity-bar badge, which a tree view carries (a webview view's badge waits for the sidebar to open). The page is rebuilt when the view is shown again; what was typed survives in
 * the webview's state and the data is re-sent.
 */
export class NeedsYouViewProvider extends Disposable implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private controller: DecisionsController | undefined;
  private readonly resolveEmitter = this._register(new Emitter<DecisionsController>());
  /** Fires when the view's page is (re)built, with its controller. */
  readonly onDidResolve = this.resolveEmitter.event;

  constructor(private readonly extensionUri: vscode.Uri, private readonly service: OrchestrationService,
    private readonly openPanel: (key: string) => void) {
    super();
  }

  /** The controller of the live page (undefined while the view was never shown or is disposed). */
  get current(): DecisionsController | undefined {
    return this.controller;
  }

  /** The count of decisions is the activity-bar badge, set on a tree view from activation (attention-badge.ts). */
  badgeSource: { readonly badge: vscode.ViewBadge | undefined } | undefined;

  get badge(): vscode.ViewBadge | undefined {
    return this.badgeSource?.badge;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = webviewOptions(this.extensionUri);
    this.controller?.dispose();
    const controller = this.controller = new DecisionsController(view.webview, this.service, { mode: 'inbox', focus: null, openPanel: this.openPanel });
    view.webview.html = webviewHtml(view.webview, this.extensionUri, 'decisions', 'Needs you', 'sidebar');
    view.onDidDispose(() => {
      controller.dispose();
      if (this.controller === controller) { this.controller = undefined; this.view = undefined; }
    });
    this.resolveEmitter.fire(controller);
  }

  override dispose(): void {
    this.controller?.dispose();
    super.dispose();
  }
}
