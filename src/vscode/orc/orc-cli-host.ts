import * as vscode from 'vscode';
import type { OrcActionDone, OrcActionOptions, OrcActionResult } from '../../core/orc-cli/orc-actions';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { batonSettings } from '../settings';
import { refusedWhenUntrusted } from '../trust';

/**
 * The editor's side of acting through orc (src/core/orc-cli): orc's database is written only by the `orc` CLI, so
 * every database-era action (edit, new task, gate answers, close, run) runs it with the options this window gives
 * (workspace trust, `baton.orc.path`), re-reads the database at once when orc has written it, and says what
 * happened. When orc cannot run here (no orc, an untrusted workspace, a value orc does not take) the message names
 * the exact command to run by hand and offers to copy it: without orc the views are read-only.
 */

/** One action as this window reported it (tests read them through OrcApi). */
export interface OrcActionReport {
  readonly action: string;
  readonly ok: boolean;
  /** What was shown: the outcome, or why nothing ran and what to run instead. */
  readonly message: string;
  /** The command orc ran, or the one to run by hand. */
  readonly command: string | null;
}

const reports: OrcActionReport[] = [];

/** Every orc action of this window, oldest first. */
export function orcActionReports(): readonly OrcActionReport[] {
  return reports;
}

export function recordOrcAction(report: OrcActionReport): void {
  reports.push(report);
}

export const COPY_COMMAND = 'Copy Command';

/** The options an action runs with: orc as the machine's settings name it, trusted only in a trusted workspace. */
export function orcOptions(root: string): OrcActionOptions {
  return { trusted: vscode.workspace.isTrusted, orcPath: batonSettings(vscode.Uri.file(root)).orc.path };
}

/** The database a folder's orc keeps (null when the folder is not in the database era). */
export function orcDbFileOf(service: OrchestrationService, root: string): string | null {
  const found = service.records('orc').find((r) => r.root === root && (r.record as { kind?: unknown } | null)?.kind === 'db');
  return found?.file ?? null;
}

/** A warning with a button that copies the command to run by hand. Not awaited: the action is done either way. */
export function showWithCopy(message: string, command: string | null | undefined, level: 'warning' | 'error' = 'warning'): void {
  const show = level === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const shown = command ? show(`Baton: ${message}`, COPY_COMMAND) : show(`Baton: ${message}`);
  void Promise.resolve(shown).then(async (choice) => {
    if (choice === COPY_COMMAND && command) {
      await vscode.env.clipboard.writeText(command);
      vscode.window.setStatusBarMessage(`Copied: ${command}`, 4000);
    }
  });
}

/**
 * Runs one orc action for a folder: `run` gets the options (it calls one of src/core/orc-cli's actions). A done
 * action re-reads the folder's database; every other outcome is shown with the command to run by hand.
 */
export async function runOrcAction<Done extends OrcActionDone>(service: OrchestrationService, action: string, root: string,
  run: (options: OrcActionOptions) => Promise<OrcActionResult<Done>>, options: { readonly quiet?: boolean } = {}): Promise<OrcActionResult<Done>> {
  const result: OrcActionResult<Done> = await run(orcOptions(root));
  if (result.ok) {
    const db = orcDbFileOf(service, root);
    if (db) await service.fileChanged(db);
    reports.push({ action, ok: true, message: `ran ${result.command}`, command: result.command });
    if (!options.quiet) vscode.window.setStatusBarMessage(`Baton: ${action}: ran ${result.command}`, 5000);
    return result;
  }
  let message = result.message;
  // The one trust check of src/vscode/trust.ts records the refusal; the message shown also says what to run.
  if (result.reason === 'untrusted') message = `${refusedWhenUntrusted(action, false) ?? message} To do it yourself, run: ${result.manualCommand}`;
  reports.push({ action, ok: false, message, command: result.manualCommand ?? null });
  if (!options.quiet) showWithCopy(message, result.manualCommand, result.reason === 'failed' ? 'error' : 'warning');
  return result;
}
