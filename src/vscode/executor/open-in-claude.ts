import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { containedPath } from '../../core/io/contained-path';
import { loadExecutorConfig } from '../../core/executor/config';
import { checkFlagValue, SESSION_ID } from '../../core/executor/flag-safe';
import type { OrcTask } from '../../core/formats/orc/model';
import { executorOverrides } from './executor-settings';
import { repositoryClaudeConsent } from './repository-claude-consent';
import { checkClaudeCli } from '../../core/executor/claude-cli';
import { showClaudeMissing } from './claude-check';

/**
 * Continues a task's Claude session by hand: an ordinary terminal running `claude --resume <session id>` in the
 * task's worktree (or the checkout, without worktrees). The program and its arguments go to the terminal as
 * shellPath/shellArgs — no shell parses them, so a session id or path from a file cannot become a command.
 * The caller checked workspace trust. Resolves to the terminal, or undefined with the reason shown.
 */
export async function openInClaudeCode(task: OrcTask, workspaceState: vscode.Memento): Promise<vscode.Terminal | undefined> {
  const sessionId = task.state?.session?.id?.trim();
  if (!sessionId) {
    void vscode.window.showInformationMessage(`Baton: ${task.id} has no Claude session in state.yaml yet; run a phase first (Run Task or Run Phase…).`);
    return undefined;
  }
  const badId = checkFlagValue('session id', sessionId, SESSION_ID, `${task.id}'s state.yaml`);
  if (badId) {
    void vscode.window.showWarningMessage(`Baton: ${badId}.`);
    return undefined;
  }
  // The same rule as a run: the repository's claude.path only with the person's allowance (the same modal).
  const config = await loadExecutorConfig(task.root, executorOverrides(vscode.Uri.file(task.root)), repositoryClaudeConsent(workspaceState));
  if ('error' in config) {
    void vscode.window.showErrorMessage(`Baton: ${config.error}`);
    return undefined;
  }
  for (const line of config.ignored) void vscode.window.showWarningMessage(`Baton: ${line}.`);
  // A terminal whose program is missing only shows an error and stays behind: checked first, with the way out.
  const claude = await checkClaudeCli(config.claudePath, config.claudeSource);
  if (!claude.ok) { showClaudeMissing(claude.message); return undefined; }
  const terminal = vscode.window.createTerminal({
    name: `Claude: ${task.id}`,
    shellPath: claude.path,
    shellArgs: ['--resume', sessionId],
    cwd: await taskDirectory(task, config.git.worktrees),
    iconPath: new vscode.ThemeIcon('comment-discussion'),
  });
  terminal.show(false);
  return terminal;
}

/** The task's worktree when orc.yaml uses worktrees and it exists; the checkout otherwise. */
async function taskDirectory(task: OrcTask, worktrees: boolean): Promise<string> {
  if (!worktrees) return task.root;
  const dir = path.join(task.root, '.orc', 'worktrees', task.id);
  // A worktree folder that is a link out of the repository is not where Claude Code is started.
  if (!(await containedPath(task.root, dir)).ok) return task.root;
  return (await fs.stat(dir).then((s) => s.isDirectory(), () => false)) ? dir : task.root;
}
