import * as vscode from 'vscode';
import type { Diagnostic } from '../core/model/diagnostic';
import { whereText } from '../core/places/where';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';

const SEVERITY: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/**
 * Mirrors the service's diagnostics into the Problems panel, one entry per problem at its line and column; and,
 * when other worktrees or refs are read, what they add: two active intents in different places claiming
 * overlapping scope (at the intent's line), the places' own problems, and each place's problems saying where.
 */
export class ProblemsPublisher extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('baton'));

  constructor(private readonly service: OrchestrationService) {
    super();
    // With other places read, a change of the folder's own intents may start or end a conflict with one of theirs.
    this._register(service.onDidChange((change) => {
      if (change.diagnosticsChanged || (service.places.active && service.places.placesOf(change.root).length)) this.publish();
    }));
    this._register(service.places.onDidChange(() => this.publish()));
  }

  publish(): void {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    const add = (d: Diagnostic, message: string) => {
      const line = Math.max(0, (d.line ?? 1) - 1);
      const column = Math.max(0, (d.column ?? 1) - 1);
      // The range runs to the end of the line; VS Code clamps it to the line's real length.
      const entry = new vscode.Diagnostic(new vscode.Range(line, column, line, Number.MAX_SAFE_INTEGER), message, SEVERITY[d.severity]);
      entry.source = `baton (${d.system})`;
      const list = byFile.get(d.file);
      if (list) list.push(entry); else byFile.set(d.file, [entry]);
    };
    for (const d of this.service.diagnostics()) add(d, d.message);
    const refsAsked = this.service.places.current.refs.length > 0;
    for (const root of this.service.folders) {
      for (const d of this.service.places.elsewhere(root).diagnostics) {
        // Worktrees are read by default: a folder outside any git repository is normal then, not a problem to show.
        if (!d.elsewhere && d.severity === 'info' && !refsAsked) continue;
        // A conflict names both places itself; any other problem of a place says which place (a ref's file is not on disk).
        const named = !d.elsewhere || / both claim overlapping scope /.test(d.message);
        add(d, named ? d.message : `${d.message} (${whereText(d.elsewhere)})`);
      }
    }
    this.collection.clear();
    for (const [file, list] of byFile) this.collection.set(vscode.Uri.file(file), list);
  }
}
