import * as vscode from 'vscode';

export const UNTRUSTED_RUN_MESSAGE = 'Baton starts no process in an untrusted workspace: running Claude would let this '
  + "folder's files and settings drive a program on your machine. Trust the folder (Manage Workspace Trust) to run phases.";

/**
 * Running Claude spawns a program that reads and edits the workspace (and `claude -p` skips Claude's own trust
 * dialog), so nothing is started in an untrusted workspace. Every command that would start a process asks here
 * first; a refusal is shown (with why) and kept, so tests can see what was refused.
 */
export class TrustGuard {
  private readonly log: string[] = [];

  /** What was refused in this window, oldest first. */
  get refusals(): readonly string[] {
    return this.log;
  }

  /** True when `action` may start processes; otherwise says why it refuses. */
  mayStartProcesses(action: string): boolean {
    if (vscode.workspace.isTrusted) return true;
    const message = `${UNTRUSTED_RUN_MESSAGE} (${action} refused.)`;
    this.log.push(message);
    void vscode.window.showWarningMessage(message);
    return false;
  }
}
