import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { registerOrangeCommands } from './orange-commands';
import { OrangeTreeProvider } from './orange-tree';
import { mayStartProcesses } from '../trust';
import { SessionProbe } from './session-probe';

export const ORANGE_VIEW = 'baton.orange';

/** While the view is visible, tmux is asked this often whether the shown sessions still live (an agent may crash). */
const SESSION_RECHECK_MS = 15_000;

/** What tests in the extension host reach through BatonApi. */
export interface OrangeApi {
  readonly tree: OrangeTreeProvider;
  readonly view: vscode.TreeView<unknown>;
  readonly sessions: SessionProbe;
}

/** orange in the editor: its view (project → status → task, with tmux session state) and its commands. */
export function registerOrange(context: vscode.ExtensionContext, service: OrchestrationService): OrangeApi {
  // `tmux has-session` is a process: not started in an untrusted workspace (the rows say the state is unknown).
  const sessions = new SessionProbe('tmux', Date.now, mayStartProcesses);
  const tree = new OrangeTreeProvider(service, sessions);
  const view = vscode.window.createTreeView(ORANGE_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  const updateMessage = () => {
    view.message = service.hasScanned && tree.taskCount === 0
      ? 'No orange tasks for this folder. Baton reads projects.json in your orange folder (setting baton.orange.root, default ~/orange) and shows the tasks of the projects whose path is this folder.'
      : undefined;
  };
  const checkAll = () => {
    for (const name of new Set(tree.tasks().map((t) => t.tmuxSession).filter((n): n is string => !!n))) void sessions.check(name);
  };
  const recheck = setInterval(() => { if (view.visible) checkAll(); }, SESSION_RECHECK_MS);
  context.subscriptions.push(sessions, tree, view, registerOrangeCommands(service, sessions), service.onDidChange(updateMessage),
    view.onDidChangeVisibility((e) => { if (e.visible) sessions.invalidate(); }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => { sessions.invalidate(); checkAll(); }), { dispose: () => clearInterval(recheck) });
  return { tree, view: view as vscode.TreeView<unknown>, sessions };
}
