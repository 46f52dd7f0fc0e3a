import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { targetTask } from '../orc/orc-pickers';
import { resumableTasks, tasksWithClaudeSession } from '../../core/actions/command-targets';
import type { ActiveRuns } from './active-runs';
import { openInClaudeCode } from './open-in-claude';
import { pickPhase, pickSession } from './run-pickers';
import type { RunSession } from './run-session';
import type { TrustGuard } from './trust';
import type { DbRunTerminals } from '../orc/db-run-terminals';
import { refusedForClaude } from './claude-check';

/**
 * Run, cancel, resume and hand over to Claude Code (for a task of orc's database, Run opens `orc run` in a terminal
 * and the others say that orc runs it), from the Tasks tree (the row is the argument), the task detail
 * panel and scripts (a task id), or the palette (they ask with a quick pick). Every command that would start a
 * process checks workspace trust first. Each resolves to what it started (tests read it) or undefined.
 */
export function registerRunCommands(service: OrchestrationService, runs: ActiveRuns, trust: TrustGuard, orcRuns: DbRunTerminals,
  workspaceState: vscode.Memento): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('baton.orc.runTask', async (target?: unknown) => {
      if (!trust.mayStartProcesses('Run Task')) return undefined;
      const task = await targetTask(service, target, 'Run which task? (every remaining phase of its plan, in order)');
      if (task?.era === 'db') return orcRuns.run(task);
      if (!task || await refusedForClaude(task.root, workspaceState)) return undefined;
      return runs.start(task, {});
    }),
    vscode.commands.registerCommand('baton.orc.runPhase', async (target?: unknown, phase?: string) => {
      if (!trust.mayStartProcesses('Run Phase')) return undefined;
      const task = await targetTask(service, target, 'Run a phase of which task?');
      if (!task) return undefined;
      if (task.era === 'db') return runsThroughOrc(task, 'orc run has no way to run one phase');
      if (await refusedForClaude(task.root, workspaceState)) return undefined;
      const chosen = phase ?? await pickPhase(task);
      return chosen ? runs.start(task, { phase: chosen }) : undefined;
    }),
    vscode.commands.registerCommand('baton.orc.resumeRun', async (target?: unknown) => {
      if (!trust.mayStartProcesses('Resume')) return undefined;
      const task = await targetTask(service, target, 'Resume which task? (continues its Claude session)', resumableTasks);
      if (!task) return undefined;
      if (task.era === 'db') return runsThroughOrc(task, 'orc resumes its own runs');
      if (!task.state?.session?.id) {
        void vscode.window.showInformationMessage(`Baton: ${task.id} has no Claude session in state.yaml to resume; use Run instead.`);
        return undefined;
      }
      if (await refusedForClaude(task.root, workspaceState)) return undefined;
      return runs.start(task, { resume: true });
    }),
    vscode.commands.registerCommand('baton.orc.cancelRun', async (target?: unknown) => {
      const session = target === undefined ? await pickSession(runs.running(), 'Cancel which run?') : sessionOf(runs, await targetTask(service, target));
      if (!session?.running) {
        if (target !== undefined) void vscode.window.showInformationMessage('Baton: that task is not running in this window, so there is nothing to cancel.');
        return undefined;
      }
      session.cancel();
      return session.done;
    }),
    vscode.commands.registerCommand('baton.orc.openInClaudeCode', async (target?: unknown) => {
      if (!trust.mayStartProcesses('Open in Claude Code')) return undefined;
      const task = await targetTask(service, target, 'Continue which task in Claude Code?', tasksWithClaudeSession);
      if (task?.era === 'db') return runsThroughOrc(task, 'orc keeps its Claude sessions itself');
      return task ? openInClaudeCode(task, workspaceState) : undefined;
    }),
    vscode.commands.registerCommand('baton.orc.showRunTerminal', async (target?: unknown) => {
      const task = target === undefined ? undefined : await targetTask(service, target);
      if (task?.era === 'db') {
        const terminal = orcRuns.terminalOf(task);
        if (terminal) terminal.show(false);
        else void vscode.window.showInformationMessage(`Baton: no orc run of ${task.id} in this window; start one with Run Task.`);
        return terminal;
      }
      const session = target === undefined ? runs.running().at(-1) ?? await pickSession(runs.all(), 'Show the terminal of which run?')
        : sessionOf(runs, await targetTask(service, target));
      if (!session) {
        // Without a target the picker has already said that nothing ran here.
        if (target !== undefined) void vscode.window.showInformationMessage('Baton: no run of that task in this window; start one with Run Task.');
        return undefined;
      }
      session.terminal.show(false);
      return session;
    }),
  );
}

/** A database-era task runs only through `orc run` (a terminal): Baton's own executor never touches orc's database. */
function runsThroughOrc(task: OrcTask, why: string): undefined {
  void vscode.window.showInformationMessage(`Baton: ${task.id} is in orc's database and runs through orc: use Run Task (orc run ${task.id}); ${why}.`);
  return undefined;
}

function sessionOf(runs: ActiveRuns, task: OrcTask | undefined): RunSession | undefined {
  return task ? runs.session(task) : undefined;
}
