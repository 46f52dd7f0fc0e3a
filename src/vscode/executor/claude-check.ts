import * as vscode from 'vscode';
import { checkClaudeCli, CLAUDE_CODE_INSTALL_URL } from '../../core/executor/claude-cli';
import { loadExecutorConfig } from '../../core/executor/config';
import { executorOverrides } from './executor-settings';
import { rememberedConsent } from './repository-claude-consent';

const OPEN_SETTING = 'Open Setting';
const INSTALL = 'Install Claude Code';
const shown: string[] = [];

/**
 * Why a run of a task in this folder cannot start Claude, or null when it can (or when only the run can tell: the
 * repository's orc.yaml names its own program and the person has not answered the consent question yet — the run
 * asks, and a refusal then still leaves no terminal, see ActiveRuns). The program checked is the one the run would
 * start: `baton.claude.path`, else the repository's `claude.path` when allowed, else `claude` on PATH.
 */
export async function claudeProblem(root: string, workspaceState: vscode.Memento): Promise<string | null> {
  const config = await loadExecutorConfig(root, executorOverrides(vscode.Uri.file(root)), rememberedConsent(workspaceState));
  // An unreadable orc.yaml is the run's refusal to make, with its own message.
  if ('error' in config) return null;
  if (config.ignored.some((line) => line.includes('claude.path'))) return null;
  const check = await checkClaudeCli(config.claudePath, config.claudeSource);
  return check.ok ? null : check.message;
}

/**
 * Refuses a run before anything starts (no terminal) when its Claude CLI cannot run: a notification with the way out.
 * True when refused.
 */
export async function refusedForClaude(root: string, workspaceState: vscode.Memento): Promise<boolean> {
  const problem = await claudeProblem(root, workspaceState);
  if (problem === null) return false;
  showClaudeMissing(problem);
  return true;
}

/** The notification for a Claude CLI that cannot run: "Open Setting" (baton.claude.path) and "Install Claude Code". */
export function showClaudeMissing(message: string): void {
  const text = `Baton: ${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
  shown.push(text);
  void Promise.resolve(vscode.window.showErrorMessage(text, OPEN_SETTING, INSTALL)).then((picked) => {
    // baton.claude.path is machine-scoped: in a remote window (SSH, WSL, a container, code-server) the User tab
    // hides it ("No Settings Found"); it is set in the Remote tab.
    if (picked === OPEN_SETTING) {
      // As an options object: openRemoteSettings drops a plain string (its argument sanitiser keeps objects only).
      void vscode.commands.executeCommand(vscode.env.remoteName ? 'workbench.action.openRemoteSettings' : 'workbench.action.openSettings',
        { query: 'baton.claude.path' });
    }
    else if (picked === INSTALL) void vscode.env.openExternal(vscode.Uri.parse(CLAUDE_CODE_INSTALL_URL));
  });
}

/** Every missing-Claude notification of this window, in order (tests read them: notifications have no API). */
export function claudeNotices(): readonly string[] {
  return shown;
}
