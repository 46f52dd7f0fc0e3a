import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { MrpPanels } from './mrp-panel';
import { registerMissionCommands } from './mission-commands';
import { registerRunCommands } from './run-commands';
import { RunsTreeProvider, type RunTreeNode } from './runs-tree';

export const RUNS_VIEW = 'baton.runs';

export interface RunsApi {
  readonly runsTree: RunsTreeProvider;
  readonly mrp: MrpPanels;
  readonly view: vscode.TreeView<unknown>;
}

/** The Runs view (Orchestral/Dure runs and Dure's missions), its commands and the MRP viewer. */
export function registerRuns(context: vscode.ExtensionContext, service: OrchestrationService): RunsApi {
  const runsTree = new RunsTreeProvider(service);
  const view = vscode.window.createTreeView(RUNS_VIEW, { treeDataProvider: runsTree, showCollapseAll: true });
  const mrp = new MrpPanels(service);
  const updateMessage = () => {
    view.message = service.hasScanned && runsTree.runCount === 0 && runsTree.missionCount === 0
      ? 'No Orchestral/Dure runs here. Baton reads .orchestral/runs/ and .dure/runs/ (and Dure\'s .dure/missions/).' : undefined;
  };
  context.subscriptions.push(runsTree, view, mrp, registerRunCommands(service, mrp), registerMissionCommands(service, runsTree, view as vscode.TreeView<RunTreeNode>),
    service.onDidChange(updateMessage));
  return { runsTree, mrp, view: view as vscode.TreeView<unknown> };
}
