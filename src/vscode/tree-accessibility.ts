import path from 'node:path';
import * as vscode from 'vscode';

/**
 * A tree row's accessible name: what the row shows — its label, its state, its description — never its tooltip
 * (a screen reader otherwise hears the tooltip, e.g. a timestamp instead of the agent's name). Rows that set
 * their own name keep it. Every tree provider's `getTreeItem` passes its items through here.
 */
export function withAccessibleName(item: vscode.TreeItem, state?: string): vscode.TreeItem {
  if (item.accessibilityInformation) return item;
  // A row labelled by its file (resourceUri, no label) shows the file's name.
  const shown = (typeof item.label === 'string' ? item.label : item.label?.label) ?? (item.resourceUri ? path.posix.basename(item.resourceUri.path) : '');
  const label = shown.replace(/\s{2,}/g, ' ').trim();
  const description = typeof item.description === 'string' ? item.description.replace(/ · /g, ', ').trim() : '';
  const parts = [label, state, description].filter((p): p is string => !!p);
  item.accessibilityInformation = { label: [...new Set(parts)].join(', ') };
  return item;
}
