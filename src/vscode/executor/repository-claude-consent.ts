import * as vscode from 'vscode';
import type { RepositoryPrivileges } from '../../core/executor/contract';

/** workspaceState key: the exact requests the person allowed in this workspace (one string per request). */
const ALLOWED_KEY = 'baton.executor.allowedRepositoryClaude';

/**
 * Asks once per workspace, in a modal naming the exact program and mode, whether the repository's orc.yaml may
 * choose the Claude program Baton runs (or let it act without approval). A yes is remembered in workspaceState for
 * exactly that path and mode: a repository that later names another program is asked about again. A no (or a
 * modal that cannot be shown) is not remembered: the next run asks again, and meanwhile the person's own
 * `claude` runs, the run's terminal saying what was ignored.
 */
export function repositoryClaudeConsent(state: vscode.Memento): (asked: RepositoryPrivileges) => Promise<boolean> {
  return async (asked) => {
    const key = consentKey(asked);
    const allowed = state.get<string[]>(ALLOWED_KEY, []);
    if (allowed.includes(key)) return true;
    const what = [
      ...(asked.claudePath !== null ? [`run the program ${asked.claudePath} as Claude`] : []),
      ...(asked.permissionMode !== null ? [`start Claude with --permission-mode ${asked.permissionMode} (it may act without asking you)`] : []),
    ];
    const allow = 'Allow in This Workspace';
    const picked = await Promise.resolve(vscode.window.showWarningMessage(
      `This repository's ${asked.configFile} asks Baton to ${what.join(' and to ')}. Allow it?`,
      { modal: true, detail: 'A cloned repository can name any program here. Without your allowance Baton runs the Claude CLI '
        + 'from your settings (baton.claude.path) or PATH, with --permission-mode acceptEdits.' }, allow)).catch(() => undefined);
    if (picked !== allow) return false;
    await state.update(ALLOWED_KEY, [...allowed, key]);
    return true;
  };
}

/** The person's answer as remembered, without asking (a check before a run looks at the program the run would use). */
export function rememberedConsent(state: vscode.Memento): (asked: RepositoryPrivileges) => Promise<boolean> {
  return async (asked) => state.get<string[]>(ALLOWED_KEY, []).includes(consentKey(asked));
}

function consentKey(asked: RepositoryPrivileges): string {
  return JSON.stringify([asked.configFile, asked.claudePath, asked.permissionMode]);
}
