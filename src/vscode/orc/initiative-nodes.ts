import path from 'node:path';
import * as vscode from 'vscode';
import type { OrcInitiative, OrcTask } from '../../core/formats/orc/model';
import type { InitiativeTaskRow } from '../../core/formats/orc/initiative-view';
import { itemKey } from '../../core/model/items';
import { containedPathSync } from '../../core/io/contained-path';
import { folderTreeItem } from '../folder-item';
import { statusIcon } from '../tasks/status-style';
import { orcTaskContextValue } from '../tasks/task-nodes';

/** A row of the Initiatives view; each node owns its TreeItem and knows its children. */
export abstract class InitiativeTreeNode {
  abstract readonly id: string;
  abstract getTreeItem(): vscode.TreeItem;
  children(): InitiativeTreeNode[] { return []; }
}

/** One workspace folder's initiatives, when the window has several folders. */
export class InitiativeFolderNode extends InitiativeTreeNode {
  constructor(readonly root: string, private readonly initiatives: () => InitiativeTreeNode[]) { super(); }
  get id(): string { return `initiatives-folder:${this.root}`; }
  getTreeItem(): vscode.TreeItem { return folderTreeItem(this.root, this.id, 'folder:initiatives'); }
  override children(): InitiativeTreeNode[] { return this.initiatives(); }
}

const INITIATIVE_ICONS: Record<string, [string, string?]> = {
  draft: ['circle-large-outline'], active: ['rocket', 'charts.green'], completed: ['pass', 'testing.iconPassed'], archived: ['archive'],
};

export class InitiativeNode extends InitiativeTreeNode {
  constructor(readonly initiative: OrcInitiative, private readonly lookup: (id: string) => OrcInitiative | undefined,
    private readonly task: (id: string) => OrcTask | undefined) { super(); }
  get id(): string { return `initiative:${itemKey(this.initiative)}`; }

  getTreeItem(): vscode.TreeItem {
    const i = this.initiative;
    const item = new vscode.TreeItem(`${i.id}  ${i.title}`, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = [i.status, `${i.progress.completed}/${i.progress.total} done`, i.blocked ? '[BLOCKED]' : ''].filter(Boolean).join(' · ');
    const [icon, color] = i.blocked ? ['lock', 'charts.orange'] : INITIATIVE_ICONS[i.status] ?? ['question'];
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    // `initiative:orc[:db]:<status>[:blocked]`: an initiative of orc's database has no initiative.yaml to open.
    item.contextValue = ['initiative', 'orc', i.era === 'db' && 'db', i.status, i.blocked && 'blocked'].filter(Boolean).join(':');
    if (i.era === 'file') item.resourceUri = vscode.Uri.file(i.file);
    const md = new vscode.MarkdownString();
    md.appendText(`${i.id} ${i.title}\n\n${i.vision ?? ''}`);
    item.tooltip = md;
    return item;
  }

  override children(): InitiativeTreeNode[] {
    const i = this.initiative;
    const f = i.fields;
    const rows: InitiativeTreeNode[] = [];
    const key = this.id;
    if (i.vision) rows.push(new TextNode(`${key}:vision`, 'Vision', i.vision.replace(/\s+/g, ' ').trim(), 'lightbulb'));
    const owner = f.owner;
    if (owner?.display_name || owner?.initials) {
      rows.push(new TextNode(`${key}:owner`, 'Owner', [owner.display_name, owner.initials && `(${owner.initials})`, owner.email].filter(Boolean).join(' '), 'person'));
    }
    if (i.blocked) rows.push(new TextNode(`${key}:blocked`, '[BLOCKED]', `waiting on ${i.blockedBy.filter((d) => this.lookup(d)?.status !== 'completed').join(', ')}`, 'lock'));
    if (i.dependencyChain.length > 1) rows.push(new TextNode(`${key}:chain`, 'Dependency chain', i.dependencyChain.join(' → '), 'type-hierarchy'));
    rows.push(new GroupNode(`${key}:tasks`, `Tasks`, `${i.progress.completed}/${i.progress.total} completed`, 'checklist',
      i.progress.tasks.map((t) => new InitiativeTaskNode(`${key}:task:${t.id}`, t, this.task(t.id), i.era))));
    if (i.decisions.length) {
      rows.push(new GroupNode(`${key}:decisions`, 'Decisions', String(i.decisions.length), 'law', i.decisions.map((d, n) =>
        new TextNode(`${key}:decision:${n}`, d.id ?? `decision ${n + 1}`, d.decision ?? '', 'milestone',
          [d.rationale, d.madeBy && `made by ${d.madeBy}`, d.taskContext && `in ${d.taskContext}`, d.timestamp].filter(Boolean).join('\n')))));
    }
    if (f.context_files?.length) {
      rows.push(new GroupNode(`${key}:context`, 'Context files', String(f.context_files.length), 'files',
        f.context_files.map((file, n) => new FileNode(`${key}:file:${n}`, i.root, file))));
    }
    const refs = (ids: readonly string[]) => ids.map((id) => new InitiativeRefNode(`${key}:ref:${id}`, id, this.lookup(id)));
    if (i.blockedBy.length) rows.push(new GroupNode(`${key}:blockedBy`, 'Blocked by', String(i.blockedBy.length), 'arrow-left', refs(i.blockedBy)));
    if (i.blocks.length) rows.push(new GroupNode(`${key}:blocks`, 'Blocks', String(i.blocks.length), 'arrow-right', refs(i.blocks)));
    return rows;
  }
}

class TextNode extends InitiativeTreeNode {
  constructor(readonly id: string, private readonly label: string, private readonly text: string, private readonly icon: string,
    private readonly tip?: string) { super(); }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.text;
    item.tooltip = this.tip ? `${this.text}\n\n${this.tip}` : this.text;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }
}

