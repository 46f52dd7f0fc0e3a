import * as vscode from 'vscode';
import { problemPlace } from '../core/model/item-problem';
import type { WorkItemBase, ItemProblem } from '../core/model/items';
import { escapeMarkdown as escape } from './intents/intent-style';

/**
 * The row of an item whose own file cannot be read or parsed (issue 17: a broken file never hides its task, intent,
 * run or session): its name, an error icon, the problem as its description, and a click that opens the file at the
 * problem. Its context value is `unreadable:<system>:<kind>`, which no item menu matches: nothing acts on a row whose
 * fields are unknown. The same row in every tree, so a person learns it once.
 */
export function unreadableTreeItem(id: string, item: WorkItemBase & { readonly unreadable: ItemProblem }, fileName: string, label = item.id): vscode.TreeItem {
  const problem = item.unreadable;
  const row = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  row.id = id;
  row.description = `${fileName} cannot be read: ${problem.message}${problemPlace(problem)}`;
  row.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
  row.resourceUri = vscode.Uri.file(item.file);
  row.contextValue = `unreadable:${item.system}:${item.kind}`;
  const line = Math.max(0, (problem.line ?? 1) - 1);
  const column = Math.max(0, (problem.column ?? 1) - 1);
  row.command = { command: 'vscode.open', title: `Open ${fileName} at the Problem`,
    arguments: [vscode.Uri.file(item.file), { selection: new vscode.Range(line, column, line, column), preview: false }] };
  row.accessibilityInformation = { label: `${label}, unreadable, ${row.description}` };
  return row;
}

/** The hover of such a row: what is wrong, and what happens once the file is fixed. */
export function unreadableTooltip(label: string, fileName: string, problem: ItemProblem, what: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendMarkdown(`$(error) **${escape(label)}**: its ${escape(fileName)} cannot be read\n\n${escape(problem.message)}${escape(problemPlace(problem))}\n\n`);
  md.appendMarkdown(`Click to open the file at the problem. Baton shows the ${what} again as soon as the file reads.`);
  return md;
}
