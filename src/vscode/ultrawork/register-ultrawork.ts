import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { registerUltraworkCommands } from './ultrawork-commands';
import { UltraworkTreeProvider } from './ultrawork-tree';

export const ULTRAWORK_VIEW = 'baton.ultrawork';

export interface UltraworkApi {
  readonly tree: UltraworkTreeProvider;
  readonly view: vscode.TreeView<unknown>;
}

/** The Ultrawork view (sessions of this workspace from the home folder's sessions root) and its commands. */
export function registerUltrawork(context: vscode.ExtensionContext, service: OrchestrationService): UltraworkApi {
  const tree = new UltraworkTreeProvider(service);
  const view = vscode.window.createTreeView(ULTRAWORK_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(tree, view, registerUltraworkCommands(service),
    // The sessions folder is part of each folder's index, built once per window: a new one needs a reload.
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('baton.ultrawork.sessionsRoot')) return;
      const reload = 'Reload Window';
      const picked = await vscode.window.showInformationMessage('Baton reads the new Ultrawork sessions folder after a reload of the window.', reload);
      if (picked === reload) await vscode.commands.executeCommand('workbench.action.reloadWindow');
    }));
  return { tree, view: view as vscode.TreeView<unknown> };
}
