import crypto from 'node:crypto';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrchestralRun } from '../../core/formats/orchestral/model';
import { containedPath } from '../../core/io/contained-path';
import { readStateText } from '../../core/io/read-text';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { mrpPageHtml, renderSummary } from './mrp-html';
import { OPEN_FILE_COMMAND } from './run-file-command';

/**
 * The Merge-Readiness Pack of a run in an editor tab: summary.md rendered as Markdown beside the evidence. The
 * page runs no script at all (CSP allows none); its file links are `command:` URIs of the one command allowed
 * (see mrp-html.ts for why not a scripted page). It is rebuilt when the run's files change.
 */
export class MrpPanels extends Disposable {
  private readonly panels = new Map<string, vscode.WebviewPanel>();

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(service.onDidChange((change) => {
      for (const item of change.changed) {
        if (item.system === 'orchestral' && item.kind === 'run' && this.panels.has(item.dir)) void this.render(this.panels.get(item.dir)!, item);
      }
    }));
  }

  async open(run: OrchestralRun): Promise<vscode.WebviewPanel> {
    let panel = this.panels.get(run.dir);
    if (panel) { panel.reveal(); } else {
      panel = vscode.window.createWebviewPanel('baton.mrp', `MRP: ${run.id}`, vscode.ViewColumn.Active, { enableScripts: false, enableCommandUris: [OPEN_FILE_COMMAND], localResourceRoots: [] });
      this.panels.set(run.dir, panel);
      panel.onDidDispose(() => this.panels.delete(run.dir));
    }
    await this.render(panel, run);
    return panel;
  }

  /** The HTML a panel shows now (tests read it). */
  html(dir: string): string | undefined {
    return this.panels.get(dir)?.webview.html;
  }

  private async render(panel: vscode.WebviewPanel, run: OrchestralRun): Promise<void> {
    const summaryFile = path.join(run.dir, 'mrp', 'summary.md');
    // mrp/ or summary.md linked out of the run folder is never read.
    const inside = await containedPath(run.dir, summaryFile, { what: 'the run folder' });
    const read = inside.ok ? await readStateText(summaryFile) : { ok: false as const, missing: false, reason: inside.reason };
    const summary = read.ok ? renderSummary(read.text, run.root)
      : { message: read.missing ? 'No mrp/summary.md in this run yet.' : `mrp/summary.md: ${read.reason}` };
    const nonce = crypto.randomBytes(16).toString('hex');
    const csp = `default-src 'none'; style-src 'nonce-${nonce}'; img-src ${panel.webview.cspSource} https: data:`;
    panel.webview.html = mrpPageHtml(run, summary, csp, nonce, STYLE);
  }

  override dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
    super.dispose();
  }
}

const STYLE = `body{background-color:var(--vscode-editor-background,Canvas);font-family:var(--vscode-font-family);font-size:var(--vscode-font-size);color:var(--vscode-foreground);padding:0 20px 24px;line-height:1.5}
.muted{color:var(--vscode-descriptionForeground,#717171)}.fail{border-left:3px solid var(--vscode-errorForeground,#e51400);padding-left:6px}
.columns{display:grid;grid-template-columns:minmax(0,2fr) minmax(220px,1fr);gap:24px}
@media (max-width:800px){.columns{grid-template-columns:1fr}}
table{border-collapse:collapse}th,td{text-align:left;padding:3px 10px 3px 0;vertical-align:top}
.summary table th,.summary table td{border-bottom:1px solid var(--vscode-panel-border,#8884);padding:3px 10px}
code{font-family:var(--vscode-editor-font-family);color:inherit;background-color:transparent}a{color:var(--vscode-textLink-foreground)}
.paths li,.summary p,.summary li{overflow-wrap:anywhere}.link-disabled{text-decoration:line-through dotted}
aside{border-left:1px solid var(--vscode-panel-border,#8884);padding-left:16px}`;
