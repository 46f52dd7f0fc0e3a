import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { ActiveIntent } from './active-intent';
import { registerIntentCommands } from './intent-commands';
import { IntentCodeLensProvider } from './intent-codelens';
import { IntentMapPanels } from './intent-map-panel';
import { IntentsTreeProvider } from './intents-tree';
import { OwnershipDecorations } from './ownership-decorations';
import { ScopeGuard } from './scope-guard';

export const INTENTS_VIEW = 'baton.intents';

/** What tests in the extension host reach through BatonApi. */
export interface IntentsApi {
  readonly tree: IntentsTreeProvider;
  readonly view: vscode.TreeView<unknown>;
  readonly codeLens: IntentCodeLensProvider;
  readonly decorations: OwnershipDecorations;
  readonly maps: IntentMapPanels;
  readonly active: ActiveIntent;
  readonly guard: ScopeGuard;
}

/** The intents system in the editor: the Intents view, CodeLens, Explorer badges, the map, the scope guard, commands. */
export function registerIntents(context: vscode.ExtensionContext, service: OrchestrationService): IntentsApi {
  const active = new ActiveIntent(context.workspaceState, service);
  const tree = new IntentsTreeProvider(service, active);
  const view = vscode.window.createTreeView(INTENTS_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  const codeLens = new IntentCodeLensProvider(service);
  const decorations = new OwnershipDecorations(service);
  const maps = new IntentMapPanels(service, context.extensionUri);
  const guard = new ScopeGuard(service, active);
  const updateMessage = () => {
    view.message = service.hasScanned && tree.intentCount === 0
      ? 'No intents here. Baton reads .orchestration/active_intents.yaml (with intent_map.md and agent_trace.jsonl).' : undefined;
  };
  context.subscriptions.push(active, tree, view, codeLens, decorations, maps, guard,
    vscode.languages.registerCodeLensProvider({ scheme: 'file' }, codeLens),
    vscode.window.registerFileDecorationProvider(decorations),
    registerIntentCommands(service, { active, tree, view, maps }),
    service.onDidChange(updateMessage));
  return { tree, view: view as vscode.TreeView<unknown>, codeLens, decorations, maps, active, guard };
}
