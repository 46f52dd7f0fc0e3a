import path from 'node:path';
import * as vscode from 'vscode';
import { containedPathSync } from '../../core/io/contained-path';
import { traceLine } from '../../core/formats/intents/context-block';
import { traceActionLabel } from '../../core/formats/intents/trace-entry';
import type { Intent, MapRow, TraceEntry } from '../../core/formats/intents/model';
import type { ScopeEntry } from '../../core/formats/intents/scope';
import { isClosedIntentStatus } from '../../core/formats/intents/vocabulary';
import { itemKey } from '../../core/model/items';
import { folderTreeItem } from '../folder-item';
import { placeTreeItem, shortWhere, thisFolderTreeItem, type PlaceGroup } from '../places/place-groups';
import { unreadableTooltip, unreadableTreeItem } from '../unreadable-item';
import { escapeMarkdown, intentStatusIcon, intentStatusLabel } from './intent-style';

/** A node of the Intents tree: it owns its TreeItem; the provider only decides which nodes exist. */
export abstract class IntentTreeNode {
  abstract readonly id: string;
  abstract getTreeItem(): vscode.TreeItem;
  children(): IntentTreeNode[] {
    return [];
  }
}

export class IntentFolderNode extends IntentTreeNode {
  constructor(readonly root: string) { super(); }
  get id(): string { return `intents-folder:${this.root}`; }
  getTreeItem(): vscode.TreeItem {
    return folderTreeItem(this.root, this.id, 'folder:intents');
  }
}

/** "This folder": the folder's own intents, when other worktrees or refs have intents too. */
export class IntentThisFolderNode extends IntentTreeNode {
  count = 0;
  constructor(readonly root: string) { super(); }
  get id(): string { return `intents-here:${this.root}`; }
  getTreeItem(): vscode.TreeItem {
    return thisFolderTreeItem(this.id, 'place:intents:here', this.count, 'intents');
  }
}

/** Another worktree or ref with intents that differ from the folder's own (folded; its intents listed when unfolded). */
export class IntentPlaceNode extends IntentTreeNode {
  constructor(readonly root: string, public group: PlaceGroup<Intent>) { super(); }
  get id(): string { return `intents-place:${this.root}:${this.group.key}`; }
  getTreeItem(): vscode.TreeItem {
    return placeTreeItem(this.id, `place:intents:${this.group.elsewhere.ref !== undefined ? 'ref' : 'worktree'}`, this.group, 'intents');
  }
}

export class IntentGroupNode extends IntentTreeNode {
  count = 0;
  constructor(readonly root: string, readonly status: string) { super(); }
  get id(): string { return `intents-group:${this.root}:${this.status}`; }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(intentStatusLabel(this.status),
      isClosedIntentStatus(this.status) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.description = String(this.count);
    item.iconPath = intentStatusIcon(this.status);
    item.contextValue = `group:intents:${this.status}`;
    return item;
  }
}

export class IntentNode extends IntentTreeNode {
  constructor(public intent: Intent, public active: boolean) { super(); }
  get id(): string { return `intent:${itemKey(this.intent)}`; }

