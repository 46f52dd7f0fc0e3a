import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import { itemKey } from '../../core/model/items';
import type { IndexChange, OrchestrationService } from '../../core/service/orchestration-service';
import type { WorkItem } from '../../core/service/work-item';
import { Disposable } from '../../core/util/disposable';
import type { BoardCard } from '../../shared/board/board-model';
import { fromBoardWebview, type ToBoardWebview } from '../../shared/board-protocol';
import { parseFromWebview } from '../../shared/protocol';
import { webviewHtml, webviewOptions } from '../decisions/webview-html';
import { folderName } from '../folder-item';
import { UNTRUSTED_MESSAGE } from '../trust';
import { receiveFromWebview } from '../webviews/webview-messages';
import { performBoardMove } from './board-moves';
import { elsewhereLock, initiativeTitles, orcBoard, orcCard } from './orc-board-cards';

/** workspaceState key: whether the board shows the other worktrees' and branches' tasks (off until the person asks). */
export const SHOW_OTHER_PLACES_KEY = 'baton.board.showOtherPlaces';

/**
 * The Board ("Baton: Open Board"): one editor panel with orc's tasks in columns by status (orc-board-cards.ts builds
 * the system-neutral description, webview-ui/board/ lays it out). After the page's `ready` it gets the whole board
 * once; after that each index change posts only the cards that changed or went away (a `patch`), so one task
 * written on disk moves one card, whatever the size of the board. Moves come back as messages, validated here.
 * The tasks of the folders' other worktrees and branches are shown only when the person turns the board's toggle on
 * (remembered per workspace): each card then says where it lives and is locked; a move for one is refused here.
 */
