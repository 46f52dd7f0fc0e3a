import path from 'node:path';
import * as vscode from 'vscode';
import type { UltraworkSession, UltraworkTask } from '../../core/formats/ultrawork/model';
import { isTerminal } from '../../core/formats/ultrawork/phases';
import { folderTreeItem } from '../folder-item';
import { placeTreeItem, shortWhere, thisFolderTreeItem, type PlaceGroup } from '../places/place-groups';
import { unreadableTooltip, unreadableTreeItem } from '../unreadable-item';
import { escapeMd, phaseIcon, readable, taskIcon } from './ultrawork-style';

/*
 * The Ultrawork view's rows. Each node class owns its TreeItem. contextValue scheme (menus match it by regex):
 * `session:ultrawork:<PHASE>[:unassigned]`, `task:ultrawork:<status>[:blocked]`, `file:ultrawork` (opens a file),
 * `row:ultrawork` (information only), `group:ultrawork:<folder|unassigned>`; with other worktrees (issue 20)
 * `place:ultrawork:here` ("This folder") and `place:ultrawork:worktree` (a worktree whose sessions ran there).
 */

export const OPEN_FILE_COMMAND = 'baton.ultrawork.openFile';

export function openFile(file: string): vscode.Command {
  return { command: OPEN_FILE_COMMAND, title: 'Open', arguments: [file] };
}

/**
 * A workspace folder (several open), "This folder" (its own sessions, when other worktrees have sessions too), or the
 * "Unassigned" sessions that name no folder.
 */
export class GroupNode {
  /** Sessions under "This folder". */
  count = 0;
  constructor(readonly kind: 'folder' | 'here' | 'unassigned', readonly root: string | null) {}
  getTreeItem(): vscode.TreeItem {
    if (this.kind === 'folder') return folderTreeItem(this.root!, `ultrawork-folder:${this.root}`, 'group:ultrawork:folder');
    if (this.kind === 'here') return thisFolderTreeItem(`ultrawork-here:${this.root}`, 'place:ultrawork:here', this.count, 'sessions');
    const item = new vscode.TreeItem('Unassigned', vscode.TreeItemCollapsibleState.Expanded);
    item.id = 'ultrawork-unassigned';
    item.iconPath = new vscode.ThemeIcon('question');
    item.tooltip = 'Sessions whose session.json names no working_dir or original_dir (older sessions), or cannot be read.';
    item.contextValue = 'group:ultrawork:unassigned';
    return item;
  }
}

/** Another worktree of the folder's repository where sessions ran (folded; its sessions listed when unfolded). */
export class SessionsPlaceNode {
  constructor(readonly root: string, public group: PlaceGroup<UltraworkSession>) {}
  getTreeItem(): vscode.TreeItem {
    return placeTreeItem(`ultrawork-place:${this.root}:${this.group.key}`, 'place:ultrawork:worktree', this.group, 'sessions');
  }
}

export class SessionNode {
  /**
   * `scope`: '' for a session of the folder's own (or unassigned); for one that ran in another worktree, a suffix
   * naming the folder and the worktree, so its row ids stay unique when the same session shows in several folders.
   */
  constructor(public session: UltraworkSession, public tasks: readonly UltraworkTask[], readonly scope = '') {}

  getTreeItem(): vscode.TreeItem {
    const s = this.session;
    if (s.unreadable) {
      // The shared unreadable row, still folded open onto the session's tasks and documents, which read on their own.
      const item = unreadableTreeItem(`ultrawork-session:${s.dir}${this.scope}`, { ...s, unreadable: s.unreadable }, 'session.json', s.title);
      item.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
      item.contextValue = `session:ultrawork:unreadable${s.assignment === 'unassigned' ? ':unassigned' : ''}`;
      return item;
    }
    const item = new vscode.TreeItem(s.title, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `ultrawork-session:${s.dir}${this.scope}`;
    const resolved = this.tasks.filter((t) => t.status === 'resolved').length;
    // A session that ran in another worktree says where first (its place groups it; the row alone says so too).
    const parts = [...(s.elsewhere ? [shortWhere(s.elsewhere)] : []), s.phase ?? (path.basename(s.file) === 'session.json' ? 'session.json unreadable' : 'no session.json')];
    if (this.tasks.length) parts.push(`${resolved}/${this.tasks.length} tasks`);
    const blocked = this.tasks.filter((t) => t.blocked).length;
    if (blocked) parts.push(`${blocked} blocked`);
    if (s.cancelledAt && s.phase !== 'CANCELLED') parts.push('cancelled');
    item.description = parts.join(' · ');
    item.iconPath = s.cancelledAt && !isTerminal(s.phase) ? phaseIcon('CANCELLED') : phaseIcon(s.phase);
    item.contextValue = `session:ultrawork:${s.phase ?? ''}${s.assignment === 'unassigned' ? ':unassigned' : ''}`;
    return item;
  }

  tooltip(): vscode.MarkdownString {
    const s = this.session;
    if (s.unreadable) return unreadableTooltip(s.title, 'session.json', s.unreadable, 'session\'s phase and goal');
    const md = new vscode.MarkdownString('', true);
    md.appendMarkdown(`**${escapeMd(s.title)}**\n\n`);
    // The title is the goal made one line; a goal of several lines (or a very long one) is shown whole.
    if (s.goal && s.goal !== s.title) md.appendMarkdown(`${escapeMd(s.goal)}\n\n`);
    if (s.goalBrief) md.appendMarkdown(`Brief: \`${s.goalBrief.replace(/`/g, '\'')}\`\n\n`);
    md.appendMarkdown(`Session \`${s.id}\`${s.version ? ` · schema ${escapeMd(s.version)}` : ''}\n\n`);
    if (s.elsewhere?.worktree !== undefined) md.appendMarkdown(`$(repo-clone) Ran in the worktree ${escapeMd(s.elsewhere.worktree)} (another worktree of this folder's repository)\n\n`);
    md.appendMarkdown(`Phase: **${escapeMd(s.phase ?? 'unknown')}**${s.explorationStage ? ` · exploration ${escapeMd(readable(s.explorationStage))}` : ''}`);
    if (s.iteration !== null) md.appendMarkdown(` · iteration ${s.iteration}`);
    md.appendMarkdown('\n\n');
    if (s.workingDir) md.appendMarkdown(`Working folder: \`${s.workingDir}\`\n\n`);
    if (s.originalDir && s.originalDir !== s.workingDir) md.appendMarkdown(`Original folder: \`${s.originalDir}\`\n\n`);
    if (s.worktree?.branch) md.appendMarkdown(`Worktree branch: \`${s.worktree.branch}\`\n\n`);
    if (s.cancelledAt) md.appendMarkdown(`Cancelled ${escapeMd(s.cancelledAt)}\n\n`);
    if (s.failureReason) md.appendMarkdown(`Failure: ${escapeMd(s.failureReason)}\n\n`);
    if (s.startedAt) md.appendMarkdown(`Started ${escapeMd(s.startedAt)}${s.updatedAt ? ` · updated ${escapeMd(s.updatedAt)}` : ''}\n`);
    return md;
  }
}

