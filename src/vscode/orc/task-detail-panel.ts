import path from 'node:path';
import * as vscode from 'vscode';
import { claudeProblem } from '../executor/claude-check';
import { emptyDetail, taskDetail, type TaskDetailFiles } from '../../core/formats/orc-eras/task-detail';
import type { OrcItem, OrcTask } from '../../core/formats/orc/model';
import { itemKey, type Elsewhere } from '../../core/model/items';
import { readOnlyReason, whereSentence } from '../../core/places/where';
import type { IndexChange, OrchestrationService } from '../../core/service/orchestration-service';
import { worktreeAt } from '../../core/places/worktree-at';
import { Disposable } from '../../core/util/disposable';
import { parseFromWebview } from '../../shared/protocol';
import { fromTaskDetail, type TaskDetailView, type ToTaskDetail, type WhereView } from '../../shared/task-detail-protocol';
import { elsewhereTaskByKey, orcItemsSeenFrom, worktreeBranch } from '../places/elsewhere-tasks';
import { handleElsewhereMessage } from './task-detail-elsewhere';
import { handleDetailMessage } from './task-detail-actions';
import { openFromDatabase } from './task-detail-db-open';
import { taskDetailHtml, webviewAssets } from './task-detail-html';
import { taskDetailView } from './task-detail-model';
import { receiveFromWebview } from '../webviews/webview-messages';

/** Agents write a task's files in bursts: re-read once the burst settles. */
const SETTLE_MS = 120;

/**
 * One task's detail panel. It reads the task's own files when it opens and again whenever any of them changes
 * (its folder is watched while the panel lives, orc.db too), or when the scan changes the task or a task it links
 * to. A database-era task is read from orc's database instead, which the panel watches (with its WAL and the global
 * database of costs): each commit is read as the frames it appended (the index's own follower), so the panel follows
 * a running task live. The page only ever gets data through messages, after its `ready`.
 *
 * A task of another worktree or ref (`task.elsewhere`) is found again in that place by its key whenever the place
 * changes, and shown read-only, saying where it lives: a worktree's task folder is read from that worktree; nothing
 * of a ref's task is read from disk (the folder's own files of the same id are another task), only what git holds.
 */
export class TaskDetailPanel extends Disposable {
  readonly panel: vscode.WebviewPanel;
  private ready = false;
  private files: TaskDetailFiles | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  private readonly postEmitter = this._register(new vscode.EventEmitter<ToTaskDetail>());
  /** Every message posted to the page (tests wait on it). */
  readonly onDidPost = this.postEmitter.event;
  lastView: TaskDetailView | undefined;
  private postedJson: string | undefined;

