import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import { isGatePending } from '../../core/formats/orc-db/map-task';
import { itemKey } from '../../core/model/items';
import { unreadableTooltip, unreadableTreeItem } from '../unreadable-item';
import { folderTreeItem } from '../folder-item';
import { placeTreeItem, shortWhere, thisFolderTreeItem, type PlaceGroup } from '../places/place-groups';
import type { WorktreeNamed } from '../../core/places/worktree-at';
import { statusIcon, statusLabel } from './status-style';

/** A node of the Tasks tree: it owns its TreeItem (the provider only decides which nodes exist). */
export abstract class TaskTreeNode {
  abstract readonly id: string;
  abstract getTreeItem(): vscode.TreeItem;
}

export class FolderNode extends TaskTreeNode {
  constructor(readonly root: string) { super(); }
  get id(): string { return `folder:${this.root}`; }
  getTreeItem(): vscode.TreeItem {
    return folderTreeItem(this.root, this.id, 'folder');
  }
}

/** "This folder": the folder's own tasks, when other worktrees or refs have tasks that differ. */
export class TasksHereNode extends TaskTreeNode {
  count = 0;
  constructor(readonly root: string) { super(); }
  get id(): string { return `here:${this.root}`; }
  getTreeItem(): vscode.TreeItem {
    return thisFolderTreeItem(this.id, 'place:orc:here', this.count, 'tasks');
  }
}

/** Another worktree or ref whose tasks differ from the folder's (folded; its tasks listed when unfolded). */
export class TasksPlaceNode extends TaskTreeNode {
  constructor(readonly root: string, public group: PlaceGroup<OrcTask>) { super(); }
  get id(): string { return `place:${this.root}:${this.group.key}`; }
  getTreeItem(): vscode.TreeItem {
    return placeTreeItem(this.id, `place:orc:${this.group.elsewhere.ref !== undefined ? 'ref' : 'worktree'}`, this.group, 'tasks');
  }
}

/** Statuses a person rarely needs open: their groups start collapsed. */
const QUIET_STATUSES = new Set(['completed', 'finished', 'failed']);

export class StatusGroupNode extends TaskTreeNode {
  count = 0;
  constructor(readonly root: string, readonly status: string) { super(); }
  get id(): string { return `group:${this.root}:${this.status}`; }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(statusLabel(this.status),
      QUIET_STATUSES.has(this.status) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.description = String(this.count);
    item.iconPath = statusIcon(this.status);
    item.contextValue = `group:orc:${this.status}`;
    item.accessibilityInformation = { label: `${statusLabel(this.status)}, ${this.count} task${this.count === 1 ? '' : 's'}` };
    return item;
  }
}

/**
 * The rest of a long list (a status group or a backlog of thousands of tasks): its rows are listed a page at a time,
 * so the first tree of a large workspace is a few hundred rows; this row lists the next page.
 */
export class MoreTasksNode extends TaskTreeNode {
  constructor(readonly list: StatusGroupNode | BacklogNode, readonly hidden: number, readonly page: number) { super(); }
  get id(): string { return `more:${this.list.id}`; }
  getTreeItem(): vscode.TreeItem {
    const next = Math.min(this.page, this.hidden);
    const item = new vscode.TreeItem(`Show ${next.toLocaleString('en-US')} more`, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const notShown = `${this.hidden.toLocaleString('en-US')} not shown`;
    item.description = notShown;
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.tooltip = `List the next ${next.toLocaleString('en-US')} tasks of this group (${notShown})`;
    item.contextValue = 'more:orc';
    item.command = { command: 'baton.tasks.showMore', title: 'Show More Tasks', arguments: [this] };
    item.accessibilityInformation = { label: `Show ${next.toLocaleString('en-US')} more tasks, ${notShown}` };
    return item;
  }
}

/** Backlog tasks of one status group, collapsed like the board's dashed backlog section. */
export class BacklogNode extends TaskTreeNode {
  count = 0;
  constructor(readonly group: StatusGroupNode) { super(); }
  get id(): string { return `backlog:${this.group.root}:${this.group.status}`; }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Backlog', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = String(this.count);
    item.iconPath = new vscode.ThemeIcon('archive');
    item.tooltip = 'Tasks in the backlog queue: deferred, not current work';
    item.contextValue = 'backlog:orc';
    item.accessibilityInformation = { label: `Backlog, ${this.count} task${this.count === 1 ? '' : 's'}` };
    return item;
  }
}

export class TaskNode extends TaskTreeNode {
  /**
   * `runsIn`: the other worktree of the folder's repository a database-era task runs in (its `worktree_path`), when
   * the places read that worktree.
   */
  constructor(public task: OrcTask, private readonly initiativeTitle: (id: string) => string | undefined,
    private readonly runsIn: (task: OrcTask) => WorktreeNamed | undefined = () => undefined) { super(); }
  get id(): string { return `task:${itemKey(this.task)}`; }