export class BoardPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  /** Each card as last posted (its JSON), so an unchanged card is never sent again. */
  private readonly sent = new Map<string, string>();
  private readonly postEmitter = this._register(new vscode.EventEmitter<ToBoardWebview>());
  /** Every message posted to the page (tests wait on it). */
  readonly onDidPost = this.postEmitter.event;

  constructor(private readonly service: OrchestrationService, private readonly extensionUri: vscode.Uri, private readonly workspaceState?: vscode.Memento) {
    super();
    this._register({ dispose: () => this.panel?.dispose() });
    this._register(service.onDidChange((change) => this.onIndexChange(change)));
    // Another place changed (a worktree's file, a ref moved, the settings): its cards are posted again, when shown.
    this._register(service.places.onDidChange(() => { if (this.showOthers) this.postBoard(); }));
    this._register(service.onDidReconfigure(() => this.postBoard()));
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.postBoard()));
  }

  /** The cards the page holds now, as posted (tests). */
  cards(): BoardCard[] {
    return [...this.sent.values()].map((json) => JSON.parse(json) as BoardCard);
  }

  /** Whether the other worktrees' and branches' tasks are shown (the board's toggle). */
  get showOthers(): boolean {
    return this.workspaceState?.get<boolean>(SHOW_OTHER_PLACES_KEY, false) ?? false;
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  show(): vscode.WebviewPanel {
    if (this.panel) { this.panel.reveal(); return this.panel; }
    const panel = vscode.window.createWebviewPanel('baton.board', 'Baton: Board', vscode.ViewColumn.Active, webviewOptions(this.extensionUri));
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'baton.svg');
    this.panel = panel;
    this.ready = false;
    const subscriptions = [
      receiveFromWebview(panel.webview, 'Board', (raw) => this.receive(raw)),
      // A hidden panel's page is unloaded; it says `ready` again when shown, and gets the whole board then.
      panel.onDidChangeViewState(() => { if (!panel.visible) this.ready = false; }),
    ];
    panel.onDidDispose(() => {
      for (const s of subscriptions) s.dispose();
      this.panel = undefined;
      this.ready = false;
      this.sent.clear();
    });
    panel.webview.html = webviewHtml(panel.webview, this.extensionUri, 'board', 'Baton: Board');
    return panel;
  }

  /** A message as the page sends it (validated like every other); the extension-host tests' way in too. */
  async receive(raw: unknown): Promise<void> {
    const parsed = parseFromWebview(fromBoardWebview, raw);
    if (!parsed.ok) { console.warn(`baton: the Board sent an invalid message (${parsed.error}); ignored`); return; }
    const msg = parsed.message;
    if (msg.type === 'ready') { this.ready = true; this.postBoard(); return; }
    if (msg.type === 'showOtherPlaces') {
      await this.workspaceState?.update(SHOW_OTHER_PLACES_KEY, msg.show);
      this.postBoard();
      return;
    }
    const task = this.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && itemKey(i) === msg.key)
      ?? this.elsewhereTask(msg.key);
    if (msg.type === 'open') {
      if (!task) { this.post({ type: 'notice', level: 'error', message: 'That task is no longer there.' }); return; }
      await vscode.commands.executeCommand('baton.showTaskDetail', { task });
      return;
    }
    // Another place's task is never moved from here: the page shows its card locked; a move that arrives anyway is refused.
    if (task?.elsewhere) {
      const reason = elsewhereLock(task);
      void vscode.window.showWarningMessage(`Baton: ${reason}`);
      this.post({ type: 'notice', level: 'error', message: reason });
      return;
    }
    const outcome = await performBoardMove(this.service, msg);
    this.post({ type: 'notice', level: outcome.ok ? 'info' : 'error', message: outcome.message });
  }

  private postBoard(): void {
    if (!this.panel || !this.ready) return;
    const available = this.service.places.active;
    const shown = available && this.showOthers;
    const board = orcBoard(this.service.items(), folderName, this.service.folders.length > 1, shown ? this.elsewhere() : []);
    this.sent.clear();
    for (const card of board.cards) this.sent.set(card.key, JSON.stringify(card));
    const trusted = vscode.workspace.isTrusted;
    this.post({ type: 'board', board, writable: trusted, readOnlyReason: trusted ? null : UNTRUSTED_MESSAGE,
      otherPlaces: { available, shown: this.showOthers } });
  }

  /** The other places' items of each folder (those that differ from the folder's own). */
  private elsewhere(): { folder: string; items: readonly WorkItem[] }[] {
    return this.service.folders.map((folder) => ({ folder, items: this.service.places.elsewhere(folder).items }));
  }

  /** A card of another place, by its key (only while the board shows them). */
  private elsewhereTask(key: string): OrcTask | undefined {
    if (!this.showOthers) return undefined;
    for (const { items } of this.elsewhere()) {
      const found = items.find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && itemKey(i) === key);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The cards one index change touched: its changed orc tasks, the tasks of an initiative whose title changed (cards
   * show it), and its removed keys; each compared with what the page holds, so only real changes are posted.
   */
  private onIndexChange(change: IndexChange): void {
    if (!this.panel || !this.ready) return;
    const items = this.service.items();
    const initiatives = initiativeTitles(items);
    const many = this.service.folders.length > 1;
    const changedInitiatives = new Set(change.changed.filter((i) => i.system === 'orc' && i.kind === 'initiative').map((i) => i.id));
    const tasks = new Map<string, OrcTask>();
    for (const i of change.changed) if (i.system === 'orc' && i.kind === 'task') tasks.set(itemKey(i), i);
    if (changedInitiatives.size) {
      for (const i of items) {
        if (i.system === 'orc' && i.kind === 'task' && i.root === change.root && i.initiativeId && changedInitiatives.has(i.initiativeId)) tasks.set(itemKey(i), i);
      }
    }
    const upsert: BoardCard[] = [];
    for (const [key, task] of tasks) {
      const card = orcCard(task, initiatives, many ? folderName(task.root) : null);
      const json = JSON.stringify(card);
      if (this.sent.get(key) === json) continue;
      this.sent.set(key, json);
      upsert.push(card);
    }
    const remove = change.removed.filter((key) => this.sent.delete(key));
    if (upsert.length || remove.length) this.post({ type: 'patch', upsert, remove });
  }

  private post(message: ToBoardWebview): void {
    if (!this.panel) return;
    void this.panel.webview.postMessage(message);
    this.postEmitter.fire(message);
  }
}
