import * as vscode from 'vscode';
import * as z from 'zod';
import type { Intent } from '../../core/formats/intents/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { StaleFileError } from '../../core/service/intents-service';
import { refusedWhenUntrusted } from '../trust';
import { existingIntentsFile } from '../../core/formats/intents/paths';
import type { ActiveIntent } from './active-intent';
import { showAgentTrace } from './agent-trace-picker';
import type { IntentMapPanels } from './intent-map-panel';
import type { IntentTreeNode } from './intent-nodes';
import { actionableIntents, intentFromArg, intentItems, intentOrPick, pickStatus, rootOrPick } from './intent-pickers';
import type { IntentsTreeProvider } from './intents-tree';

/** The argument of Show Intent in Its Worktree or Branch (from a CodeLens; validated like any command argument). */
const ELSEWHERE_ARG = z.object({
  root: z.string(),
  id: z.string(),
  elsewhere: z.union([z.object({ ref: z.string() }), z.object({ worktree: z.string() })]),
});

export interface IntentCommandDeps {
  readonly active: ActiveIntent;
  readonly tree: IntentsTreeProvider;
  readonly view: vscode.TreeView<IntentTreeNode>;
  readonly maps: IntentMapPanels;
}

/**
 * The intent commands, from the palette (they ask which intent), the Intents view's context menu (the row), the
 * CodeLens (`{ root, id }`) and tests (an id or `{ root, id }`, plus the new status for Change Intent Status).
 */
export function registerIntentCommands(service: OrchestrationService, deps: IntentCommandDeps): vscode.Disposable {
  const { active, tree, view, maps } = deps;
  return vscode.Disposable.from(
    // A CodeLens naming an intent of another worktree or ref: its row under that place in the Intents view.
    vscode.commands.registerCommand('baton.revealIntentElsewhere', async (arg?: unknown) => {
      const parsed = ELSEWHERE_ARG.safeParse(arg);
      if (!parsed.success) return;
      const node = tree.findElsewhere(parsed.data.root, parsed.data.id, parsed.data.elsewhere);
      if (!node) return;
      await vscode.commands.executeCommand('baton.intents.focus');
      await Promise.resolve(view.reveal(node, { select: true, focus: false, expand: true })).catch(() => undefined);
    }),

    vscode.commands.registerCommand('baton.revealIntent', async (arg?: unknown) => {
      const intent = intentFromArg(service, arg);
      if (!intent) {
        // Only the intent map names it: show the map, where the claim is written.
        const root = (arg as { root?: string } | undefined)?.root ?? service.folders[0];
        if (root) await vscode.window.showTextDocument(vscode.Uri.file(existingIntentsFile(root, 'map')), { preview: true });
        return;
      }
      await openIntentInFile(service, intent);
      const node = tree.find(intent.root, intent.id);
      if (node && view.visible) await Promise.resolve(view.reveal(node, { select: true, focus: false })).catch(() => undefined);
    }),

    // The Intents view's context menu (a click on the row unfolds it), or the palette with a picker.
    vscode.commands.registerCommand('baton.openIntentFile', async (arg?: unknown) => {
      const intent = await intentOrPick(service, arg, 'Open which intent in its YAML file?');
      if (intent) await openIntentInFile(service, intent);
    }),

    vscode.commands.registerCommand('baton.setActiveIntent', async (arg?: unknown) => {
      if (arg !== undefined) {
        const intent = intentFromArg(service, arg);
        if (intent) await active.set({ root: intent.root, id: intent.id });
        return;
      }
      const intents = actionableIntents(service);
      const clear = { label: '$(close) No active intent', description: 'turn the scope guard off' };
      const picked = await vscode.window.showQuickPick([...intentItems(service, intents), ...(active.ref ? [clear] : [])],
        { title: 'Which intent are you working on?', matchOnDescription: true, matchOnDetail: true });
      if (!picked) return;
      await active.set('intent' in picked ? { root: picked.intent.root, id: picked.intent.id } : undefined);
    }),

    vscode.commands.registerCommand('baton.changeIntentStatus', async (arg?: unknown, status?: unknown) => {
      if (refusedWhenUntrusted('Change Intent Status') !== undefined) return;
      const intent = await intentOrPick(service, arg, 'Change the status of which intent?');
      if (!intent) return;
      const next = typeof status === 'string' && status.trim() ? status.trim() : await pickStatus(intent);
      if (!next || next === intent.status) return;
      try {
        await service.intents.updateIntentStatus(intent.id, next, intent.root);
        vscode.window.setStatusBarMessage(`$(check) ${intent.id} is now ${next}`, 4000);
      } catch (err) {
        const why = err instanceof StaleFileError ? err.message : `could not change ${intent.id}: ${(err as Error).message}`;
        void vscode.window.showWarningMessage(`Baton: ${why}`);
      }
    }),

    vscode.commands.registerCommand('baton.openIntentMap', async (arg?: unknown) => {
      const root = await rootOrPick(service, intentFromArg(service, arg));
      if (root) maps.open(root);
    }),

    vscode.commands.registerCommand('baton.showAgentTrace', async (arg?: unknown) => {
      const intent = arg === undefined ? undefined : intentFromArg(service, arg) ?? null;
      const root = await rootOrPick(service, intent ?? undefined);
      return root ? showAgentTrace(service, root, intent) : undefined;
    }),

    vscode.commands.registerCommand('baton.copyIntentContext', async (arg?: unknown) => {
      const intent = await intentOrPick(service, arg, 'Copy the context of which intent?');
      if (!intent) return;
      const block = await service.intents.getIntentContext(intent.id, intent.root);
      await vscode.env.clipboard.writeText(block.text);
      vscode.window.setStatusBarMessage(`$(copy) Copied the context of ${intent.id} (${block.text.split('\n').length} lines)`, 4000);
    }),
  );
}

/** Opens the intents file with the cursor on the intent's `- id:` line. */
async function openIntentInFile(service: OrchestrationService, intent: Intent): Promise<void> {
  const pos = await service.intents.intentPosition(intent).catch(() => ({ line: 1, column: 1 }));
  const at = new vscode.Position(pos.line - 1, pos.column - 1);
  await vscode.window.showTextDocument(vscode.Uri.file(intent.file), { preview: true, selection: new vscode.Range(at, at) });
}