  constructor(private task: OrcTask, private readonly service: OrchestrationService, extensionUri: vscode.Uri,
    private readonly showDetail: (task: OrcTask) => unknown, onClose: () => void, private readonly workspaceState?: vscode.Memento,
    /** The workspace folder the task belongs to (for a task of another place: the folder whose place it is). */
    private readonly folder: string = task.root) {
    super();
    const dir = vscode.Uri.file(path.join(task.root, '.orc', 'tasks', task.dir));
    // A ref's task has no folder on disk (`dir` would be the folder's own task of that id): nothing of it is loaded.
    const db = task.era === 'db' || task.elsewhere?.ref !== undefined;
    this.panel = vscode.window.createWebviewPanel('baton.taskDetail', this.title(), vscode.ViewColumn.Active, {
      enableScripts: true,
      // The page may load the built front end and, for thumbnails, files of this task's folder: nothing else (a
      // database task has no folder: its attachments stay in the database and are shown without thumbnails).
      localResourceRoots: db ? [webviewAssets(extensionUri)] : [webviewAssets(extensionUri), dir],
    });
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'baton.svg');
    this.panel.webview.html = taskDetailHtml(this.panel.webview, extensionUri, this.title());
    this._register({ dispose: () => clearTimeout(this.timer) });
    this._register(this.panel.onDidDispose(() => { onClose(); this.dispose(); }));
    this._register(receiveFromWebview(this.panel.webview, 'task detail', (raw) => this.onMessage(raw)));
    for (const w of task.elsewhere?.ref !== undefined ? [] : this.watchers(task, dir)) {
      this._register(w.onDidChange(() => this.schedule()));
      this._register(w.onDidCreate(() => this.schedule()));
      this._register(w.onDidDelete(() => this.schedule()));
    }
    this._register(service.onDidChange((change) => { if (this.concerns(change)) this.schedule(); }));
    // Another place's task is looked up again when its place changes; the worktree a database-era task runs in is
    // named once the places have read it (or no longer, when they are turned off).
    this._register(service.places.onDidChange((change) => { if (change.root === this.folder && (this.task.elsewhere || this.task.db?.worktreePath)) this.schedule(); }));
    // Run and Resume are off while the Claude CLI cannot run: looked at again when its setting changes, and when the
    // window gets focus back (the person may have installed Claude Code meanwhile).
    this._register(vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('baton.claude.path')) this.schedule(); }));
    this._register(vscode.window.onDidChangeWindowState((w) => { if (w.focused) this.schedule(); }));
  }

  /** What the panel watches: the task folder and the file era's orc.db, or the database (and the cost ledger). */
  private watchers(task: OrcTask, dir: vscode.Uri): vscode.FileSystemWatcher[] {
    const watch = (base: string | vscode.Uri, glob: string) => this._register(vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(typeof base === 'string' ? vscode.Uri.file(base) : base, glob)));
    if (task.era !== 'db') {
      return [watch(dir, '**'), watch(task.root, '{.orc/orc.db,.orc/orc.db-wal,orc.db}')];
    }
    const out = [watch(path.dirname(task.file), `${path.basename(task.file)}{,-wal}`)];
    const orcHome = this.service.contextOf(task.root)?.orcHome;
    if (orcHome) out.push(watch(orcHome, 'orc.db{,-wal}'));
    return out;
  }

  get taskId(): string {
    return this.task.id;
  }

  /** Where the task lives when it is not the folder's own. */
  get elsewhere(): Elsewhere | undefined {
    return this.task.elsewhere;
  }

  reveal(): void {
    this.panel.reveal();
  }

  /** Re-reads now (the settle timer is for bursts of file events). */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(() => this.load()).catch((err) => this.post({ type: 'notice', level: 'error', message: String(err) }));
    return this.refreshing;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), SETTLE_MS);
  }

  /** This task changed, went away, or one it links to (or its initiative) changed title or status. */
  private concerns(change: IndexChange): boolean {
    // Another place's task links to the folder's own tasks where the place did not change them.
    if (this.task.elsewhere) return change.root === this.folder;
    if (change.root !== this.task.root) return false;
    const key = itemKey(this.task);
    if (change.removed.includes(key)) return true;
    const linked = new Set([this.task.id, ...this.task.blockedBy, ...this.task.blocks, ...this.task.relatedTo, ...this.task.referencedBy,
      ...(this.task.initiativeId ? [this.task.initiativeId] : [])]);
    return change.changed.some((i) => i.system === 'orc' && linked.has(i.id));
  }

  private async load(): Promise<void> {
    if (this.task.elsewhere) return this.loadElsewhere(this.task.elsewhere);
    const items = this.service.items().filter((i): i is OrcItem => i.system === 'orc' && i.root === this.task.root);
    const current = items.find((i): i is OrcTask => i.kind === 'task' && i.id === this.task.id);
    if (!current) { this.postedJson = undefined; this.post({ type: 'gone', id: this.task.id }); return; }
    this.task = current;
    this.panel.title = this.title();
    this.files = await taskDetail(current.root, current.dir, { task: current, orcHome: this.service.contextOf(current.root)?.orcHome });
    if (!this.ready) return;
    const runBlocked = current.era === 'db' || !vscode.workspace.isTrusted || !this.workspaceState ? null
      : await claudeProblem(current.root, this.workspaceState);
    const runsIn = worktreeAt(this.service.places.placesOf(current.root), current.db?.worktreePath);
    const view = { ...taskDetailView(current, this.files, items, this.panel.webview, vscode.workspace.isTrusted, runsIn), runBlocked };
    // A database being written (transcripts stream in while a phase runs) is re-read often: an unchanged view is not
    // sent again, so the page does not re-render for nothing.
    const json = JSON.stringify(view);
    if (json === this.postedJson) return;
    this.postedJson = json;
    this.lastView = view;
    this.post({ type: 'detail', view });
  }

  /** A task of another worktree or ref: found again in its place by its key; read-only, saying where it lives. */
  private async loadElsewhere(where: Elsewhere): Promise<void> {
    const current = elsewhereTaskByKey(this.service, this.folder, itemKey(this.task));
    if (!current) { this.postedJson = undefined; this.post({ type: 'gone', id: this.task.id }); return; }
    this.task = current;
    this.panel.title = this.title();
    // A ref's task: nothing on disk is its (the folder's own files are another task's); a worktree's: its own folder there.
    this.files = where.ref !== undefined ? emptyDetail(current.id, '')
      : await taskDetail(current.root, current.dir, { task: current, orcHome: this.service.contextOf(this.folder)?.orcHome });
    if (!this.ready) return;
    const whereView: WhereView = { kind: where.ref !== undefined ? 'ref' : 'worktree',
      text: whereSentence(where, worktreeBranch(this.service, this.folder, where)), readOnly: readOnlyReason(where, current.id) };
    const view = { ...taskDetailView(current, this.files, orcItemsSeenFrom(this.service, this.folder, where), this.panel.webview, false),
      runBlocked: null, where: whereView };
    const json = JSON.stringify(view);
    if (json === this.postedJson) return;
    this.postedJson = json;
    this.lastView = view;
    this.post({ type: 'detail', view });
  }

  /** A message as the page sends it (validated here like every other); the extension-host tests' way in too. */
  receive(raw: unknown): Promise<void> {
    return this.onMessage(raw);
  }

  private async onMessage(raw: unknown): Promise<void> {
    const parsed = parseFromWebview(fromTaskDetail, raw);
    if (!parsed.ok) { console.warn(`baton: task detail sent an invalid message: ${parsed.error}`); return; }
    const msg = parsed.message;
    if (msg.type === 'ready') { this.ready = true; this.postedJson = undefined; await this.refresh(); return; }
    try {
      if (this.task.elsewhere) {
        const refused = await handleElsewhereMessage(msg, { service: this.service, task: this.task, folder: this.folder, files: this.files, showDetail: this.showDetail });
        if (refused) this.post({ type: 'notice', level: 'error', message: refused });
        return;
      }
      // A database task's transcripts, spec and attachments are rows: opened from the database here.
      if (await openFromDatabase(msg, this.task, this.files)) return;
      const edited = await handleDetailMessage(msg, { service: this.service, task: this.task, files: this.files, showDetail: this.showDetail });
      // Confirmed in place, with Undo (the page shows it beside the controls and to screen readers) — once the panel
      // holds the file as written, so an Undo clicked at once is checked against that, not the version before.
      if (edited) {
        await this.refresh();
        this.post({ type: 'edited', edit: edited });
      }
    } catch (err) {
      void vscode.window.showErrorMessage(`Baton: ${(err as Error).message}`);
    }
  }

  private post(message: ToTaskDetail): void {
    void this.panel.webview.postMessage(message);
    this.postEmitter.fire(message);
  }

  private title(): string {
    const t = this.task.title.length > 40 ? `${this.task.title.slice(0, 39)}…` : this.task.title;
    const where = this.task.elsewhere;
    return `${this.task.id} · ${t}${where ? ` (${where.ref ?? `worktree ${path.basename(where.worktree)}`})` : ''}`;
  }
}

