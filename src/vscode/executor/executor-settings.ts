import * as vscode from 'vscode';
import type { ExecutorOverrides } from '../../core/executor/contract';

/**
 * The editor's settings that win over orc.yaml's `claude.*` for runs started in this window. They are declared
 * restricted (package.json `capabilities.untrustedWorkspaces.restrictedConfigurations`): in an untrusted workspace
 * VS Code ignores the workspace's values, so a cloned repository cannot point `baton.claude.path` at its own
 * program. Only values a person set are passed on; unset ones leave orc.yaml in charge.
 */
export function executorOverrides(folder: vscode.Uri): ExecutorOverrides {
  const config = vscode.workspace.getConfiguration('baton', folder);
  const claudePath = config.get<string>('claude.path')?.trim();
  const model = config.get<string>('claude.model')?.trim();
  const timeout = config.get<number>('claude.timeoutSeconds');
  const testCommand = config.get<unknown>('testCommand');
  return {
    ...(claudePath ? { claudePath } : {}),
    ...(model ? { model } : {}),
    ...(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0 ? { timeoutSeconds: timeout } : {}),
    ...(Array.isArray(testCommand) && testCommand.length && testCommand.every((a) => typeof a === 'string')
      ? { testCommand: testCommand as string[] } : {}),
  };
}
