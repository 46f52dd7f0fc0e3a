import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { MrpPanels } from './mrp-panel';
import { registerRunCommands } from './run-commands';
import { RunsTreeProvider } from './runs-tree';

export const RUNS_VIEW = 'baton.runs';

export interface RunsApi {
  readonly runsTree: RunsTreeProvider;
  readonly mrp: MrpPanels;
  readonly view: vscode.TreeView<unknown>;
}

/** The Runs view (Orchestral/Dure), its commands and the MRP viewer. */
export function registerRuns(context: vscode.ExtensionContext, service: OrchestrationService): RunsApi {
  const runsTree = new RunsTreeProvider(service);
  const view = vscode.window.createTreeView(RUNS_VIEW, { treeDataProvider: runsTree, showCollapseAll: true });
  const mrp = new MrpPanels(service);
  const updateMessage = () => {
    view.message = service.hasScanned && runsTree.runCount === 0
      ? 'No Orchestral/Dure runs here. Baton reads .orchestral/runs/ and .dure/runs/.' : undefined;
  };
  context.subscriptions.push(runsTree, view, mrp, registerRunCommands(service, mrp), service.onDidChange(updateMessage));
  return { runsTree, mrp, view: view as vscode.TreeView<unknown> };
}
