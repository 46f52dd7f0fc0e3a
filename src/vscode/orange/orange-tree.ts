import * as vscode from 'vscode';
import { withAccessibleName } from '../tree-accessibility';
import type { OrangeTask } from '../../core/formats/orange/model';
import { orangeStatusRank } from '../../core/formats/orange/vocabulary';
import { itemKey, UNREADABLE_STATUS } from '../../core/model/items';
import type { IndexChange, OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { OrangeFolderNode, OrangeGroupNode, OrangeProjectNode, OrangeTaskNode, type OrangeTreeNode } from './orange-nodes';
import type { SessionProbe } from './session-probe';

/**
 * The orange view: (folder, when the window has several →) project → tasks grouped by status (the spec's table order; done and cancelled folded), each task
 * with its branch, review round, crashes, verdict, PR and the tmux session's state as its icon. A change refreshes
 * the rows it touched; a status change (a row moving group) refreshes the view.
 */
export class OrangeTreeProvider extends Disposable implements vscode.TreeDataProvider<OrangeTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<OrangeTreeNode | OrangeTreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly nodes = new Map<string, OrangeTaskNode>();
  private readonly groups = new Map<string, OrangeGroupNode>();
  private readonly projects = new Map<string, OrangeProjectNode>();
  private readonly folders = new Map<string, OrangeFolderNode>();
  private readonly statuses = new Map<string, string>();

  constructor(private readonly service: OrchestrationService, private readonly sessions: SessionProbe) {
    super();
    this._register(service.onDidChange((change) => this.onServiceChange(change)));
    this._register(sessions.onDidChange((names) => {
      const rows = [...this.nodes.values()].filter((n) => n.task.tmuxSession && names.includes(n.task.tmuxSession));
      for (const row of rows) row.session = sessions.state(row.task);
      if (rows.length) this.changeEmitter.fire(rows);
    }));
  }

  get taskCount(): number {
    return this.tasks().length;
  }

  getTreeItem(node: OrangeTreeNode): vscode.TreeItem {
    return withAccessibleName(node.getTreeItem());
  }

  resolveTreeItem(item: vscode.TreeItem, node: OrangeTreeNode): vscode.TreeItem {
    if (node instanceof OrangeTaskNode) item.tooltip = node.tooltip();
    return item;
  }

  getChildren(node?: OrangeTreeNode): OrangeTreeNode[] {
    if (!node) {
      const folders = this.service.folders;
      if (folders.length <= 1) return this.projectsShown();
      const withTasks = new Set(this.tasks().map((t) => t.root));
      return folders.filter((r) => withTasks.has(r)).map((r) => this.folderFor(r));
    }
    if (node instanceof OrangeFolderNode) return this.projectsShown(node.root);
    if (node instanceof OrangeProjectNode) return this.groupsOf(node);
    if (node instanceof OrangeGroupNode) {
      return this.tasks().filter((t) => t.root === node.root && t.project === node.project && t.status === node.status).map((t) => this.nodeFor(t));
    }
    return [];
  }

  getParent(node: OrangeTreeNode): OrangeTreeNode | undefined {
    if (node instanceof OrangeTaskNode) return this.groupFor(node.task.root, node.task.project, node.task.status);
    if (node instanceof OrangeGroupNode) return this.projects.get(`${node.root}\u0000${node.project}`);
    if (node instanceof OrangeProjectNode && this.service.folders.length > 1) return this.folderFor(node.root);
    return undefined;
  }

  /** The row of a task (for reveal and tests). */
  find(id: string, root?: string): OrangeTaskNode | undefined {
    const task = this.tasks().find((t) => t.id === id && (root === undefined || t.root === root));
    return task ? this.nodeFor(task) : undefined;
  }

  tasks(): OrangeTask[] {
    return this.service.items().filter((i): i is OrangeTask => i.system === 'orange');
  }

  /** The projects with tasks (of one folder when `root` is given). */
  private projectsShown(root?: string): OrangeProjectNode[] {
    const counts = new Map<string, { task: OrangeTask; count: number }>();
    for (const t of this.tasks()) {
      if (root !== undefined && t.root !== root) continue;
      const key = `${t.root}\u0000${t.project}`;
      const seen = counts.get(key);
      if (seen) seen.count++; else counts.set(key, { task: t, count: 1 });
    }
    return [...counts.entries()].sort((a, b) => a[1].task.project.localeCompare(b[1].task.project)).map(([key, { task, count }]) => {
      let node = this.projects.get(key);
      if (!node) this.projects.set(key, node = new OrangeProjectNode(task.root, task.project, task.projectPath));
      node.count = count;
      return node;
    });
  }

  private groupsOf(project: OrangeProjectNode): OrangeGroupNode[] {
    const counts = new Map<string, number>();
    for (const t of this.tasks()) if (t.root === project.root && t.project === project.project) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
    return [...counts.keys()]
      .sort((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b))
      .map((status) => { const g = this.groupFor(project.root, project.project, status); g.count = counts.get(status)!; return g; });
  }

  private nodeFor(task: OrangeTask): OrangeTaskNode {
    const key = itemKey(task);
    let node = this.nodes.get(key);
    if (node) { node.task = task; node.session = this.sessions.state(task); }
    else this.nodes.set(key, node = new OrangeTaskNode(task, this.sessions.state(task)));
    this.statuses.set(key, task.status);
    return node;
  }

  private folderFor(root: string): OrangeFolderNode {
    let node = this.folders.get(root);
    if (!node) this.folders.set(root, node = new OrangeFolderNode(root));
    return node;
  }

  private groupFor(root: string, project: string, status: string): OrangeGroupNode {
    const key = `${root}\u0000${project}\u0000${status}`;
    let node = this.groups.get(key);
    if (!node) this.groups.set(key, node = new OrangeGroupNode(root, project, status));
    return node;
  }

  /** A task whose status is unchanged refreshes its own row; anything that moves rows refreshes the view. */
  private onServiceChange(change: IndexChange): void {
    const changed = change.changed.filter((i): i is OrangeTask => i.system === 'orange');
    const removed = change.removed.filter((k) => this.nodes.has(k));
    if (!changed.length && !removed.length) return;
    const rows: OrangeTreeNode[] = [];
    let all = removed.length > 0;
    for (const task of changed) {
      const key = itemKey(task);
      const node = this.nodes.get(key);
      if (!node || this.statuses.get(key) !== task.status) { all = true; break; }
      node.task = task;
      node.session = this.sessions.state(task);
      rows.push(node);
    }
    for (const key of removed) { this.nodes.delete(key); this.statuses.delete(key); }
    this.changeEmitter.fire(all ? undefined : rows);
  }
}

/** The order of status groups: unreadable tasks first (they need fixing), then orange's own table order. */
function rankOf(status: string): number {
  return status === UNREADABLE_STATUS ? -1 : orangeStatusRank(status);
}