class GroupNode extends InitiativeTreeNode {
  constructor(readonly id: string, private readonly label: string, private readonly count: string, private readonly icon: string,
    private readonly rows: InitiativeTreeNode[]) { super(); }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, this.rows.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.count;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }
  override children(): InitiativeTreeNode[] { return this.rows; }
}

/** A task of the initiative; `task` makes the orc task commands (detail, edits) work on this row too. */
export class InitiativeTaskNode extends InitiativeTreeNode {
  constructor(readonly id: string, readonly row: InitiativeTaskRow, readonly task: OrcTask | undefined, private readonly era: OrcInitiative['era'] = 'file') { super(); }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(`${this.row.id}  ${this.row.title}`, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.row.known ? this.row.status : `${this.row.status} · ${this.era === 'db' ? "not in orc's database" : 'not in .orc/tasks'}`;
    item.iconPath = statusIcon(this.row.status);
    if (this.task) {
      item.contextValue = orcTaskContextValue(this.task);
      item.command = { command: 'baton.showTaskDetail', title: 'Show Task Details', arguments: [this] };
    }
    return item;
  }
}

class InitiativeRefNode extends InitiativeTreeNode {
  constructor(readonly id: string, private readonly ref: string, private readonly target: OrcInitiative | undefined) { super(); }
  getTreeItem(): vscode.TreeItem {
    const t = this.target;
    const item = new vscode.TreeItem(t ? `${t.id}  ${t.title}` : this.ref, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = t ? t.status : 'does not exist';
    item.iconPath = t?.status === 'completed' ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon(t ? 'circle-large-outline' : 'warning');
    if (t?.era === 'file') item.command = { command: 'vscode.open', title: 'Open initiative.yaml', arguments: [vscode.Uri.file(t.file)] };
    return item;
  }
}

class FileNode extends InitiativeTreeNode {
  constructor(readonly id: string, private readonly root: string, private readonly file: string) { super(); }
  getTreeItem(): vscode.TreeItem {
    const inside = containedPathSync(this.root, this.file);
    const item = new vscode.TreeItem(path.basename(this.file), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = inside.ok ? path.dirname(inside.relative) === '.' ? '' : path.dirname(inside.relative) : `outside the workspace: ${inside.reason}`;
    if (inside.ok) {
      item.resourceUri = vscode.Uri.file(inside.absolute);
      item.command = { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.file(inside.absolute)] };
    }
    return item;
  }
}
