import * as vscode from 'vscode';
import { editContext, type EditResult, type OrcEditContext } from '../../core/formats/orc/edit-context';
import { EditRefused } from '../../core/io/guarded-edit';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';

/**
 * Runs one orc edit from the palette, the tree or the detail panel: refused in an untrusted workspace, refusals
 * shown as errors, warnings (unknown ids) as warnings. The written files are re-read at once so the views move
 * without waiting for the file watcher. Resolves to the result, or undefined when nothing was written.
 */
export async function runOrcEdit(service: OrchestrationService, root: string,
  edit: (ctx: OrcEditContext) => Promise<EditResult>): Promise<EditResult | undefined> {
  if (refusedWhenUntrusted('orc task edit') !== undefined) return undefined;
  try {
    const result = await edit(editContext(root, service.items()));
    for (const file of result.changed) await service.fileChanged(file);
    for (const warning of result.warnings) void vscode.window.showWarningMessage(`Baton: ${warning}`);
    vscode.window.setStatusBarMessage(`Baton: ${result.summary}`, 4000);
    return result;
  } catch (err) {
    if (err instanceof EditRefused) {
      void vscode.window.showErrorMessage(`Baton: ${err.message}`);
      return undefined;
    }
    throw err;
  }
}
