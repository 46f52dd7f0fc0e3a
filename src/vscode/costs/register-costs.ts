import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { CostsPanel } from './costs-panel';

/** What the Cost view exposes to extension-host tests (through BatonApi). */
export interface CostsApi {
  readonly panel: CostsPanel;
}

/** "Baton: Show Costs": the Cost view. */
export function registerCosts(context: vscode.ExtensionContext, service: OrchestrationService): CostsApi {
  const panel = new CostsPanel(service, context.extensionUri);
  context.subscriptions.push(panel, vscode.commands.registerCommand('baton.showCosts', () => { panel.show(); }));
  return { panel };
}
