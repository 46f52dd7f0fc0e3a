import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { registerDecisionCommands } from './decision-commands';
import { DecisionPanels } from './decision-panels';
import { NEEDS_YOU_VIEW, NeedsYouViewProvider } from './needs-you-view';

export interface DecisionsApi {
  readonly needsYou: NeedsYouViewProvider;
  readonly panels: DecisionPanels;
}

/** The "Needs you" inbox: the sidebar view, the full-editor panels, and the answer commands. */
export function registerDecisions(context: vscode.ExtensionContext, service: OrchestrationService): DecisionsApi {
  const panels = new DecisionPanels(context.extensionUri, service);
  const needsYou = new NeedsYouViewProvider(context.extensionUri, service, (key) => panels.open(key));
  context.subscriptions.push(panels, needsYou,
    vscode.window.registerWebviewViewProvider(NEEDS_YOU_VIEW, needsYou),
    registerDecisionCommands(service, panels));
  return { needsYou, panels };
}
