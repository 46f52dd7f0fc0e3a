import * as vscode from 'vscode';
import { withAccessibleName } from '../tree-accessibility';
import type { OrcTask } from '../../core/formats/orc/model';
import { priorityRank, statusRank } from '../../core/formats/orc/vocabulary';
import { firstInOrder } from '../../core/util/first-in-order';
import { itemKey, UNREADABLE_STATUS } from '../../core/model/items';
import { hasTaskState, type TaskState } from '../../core/service/attention';
import type { IndexChange, OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { PlaceNodes, placeKey } from '../places/place-groups';
import { worktreeAt } from '../../core/places/worktree-at';
import { BacklogNode, FolderNode, MoreTasksNode, StatusGroupNode, TaskNode, TasksHereNode, TasksPlaceNode, type TaskTreeNode } from './task-nodes';
import { PreviewNode, previewRows, type PreviewRow } from './tree-preview';
import { ownBlocks } from '../../core/util/own-blocks';
import type { Slicer } from '../../core/util/steps';

/** Where the view's first rows came from. */
export type RowsSource = 'saved preview' | 'scan so far' | 'scan';

/** Rows a status group (or its backlog) lists at first, and per "Show more": a first tree of 10,000 tasks stays small. */
export const TASKS_PAGE = 200;
/** TASK-9 before TASK-10. One collator: localeCompare with options builds one per call (seconds at 10,000 tasks). */
const BY_NUMBER = new Intl.Collator(undefined, { numeric: true });

/** What the tree made of the service's items (see tasks()): valid while `stamp` and `filter` are the current ones. */
interface Listed {
  readonly stamp: readonly object[];
  readonly filter: TaskState | undefined;
  readonly tasks: Map<string, readonly OrcTask[]>;
  initiatives?: ReadonlyMap<string, string>;
}

/** Where a task sits in the tree; when this changes, its group(s) must be re-listed, not just the row. */
function placement(t: OrcTask): string {
  return `${t.status}|${t.queue === 'backlog'}|${priorityRank(t.priority)}|${t.id}`;
}

/** Unreadable tasks first (they need fixing), then orc's workflow order, unknown statuses last. */
function groupRank(status: string): number {
  return status === UNREADABLE_STATUS ? -1 : statusRank(status);
}

/**
 * The Tasks view: orc tasks per workspace folder, grouped by status in workflow order, sorted by priority
 * inside a group, backlog tasks folded into a Backlog node. A file change refreshes only the rows and groups
 * it touched.
 */
export class TasksTreeProvider extends Disposable implements vscode.TreeDataProvider<TaskTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<TaskTreeNode | TaskTreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;

  private readonly taskNodes = new Map<string, TaskNode>();
  private readonly placements = new Map<string, string>();
  private readonly groups = new Map<string, StatusGroupNode>();
  private readonly backlogs = new Map<string, BacklogNode>();
  private readonly folders = new Map<string, FolderNode>();
  private readonly heres = new Map<string, TasksHereNode>();
  private readonly placeNodes: PlaceNodes<OrcTask, TasksPlaceNode>;
  /** Rows of other worktrees' and refs' tasks, by item key (kept apart: their placement is their place). */
  private readonly elsewhereNodes = new Map<string, TaskNode>();
  /** The other worktree a database-era task runs in (its `worktree_path`), among the folder's places read now. */
  private readonly runsIn = (t: OrcTask) => (t.db?.worktreePath ? worktreeAt(this.service.places.placesOf(t.root), t.db.worktreePath) : undefined);
  /** How many rows each long list (by its node id) shows now; a list not here shows TASKS_PAGE. */
  private readonly shown = new Map<string, number>();

  /**
   * Rows shown until the first scan's change arrives: the rows saved last time (tree-preview.ts), or, with none, what
   * the first scan has read so far (rows-so-far.ts).
   */
  private preview: PreviewNode[] | undefined;
  private previewSource: 'saved preview' | 'scan so far' | undefined;
  /** Set by the first change from the service: the scan's own rows are in, no preview is shown again. */
  private scanRowsIn = false;
  private firstRowsShown: ((source: RowsSource) => void) | undefined;
  /** Resolves when the view first lists rows: from the saved preview, from what the scan read so far, or from the scan. */
  readonly firstRows = new Promise<RowsSource>((resolve) => { this.firstRowsShown = resolve; });
  private rowsMadeReady: ((source: RowsSource) => void) | undefined;
  /**
   * Resolves when the view has rows to give (the saved preview shown, what the scan read so far, or the first scan's
   * tasks in): what Baton needs before VS Code can paint a row; VS Code asks for them when the view is shown.
   */
  readonly rowsReady = new Promise<RowsSource>((resolve) => { this.rowsMadeReady = resolve; });
  private scanRowsMadeReady: (() => void) | undefined;
  /** Resolves when the first scan's own tasks are in (rowsReady may have resolved before, with a preview). */
  readonly scanRowsReady = new Promise<void>((resolve) => { this.scanRowsMadeReady = resolve; });

  private stateFilter: TaskState | undefined;
  private listed: Listed | undefined;
  private readonly filterEmitter = this._register(new vscode.EventEmitter<TaskState | undefined>());
  /** Fires when the view starts or stops showing only the tasks in one state. */
  readonly onDidChangeFilter = this.filterEmitter.event;

  constructor(private readonly service: OrchestrationService) {
    super();
    this.placeNodes = new PlaceNodes(service, (i): i is OrcTask => i.system === 'orc' && i.kind === 'task', (root, group) => new TasksPlaceNode(root, group));
    this._register(service.onDidChange((change) => this.onServiceChange(change)));
    // Other worktrees and refs (issue 20): their tasks come and go as a whole place.
    this._register(service.places.onDidChange(() => { this.elsewhereNodes.clear(); this.changeEmitter.fire(undefined); }));
  }

  /** The state the view is filtered to (a status bar count's click), if any. */
  get filter(): TaskState | undefined {
    return this.stateFilter;
  }

  /** Shows only the tasks in `state` (the same test the status bar counts with), or all again. */
  setFilter(state: TaskState | undefined): void {
    if (state === this.stateFilter) return;
    this.stateFilter = state;
    this.preview = this.previewSource = undefined;
    this.filterEmitter.fire(state);
    this.changeEmitter.fire(undefined);
  }

  getTreeItem(node: TaskTreeNode): vscode.TreeItem {
    return withAccessibleName(node.getTreeItem());
  }

  /** Shows the rows saved last time, unless the scan has already given the real ones. */
  showPreview(rows: PreviewNode[]): void {
    if (this.service.hasScanned || this.placements.size || this.scanRowsIn || !rows.length) return;
    this.preview = rows;
    this.previewSource = 'saved preview';
    this.changeEmitter.fire(undefined);
    this.ready('saved preview');
  }

  /**
   * Whether rows of what the first scan read so far may be shown now: the scan's own are not in yet, no saved rows
   * are shown, and the view is not filtered to a state (which needs the linked tasks).
   */
  get wantsRowsSoFar(): boolean {
    return !this.scanRowsIn && !this.service.hasScanned && this.previewSource !== 'saved preview' && this.stateFilter === undefined;
  }

  /** Shows rows of what the first scan read so far (rows-so-far.ts); undefined: none any more (that scan failed). */
  showRowsSoFar(rows: PreviewNode[] | undefined): void {
    if (!this.wantsRowsSoFar || (!rows?.length && !this.preview)) return;
    this.preview = rows?.length ? rows : undefined;
    this.previewSource = this.preview ? 'scan so far' : undefined;
    this.changeEmitter.fire(undefined);
    if (this.preview) this.ready('scan so far');
  }

  private ready(source: RowsSource): void {
    this.rowsMadeReady?.(source);
    this.rowsMadeReady = undefined;
  }

  resolveTreeItem(item: vscode.TreeItem, node: TaskTreeNode): vscode.TreeItem {
    if (node instanceof TaskNode) item.tooltip = node.tooltip();
    return item;
  }

  getParent(node: TaskTreeNode): TaskTreeNode | undefined {
    const multi = this.service.folders.length > 1;
    if (node instanceof TaskNode && node.task.elsewhere) {
      const key = placeKey(node.task.elsewhere);
      return this.placeNodes.all().find((p) => p.group.key === key && p.group.items.includes(node.task));
    }
    if ((node instanceof TasksHereNode || node instanceof TasksPlaceNode) && multi) return this.folderFor(node.root);
    if (node instanceof StatusGroupNode && this.heres.has(node.root) && this.placesOf(node.root).length) return this.heres.get(node.root);
    if (node instanceof TaskNode) {
      const group = this.groupFor(node.task.root, node.task.status);
      return node.task.queue === 'backlog' ? this.backlogFor(group) : group;
    }
    if (node instanceof BacklogNode) return node.group;
    if (node instanceof MoreTasksNode) return node.list;
    if (node instanceof PreviewNode) return node.parent;
    if (node instanceof StatusGroupNode && this.service.folders.length > 1) return this.folderFor(node.root);
    return undefined;
  }

  getChildren(node?: TaskTreeNode): TaskTreeNode[] {
    // VS Code asks in a turn of its own: one of Baton's blocks (own-blocks.ts), as the scan's slices are.
    return ownBlocks.time('the Tasks view listing rows', () => this.childrenNoted(node));
  }

  private childrenNoted(node?: TaskTreeNode): TaskTreeNode[] {
    const rows = this.listChildren(node);
    if (!node && rows.length && this.firstRowsShown) {
      this.firstRowsShown(rows[0] instanceof PreviewNode ? this.previewSource ?? 'saved preview' : 'scan');
      this.firstRowsShown = undefined;
    }
    return rows;
  }

  private listChildren(node?: TaskTreeNode): TaskTreeNode[] {
    if (node instanceof PreviewNode) return node.children;
    if (!node && this.preview) return this.preview;
    if (!node) {
      const roots = this.service.folders;
      if (roots.length > 1) return roots.filter((r) => this.tasks(r).length || this.placesOf(r).length).map((r) => this.folderFor(r));
      return roots[0] === undefined ? [] : this.folderChildren(roots[0]);
    }
    if (node instanceof FolderNode) return this.folderChildren(node.root);
    if (node instanceof TasksHereNode) return this.groupsOf(node.root);
    if (node instanceof TasksPlaceNode) return this.elsewhereRows(node);
    if (node instanceof StatusGroupNode) {
      const tasks = this.tasks(node.root).filter((t) => t.status === node.status);
      const active = tasks.filter((t) => t.queue !== 'backlog');
      const backlog = this.backlogFor(node);
      backlog.count = tasks.length - active.length;
      return [...this.pageOf(node, active), ...(backlog.count ? [backlog] : [])];
    }
    if (node instanceof BacklogNode) {
      return this.pageOf(node, this.tasks(node.group.root).filter((t) => t.status === node.group.status && t.queue === 'backlog'));
    }
    return [];
  }

  /**
   * The rows to save for the next start's first paint (tree-preview.ts): undefined while they are not the scan's own,
   * complete rows (before the first scan, or filtered to one state).
   */
  async rowsToSave(slicer?: Slicer): Promise<PreviewRow[] | undefined> {
    if (!this.service.hasScanned || this.preview || this.stateFilter !== undefined) return undefined;
    return previewRows(this, this.service.folders.length > 1 ? 4 : 3, undefined, slicer);
  }

  /**
   * A folder's rows: its status groups; or, when other worktrees or refs have tasks that differ, "This folder" (the
   * same groups) then one folded node per such place. Filtered to a state (a status bar count), only the folder's own.
   */
  private folderChildren(root: string): TaskTreeNode[] {
    const places = this.placesOf(root);
    if (!places.length) return this.groupsOf(root);
    const here = this.heres.get(root) ?? this.heres.set(root, new TasksHereNode(root)).get(root)!;
    here.count = this.tasks(root).length;
    return [here, ...places];
  }

  private placesOf(root: string): TasksPlaceNode[] {
    return this.stateFilter !== undefined ? [] : this.placeNodes.of(root);
  }

  /** A place's tasks in the order of a status group (status, then priority, then number). */
  private elsewhereRows(place: TasksPlaceNode): TaskNode[] {
    const initiatives = this.initiativeTitles();
    return [...place.group.items]
      .sort((a, b) => groupRank(a.status) - groupRank(b.status) || priorityRank(a.priority) - priorityRank(b.priority) || BY_NUMBER.compare(a.id, b.id))
      .map((task) => {
        const key = itemKey(task);
        const node = this.elsewhereNodes.get(key) ?? this.elsewhereNodes.set(key, new TaskNode(task, (id) => initiatives.get(id), this.runsIn)).get(key)!;
        node.task = task;
        return node;
      });
  }

  /** Lists the next page of a long list (its "Show more" row was chosen). */
  showMore(node: MoreTasksNode): void {
    this.shown.set(node.list.id, (this.shown.get(node.list.id) ?? TASKS_PAGE) + TASKS_PAGE);
    this.changeEmitter.fire(node.list);
  }

  /** The rows of a list, in order, up to the number it shows now, then a "Show more" row for the rest. */
  private pageOf(list: StatusGroupNode | BacklogNode, tasks: OrcTask[]): TaskTreeNode[] {
    const limit = this.shown.get(list.id) ?? TASKS_PAGE;
    const nodes: TaskTreeNode[] = this.taskNodesFor(tasks, limit);
    if (tasks.length > limit) nodes.push(new MoreTasksNode(list, tasks.length - limit, TASKS_PAGE));
    return nodes;
  }

  /** The node showing a task, for reveal(). */
  nodeFor(task: OrcTask): TaskNode | undefined {
    return this.taskNodes.get(itemKey(task));
  }

  /**
   * A folder's tasks (filtered to the view's state, if any), kept while the service's items and the filter stay the
   * same: VS Code lists the root and several groups in a row, and each walked all 10,000 items twice. Read-only.
   */
  private tasks(root: string): readonly OrcTask[] {
    const listed = this.listedNow();
    let tasks = listed.tasks.get(root);
    if (!tasks) {
      const filter = this.stateFilter;
      tasks = this.service.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.root === root
        && (filter === undefined || hasTaskState(i, filter)));
      listed.tasks.set(root, tasks);
    }
    return tasks;
  }

  /** The initiatives' titles by id (task rows show them), kept as tasks() is. */
  private initiativeTitles(): ReadonlyMap<string, string> {
    const listed = this.listedNow();
    return listed.initiatives ??= new Map(this.service.items().filter((i) => i.kind === 'initiative').map((i) => [i.id, i.title]));
  }

  private listedNow(): Listed {
    const stamp = this.service.itemsStamp();
    const listed = this.listed;
    if (listed && listed.filter === this.stateFilter && listed.stamp.length === stamp.length && listed.stamp.every((s, i) => s === stamp[i])) return listed;
    return this.listed = { stamp, filter: this.stateFilter, tasks: new Map() };
  }

  private statusCounts(root: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const t of this.tasks(root)) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
    return counts;
  }

  private groupsOf(root: string): StatusGroupNode[] {
    const counts = this.statusCounts(root);
    return [...counts.keys()]
      .sort((a, b) => groupRank(a) - groupRank(b) || a.localeCompare(b))
      .map((status) => { const g = this.groupFor(root, status); g.count = counts.get(status)!; return g; });
  }

  private taskNodesFor(tasks: readonly OrcTask[], limit: number): TaskNode[] {
    const initiatives = this.initiativeTitles();
    // By priority, then number: only the page shown is put in order (the whole group's sort was most of a listing).
    return firstInOrder(tasks, limit, (t) => priorityRank(t.priority), (a, b) => BY_NUMBER.compare(a.id, b.id))
      .map((task) => {
        const key = itemKey(task);
        let node = this.taskNodes.get(key);
        if (node) node.task = task;
        else this.taskNodes.set(key, node = new TaskNode(task, (id) => initiatives.get(id), this.runsIn));
        this.placements.set(key, placement(task));
        return node;
      });
  }

  private groupFor(root: string, status: string): StatusGroupNode {
    const key = `${root}\u0000${status}`;
    let node = this.groups.get(key);
    if (!node) this.groups.set(key, node = new StatusGroupNode(root, status));
    return node;
  }

  private backlogFor(group: StatusGroupNode): BacklogNode {
    let node = this.backlogs.get(group.id);
    if (!node) this.backlogs.set(group.id, node = new BacklogNode(group));
    return node;
  }

  private folderFor(root: string): FolderNode {
    let node = this.folders.get(root);
    if (!node) this.folders.set(root, node = new FolderNode(root));
    return node;
  }

  /**
   * Smallest refresh: a task whose place in the tree is unchanged refreshes its own row; one that moved (status,
   * queue, priority), appeared or vanished refreshes the groups it left and joined — or the whole view when a
   * group itself appears or disappears.
   */
  private onServiceChange(change: IndexChange): void {
    const dirty = new Set<TaskTreeNode>();
    // The scan's rows replace the saved preview, all at once.
    let all = this.preview !== undefined;
    this.preview = this.previewSource = undefined;
    this.scanRowsIn = true;
    if (change.changed.some((i) => i.system === 'orc' && i.kind === 'task')) { this.ready('scan'); this.scanRowsMadeReady?.(); this.scanRowsMadeReady = undefined; }
    const statusesBefore = new Set([...this.placements.entries()].filter(([k]) => k.startsWith(change.root)).map(([, p]) => p.split('|')[0]));
    const touchGroup = (root: string, p: string) => {
      const [status] = p.split('|');
      const group = this.groupFor(root, status!);
      dirty.add(group);
    };
    for (const item of change.changed) {
      if (item.system !== 'orc' || item.kind !== 'task') continue;
      const key = itemKey(item);
      const before = this.placements.get(key);
      const node = this.taskNodes.get(key);
      const now = placement(item);
      if (before === undefined || !node) { touchGroup(item.root, now); all ||= !statusesBefore.has(item.status); continue; }
      node.task = item;
      if (before === now) dirty.add(node);
      else { touchGroup(item.root, before); touchGroup(item.root, now); all ||= !statusesBefore.has(item.status); }
      this.placements.set(key, now);
    }
    for (const key of change.removed) {
      const before = this.placements.get(key);
      if (before === undefined) continue;
      this.placements.delete(key);
      this.taskNodes.delete(key);
      touchGroup(change.root, before);
      all = true; // a group may have emptied
    }
    if (change.changed.some((i) => i.kind === 'initiative')) all = true; // initiative titles show on task rows
    // Filtered, a change may move a task into or out of the filter: the few rows shown are listed again.
    if (this.stateFilter !== undefined && (change.changed.length || change.removed.length)) all = true;
    // A refreshed group row shows its count: recount before VS Code asks for the row again. A whole-view refresh
    // recounts every group of the folder too: a group row VS Code already holds may be re-rendered from its node
    // before the root is listed again (a task that first read as unreadable, half written, then as planned).
    const groups = all ? [...this.groups.values()].filter((g) => g.root === change.root)
      : [...dirty].filter((n): n is StatusGroupNode => n instanceof StatusGroupNode);
    if (groups.length) {
      const counts = this.statusCounts(change.root);
      for (const g of groups) g.count = counts.get(g.status) ?? 0;
    }
    // With other places shown, the folder's own change may make a task there identical (or no longer): re-list.
    if (this.service.places.active && this.service.places.placesOf(change.root).length) all = true;
    if (all || this.placements.size === 0) { this.changeEmitter.fire(undefined); return; }
    if (dirty.size) this.changeEmitter.fire([...dirty]);
  }
}
