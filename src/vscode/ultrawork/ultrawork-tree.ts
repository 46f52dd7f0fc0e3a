import * as vscode from 'vscode';
import { withAccessibleName } from '../tree-accessibility';
import type { UltraworkSession, UltraworkTask } from '../../core/formats/ultrawork/model';
import type { IndexChange, OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { PlaceNodes } from '../places/place-groups';
import { sessionRows, taskRows } from './session-rows';
import { GroupNode, RowNode, SessionNode, SessionsPlaceNode, TaskNode, type UltraworkNode } from './ultrawork-nodes';

/**
 * The Ultrawork view: the sessions of the open folders (newest first), then the "Unassigned" ones that name no
 * folder. A session unfolds into its phase path, goal, tasks (blocked state, criteria met or not), design and
 * exploration documents, context and evidence. A change refreshes only the sessions it touched.
 *
 * Sessions that ran in another worktree of a folder's repository (issue 20, when the places read other worktrees)
 * are grouped like the other views group such items: "This folder" (its own sessions), then one folded node per
 * worktree.
 */
export class UltraworkTreeProvider extends Disposable implements vscode.TreeDataProvider<UltraworkNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<UltraworkNode | UltraworkNode[] | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  /** By session folder: the same unassigned session is read by every workspace folder's index, and shown once. */
  private readonly sessionNodes = new Map<string, SessionNode>();
  private readonly taskNodes = new Map<string, TaskNode>();
  private readonly groups = new Map<string, GroupNode>();
  /** Other worktrees' sessions and their nodes (by folder, place and session folder): rebuilt when the places change. */
  private readonly placeNodes: PlaceNodes<UltraworkSession, SessionsPlaceNode>;
  private readonly elsewhereNodes = new Map<string, SessionNode>();
  private readonly elsewhereTaskNodes = new Map<string, TaskNode>();

  constructor(private readonly service: OrchestrationService) {
    super();
    this.placeNodes = new PlaceNodes(service, (i): i is UltraworkSession => i.system === 'ultrawork' && i.kind === 'session', (root, group) => new SessionsPlaceNode(root, group));
    this._register(service.onDidChange((change) => this.onServiceChange(change)));
    // Other worktrees' sessions come and go with the places (a worktree added, the setting turned off, a session file).
    this._register(service.places.onDidChange(() => {
      this.placeNodes.clear(); this.elsewhereNodes.clear(); this.elsewhereTaskNodes.clear();
      this.changeEmitter.fire(undefined);
    }));
  }

  getTreeItem(node: UltraworkNode): vscode.TreeItem {
    return withAccessibleName(node.getTreeItem());
  }

  resolveTreeItem(item: vscode.TreeItem, node: UltraworkNode): vscode.TreeItem {
    if (node instanceof SessionNode) item.tooltip = node.tooltip();
    return item;
  }

  getChildren(node?: UltraworkNode): UltraworkNode[] {
    if (!node) return this.roots();
    if (node instanceof GroupNode) {
      if (node.kind === 'unassigned') return this.sessionsOf('unassigned');
      return node.kind === 'folder' ? this.folderChildren(node.root!) : this.sessionsOf('workspace', node.root!);
    }
    if (node instanceof SessionsPlaceNode) return this.elsewhereSessions(node);
    if (node instanceof SessionNode) return sessionRows(node.session, node.tasks, (t) => this.taskNode(t, node.scope), node.scope);
    if (node instanceof TaskNode) return taskRows(node.task, node.scope);
    if (node instanceof RowNode) return node.options.children?.() ?? [];
    return [];
  }

  /** Sessions shown (each once), for tests and the status of the welcome view. */
  get sessionCount(): number {
    return new Set(this.sessions().map((s) => s.dir)).size;
  }

  /** The node of a session folder, for reveal() and tests. */
  nodeFor(dir: string): SessionNode | undefined {
    return this.sessionNodes.get(dir);
  }

  private roots(): UltraworkNode[] {
    const folders = this.service.folders;
    const mine: UltraworkNode[] = folders.length > 1
      ? folders.filter((r) => this.sessionsOf('workspace', r).length || this.placesOf(r).length).map((r) => this.group('folder', r))
      : folders[0] === undefined ? [] : this.folderChildren(folders[0]);
    return this.sessionsOf('unassigned').length ? [...mine, this.group('unassigned', null)] : mine;
  }

  /** A folder's sessions; or, when other worktrees have sessions, "This folder" then one folded node per worktree. */
  private folderChildren(root: string): UltraworkNode[] {
    const own = this.sessionsOf('workspace', root);
    const places = this.placesOf(root);
    if (!places.length) return own;
    const here = this.group('here', root);
    here.count = own.length;
    return [...(own.length ? [here] : []), ...places];
  }

  private placesOf(root: string): SessionsPlaceNode[] {
    return this.placeNodes.of(root);
  }

  /** The sessions that ran in one other worktree, newest first, each with its tasks as linked for that worktree. */
  private elsewhereSessions(place: SessionsPlaceNode): SessionNode[] {
    const tasks = this.service.places.elsewhere(place.root).items
      .filter((i): i is UltraworkTask => i.system === 'ultrawork' && i.kind === 'task' && !!i.elsewhere && i.elsewhere.worktree === place.group.elsewhere.worktree);
    const order = (s: UltraworkSession) => s.updatedAt ?? s.startedAt ?? '';
    const scope = `@${place.root}@${place.group.key}`;
    return [...place.group.items].sort((a, b) => order(b).localeCompare(order(a)) || a.id.localeCompare(b.id)).map((s) => {
      const mine = tasks.filter((t) => t.sessionDir === s.dir);
      const ordered = s.taskIds.map((id) => mine.find((t) => t.taskId === id)).filter((t): t is UltraworkTask => !!t);
      const key = `${s.dir}${scope}`;
      let node = this.elsewhereNodes.get(key);
      if (node) { node.session = s; node.tasks = ordered; } else this.elsewhereNodes.set(key, node = new SessionNode(s, ordered, scope));
      return node;
    });
  }

  private sessions(): UltraworkSession[] {
    return this.service.items().filter((i): i is UltraworkSession => i.system === 'ultrawork' && i.kind === 'session');
  }

  private tasksOf(s: UltraworkSession): UltraworkTask[] {
    const tasks = this.service.items().filter((i): i is UltraworkTask => i.system === 'ultrawork' && i.kind === 'task' && i.sessionDir === s.dir && i.root === s.root);
    return s.taskIds.map((id) => tasks.find((t) => t.taskId === id)).filter((t): t is UltraworkTask => !!t);
  }

  private sessionsOf(assignment: UltraworkSession['assignment'], root?: string): SessionNode[] {
    const seen = new Set<string>();
    const order = (s: UltraworkSession) => s.updatedAt ?? s.startedAt ?? '';
    return this.sessions().filter((s) => s.assignment === assignment && (root === undefined || s.root === root) && !seen.has(s.dir) && seen.add(s.dir))
      .sort((a, b) => order(b).localeCompare(order(a)) || a.id.localeCompare(b.id))
      .map((s) => {
        let node = this.sessionNodes.get(s.dir);
        if (node) { node.session = s; node.tasks = this.tasksOf(s); } else this.sessionNodes.set(s.dir, node = new SessionNode(s, this.tasksOf(s)));
        return node;
      });
  }

  private taskNode(t: UltraworkTask, scope: string): TaskNode {
    const nodes = scope ? this.elsewhereTaskNodes : this.taskNodes;
    const key = `${t.sessionDir}${scope}\u0000${t.taskId}`;
    let node = nodes.get(key);
    if (node) node.task = t; else nodes.set(key, node = new TaskNode(t, scope));
    return node;
  }

  private group(kind: GroupNode['kind'], root: string | null): GroupNode {
    const key = `${kind}:${root ?? ''}`;
    let node = this.groups.get(key);
    if (!node) this.groups.set(key, node = new GroupNode(kind, root));
    return node;
  }

  private onServiceChange(change: IndexChange): void {
    const changed = change.changed.filter((i) => i.system === 'ultrawork');
    const ours = (key: string) => key.includes('\u0000ultrawork\u0000');
    const newSession = changed.some((i) => i.kind === 'session' && !this.sessionNodes.has((i as UltraworkSession).dir));
    if (change.removed.some(ours) || newSession) { this.sessionNodes.clear(); this.taskNodes.clear(); this.changeEmitter.fire(undefined); return; }
    const dirty = new Set<SessionNode>();
    for (const item of changed) {
      const dir = item.kind === 'session' ? (item as UltraworkSession).dir : (item as UltraworkTask).sessionDir;
      const node = this.sessionNodes.get(dir);
      if (!node) continue;
      if (item.kind === 'session') {
        const s = item as UltraworkSession;
        // A session that moved group (it now names this folder) or place (newer) needs its parent redrawn.
        if (s.assignment !== node.session.assignment || s.updatedAt !== node.session.updatedAt) { this.changeEmitter.fire(undefined); return; }
        node.session = s;
      }
      node.tasks = this.tasksOf(node.session);
      dirty.add(node);
    }
    if (dirty.size) this.changeEmitter.fire([...dirty]);
  }
}
