import * as vscode from 'vscode';
import { decisionKey } from '../../core/model/items';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { Emitter } from '../../core/util/event';
import { fromDecisionsWebview, type ToDecisionsWebview } from '../../shared/decisions-protocol';
import { parseFromWebview } from '../../shared/protocol';
import { receiveFromWebview } from '../webviews/webview-messages';
import { performAnswer } from './answer-action';
import { decisionView } from './decision-views';
import { decisionPlaceLabel, decisionsToAnswer } from '../places/decisions-elsewhere';
import type { Decision } from '../../core/service/work-item';
import type { DecisionView } from '../../shared/decisions-protocol';
import { showWithCopy } from '../orc/orc-cli-host';

export interface ControllerOptions {
  readonly mode: 'inbox' | 'single';
  /** The decision a panel shows (single mode). */
  readonly focus: string | null;
  readonly openPanel: (key: string) => void;
}

/** What the last message from the webview led to (tests read it; nothing else depends on it). */
export type Handled = { readonly ok: true; readonly type: string } | { readonly ok: false; readonly error: string };

/**
 * Binds one webview (the sidebar view or a panel) to the service: posts the pending decisions after the
 * webview's `ready` and whenever they change, and acts on what the webview sends — only after zod validated it.
 */
export class DecisionsController extends Disposable {
  private ready = false;
  private lastHandled: Handled | undefined;
  private readonly postEmitter = this._register(new Emitter<ToDecisionsWebview>());
  /** Fires with every message posted to the webview (tests wait on it instead of sleeping). */
  readonly onDidPost = this.postEmitter.event;

  constructor(private readonly webview: vscode.Webview, private readonly service: OrchestrationService, private readonly options: ControllerOptions) {
    super();
    this._register(receiveFromWebview(webview, options.mode === 'inbox' ? 'Needs you' : 'decision panel', (raw) => void this.receive(raw)));
    this._register(service.onDidChange((change) => { if (change.decisionsChanged) this.post(); }));
    // Decisions waiting in other worktrees (issue 20) come and go with those places.
    this._register(service.places.onDidChange(() => this.post()));
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.post()));
  }

  get handled(): Handled | undefined {
    return this.lastHandled;
  }

  /** Everything the webview sends comes through here; an invalid message is refused before any handler. */
  async receive(raw: unknown): Promise<Handled> {
    const parsed = parseFromWebview(fromDecisionsWebview, raw);
    if (!parsed.ok) {
      console.warn(`baton: refused a message from the decisions webview: ${parsed.error}`);
      return this.lastHandled = { ok: false, error: parsed.error };
    }
    const message = parsed.message;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post();
        break;
      case 'answer': {
        const outcome = await performAnswer(this.service, message.key, message.version, message.answer);
        this.send({ type: 'answerResult', requestId: message.requestId, key: message.key, ok: outcome.ok, message: outcome.message });
        // An orc gate orc could not answer here names the command to run by hand, with a button to copy it.
        if (!outcome.ok) showWithCopy(outcome.message, 'manualCommand' in outcome ? outcome.manualCommand : undefined);
        break;
      }
      case 'openSource': {
        const d = decisionsToAnswer(this.service).find((x) => decisionKey(x) === message.key);
        // A gate of orc's database has no file to open (its `file` is the database): its task's detail shows it.
        if (d?.system === 'orc' && d.era === 'db') {
          const task = this.service.items().find((i) => i.system === 'orc' && i.kind === 'task' && i.root === d.root && i.id === d.taskId);
          if (task) await vscode.commands.executeCommand('baton.showTaskDetail', { task });
          break;
        }
        if (d) await vscode.window.showTextDocument(vscode.Uri.file(d.file), { preview: true, viewColumn: vscode.ViewColumn.Active });
        break;
      }
      case 'openPanel':
        this.options.openPanel(message.key);
        break;
    }
    return this.lastHandled = { ok: true, type: message.type };
  }

  /** Sends the current decisions (the host always re-sends data; the webview keeps only UI state). */
  post(): void {
    if (!this.ready || this.isDisposed) return;
    this.send(this.snapshot());
  }

  get isReady(): boolean {
    return this.ready;
  }

  private send(message: ToDecisionsWebview): void {
    void this.webview.postMessage(message);
    this.postEmitter.fire(message);
  }

  /**
   * With decisions waiting in other worktrees, each decision goes under a heading saying where it is: the folder's
   * own under "This folder" (or the folder's name in a window of several), another worktree's under its label.
   */
  private withPlace(d: Decision): DecisionView {
    const view = decisionView(d);
    const label = decisionPlaceLabel(this.service, d);
    if (label && d.elsewhere?.worktree !== undefined) return { ...view, folder: { name: label, path: d.elsewhere.worktree } };
    return view.folder ? view : { ...view, folder: { name: 'This folder', path: d.root } };
  }

  snapshot(): ToDecisionsWebview {
    const decisions = decisionsToAnswer(this.service);
    const placed = decisions.some((d) => d.elsewhere);
    return { type: 'decisions', decisions: decisions.map((d) => (placed ? this.withPlace(d) : decisionView(d))), trusted: vscode.workspace.isTrusted,
      mode: this.options.mode, focus: this.options.focus };
  }
}
