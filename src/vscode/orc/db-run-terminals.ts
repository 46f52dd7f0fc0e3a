import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import { isGatePending } from '../../core/formats/orc-db/map-task';
import { itemKey } from '../../core/model/items';
import { runTaskInvocation } from '../../core/orc-cli/orc-actions';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { orcDbFileOf, orcOptions, recordOrcAction, showWithCopy } from './orc-cli-host';

/**
 * Run for a database-era task: orc drives Claude itself, so Baton opens a terminal in the editor area running
 * `orc run <ID>` (the executable and its arguments given to the terminal as shellPath/shellArgs: no shell parses
 * them) in the task's folder. The views follow the database as orc writes it (the watcher sees orc.db-wal); when
 * the terminal's process ends the database is read once more. One terminal per task in this window.
 */
export class DbRunTerminals extends Disposable {
  private readonly terminals = new Map<string, vscode.Terminal>();

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(vscode.window.onDidCloseTerminal((closed) => {
      for (const [key, terminal] of this.terminals) {
        if (terminal !== closed) continue;
        this.terminals.delete(key);
        const root = key.split('\u0000')[0]!;
        const db = orcDbFileOf(this.service, root);
        if (db) void this.service.fileChanged(db);
      }
    }));
  }

  /** The terminal of a task's `orc run` started in this window, if it is still open. */
  terminalOf(task: OrcTask): vscode.Terminal | undefined {
    return this.terminals.get(key(task));
  }

  /** Opens (or shows) the terminal running `orc run <ID>`; undefined with the reason shown when it is not started. */
  async run(task: OrcTask): Promise<vscode.Terminal | undefined> {
    if (isGatePending(task)) {
      void vscode.window.showInformationMessage(`Baton: ${task.id} waits at the ${task.currentPhase ?? 'current'} gate: approve or reject it in Needs You first ` +
        '(orc run goes on after orc approve).');
      return undefined;
    }
    const open = this.terminals.get(key(task));
    if (open && open.exitStatus === undefined) {
      open.show(false);
      void vscode.window.showInformationMessage(`Baton: orc run ${task.id} is already running in this window.`);
      return open;
    }
    const invocation = await runTaskInvocation(task.root, task.id, orcOptions(task.root));
    if (!invocation.ok) {
      showWithCopy(invocation.message, invocation.manualCommand);
      recordOrcAction({ action: `Run ${task.id}`, ok: false, message: invocation.message, command: invocation.manualCommand ?? null });
      return undefined;
    }
    const terminal = vscode.window.createTerminal({
      name: `orc run ${task.id}`,
      shellPath: invocation.executable,
      shellArgs: [...invocation.args],
      cwd: invocation.cwd,
      iconPath: new vscode.ThemeIcon('play'),
      location: vscode.TerminalLocation.Editor,
    });
    this.terminals.set(key(task), terminal);
    recordOrcAction({ action: `Run ${task.id}`, ok: true, message: `opened a terminal running ${invocation.command}`, command: invocation.command });
    terminal.show(false);
    return terminal;
  }
}

function key(task: OrcTask): string {
  return `${task.root}\u0000${itemKey(task)}`;
}
