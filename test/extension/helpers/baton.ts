import type { DecisionsController } from '../../../src/vscode/decisions/decisions-controller';
import * as vscode from 'vscode';
import { evaluateWhen } from '../../../src/core/util/when-clause';
import type { BatonApi } from '../../../src/vscode/extension';
import type { TaskTreeNode } from '../../../src/vscode/tasks/task-nodes';

/** The activated extension's API, after its first scan. */
export async function batonApi(): Promise<BatonApi> {
  const ext = vscode.extensions.getExtension<BatonApi>('baton-dev.baton');
  if (!ext) throw new Error('baton-dev.baton is not loaded');
  const api = await ext.activate();
  await api.ready;
  return api;
}

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the tests need a workspace folder');
  return folder.uri.fsPath;
}

/** The tree as a person sees it: labels of rows, with children for the nodes given. */
export async function labels(api: BatonApi, node?: TaskTreeNode): Promise<string[]> {
  const children = await api.tasksTree.getChildren(node);
  return children.map((c) => String(api.tasksTree.getTreeItem(c).label));
}

export async function childNamed(api: BatonApi, label: string, node?: TaskTreeNode): Promise<TaskTreeNode> {
  const children = await api.tasksTree.getChildren(node);
  const found = children.find((c) => String(api.tasksTree.getTreeItem(c).label).startsWith(label));
  if (!found) throw new Error(`no row "${label}" among ${JSON.stringify(await labels(api, node))}`);
  return found;
}

/**
 * A wait never gives up sooner than this: on a loaded CI machine a file event can take seconds to reach the
 * extension host. A wait ends as soon as its check holds, so a long
 * limit costs nothing when things work.
 */
const SHORTEST_WAIT_MS = 20_000;

/** Resolves when `check` holds, re-checking on every event of `event` (no sleeps); rejects after `ms` (at least SHORTEST_WAIT_MS). */
export function until<T>(event: vscode.Event<T>, check: () => boolean | Promise<boolean>, asked = 5000): Promise<void> {
  const ms = Math.max(asked, SHORTEST_WAIT_MS);
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (err?: Error) => { if (done) return; done = true; sub.dispose(); clearTimeout(timer); if (err) reject(err); else resolve(); };
    const test = async () => { try { if (await check()) finish(); } catch (e) { finish(e as Error); } };
    const sub = event(() => void test());
    const timer = setTimeout(() => finish(new Error(`condition not met within ${ms} ms`)), ms);
    void test();
  });
}

/** The sidebar inbox, shown, with its page loaded (the webview said `ready` and got the data). */
export async function shownInbox(api: BatonApi): Promise<DecisionsController> {
  await vscode.commands.executeCommand('baton.needsYou.focus');
  await until(api.decisions.needsYou.onDidResolve, () => api.decisions.needsYou.current !== undefined, 15000);
  const controller = api.decisions.needsYou.current!;
  await until(controller.onDidPost, () => controller.isReady, 15000);
  return controller;
}

/** The views package.json contributes to the Baton container, and whether each is shown under Baton's keys now. */
export function shownViews(keys: Readonly<Record<string, unknown>>): string[] {
  const ext = vscode.extensions.getExtension('baton-dev.baton')!;
  const views = (ext.packageJSON as { contributes: { views: { baton: { id: string; when?: string }[] } } }).contributes.views.baton;
  return views.filter((v) => evaluateWhen(v.when, keys)).map((v) => v.id);
}
