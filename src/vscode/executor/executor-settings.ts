import type * as vscode from 'vscode';
import type { ExecutorOverrides } from '../../core/executor/contract';
import { batonSettings } from '../settings';

/**
 * The editor's settings that win over orc.yaml's `claude.*` for runs started in this window, read at each run (a
 * change applies to the next run). `baton.claude.path` is machine-scoped (package.json): VS Code takes it from the
 * user's or the remote machine's settings only, never from a workspace's `.vscode/settings.json`, so a cloned
 * repository cannot point it at its own program (its orc.yaml `claude.path` needs the person's allowance). All are
 * also restricted in untrusted workspaces. Only values a person set are passed on.
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
