import * as vscode from 'vscode';
import type { ExecutorHost, GateAnswer, PendingGate, RepositoryPrivileges } from '../../core/executor/contract';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { waitForGateAnswer } from './gate-waiter';
import { repositoryClaudeConsent } from './repository-claude-consent';

/** How many changed files the dirty-checkout question lists before "and N more". */
const LISTED_FILES = 8;

/**
 * The executor's questions, asked the editor's way: a modal for the dirty checkout and for a repository that names its
 * own Claude program, the inbox for human gates.
 */
export class EditorExecutorHost implements ExecutorHost {
  constructor(private readonly service: OrchestrationService, private readonly taskId: string, private readonly workspaceState: vscode.Memento) {}

  async confirmDirtyCheckout(root: string, changedFiles: readonly string[]): Promise<boolean> {
    const listed = changedFiles.slice(0, LISTED_FILES).join('\n');
    const more = changedFiles.length > LISTED_FILES ? `\n… and ${changedFiles.length - LISTED_FILES} more` : '';
    const go = 'Run Anyway';
    // A modal that cannot be shown (a headless test host refuses dialogs) counts as "no": nothing runs on a dirty tree.
    const picked = await Promise.resolve(vscode.window.showWarningMessage(
      `${this.taskId}: worktrees are off and ${root} has uncommitted changes. Claude would work on top of them, and the `
      + 'phase checkpoints would commit them. Run anyway?',
      { modal: true, detail: `${listed}${more}` }, go)).catch(() => undefined);
    return picked === go;
  }

  allowRepositoryClaude(asked: RepositoryPrivileges): Promise<boolean> {
    return repositoryClaudeConsent(this.workspaceState)(asked);
  }

  waitForHumanGate(gate: PendingGate, signal: AbortSignal): Promise<GateAnswer | 'stop'> {
    return waitForGateAnswer(this.service, gate, signal);
  }
}
