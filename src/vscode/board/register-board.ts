import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { BoardPanel } from './board-panel';

/** What the Board exposes to extension-host tests (through BatonApi). */
export interface BoardApi {
  readonly panel: BoardPanel;
}

/** "Baton: Open Board" (palette and the Tasks view's title): orc's tasks as a board. */
export function registerBoard(context: vscode.ExtensionContext, service: OrchestrationService): BoardApi {
  const panel = new BoardPanel(service, context.extensionUri, context.workspaceState);
  context.subscriptions.push(panel, vscode.commands.registerCommand('baton.openBoard', () => { panel.show(); }));
  return { panel };
}
