import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { costsOverview, type FolderCosts, type TokenSource } from '../../core/service/costs-overview';
import { Disposable } from '../../core/util/disposable';
import { fromCostsWebview, type CostsFolderView, type ToCostsWebview, type TokenSourceView } from '../../shared/costs-protocol';
import { parseFromWebview } from '../../shared/protocol';
import { webviewHtml, webviewOptions } from '../decisions/webview-html';
import { folderName } from '../folder-item';
import { receiveFromWebview } from '../webviews/webview-messages';

/** Bursts of writes (a running phase streams transcripts) are read once they settle. */
const SETTLE_MS = 300;

/**
 * The Cost view ("Baton: Show Costs"): one editor panel with each folder's spending — orc's cost ledger as a chart of
 * the last 30 days per model, with its tasks, initiatives and phases — beside the token figures the index holds for
 * orc's tasks (either era) and Dure's runs. It follows the index's changes and the global databases' writes while it
 * is open. The page gets data only through messages, after its `ready`.
 */
export class CostsPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private watchers: vscode.Disposable[] = [];
  private readonly postEmitter = this._register(new vscode.EventEmitter<ToCostsWebview>());
  /** Every message posted to the page (tests wait on it). */
  readonly onDidPost = this.postEmitter.event;
  lastMessage: ToCostsWebview | undefined;

  constructor(private readonly service: OrchestrationService, private readonly extensionUri: vscode.Uri) {
    super();
    this._register({ dispose: () => { clearTimeout(this.timer); this.panel?.dispose(); } });
    this._register(service.onDidChange(() => this.schedule()));
    this._register(service.onDidReconfigure(() => { this.watchLedgers(); this.schedule(); }));
  }

  show(): vscode.WebviewPanel {
    if (this.panel) { this.panel.reveal(); return this.panel; }
    const panel = vscode.window.createWebviewPanel('baton.costs', 'Baton: Costs', vscode.ViewColumn.Active, webviewOptions(this.extensionUri));
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'baton.svg');
    this.panel = panel;
    this.ready = false;
    const subscription = receiveFromWebview(panel.webview, 'Costs', (raw) => this.receive(raw));
    panel.onDidDispose(() => {
      subscription.dispose();
      for (const w of this.watchers.splice(0)) w.dispose();
      this.panel = undefined;
    });
    panel.webview.html = webviewHtml(panel.webview, this.extensionUri, 'costs', 'Baton: Costs');
    this.watchLedgers();
    return panel;
  }

  /** Reads and posts now (tests; the Refresh button). */
  async refresh(): Promise<void> {
    clearTimeout(this.timer);
    if (!this.panel || !this.ready) return;
    let message: ToCostsWebview;
    try {
      const folders = await costsOverview(this.service);
      message = { type: 'costs', generatedAt: new Date().toISOString(), folders: folders.map(folderView) };
    } catch (err) {
      message = { type: 'error', message: `Baton could not read the costs: ${(err as Error).message}` };
    }
    if (!this.panel) return;
    await this.panel.webview.postMessage(message);
    this.lastMessage = message;
    this.postEmitter.fire(message);
  }

  private schedule(): void {
    if (!this.panel || !this.ready) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), SETTLE_MS);
  }

  /** Each folder's global database (its cost ledger), watched while the panel is open. */
  private watchLedgers(): void {
    for (const w of this.watchers.splice(0)) w.dispose();
    if (!this.panel) return;
    const homes = new Set(this.service.folders.map((root) => this.service.contextOf(root)?.orcHome).filter((h): h is string => !!h));
    for (const home of homes) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(home), 'orc.db{,-wal}'));
      this.watchers.push(watcher, watcher.onDidChange(() => this.schedule()), watcher.onDidCreate(() => this.schedule()));
    }
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = parseFromWebview(fromCostsWebview, raw);
    if (!parsed.ok) { console.warn(`baton: the Cost view sent an invalid message (${parsed.error}); ignored`); return; }
    const msg = parsed.message;
    if (msg.type === 'ready') { this.ready = true; await this.refresh(); return; }
    if (msg.type === 'refresh') { await this.refresh(); return; }
    const root = this.service.folders[msg.folder];
    const task = root ? this.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.root === root && i.id === msg.id) : undefined;
    if (!task) { void vscode.window.showInformationMessage(`Baton: there is no task ${msg.id} in this workspace (the cost ledger still names it)`); return; }
    await vscode.commands.executeCommand('baton.showTaskDetail', { task });
  }
}

function folderView(f: FolderCosts): CostsFolderView {
  return { name: folderName(f.root), ledger: f.orcLedger, orcFiles: source(f.orcFiles), orcDatabase: source(f.orcDatabase), dure: source(f.dure),
    problems: f.problems };
}

function source(s: TokenSource | null): TokenSourceView | null {
  if (!s) return null;
  const { input, output, cacheCreation, cacheRead, total } = s.tokens;
  return { items: s.items, withTokens: s.withTokens, tokens: { input, output, cacheCreation, cacheRead, total }, costUsd: s.costUsd, top: s.top };
}
