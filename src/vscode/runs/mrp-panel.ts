import crypto from 'node:crypto';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrchestralRun } from '../../core/formats/orchestral/model';
import { containedPath } from '../../core/io/contained-path';
import { readStateText } from '../../core/io/read-text';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { escapeHtml, evidenceHtml, renderSummary } from './mrp-html';

/**
 * The Merge-Readiness Pack of a run in an editor tab: summary.md rendered as Markdown beside the evidence. The
 * page runs no script at all (CSP allows none); it is rebuilt when the run's files change.
 */
export class MrpPanels extends Disposable {
  private readonly panels = new Map<string, vscode.WebviewPanel>();

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(service.onDidChange((change) => {
      for (const item of change.changed) {
        if (item.system === 'orchestral' && this.panels.has(item.dir)) void this.render(this.panels.get(item.dir)!, item);
      }
    }));
  }

  async open(run: OrchestralRun): Promise<vscode.WebviewPanel> {
    let panel = this.panels.get(run.dir);
    if (panel) { panel.reveal(); } else {
      panel = vscode.window.createWebviewPanel('baton.mrp', `MRP: ${run.id}`, vscode.ViewColumn.Active, { enableScripts: false, localResourceRoots: [] });
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
    const summary = read.ok ? renderSummary(read.text)
      : `<p class="muted">${escapeHtml(read.missing ? 'No mrp/summary.md in this run yet.' : `mrp/summary.md: ${read.reason}`)}</p>`;
    const nonce = crypto.randomBytes(16).toString('hex');
    const csp = `default-src 'none'; style-src 'nonce-${nonce}'; img-src ${panel.webview.cspSource} https: data:`;
    panel.webview.html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0"><title>${escapeHtml(`MRP: ${run.id}`)}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body>
<header><h1>Merge-Readiness Pack</h1><p class="muted">${escapeHtml(run.title)} — <code>${escapeHtml(run.id)}</code> · ${escapeHtml(run.phase ?? 'no state')}</p></header>
<div class="columns"><main class="summary">${summary}</main><aside class="evidence"><h2>Evidence</h2>${evidenceHtml(run)}</aside></div>
</body></html>`;
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
code{font-family:var(--vscode-editor-font-family)}a{color:var(--vscode-textLink-foreground)}
aside{border-left:1px solid var(--vscode-panel-border,#8884);padding-left:16px}`;
