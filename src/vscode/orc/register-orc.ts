import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { InitiativeNode } from './initiative-nodes';
import { InitiativesTreeProvider } from './initiatives-tree';
import { registerOrcCommands } from './orc-commands';
import { TaskDetailPanels } from './task-detail-panel';

/** What the orc contributions expose to extension-host tests (through BatonApi). */
export interface OrcApi {
  readonly detailPanels: TaskDetailPanels;
  readonly initiativesTree: InitiativesTreeProvider;
}

/** The orc task detail panel, the Initiatives view and the orc edit commands. */
export function registerOrc(context: vscode.ExtensionContext, service: OrchestrationService): OrcApi {
  const detailPanels = new TaskDetailPanels(service, context.extensionUri);
  const initiativesTree = new InitiativesTreeProvider(service);
  context.subscriptions.push(detailPanels, initiativesTree,
    vscode.window.createTreeView('baton.initiatives', { treeDataProvider: initiativesTree, showCollapseAll: true }),
    registerOrcCommands(service, (task) => detailPanels.show(task)),
    vscode.commands.registerCommand('baton.orc.openInitiative', (node?: unknown) => {
      if (node instanceof InitiativeNode) return vscode.window.showTextDocument(vscode.Uri.file(node.initiative.file), { preview: true });
      return undefined;
    }),
  );
  return { detailPanels, initiativesTree };
}