/** One panel per task: opening a task that is already shown reveals its panel. */
export class TaskDetailPanels extends Disposable {
  private readonly panels = new Map<string, TaskDetailPanel>();

  constructor(private readonly service: OrchestrationService, private readonly extensionUri: vscode.Uri, private readonly workspaceState?: vscode.Memento) {
    super();
    this._register({ dispose: () => { for (const p of this.panels.values()) p.panel.dispose(); } });
  }

  /**
   * Keyed by the task's item key, which names its place: the folder's own TASK-001, another worktree's and
   * origin/x's are three panels. `folder`: the workspace folder of a task of another place (its place's owner).
   */
  show(task: OrcTask, folder?: string): TaskDetailPanel {
    const key = itemKey(task);
    let panel = this.panels.get(key);
    if (panel) { panel.reveal(); void panel.refresh(); return panel; }
    const home = task.elsewhere ? folder ?? this.folderOf(task) : task.root;
    panel = new TaskDetailPanel(task, this.service, this.extensionUri, (t) => this.show(t, home), () => this.panels.delete(key), this.workspaceState, home);
    this.panels.set(key, panel);
    return panel;
  }

  /** The workspace folder whose place holds a task of another place (a ref's task is named under it). */
  private folderOf(task: OrcTask): string {
    return this.service.folders.find((f) => this.service.places.elsewhere(f).items.some((i) => i === task || itemKey(i) === itemKey(task))) ?? task.root;
  }

  /** The open panel of a task id (tests): the folder's own, or with `where`, that place's. */
  find(id: string, where?: Elsewhere): TaskDetailPanel | undefined {
    return [...this.panels.values()].find((p) => p.taskId === id && p.elsewhere?.ref === where?.ref && p.elsewhere?.worktree === where?.worktree);
  }
}
