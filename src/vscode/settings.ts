import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SourceContext } from '../core/service/adapter';

/**
 * Where each workspace folder's home-directory state lives. Settings may say `${workspaceFolder}` and `~`
 * (the demo points them inside itself).
 */
export function sourceContext(folder: vscode.WorkspaceFolder): SourceContext {
  const config = vscode.workspace.getConfiguration('baton', folder.uri);
  const expand = (value: string | undefined, fallback: string) => {
    const raw = value?.trim() || fallback;
    const withFolder = raw.replace(/\$\{workspaceFolder\}/g, folder.uri.fsPath);
    return path.resolve(folder.uri.fsPath, withFolder.replace(/^~(?=$|[\\/])/, os.homedir()));
  };
  return {
    root: folder.uri.fsPath,
    ultraworkSessions: expand(config.get<string>('ultrawork.sessionsRoot'), '~/.claude/ultrawork/sessions'),
    orangeRoot: expand(config.get<string>('orange.root'), '~/orange'),
  };
}
