import * as vscode from 'vscode';
import type { Intent } from '../../core/formats/intents/model';
import { isClosedIntentStatus, KNOWN_INTENT_STATUSES } from '../../core/formats/intents/vocabulary';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { IntentNode } from './intent-nodes';
import { folderName } from '../folder-item';
import { intentStatusIcon } from './intent-style';

/** What intent commands accept: a tree row, `{ root, id }` (CodeLens, tests), an id, or nothing (then they ask). */
export type IntentArg = IntentNode | { readonly root?: string; readonly id: string } | string | undefined;

/**
 * The intents a command can act on (of one folder, when given): every intent read from active_intents.yaml — not
 * the placeholder row of a file that cannot be read, which has no id, status or scope to act on.
 */
export function actionableIntents(service: OrchestrationService, root?: string): Intent[] {
  return service.items().filter((i): i is Intent => i.system === 'intents' && !i.unreadable && (root === undefined || i.root === root));
}

export function intentFromArg(service: OrchestrationService, arg: unknown): Intent | undefined {
  const intents = actionableIntents(service);
  if (arg instanceof IntentNode) return intents.find((i) => i.root === arg.intent.root && i.id === arg.intent.id) ?? arg.intent;
  if (typeof arg === 'string') return intents.find((i) => i.id === arg);
  if (arg && typeof arg === 'object' && typeof (arg as { id?: unknown }).id === 'string') {
    const { root, id } = arg as { root?: string; id: string };
    return intents.find((i) => i.id === id && (root === undefined || i.root === root));
  }
  return undefined;
}

/** The intent from the argument, or one the person picks (open intents first). */
export async function intentOrPick(service: OrchestrationService, arg: unknown, title: string): Promise<Intent | undefined> {
  if (arg !== undefined) {
    const found = intentFromArg(service, arg);
    if (!found) void vscode.window.showWarningMessage('Baton: that intent is no longer in active_intents.yaml: pick one from the Intents view.');
    return found;
  }
  const intents = actionableIntents(service);
  if (!intents.length) {
    void vscode.window.showInformationMessage('Baton found no intents: it reads .orchestration/active_intents.yaml in each workspace folder.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(intentItems(service, intents), { title, matchOnDescription: true, matchOnDetail: true });
  return picked?.intent;
}

export function intentItems(service: OrchestrationService, intents: readonly Intent[]): (vscode.QuickPickItem & { intent: Intent })[] {
  const multi = service.folders.length > 1;
  return [...intents]
    .sort((a, b) => Number(isClosedIntentStatus(a.status)) - Number(isClosedIntentStatus(b.status)))
    .map((intent) => ({
      intent,
      label: `$(${intentStatusIcon(intent.status).id}) ${intent.id}  ${intent.title}`,
      description: [intent.status, multi && folderName(intent.root)].filter(Boolean).join(' · '),
      detail: intent.ownedScope.length ? `scope: ${intent.ownedScope.join(', ')}` : 'no owned_scope',
    }));
}

/** A status: the spec's and the forks' words, the current one marked, or any other word typed in. */
export async function pickStatus(intent: Intent): Promise<string | undefined> {
  const other = '$(edit) Other…';
  const items: vscode.QuickPickItem[] = [...new Set([...KNOWN_INTENT_STATUSES, intent.status].filter(Boolean))].map((s) => ({
    label: s, description: s === intent.status ? 'current' : undefined, iconPath: intentStatusIcon(s),
  }));
  items.push({ label: other, description: 'a status your tools use' });
  const picked = await vscode.window.showQuickPick(items, { title: `Status of ${intent.id} (${intent.title})`, placeHolder: intent.status });
  if (!picked) return undefined;
  if (picked.label !== other) return picked.label;
  return vscode.window.showInputBox({ title: `Status of ${intent.id}`, value: intent.status,
    validateInput: (v) => (/^[\w.-]{1,60}$/.test(v.trim()) ? undefined : 'One word: letters, digits, _ . -') });
}

/** The folder to act on: the intent's, the only one with intents, or one the person picks. */
export async function rootOrPick(service: OrchestrationService, intent: Intent | undefined): Promise<string | undefined> {
  if (intent) return intent.root;
  const withIntents = service.folders.filter((r) => service.items().some((i) => i.system === 'intents' && i.root === r));
  const candidates = withIntents.length ? withIntents : service.folders;
  if (candidates.length <= 1) return candidates[0];
  const picked = await vscode.window.showQuickPick(candidates.map((r) => ({ label: folderName(r), description: r, root: r })),
    { title: 'Which folder?' });
  return picked?.root;
}
