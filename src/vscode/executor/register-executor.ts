import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { ActiveRuns, type StartRun } from './active-runs';
import { registerRunCommands } from './run-commands';
import { RunStatusBar } from './run-status-bar';
import { TrustGuard } from './trust';
import { DbRunTerminals } from '../orc/db-run-terminals';
import { claudeNotices } from './claude-check';

/** What the executor's editor side exposes to extension-host tests (through BatonApi). */
export interface ExecutorApi {
  readonly runs: ActiveRuns;
  readonly statusBar: RunStatusBar;
  /** Workspace trust as the run commands see it: what they refused. */
  readonly trust: TrustGuard;
  /** Terminals running `orc run <ID>` for database-era tasks. */
  readonly orcRuns: DbRunTerminals;
  /** The missing-Claude notifications shown in this window (tests: notifications have no API). */
  readonly claudeNotices: () => readonly string[];
}

/** The terminal-backed Claude executor in the editor: run/cancel/resume commands, run terminals, the status bar item; `orc run` terminals for database-era tasks. */
export function registerExecutor(context: vscode.ExtensionContext, service: OrchestrationService, startRun: StartRun): ExecutorApi {
  const runs = new ActiveRuns(service, startRun, context.workspaceState);
  const statusBar = new RunStatusBar(runs);
  const trust = new TrustGuard();
  const orcRuns = new DbRunTerminals(service);
  context.subscriptions.push(statusBar, runs, orcRuns, registerRunCommands(service, runs, trust, orcRuns, context.workspaceState));
  return { runs, statusBar, trust, orcRuns, claudeNotices };
}