  getTreeItem(): vscode.TreeItem {
    const t = this.task;
    if (t.unreadable) return unreadableTreeItem(this.id, { ...t, unreadable: t.unreadable }, 'task.yaml');
    const item = new vscode.TreeItem(`${t.id}  ${t.title || '(untitled)'}`, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const badges: string[] = [];
    if (t.orphaned) badges.push('orphaned');
    if (t.blocked) badges.push(`blocked by ${t.blockedBy.join(', ')}`);
    if (t.queue === 'backlog') badges.push('backlog');
    if (t.initiativeId) badges.push(this.initiativeTitle(t.initiativeId) ?? t.initiativeId);
    // orc runs the task in another worktree of this repository: the row says which (the hover gives the path).
    const runsIn = this.runsIn(t);
    if (runsIn) badges.push(`runs in worktree ${runsIn.label}`);
    // Another worktree's or ref's task says where it is, and its status (its place is not grouped by status); it is
    // shown, not acted on (the commands change this folder's tasks).
    const where = t.elsewhere ? [shortWhere(t.elsewhere)] : [];
    item.description = [...where, ...(t.elsewhere ? [statusLabel(t.status).toLowerCase()] : []), ...badges].join(' · ');
    item.iconPath = t.orphaned ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
      : t.blocked ? new vscode.ThemeIcon('lock', new vscode.ThemeColor('charts.orange')) : statusIcon(t.status);
    // A database-era task has no file of its own (its `file` is orc's database).
    if (t.era === 'file' && t.elsewhere?.ref === undefined) item.resourceUri = vscode.Uri.file(t.file);
    item.contextValue = t.elsewhere ? `task-elsewhere:orc:${t.elsewhere.ref !== undefined ? 'ref' : 'worktree'}` : orcTaskContextValue(t);
    // A click shows the task like orc's board does; "Open task.yaml" stays in the context menu (file era). Another
    // place's task opens too, read-only, saying where it lives.
    item.command = { command: 'baton.showTaskDetail', title: 'Show Task Details', arguments: [this] };
    // What a reader hears: the row's text and its state (the icon's meaning), not the tooltip.
    const state = [statusLabel(t.status).toLowerCase(), t.orphaned && 'orphaned'].filter(Boolean).join(', '); // "blocked by …" follows
    item.accessibilityInformation = { label: [`${t.id} ${t.title || '(untitled)'}`, state, ...where, ...badges.filter((b) => b !== 'orphaned')].join(', ') };
    return item;
  }

  /** Built only when hovered (resolveTreeItem): the details a person checks before opening the file. */
  tooltip(): vscode.MarkdownString {
    const t = this.task;
    const md = new vscode.MarkdownString(undefined, true);
    if (t.unreadable) return unreadableTooltip(t.id, 'task.yaml', t.unreadable, 'task');
    md.appendMarkdown(`**${escape(t.id)}** ${escape(t.title)}\n\n`);
    if (t.elsewhere) md.appendMarkdown(`$(repo-clone) ${escape(t.elsewhere.ref !== undefined ? `Committed on ${t.elsewhere.ref}` : `In the worktree ${t.elsewhere.worktree}`)}\n\n`);
    md.appendMarkdown(`$(${statusIcon(t.status).id.replace('~spin', '')}) ${escape(t.status)} · priority ${escape(t.priority)} · ${escape(t.category)}`);
    if (t.weight) md.appendMarkdown(` · ${escape(t.weight)}`);
    md.appendMarkdown('\n\n');
    const rows: [string, readonly string[]][] = [['Blocked by', t.blockedBy], ['Blocks', t.blocks], ['Related to', t.relatedTo],
      ['Referenced by', t.referencedBy]];
    for (const [label, ids] of rows) if (ids.length) md.appendMarkdown(`${label}: ${ids.map(escape).join(', ')}  \n`);
    if (t.orphanReason) md.appendMarkdown(`\n$(warning) Orphaned: ${escape(t.orphanReason)}\n`);
    if (t.tokens) md.appendMarkdown(`\nTokens: ${t.tokens.total.toLocaleString('en-US')} total (effective input ${t.tokens.effectiveInput.toLocaleString('en-US')})\n`);
    if (t.db) {
      if (isGatePending(t)) md.appendMarkdown(`\n$(bell) Waits at the ${escape(t.currentPhase ?? 'current')} gate: answer it in Needs You\n`);
      const facts = [t.db.workflowId && `workflow ${escape(t.db.workflowId)}`, t.db.costUsd ? `$${t.db.costUsd.toFixed(2)}` : null].filter(Boolean);
      md.appendMarkdown(`\n$(database) In orc's database${facts.length ? ` · ${facts.join(' · ')}` : ''}; changed through orc\n`);
      if (t.db.readOnlyReason) md.appendMarkdown(`\n$(lock) Read-only: ${escape(t.db.readOnlyReason)}\n`);
      if (t.db.worktreePath) {
        const runsIn = this.runsIn(t);
        md.appendMarkdown(`\n$(repo-clone) Runs in the worktree ${escape(t.db.worktreePath)}${runsIn
          ? ` (another worktree of this repository, ${runsIn.branch ? `branch ${escape(runsIn.branch)}` : 'detached HEAD'})` : ''}\n`);
      }
    }
    return md;
  }
}

/**
 * The row's `contextValue` (package.json menus match it): `task:orc:<status>[:blocked][:orphaned][:state]` for a
 * task.yaml task, `task:orc:db:<status>[:blocked][:orphaned][:gate]` for one of orc's database (`gate`: it waits at
 * a human gate), so file-only items (open task.yaml, queue/category/weight, run a phase) and database-only ones
 * (orc edit, orc close) each show on their own rows.
 */
export function orcTaskContextValue(t: OrcTask): string {
  if (t.era === 'db') return ['task', 'orc', 'db', t.status, t.blocked && 'blocked', t.orphaned && 'orphaned', isGatePending(t) && 'gate'].filter(Boolean).join(':');
  return ['task', 'orc', t.status, t.blocked && 'blocked', t.orphaned && 'orphaned', t.stateFile && 'state'].filter(Boolean).join(':');
}

/** Text from files is shown as text in Markdown tooltips: no link, image or HTML gets through. */
function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~$]/g, '\\$&');
}
