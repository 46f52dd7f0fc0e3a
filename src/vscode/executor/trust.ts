import * as vscode from 'vscode';

/**
 * Running Claude spawns a program that reads and edits the workspace (and `claude -p` skips Claude's own trust
 * dialog), so nothing is started in an untrusted workspace. Returns true when the action may go on; otherwise
 * tells the person why it refuses.
 */
export function mayStartProcesses(action: string): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window.showWarningMessage(`${UNTRUSTED_RUN_MESSAGE} (${action} refused.)`);
  return false;
}

export const UNTRUSTED_RUN_MESSAGE = 'Baton starts no process in an untrusted workspace: running Claude would let this '
  + "folder's files and settings drive a program on your machine. Trust the folder (Manage Workspace Trust) to run phases.";
