import * as vscode from 'vscode';
import type { OrangeTask } from '../../core/formats/orange/model';
import type { SessionState } from '../../core/formats/orange/session-state';
import { LEGACY_STATUSES, NO_DAEMON_NOTE, TERMINAL_STATUSES } from '../../core/formats/orange/vocabulary';
import { itemKey } from '../../core/model/items';
import { folderTreeItem } from '../folder-item';
import { unreadableTooltip, unreadableTreeItem } from '../unreadable-item';
import { escapeMarkdown } from '../intents/intent-style';
import { orangeStatusIcon, orangeStatusLabel, SESSION_TEXT, sessionIcon } from './orange-style';

/** A node of the orange tree: it owns its TreeItem; the provider decides which nodes exist. */
export abstract class OrangeTreeNode {
  abstract readonly id: string;
  abstract getTreeItem(): vscode.TreeItem;
}

/** One workspace folder's orange projects, when the window has several folders. */
export class OrangeFolderNode extends OrangeTreeNode {
  constructor(readonly root: string) { super(); }
  get id(): string { return `orange-folder:${this.root}`; }
  getTreeItem(): vscode.TreeItem { return folderTreeItem(this.root, this.id, 'folder:orange'); }
}

export class OrangeProjectNode extends OrangeTreeNode {
  count = 0;
  constructor(readonly root: string, readonly project: string, readonly projectPath: string) { super(); }
  get id(): string { return `orange-project:${this.root}:${this.project}`; }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.project, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.description = `${this.count} task${this.count === 1 ? '' : 's'}`;
    item.tooltip = `orange project ${this.project}: ${this.projectPath}`;
    item.iconPath = new vscode.ThemeIcon('project');
    item.contextValue = 'project:orange';
    return item;
  }
}

export class OrangeGroupNode extends OrangeTreeNode {
  count = 0;
  constructor(readonly root: string, readonly project: string, readonly status: string) { super(); }
  get id(): string { return `orange-group:${this.root}:${this.project}:${this.status}`; }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(orangeStatusLabel(this.status),
      TERMINAL_STATUSES.includes(this.status) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.description = String(this.count);
    item.iconPath = orangeStatusIcon(this.status);
    item.contextValue = `group:orange:${this.status}`;
    return item;
  }
}

export class OrangeTaskNode extends OrangeTreeNode {
  constructor(public task: OrangeTask, public session: SessionState) { super(); }
  get id(): string { return `orange-task:${itemKey(this.task)}`; }

  getTreeItem(): vscode.TreeItem {
    const t = this.task;
    if (t.unreadable) return unreadableTreeItem(this.id, { ...t, unreadable: t.unreadable }, 'TASK.md');
    const item = new vscode.TreeItem(t.title, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = [t.branch, runsInText(t), t.reviewRound ? `round ${t.reviewRound}` : '', t.crashCount ? `${t.crashCount} crash${t.crashCount === 1 ? '' : 'es'}` : '',
      t.verdict ? `review ${t.verdict}` : '', t.prUrl ? (t.prState ? `PR ${t.prState.toLowerCase()}` : 'PR') : ''].filter(Boolean).join(' · ');
    item.iconPath = sessionIcon(this.session);
    item.contextValue = ['task', 'orange', t.status || 'none', t.prUrl && 'pr', t.tmuxSession && 'session'].filter(Boolean).join(':');
    item.resourceUri = vscode.Uri.file(t.file);
    item.command = { command: 'baton.orange.openTaskFile', title: 'Open TASK.md', arguments: [this] };
    item.accessibilityInformation = { label: [t.title, t.status, runsInText(t), SESSION_TEXT[this.session]].filter(Boolean).join(', ') };
    return item;
  }

  /** Built only when hovered (resolveTreeItem). */
  tooltip(): vscode.MarkdownString {
    const t = this.task;
    if (t.unreadable) return unreadableTooltip(t.id, 'TASK.md', t.unreadable, 'task');
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escapeMarkdown(t.title)}**\n\n`);
    md.appendMarkdown(`${escapeMarkdown(t.status || '(no status)')} · ${escapeMarkdown(t.project)} · \`${t.id}\`\n\n`);
    const legacy = LEGACY_STATUSES[t.status];
    if (legacy) md.appendMarkdown(`_${escapeMarkdown(t.status)}: ${escapeMarkdown(legacy)}_\n\n`);
    if (t.branch) md.appendMarkdown(`Branch ${escapeMarkdown(t.branch)}`);
    if (t.workspace) md.appendMarkdown(` in ${escapeMarkdown(t.workspace)}${t.poolStatus ? ` (${escapeMarkdown(t.poolStatus)})` : ''}`);
    if (t.runsIn) {
      md.appendMarkdown(`\n\n$(repo-clone) Runs in the worktree ${escapeMarkdown(t.runsIn.name)}${t.runsIn.here ? ' (this folder)' : ''}: ${escapeMarkdown(t.runsIn.path)}`);
      if (t.runsIn.via === 'pool') md.appendMarkdown(' (bound in the pool)');
    }
    md.appendMarkdown(`\n\n$(${sessionIcon(this.session).id}) ${SESSION_TEXT[this.session]}${t.tmuxSession ? `: ${escapeMarkdown(t.tmuxSession)}` : ''}\n\n`);
    md.appendMarkdown(`Review round ${t.reviewRound}${t.verdict ? `, verdict ${t.verdict}` : ''} · ${t.crashCount} crash${t.crashCount === 1 ? '' : 'es'}`);
    md.appendMarkdown(` · ${escapeMarkdown(t.harness)}${t.effort ? ` (${escapeMarkdown(t.effort)})` : ''} / review ${escapeMarkdown(t.reviewHarness)}${t.reviewEffort ? ` (${escapeMarkdown(t.reviewEffort)})` : ''}`);
    if (t.prUrl) md.appendMarkdown(`\n\nPR ${escapeMarkdown(t.prUrl)}${t.prState ? ` (${escapeMarkdown(t.prState)})` : ''}`);
    const gates = [t.plan !== null && `Plan ${t.plan ? 'valid' : 'incomplete'}`, t.handoff !== null && `Handoff ${t.handoff ? 'valid' : 'incomplete'}`].filter(Boolean);
    if (gates.length) md.appendMarkdown(`\n\n${gates.join(' · ')}`);
    if (t.sections.length) md.appendMarkdown(`\n\nSections: ${t.sections.map((s) => escapeMarkdown(s.name)).join(', ')}`);
    const last = t.recentHistory[t.recentHistory.length - 1];
    if (last) md.appendMarkdown(`\n\nLast event: ${escapeMarkdown(last.type)}${last.timestamp ? ` at ${escapeMarkdown(last.timestamp)}` : ''}`);
    if (!TERMINAL_STATUSES.includes(t.status)) md.appendMarkdown(`\n\n_${escapeMarkdown(NO_DAEMON_NOTE.replace(/`/g, ''))}_`);
    return md;
  }
}

/** Where the task runs, for its row: "in worktree proj--2", or "in this worktree" when the folder is that worktree. */
function runsInText(t: OrangeTask): string {
  if (!t.runsIn) return '';
  return t.runsIn.here ? 'in this worktree' : `in worktree ${t.runsIn.name}`;
}
