import * as vscode from 'vscode';
import { TASK_STATES, type TaskState } from '../../core/service/attention';
import { Disposable } from '../../core/util/disposable';
import { ContextKeys, setContext } from '../context-keys';
import type { TasksTreeProvider } from './tasks-tree';

const WORDS: Record<TaskState, string> = { running: 'running', orphaned: 'orphaned', blocked: 'blocked', unreadable: 'unreadable' };

/**
 * Filtering the Tasks view to one state — what the status bar counts open (*Baton: Filter Tasks by State…*) —
 * and *Clear Tasks Filter* (the view's title bar while filtered). The view's description says the filter, so a
 * filtered view never passes for the whole list.
 */
export class TaskFilter extends Disposable {
  constructor(private readonly tree: TasksTreeProvider, private readonly view: vscode.TreeView<unknown>) {
    super();
    this._register(vscode.commands.registerCommand('baton.tasks.filterByState', (state?: unknown) => this.pickAndShow(state)));
    this._register(vscode.commands.registerCommand('baton.tasks.clearFilter', () => this.show(undefined)));
  }

  private async pickAndShow(state: unknown): Promise<void> {
    let chosen = TASK_STATES.find((s) => s === state);
    if (!chosen) {
      const pick = await vscode.window.showQuickPick(TASK_STATES.map((s) => ({ label: WORDS[s], state: s })),
        { title: 'Show only the tasks that are…' });
      if (!pick) return;
      chosen = pick.state;
    }
    await this.show(chosen);
  }

  private async show(state: TaskState | undefined): Promise<void> {
    this.tree.setFilter(state);
    this.view.description = state ? `${WORDS[state]} only` : undefined;
    await setContext(ContextKeys.tasksFiltered, state !== undefined);
    if (state) await vscode.commands.executeCommand('baton.tasks.focus');
  }
}