export class TaskNode {
  constructor(public task: UltraworkTask, readonly scope = '') {}
  getTreeItem(): vscode.TreeItem {
    const t = this.task;
    if (t.unreadable) {
      const row = unreadableTreeItem(`ultrawork-task:${t.sessionDir}${this.scope}:${t.taskId}`, { ...t, unreadable: t.unreadable }, `tasks/${t.taskId}.json`, `#${t.taskId}`);
      row.tooltip = unreadableTooltip(`#${t.taskId}`, `tasks/${t.taskId}.json`, t.unreadable, 'task');
      return row;
    }
    const item = new vscode.TreeItem(t.title, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `ultrawork-task:${t.sessionDir}${this.scope}:${t.taskId}`;
    const met = t.criteria.filter((c) => c.met).length;
    const parts = [`#${t.taskId}`, readable(t.status)];
    if (t.complexity) parts.push(t.complexity);
    if (t.approach === 'tdd') parts.push('TDD');
    if (t.blocked) parts.push(t.waitingOn.length ? `blocked by ${t.waitingOn.join(', ')}` : 'blocked');
    if (t.criteria.length) parts.push(`${met}/${t.criteria.length} criteria`);
    item.description = parts.join(' · ');
    item.iconPath = taskIcon(t.status, t.blocked);
    item.contextValue = `task:ultrawork:${t.status}${t.blocked ? ':blocked' : ''}`;
    const tip = new vscode.MarkdownString('', true);
    tip.appendMarkdown(`**${escapeMd(t.title)}** (\`${t.taskId}\`)\n\n`);
    if (t.description) tip.appendMarkdown(`${escapeMd(t.description)}\n\n`);
    tip.appendMarkdown(`Status: **${escapeMd(t.status)}**${t.complexity ? ` · complexity ${escapeMd(t.complexity)}` : ''}\n\n`);
    if (t.approach) {
      const test = [t.testFile && `test file \`${escapeMd(t.testFile)}\``, t.testScope && `scope ${escapeMd(t.testScope)}`].filter(Boolean).join(' · ');
      tip.appendMarkdown(`Approach: **${escapeMd(t.approach)}**${test ? ` · ${test}` : ''}\n\n`);
    }
    if (t.blockedBy.length) tip.appendMarkdown(`Blocked by: ${t.blockedBy.map((b) => `\`${b}\``).join(', ')}${t.waitingOn.length ? ` (waiting on ${t.waitingOn.map((b) => `\`${b}\``).join(', ')})` : ' (all resolved)'}\n`);
    item.tooltip = tip;
    return item;
  }
}

export interface RowOptions {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly icon?: vscode.ThemeIcon;
  readonly tooltip?: string | vscode.MarkdownString;
  /** A click opens this file. */
  readonly file?: string | null;
  readonly children?: () => UltraworkNode[];
  readonly expanded?: boolean;
}

/** Every other row: a phase step, a criterion, a document, a piece of evidence, a section holding such rows. */
export class RowNode {
  constructor(readonly options: RowOptions) {}
  getTreeItem(): vscode.TreeItem {
    const o = this.options;
    const state = !o.children ? vscode.TreeItemCollapsibleState.None
      : o.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(o.label, state);
    item.id = o.id;
    item.description = o.description;
    item.iconPath = o.icon;
    item.tooltip = o.tooltip;
    item.contextValue = o.file ? 'file:ultrawork' : 'row:ultrawork';
    if (o.file) { item.command = openFile(o.file); item.resourceUri = vscode.Uri.file(o.file); }
    return item;
  }
}

export type UltraworkNode = GroupNode | SessionsPlaceNode | SessionNode | TaskNode | RowNode;
