import * as vscode from 'vscode';

/** Why Baton refuses, in one wording for every writer and every process it would start. */
export const UNTRUSTED_MESSAGE = 'Baton writes no files and starts no process in an untrusted workspace (Restricted Mode): '
  + "this folder's files would otherwise decide what gets changed or run on your machine. Trust the folder (Manage Workspace Trust) to do this.";

const refusals: string[] = [];

/** What was refused in this window, oldest first (tests read it through BatonApi.trust). */
export function trustRefusals(): readonly string[] {
  return refusals;
}

/**
 * The one check before anything that writes a workspace file or starts a process (orc edits, intent status,
 * answers, orange tasks, runs, terminals). Undefined when the workspace is trusted; otherwise the refusal, recorded
 * and shown as a warning, unless `show` is false because the caller shows the returned message itself.
 */
export function refusedWhenUntrusted(action: string, show = true): string | undefined {
  if (vscode.workspace.isTrusted) return undefined;
  const message = `${UNTRUSTED_MESSAGE} (${action} refused.)`;
  refusals.push(message);
  if (show) void vscode.window.showWarningMessage(message);
  return message;
}

/** For passive probes that would start a process (tmux has-session): no message, they just do not run. */
export function mayStartProcesses(): boolean {
  return vscode.workspace.isTrusted;
}
