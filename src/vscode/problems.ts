import * as vscode from 'vscode';
import type { Diagnostic } from '../core/model/diagnostic';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';

const SEVERITY: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Mirrors the service's diagnostics into the Problems panel, one entry per problem at its line and column. */
export class ProblemsPublisher extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('baton'));

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(service.onDidChange((change) => { if (change.diagnosticsChanged) this.publish(); }));
  }

  publish(): void {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const d of this.service.diagnostics()) {
      const line = Math.max(0, (d.line ?? 1) - 1);
      const column = Math.max(0, (d.column ?? 1) - 1);
      // The range runs to the end of the line; VS Code clamps it to the line's real length.
      const entry = new vscode.Diagnostic(new vscode.Range(line, column, line, Number.MAX_SAFE_INTEGER), d.message, SEVERITY[d.severity]);
      entry.source = `baton (${d.system})`;
      const list = byFile.get(d.file);
      if (list) list.push(entry); else byFile.set(d.file, [entry]);
    }
    this.collection.clear();
    for (const [file, list] of byFile) this.collection.set(vscode.Uri.file(file), list);
  }
}
