import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { InitiativeNode } from './initiative-nodes';
import { InitiativesTreeProvider } from './initiatives-tree';
import { registerOrcCommands } from './orc-commands';
import { TaskDetailPanels } from './task-detail-panel';
import { OrcCliNote } from './orc-cli-note';
import { orcActionReports, type OrcActionReport } from './orc-cli-host';

/** What the orc contributions expose to extension-host tests (through BatonApi). */
export interface OrcApi {
  readonly detailPanels: TaskDetailPanels;
  readonly initiativesTree: InitiativesTreeProvider;
  readonly initiativesView: vscode.TreeView<unknown>;
  /** What the database-era actions run through orc did in this window (done, or refused with the command to run). */
  readonly actions: () => readonly OrcActionReport[];
  /** The Tasks view's note when orc's CLI is not found and database-era tasks are read-only. */
  readonly cliNote: OrcCliNote;
}

/** The orc task detail panel, the Initiatives view, the orc edit commands (YAML edits, or orc's CLI for its database) and the read-only note. */
export function registerOrc(context: vscode.ExtensionContext, service: OrchestrationService, tasksView: vscode.TreeView<unknown>): OrcApi {
  const detailPanels = new TaskDetailPanels(service, context.extensionUri, context.workspaceState);
  const initiativesTree = new InitiativesTreeProvider(service);
  const cliNote = new OrcCliNote(service, tasksView);
  const initiativesView = vscode.window.createTreeView('baton.initiatives', { treeDataProvider: initiativesTree, showCollapseAll: true });
  context.subscriptions.push(detailPanels, initiativesTree, cliNote, initiativesView,
    registerOrcCommands(service, (task) => detailPanels.show(task)),
    vscode.commands.registerCommand('baton.orc.openInitiative', (node?: unknown) => {
      if (node instanceof InitiativeNode && node.initiative.era === 'db') {
        return vscode.window.showInformationMessage(`${node.initiative.id} is in orc's database: the Initiatives view shows all of it; there is no initiative.yaml.`);
      }
      if (node instanceof InitiativeNode) return vscode.window.showTextDocument(vscode.Uri.file(node.initiative.file), { preview: true });
      return undefined;
    }),
  );
  return { detailPanels, initiativesTree, initiativesView: initiativesView as vscode.TreeView<unknown>, actions: orcActionReports, cliNote };
}
