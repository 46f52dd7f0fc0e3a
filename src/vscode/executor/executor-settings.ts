import type * as vscode from 'vscode';
import type { ExecutorOverrides } from '../../core/executor/contract';
import { batonSettings } from '../settings';

/**
 * The editor's settings that win over orc.yaml's `claude.*` for runs started in this window, read at each run (a
 * change applies to the next run). They are declared restricted (package.json
 * `capabilities.untrustedWorkspaces.restrictedConfigurations`): in an untrusted workspace VS Code ignores the
 * workspace's values, so a cloned repository cannot point `baton.claude.path` at its own program. Only values a
 * person set are passed on; unset ones leave orc.yaml in charge.
 */
export function executorOverrides(folder: vscode.Uri): ExecutorOverrides {
  const { claude, testCommand } = batonSettings(folder);
  return {
    ...(claude.path ? { claudePath: claude.path } : {}),
    ...(claude.model ? { model: claude.model } : {}),
    ...(claude.timeoutSeconds ? { timeoutSeconds: claude.timeoutSeconds } : {}),
    ...(testCommand ? { testCommand } : {}),
  };
}
