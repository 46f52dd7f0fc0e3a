import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { ActiveRuns, type StartRun } from './active-runs';
import { registerRunCommands } from './run-commands';
import { RunStatusBar } from './run-status-bar';
import { TrustGuard } from './trust';

/** What the executor's editor side exposes to extension-host tests (through BatonApi). */
export interface ExecutorApi {
  readonly runs: ActiveRuns;
  readonly statusBar: RunStatusBar;
  /** Workspace trust as the run commands see it: what they refused. */
  readonly trust: TrustGuard;
}

/** The terminal-backed Claude executor in the editor: run/cancel/resume commands, run terminals, the status bar item. */
export function registerExecutor(context: vscode.ExtensionContext, service: OrchestrationService, startRun: StartRun): ExecutorApi {
  const runs = new ActiveRuns(service, startRun);
  const statusBar = new RunStatusBar(runs);
  const trust = new TrustGuard();
  context.subscriptions.push(statusBar, runs, registerRunCommands(service, runs, trust));
  return { runs, statusBar, trust };
}
