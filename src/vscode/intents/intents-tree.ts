import * as vscode from 'vscode';
import { withAccessibleName } from '../tree-accessibility';
import type { Intent } from '../../core/formats/intents/model';
import { intentStatusRank, normalizeIntentStatus as groupKey } from '../../core/formats/intents/vocabulary';
import { itemKey, UNREADABLE_STATUS } from '../../core/model/items';
import type { IndexChange, OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import type { ActiveIntent } from './active-intent';
import { PlaceNodes, placeKey } from '../places/place-groups';
import { IntentFolderNode, IntentGroupNode, IntentNode, IntentPlaceNode, IntentThisFolderNode, type IntentTreeNode } from './intent-nodes';

/**
 * The Intents view: intents per workspace folder, grouped by status (work under way first), in file order inside
 * a group. Each intent unfolds into its owned scope, acceptance criteria, agent, intent-map files and recent trace.
 * A change refreshes the rows it touched; a status change (a row moving group) refreshes the view.
 */
export class IntentsTreeProvider extends Disposable implements vscode.TreeDataProvider<IntentTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<IntentTreeNode | IntentTreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly nodes = new Map<string, IntentNode>();
  private readonly groups = new Map<string, IntentGroupNode>();
  private readonly folders = new Map<string, IntentFolderNode>();
  private readonly statuses = new Map<string, string>();
  private readonly heres = new Map<string, IntentThisFolderNode>();
  private readonly places: PlaceNodes<Intent, IntentPlaceNode>;

  constructor(private readonly service: OrchestrationService, private readonly active: ActiveIntent) {
    super();
    this.places = new PlaceNodes(service, (i): i is Intent => i.system === 'intents', (root, group) => new IntentPlaceNode(root, group));
    this._register(service.onDidChange((change) => this.onServiceChange(change)));
    this._register(active.onDidChange(() => this.changeEmitter.fire(undefined)));
    // Other worktrees and refs (issue 20): their intents come and go as a whole place.
    this._register(service.places.onDidChange(() => this.changeEmitter.fire(undefined)));
  }

  get intentCount(): number {
    return this.intents().length;
  }

  getTreeItem(node: IntentTreeNode): vscode.TreeItem {
    return withAccessibleName(node.getTreeItem());
  }

  resolveTreeItem(item: vscode.TreeItem, node: IntentTreeNode): vscode.TreeItem {
    if (node instanceof IntentNode) item.tooltip = node.tooltip();
    return item;
  }

  getChildren(node?: IntentTreeNode): IntentTreeNode[] {
    if (!node) {
      const roots = this.service.folders.filter((r) => this.intents(r).length || this.placesOf(r).length);
      if (this.service.folders.length > 1) return roots.map((r) => this.folderFor(r));
      return roots[0] === undefined ? [] : this.folderChildren(roots[0]);
    }
    if (node instanceof IntentFolderNode) return this.folderChildren(node.root);
    if (node instanceof IntentThisFolderNode) return this.groupsOf(node.root);
    if (node instanceof IntentPlaceNode) return node.group.items.map((i) => this.nodeFor(i));
    if (node instanceof IntentGroupNode) return this.intents(node.root).filter((i) => groupKey(i.status) === node.status).map((i) => this.nodeFor(i));
    return node.children();
  }

  /**
   * A folder's rows: its status groups; or, when other worktrees or refs have intents that differ, "This folder"
   * (the same groups) then one folded node per such place.
   */
  private folderChildren(root: string): IntentTreeNode[] {
    const places = this.placesOf(root);
    if (!places.length) return this.groupsOf(root);
    const here = this.heres.get(root) ?? this.heres.set(root, new IntentThisFolderNode(root)).get(root)!;
    here.count = this.intents(root).length;
    return [here, ...places];
  }

  private placesOf(root: string): IntentPlaceNode[] {
    return this.places.of(root);
  }

  getParent(node: IntentTreeNode): IntentTreeNode | undefined {
    const multi = this.service.folders.length > 1;
    if (node instanceof IntentNode) {
      const where = node.intent.elsewhere;
      if (where) return this.places.all().find((p) => p.group.key === placeKey(where) && p.group.items.includes(node.intent));
      return this.groupFor(node.intent.root, groupKey(node.intent.status));
    }
    if (node instanceof IntentGroupNode) {
      if (this.placesOf(node.root).length) return this.heres.get(node.root);
      return multi ? this.folderFor(node.root) : undefined;
    }
    if ((node instanceof IntentThisFolderNode || node instanceof IntentPlaceNode) && multi) return this.folderFor(node.root);
    return undefined;
  }

  /** The row showing an intent (for reveal and tests). */
  find(root: string, id: string): IntentNode | undefined {
    const intent = this.intents(root).find((i) => i.id === id);
    return intent ? this.nodeFor(intent) : undefined;
  }

  /** The row of an intent of another worktree or ref, under its place (for the CodeLens's reveal and tests). */
  findElsewhere(root: string, id: string, where: { ref?: string; worktree?: string }): IntentNode | undefined {
    const key = where.ref !== undefined ? `ref:${where.ref}` : `worktree:${where.worktree}`;
    const place = this.placesOf(root).find((p) => p.group.key === key);
    const intent = place?.group.items.find((i) => i.id === id);
    return intent ? this.nodeFor(intent) : undefined;
  }

  private intents(root?: string): Intent[] {
    return this.service.items().filter((i): i is Intent => i.system === 'intents' && (root === undefined || i.root === root));
  }

  private groupsOf(root: string): IntentGroupNode[] {
    // `in_progress` and `IN_PROGRESS` are one group (labelled by the first spelling met).
    const counts = new Map<string, number>();
    for (const i of this.intents(root)) counts.set(groupKey(i.status), (counts.get(groupKey(i.status)) ?? 0) + 1);
    return [...counts.keys()]
      .sort((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b))
      .map((status) => { const g = this.groupFor(root, status); g.count = counts.get(status)!; return g; });
  }

  private nodeFor(intent: Intent): IntentNode {
    const key = itemKey(intent);
    let node = this.nodes.get(key);
    if (node) { node.intent = intent; node.active = this.active.is(intent); }
    else this.nodes.set(key, node = new IntentNode(intent, this.active.is(intent)));
    this.statuses.set(key, intent.status);
    return node;
  }

  private groupFor(root: string, status: string): IntentGroupNode {
    const key = `${root}\u0000${status}`;
    let node = this.groups.get(key);
    if (!node) this.groups.set(key, node = new IntentGroupNode(root, status));
    return node;
  }

  private folderFor(root: string): IntentFolderNode {
    let node = this.folders.get(root);
    if (!node) this.folders.set(root, node = new IntentFolderNode(root));
    return node;
  }

  /** An intent whose status is unchanged refreshes its own row; anything that moves rows refreshes the view. */
  private onServiceChange(change: IndexChange): void {
    // With other places shown, the folder's own change may make an intent there identical (or no longer): re-list.
    if (this.service.places.active && this.service.places.placesOf(change.root).length) { this.changeEmitter.fire(undefined); return; }
    const changed = change.changed.filter((i): i is Intent => i.system === 'intents');
    const removed = change.removed.filter((k) => this.nodes.has(k));
    if (!changed.length && !removed.length) return;
    const rows: IntentTreeNode[] = [];
    let all = removed.length > 0;
    for (const intent of changed) {
      const key = itemKey(intent);
      const node = this.nodes.get(key);
      if (!node || this.statuses.get(key) !== intent.status) { all = true; break; }
      node.intent = intent;
      rows.push(node);
    }
    for (const key of removed) { this.nodes.delete(key); this.statuses.delete(key); }
    this.changeEmitter.fire(all ? undefined : rows);
  }
}

/** The order of status groups: an unreadable file first (it needs fixing), then work under way. */
function rankOf(status: string): number {
  return status === UNREADABLE_STATUS ? -1 : intentStatusRank(status);
}
