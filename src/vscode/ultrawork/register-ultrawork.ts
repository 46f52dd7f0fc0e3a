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
  // A new sessions folder (baton.ultrawork.sessionsRoot) reaches the view through the service's reconfigure.
  context.subscriptions.push(tree, view, registerUltraworkCommands(service));
  return { tree, view: view as vscode.TreeView<unknown> };
}
