import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { containedPath } from '../../core/io/contained-path';
import type { OrchestralRun } from '../../core/formats/orchestral/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { MrpPanels } from './mrp-panel';
import { OPEN_FILE_COMMAND, RunNode } from './run-nodes';

/** Commands of the Runs view: open a run's file, open a run's Merge-Readiness Pack. */
export function registerRunCommands(service: OrchestrationService, mrp: MrpPanels): vscode.Disposable {
  const runs = () => service.items().filter((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run');
  return vscode.Disposable.from(
    vscode.commands.registerCommand(OPEN_FILE_COMMAND, async (file?: string | { file?: string }) => {
      const target = typeof file === 'string' ? file : file?.file;
      if (!target) return;
      // Only a file that really lies in a workspace folder (symlinks followed) is opened.
      const checks = await Promise.all((vscode.workspace.workspaceFolders ?? []).map((f) => containedPath(f.uri.fsPath, target, { allowRoot: true })));
      const refused = checks.find((c) => !c.ok);
      if (!checks.some((c) => c.ok)) { void vscode.window.showWarningMessage(`Baton will not open ${target}: ${refused && !refused.ok ? refused.reason : 'no workspace folder is open'}.`); return; }
      const stat = await fs.stat(target).catch(() => undefined);
      if (!stat) { void vscode.window.showWarningMessage(`${target} no longer exists.`); return; }
      if (stat.isDirectory()) await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(target));
      else await vscode.window.showTextDocument(vscode.Uri.file(target), { preview: true });
    }),
    vscode.commands.registerCommand('baton.openMrp', async (arg?: RunNode | string) => {
      let run = arg instanceof RunNode ? arg.run : typeof arg === 'string' ? runs().find((r) => r.dir === arg || r.id === arg) : undefined;
      if (!run) {
        const withMrp = runs().filter((r) => r.mrp);
        if (!withMrp.length) { void vscode.window.showInformationMessage('No run has a Merge-Readiness Pack yet: Dure writes one (evidence/mrp.json) when a run gets through its gates; the Runs view shows each run\'s phase.'); return; }
        const picked = await vscode.window.showQuickPick(withMrp.map((r) => ({ label: r.title, description: `${r.id} · ${r.phase ?? ''}`, run: r })),
          { title: 'Open a Merge-Readiness Pack' });
        run = picked?.run;
      }
      if (run) await mrp.open(run);
    }),
  );
}
