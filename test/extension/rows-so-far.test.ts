import * as assert from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { OrcAdapter } from '../../src/core/formats/orc-eras/adapter';
import type { OrcTask } from '../../src/core/formats/orc/model';
import { itemKey } from '../../src/core/model/items';
import { OrchestrationService, type IndexChange } from '../../src/core/service/orchestration-service';
import type { AnyAdapter } from '../../src/core/service/work-item';
import { READ_SO_FAR_NOTE } from '../../src/vscode/tasks/rows-so-far';
import { showRowsSoFar } from '../../src/vscode/tasks/show-rows-so-far';
import { TaskNode, type TaskTreeNode } from '../../src/vscode/tasks/task-nodes';
import { TasksTreeProvider } from '../../src/vscode/tasks/tasks-tree';
import { PreviewNode, previewRowOf } from '../../src/vscode/tasks/tree-preview';
import { batonApi } from './helpers/baton';

const STATUSES = ['created', 'planned', 'running', 'completed', 'failed'];
const TASKS = 2_000;

/** A large orc folder: tasks of several statuses, some in the backlog, every 4th blocked by the next one (read later). */
function largeWorkspace(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'baton-so-far-'));
  writeFileSync(path.join(root, 'orc.yaml'), 'version: 1\n');
  for (let i = 1; i <= TASKS; i++) {
    const id = `TASK-${String(i).padStart(4, '0')}`;
    const dir = path.join(root, '.orc', 'tasks', id);
    mkdirSync(dir, { recursive: true });
    const blocker = i % 4 === 0 ? `blocked_by: [TASK-${String(i + 1).padStart(4, '0')}]\n` : '';
    writeFileSync(path.join(dir, 'task.yaml'), `id: ${id}\ntitle: Task number ${i}\nweight: small\nstatus: ${STATUSES[i % STATUSES.length]}\n` +
      `priority: ${['low', 'normal', 'high'][i % 3]}\nqueue: ${i % 9 === 0 ? 'backlog' : 'active'}\ncategory: feature\n${blocker}`);
    writeFileSync(path.join(dir, 'state.yaml'), `status: ${STATUSES[i % STATUSES.length]}\ncurrent_phase: ""\n` +
      (i % STATUSES.length === 2 ? `execution:\n  pid: 1\n  hostname: elsewhere\n  started_at: "2020-01-01T00:00:00Z"\n  last_heartbeat: "2020-01-01T00:00:00Z"\n` : ''));
  }
  return root;
}

interface Row { id: string; parent: string | undefined; label: string; description: string; icon: string; name: string; node: TaskTreeNode;
  contextValue: string | undefined; command: unknown; tooltip: unknown }

/** Every row the tree lists now, depth first (rows under folded groups too: what VS Code would list on unfolding). */
function rows(tree: TasksTreeProvider, node?: TaskTreeNode, parent?: string): Row[] {
  const out: Row[] = [];
  for (const child of tree.getChildren(node)) {
    const item = tree.getTreeItem(child);
    out.push({ id: item.id!, parent, label: String(item.label), description: String(item.description ?? ''),
      icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : '', name: item.accessibilityInformation?.label ?? '', node: child,
      contextValue: item.contextValue, command: item.command, tooltip: item.tooltip });
    if (item.collapsibleState !== vscode.TreeItemCollapsibleState.None) out.push(...rows(tree, child, item.id));
  }
  return out;
}

