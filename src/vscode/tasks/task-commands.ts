import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import { TaskNode } from './task-nodes';

/** Commands on an orc task row: open its files (a database-era task: its detail), copy its id. Each takes the row it was invoked on. */
export function registerTaskCommands(): vscode.Disposable {
  return vscode.Disposable.from(
    // A task of orc's database has no task.yaml: "open" shows its detail.
    vscode.commands.registerCommand('baton.openTask', (node?: TaskNode) => withTask(node, (t) => t.era === 'db'
      ? vscode.commands.executeCommand('baton.showTaskDetail', node)
      : vscode.window.showTextDocument(vscode.Uri.file(t.file), { preview: true }))),
    vscode.commands.registerCommand('baton.openStateFile', (node?: TaskNode) => withTask(node, (t) => {
      if (t.era === 'db') return vscode.window.showInformationMessage(`${t.id} is in orc's database: its state is shown in its detail, there is no state.yaml.`);
      if (!t.stateFile) return vscode.window.showInformationMessage(`${t.id} has no state.yaml yet: it has not been run. Run it (Baton: Run Task) and orc writes one.`);
      return vscode.window.showTextDocument(vscode.Uri.file(t.stateFile), { preview: true });
    })),
    vscode.commands.registerCommand('baton.copyTaskId', (node?: TaskNode) => withTask(node, async (t) => {
      await vscode.env.clipboard.writeText(t.id);
      vscode.window.setStatusBarMessage(`Copied ${t.id}`, 3000);
    })),
  );
}

async function withTask(node: TaskNode | undefined, run: (task: OrcTask) => Thenable<unknown>): Promise<void> {
  if (!(node instanceof TaskNode)) {
    void vscode.window.showWarningMessage('Pick a task in the Baton Tasks view first.');
    return;
  }
  await run(node.task);
}