  getTreeItem(): vscode.TreeItem {
    const i = this.intent;
    // active_intents.yaml cannot be read: its one row, with the problem; a click opens the file at it.
    if (i.unreadable) return unreadableTreeItem(this.id, { ...i, unreadable: i.unreadable }, i.id);
    const item = new vscode.TreeItem(`${i.id}  ${i.title}`, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = [i.elsewhere && shortWhere(i.elsewhere), this.active && '● active', i.selected && 'selected in the file', i.assignedAgent]
      .filter(Boolean).join(' · ');
    item.iconPath = intentStatusIcon(i.status);
    // Another place's intent is shown, not acted on: the commands on intents change this folder's files.
    item.contextValue = i.elsewhere ? `intent-elsewhere:intents:${i.elsewhere.ref !== undefined ? 'ref' : 'worktree'}`
      : ['intent', 'intents', i.status || 'none', this.active && 'active'].filter(Boolean).join(':');
    // No command: a click unfolds the intent (scope, criteria, trace); its YAML opens from the context menu
    // (Open Intent in Its YAML File), so reading an intent does not throw an editor in the way.
    return item;
  }

  /** Built only when hovered (resolveTreeItem). */
  tooltip(): vscode.MarkdownString {
    const i = this.intent;
    if (i.unreadable) return unreadableTooltip(i.id, i.id, i.unreadable, 'intents');
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escapeMarkdown(i.id)}** ${escapeMarkdown(i.title)}\n\n`);
    md.appendMarkdown(`$(${intentStatusIcon(i.status).id}) ${escapeMarkdown(i.status || '(no status)')}`);
    if (i.assignedAgent) md.appendMarkdown(` · ${escapeMarkdown(i.assignedAgent)}`);
    if (this.active) md.appendMarkdown(' · the active intent');
    if (i.selected) md.appendMarkdown(' · selected in active_intents.yaml');
    if (i.elsewhere) md.appendMarkdown(`\n\n${escapeMarkdown(i.elsewhere.ref !== undefined ? `Committed on ${i.elsewhere.ref}` : `In the worktree ${i.elsewhere.worktree}`)}`);
    if (i.description) md.appendMarkdown(`\n\n${escapeMarkdown(i.description)}`);
    if (i.constraints.length) md.appendMarkdown(`\n\nConstraints:\n${i.constraints.map((c) => `- ${escapeMarkdown(c)}`).join('\n')}`);
    if (i.updatedAt) md.appendMarkdown(`\n\nUpdated ${escapeMarkdown(i.updatedAt)}`);
    return md;
  }

  override children(): IntentTreeNode[] {
    const i = this.intent;
    const key = itemKey(i);
    const out: IntentTreeNode[] = [new SectionNode(`${key}:scope`, 'Owned scope', 'symbol-namespace',
      i.scope.map((s, n) => new ScopeEntryNode(`${key}:scope:${n}`, s)), 'nothing yet')];
    out.push(new SectionNode(`${key}:criteria`, 'Acceptance criteria', 'checklist',
      i.acceptanceCriteria.map((c, n) => new LeafNode(`${key}:criteria:${n}`, c, 'circle-small')), 'none written'));
    if (i.constraints.length) {
      out.push(new SectionNode(`${key}:constraints`, 'Constraints', 'shield',
        i.constraints.map((c, n) => new LeafNode(`${key}:constraints:${n}`, c, 'circle-small')), 'none'));
    }
    if (i.relatedSpecs.length) {
      out.push(new SectionNode(`${key}:specs`, 'Related specs', 'book',
        i.relatedSpecs.map((c, n) => new LeafNode(`${key}:specs:${n}`, c, 'file')), 'none'));
    }
    out.push(new LeafNode(`${key}:agent`, i.assignedAgent ? `Agent: ${i.assignedAgent}` : 'No agent assigned',
      i.assignedAgent === 'human' ? 'person' : 'robot'));
    out.push(new SectionNode(`${key}:files`, 'Files (intent map)', 'files',
      i.mapRows.map((r) => new MappedFileNode(`${key}:file:${r.file}`, i, r)), 'none mapped'));
    out.push(new SectionNode(`${key}:trace`, 'Recent trace', 'history',
      i.recentTrace.map((t, n) => new TraceEntryNode(`${key}:trace:${n}`, i.root, t)), 'no entries'));
    return out;
  }
}

class SectionNode extends IntentTreeNode {
  constructor(readonly id: string, private readonly label: string, private readonly icon: string,
    private readonly items: IntentTreeNode[], private readonly none: string) { super(); }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, this.items.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.items.length ? String(this.items.length) : this.none;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'section:intents';
    return item;
  }
  override children(): IntentTreeNode[] {
    return this.items;
  }
}

class LeafNode extends IntentTreeNode {
  constructor(readonly id: string, private readonly label: string, private readonly icon: string) { super(); }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.tooltip = this.label;
    return item;
  }
}

class ScopeEntryNode extends IntentTreeNode {
  constructor(readonly id: string, private readonly entry: ScopeEntry) { super(); }
  getTreeItem(): vscode.TreeItem {
    const e = this.entry;
    const item = new vscode.TreeItem(e.pattern, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    if (e.refused) {
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.description = 'ignored';
      item.tooltip = `Ignored: ${e.refused}`;
    } else {
      item.iconPath = new vscode.ThemeIcon(e.negated ? 'exclude' : e.kind === 'glob' ? 'regex' : 'file-directory');
      item.description = e.negated ? 'excluded' : e.kind === 'glob' ? 'glob' : 'file or folder';
    }
    item.contextValue = 'scope:intents';
    return item;
  }
}

class MappedFileNode extends IntentTreeNode {
  constructor(readonly id: string, private readonly intent: Intent, private readonly row: MapRow) { super(); }
  getTreeItem(): vscode.TreeItem {
    // The map's paths are inside the folder as written; a symbolic link out of it is shown, marked, and never opened.
    const inside = containedPathSync(this.intent.root, this.row.file, { what: 'the workspace folder' });
    const uri = vscode.Uri.file(path.join(this.intent.root, ...this.row.file.split('/')));
    const item = inside.ok ? new vscode.TreeItem(uri, vscode.TreeItemCollapsibleState.None) : new vscode.TreeItem(this.row.file, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.label = this.row.file;
    const roles = [this.row.owner === this.intent.id && 'owns', this.row.lastModifiedBy === this.intent.id && 'last modified'].filter(Boolean);
    item.description = [...roles, !inside.ok && 'outside the workspace folder'].filter(Boolean).join(', ');
    item.tooltip = `${this.row.file}\nRecorded hash: ${this.row.hashText ?? 'none'}${inside.ok ? '' : `\n${inside.reason}`}`;
    if (inside.ok) item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
    item.contextValue = 'file:intents';
    return item;
  }
}

class TraceEntryNode extends IntentTreeNode {
  constructor(readonly id: string, private readonly root: string, private readonly entry: TraceEntry) { super(); }
  getTreeItem(): vscode.TreeItem {
    const t = this.entry;
    const item = new vscode.TreeItem(traceActionLabel(t), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = [t.status, t.timestamp].filter(Boolean).join(' · ');
    item.tooltip = traceLine(t);
    item.iconPath = traceIcon(t);
    const target = t.files[0];
    const inside = target ? containedPathSync(this.root, target, { what: 'the workspace folder' }) : null;
    if (inside?.ok) item.command = { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.file(inside.absolute)] };
    else if (inside) item.tooltip = `${traceLine(t)}\n${inside.reason}: not opened`;
    item.contextValue = 'trace:intents';
    return item;
  }
}

export function traceIcon(t: TraceEntry): vscode.ThemeIcon {
  if (t.action === 'SCOPE_VIOLATION') return new vscode.ThemeIcon('shield', new vscode.ThemeColor('list.warningForeground'));
  const status = t.status?.toUpperCase();
  if (t.action === 'ERROR' || status === 'FAILURE' || status === 'FAILED') return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
  if (status === 'DENIED') return new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('list.warningForeground'));
  if (t.action === 'CONTEXT_LOAD') return new vscode.ThemeIcon('book');
  if (t.action === 'INTENT_SELECTION') return new vscode.ThemeIcon('target');
  return new vscode.ThemeIcon('edit');
}