describe('Tasks view: what the first scan has read so far, before its own rows', () => {
  let root: string;
  before(async function () {
    this.timeout(120_000);
    await batonApi();
    root = largeWorkspace();
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('shows the tasks read so far while a large first scan reads, each as the scan will group and name it, then the scan\'s rows', async function () {
    this.timeout(180_000);
    const service = new OrchestrationService({ folders: [{ root }] });
    const tree = new TasksTreeProvider(service);
    const soFar = showRowsSoFar(tree, service, { visible: true }, undefined, { firstAfterMs: 0, everyMs: 0 });
    const seen: Row[][] = [];
    const during: { items: number; problems: number; saved: unknown }[] = [];
    const listening = tree.onDidChangeTreeData(() => {
      const now = rows(tree);
      if (!now.length || !(now[0]!.node instanceof PreviewNode)) return;
      seen.push(now);
      void tree.rowsToSave().then((saved) => during.push({ items: service.items().length, problems: service.diagnostics().length, saved }));
    });
    try {
      const change = new Promise<IndexChange>((resolve) => { const sub = service.onDidChange((c) => { sub.dispose(); resolve(c); }); });
      await service.scan();
      await change;
      assert.ok(seen.length >= 1, `rows of the scan so far shown (${seen.length} times)`);
      assert.strictEqual(await tree.rowsReady, 'scan so far');
      assert.strictEqual(await tree.firstRows, 'scan so far');
      assert.ok(during.every((d) => d.items === 0 && d.problems === 0 && d.saved === undefined),
        'while they show, the service has no items and no problems (Problems, status bar, other views unchanged), and they are never saved');

      const final = rows(tree);
      assert.ok(final.length && !final.some((r) => r.node instanceof PreviewNode), 'the scan\'s rows replace them');
      const tasks = new Map((service.items().filter((i) => i.kind === 'task') as OrcTask[]).map((t) => [`task:${itemKey(t)}`, t]));
      const finalIds = new Map(final.map((r) => [r.id, r]));
      let taskRows = 0;
      for (const shown of seen) {
        const [reading, ...rest] = shown;
        assert.match(reading!.label, /^Reading… [\d,]+ files so far$/);
        assert.strictEqual(reading!.name, `${reading!.label}, ${reading!.description}`);
        for (const row of rest) {
          assert.strictEqual(row.contextValue, 'preview', 'no menu');
          assert.strictEqual(row.command, undefined, 'nothing happens when chosen');
          assert.strictEqual(row.tooltip, READ_SO_FAR_NOTE);
          if (row.id.startsWith('group:') || row.id.startsWith('backlog:')) {
            assert.ok(finalIds.has(row.id), `${row.id}: the scan has this group too, under the same id`);
            assert.strictEqual(row.label, finalIds.get(row.id)!.label);
            assert.match(row.description, /^[\d,]+ so far$/);
            assert.match(row.name, new RegExp(`^${row.label}, [\\d,]+ tasks? read so far$`));
            continue;
          }
          if (row.id.startsWith('more:')) { assert.match(row.label, /^[\d,]+ more read so far$/); continue; }
          const task = tasks.get(row.id);
          assert.ok(task, `${row.id} is one of the scan's tasks`);
          taskRows++;
          // Under the group (or backlog) the scan puts it in, with the scan's label.
          assert.strictEqual(row.parent, task.queue === 'backlog' ? `backlog:${root}:${task.status}` : `group:${root}:${task.status}`);
          const scanRow = new TaskNode(task, () => undefined).getTreeItem();
          assert.strictEqual(row.label, scanRow.label);
          // Nothing derived from other files is said: a blocker not checked, a running task's executor not checked.
          assert.notStrictEqual(row.icon, 'lock');
          assert.notStrictEqual(row.icon, 'warning');
          if (task.blockedBy.length) assert.match(row.description, /blocked_by TASK-\d+: not checked yet/);
          if (task.status === 'running') assert.match(row.description, /executor not checked yet/);
          if (!task.blockedBy.length && task.status !== 'running') assert.doesNotMatch(row.description, /blocked|orphan/);
          assert.ok(row.name.startsWith(`${task.id} ${task.title}, ${task.status}`), row.name);
        }
      }
      assert.ok(taskRows > 0, 'task rows were shown');
      // The scan found them orphaned and blocked: what the rows so far did not claim either way.
      assert.ok([...tasks.values()].some((t) => t.orphaned) && [...tasks.values()].some((t) => t.blocked));
    } finally {
      listening.dispose();
      soFar.dispose();
      tree.dispose();
      service.dispose();
    }
  });

  it('shows nothing when saved rows are shown or the view is not visible, and takes its rows away when the scan fails', async function () {
    this.timeout(180_000);
    // Saved rows shown: they stay until the scan's.
    const saved = new OrchestrationService({ folders: [{ root }] });
    const savedTree = new TasksTreeProvider(saved);
    const item = new vscode.TreeItem('Planned', vscode.TreeItemCollapsibleState.Expanded);
    item.id = `group:${root}:planned`;
    savedTree.showPreview([new PreviewNode(previewRowOf(item), undefined)]);
    // Not visible: nothing is built.
    const hidden = new OrchestrationService({ folders: [{ root }] });
    const hiddenTree = new TasksTreeProvider(hidden);
    const subs = [showRowsSoFar(savedTree, saved, { visible: true }, undefined, { firstAfterMs: 0, everyMs: 0 }),
      showRowsSoFar(hiddenTree, hidden, { visible: false }, undefined, { firstAfterMs: 0, everyMs: 0 })];
    const soFarRows = (tree: TasksTreeProvider) => tree.getChildren().some((n) => n.id.startsWith('reading:'));
    let shownSoFar = 0;
    subs.push(savedTree.onDidChangeTreeData(() => { if (soFarRows(savedTree)) shownSoFar++; }),
      hiddenTree.onDidChangeTreeData(() => { if (soFarRows(hiddenTree)) shownSoFar++; }));
    // A scan that fails after reading orc's files: a later system's discovery throws, once rows so far are shown.
    let shownThenFail: () => void = () => undefined;
    const rowsShown = new Promise<void>((resolve) => { shownThenFail = resolve; });
    const failing: AnyAdapter = Object.assign(Object.create(new OrcAdapter()) as AnyAdapter, {
      // Bounded: rows never shown fail the assertion below, not the whole run by its timeout.
      system: 'orchestral' as const, discover: async () => {
        await Promise.race([rowsShown, new Promise((resolve) => setTimeout(resolve, 30_000))]);
        throw new Error('the disk went away');
      },
      discoverInPieces: undefined, // orc's own pieces would not fail
    });
    const failed = new OrchestrationService({ folders: [{ root }], adapters: [new OrcAdapter() as AnyAdapter, failing] });
    const failedTree = new TasksTreeProvider(failed);
    let failedShown = 0;
    subs.push(showRowsSoFar(failedTree, failed, { visible: true }, undefined, { firstAfterMs: 0, everyMs: 0 }),
      failedTree.onDidChangeTreeData(() => { if (soFarRows(failedTree)) { failedShown++; shownThenFail(); } }));
    try {
      await saved.scan();
      await hidden.scan();
      assert.strictEqual(shownSoFar, 0);
      assert.strictEqual(await savedTree.rowsReady, 'saved preview');
      await assert.rejects(failed.scan(), /the disk went away/);
      assert.ok(failedShown > 0, 'rows so far were shown while it read');
      assert.deepStrictEqual(failedTree.getChildren(), [], 'then taken away: the scan gave nothing');
    } finally {
      for (const s of subs) s.dispose();
      for (const d of [savedTree, hiddenTree, failedTree, saved, hidden, failed]) d.dispose();
    }
  });
});
