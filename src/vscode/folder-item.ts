import path from 'node:path';
import * as vscode from 'vscode';

/**
 * The name of a workspace folder as VS Code shows it (the `name` a .code-workspace file gives it, else its
 * basename): every view that groups by folder labels its folder rows with it, so they match the Explorer.
 */
export function folderName(root: string): string {
  return vscode.workspace.workspaceFolders?.find((f) => f.uri.fsPath === root)?.name ?? path.basename(root);
}

/** The row of one workspace folder in a view of several: its name, the folder icon, the full path on hover. */
export function folderTreeItem(root: string, id: string, contextValue: string): vscode.TreeItem {
  const item = new vscode.TreeItem(folderName(root), vscode.TreeItemCollapsibleState.Expanded);
  item.id = id;
  item.iconPath = vscode.ThemeIcon.Folder;
  item.tooltip = root;
  item.contextValue = contextValue;
  return item;
}
