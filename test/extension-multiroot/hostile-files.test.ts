import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrcTask } from '../../src/core/formats/orc/model';
import type { ToTaskDetail } from '../../src/shared/task-detail-protocol';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, until } from '../extension/helpers/baton';

const task = (id: string, title: string) => `id: ${id}\ntitle: "${title}"\nweight: small\nstatus: planned\nqueue: active\npriority: normal\ncategory: feature\ncreated_at: 2026-01-05T09:00:00Z\nupdated_at: 2026-01-05T09:00:00Z\n`;

/** How long the extension host's event loop went without a turn while `work` ran (a block on a FIFO never returns). */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = Date.now();
  let stallMs = 0;
  const ticker = setInterval(() => { const now = Date.now(); stallMs = Math.max(stallMs, now - last); last = now; }, 20);
  try {
    const result = await work();
    return { result, stallMs: Math.max(stallMs, Date.now() - last) };
  } finally {
    clearInterval(ticker);
  }
}

/**
 * Issue 16 part 9: the hostile files the CLI refuses, opened in the editor. A folder whose state files are named
 * pipes (orc's task.yaml, spec.md and config, Dure's state.json, the intents registry), with a link to
 * /dev/urandom, a device node and a 200 MB sparse task.yaml, is added to the window: the extension host keeps
 * turning (no read blocks on a pipe or swallows a device), every such file is a problem in the Problems panel
 * naming what it is (the link as leaving the folder), and the readable tasks beside them show, in the tree and in
 * their detail.
 */
describe('Hostile files in the editor: the sidebar stays responsive and shows each as a problem', () => {
  let api: BatonApi;
  let dir: string;
  let root: string;
  const fifo = (rel: string) => execFileSync('mkfifo', [path.join(root, rel)]);

  before(async function () {
    this.timeout(90000);
    api = await batonApi();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'baton-hostile-'));
    root = path.join(dir, 'hostile-repo');
    for (const id of ['TASK-901', 'TASK-902', 'TASK-903', 'TASK-904']) await fs.mkdir(path.join(root, '.orc/tasks', id), { recursive: true });
    await fs.writeFile(path.join(root, '.orc/tasks/TASK-901/task.yaml'), task('TASK-901', 'Readable beside the pipes'));
    fifo('.orc/tasks/TASK-902/task.yaml');
    await fs.writeFile(path.join(root, '.orc/tasks/TASK-903/task.yaml'), task('TASK-903', 'Its spec is a pipe'));
    fifo('.orc/tasks/TASK-903/spec.md');
    await fs.symlink('/dev/urandom', path.join(root, '.orc/tasks/TASK-903/state.yaml'));
    // A device node inside the folder itself (the tests run as root): /dev/zero's numbers, endless if read.
    execFileSync('mknod', [path.join(root, '.orc/tasks/TASK-903/plan.yaml'), 'c', '1', '5']);
    // Sparse: 200 MB on paper, nothing on disk — past the 8 MB limit of a state file.
    const huge = await fs.open(path.join(root, '.orc/tasks/TASK-904/task.yaml'), 'w');
    await huge.truncate(200 * 1024 * 1024);
    await huge.close();
    fifo('.orc/config.yaml');
    await fs.mkdir(path.join(root, '.orchestral/runs/run-20260105-090000'), { recursive: true });
    fifo('.orchestral/runs/run-20260105-090000/state.json');
    await fs.mkdir(path.join(root, '.orchestration'), { recursive: true });
    fifo('.orchestration/active_intents.yaml');

    const added = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
    const { stallMs } = await longestStall(async () => {
      assert.ok(vscode.workspace.updateWorkspaceFolders((vscode.workspace.workspaceFolders ?? []).length, 0, { uri: vscode.Uri.file(root) }));
      await added;
      await until(api.service.onDidReconfigure, () => api.service.folders.includes(root), 30000);
      await until(api.service.onDidChange, () => api.service.items().some((i) => i.system === 'orc' && i.root === root), 30000);
    });
    console.log(`hostile folder added → first task shown; longest event-loop stall ${stallMs} ms`);
    assert.ok(stallMs < 3000, `the extension host stalled ${stallMs} ms while reading the hostile folder`);
  });

  after(async function () {
    this.timeout(60000);
    const at = (vscode.workspace.workspaceFolders ?? []).findIndex((f) => f.uri.fsPath === root);
    if (at >= 0) {
      const removed = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
      vscode.workspace.updateWorkspaceFolders(at, 1);
      await removed;
      await until(api.service.onDidReconfigure, () => !api.service.folders.includes(root), 30000);
    }
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('shows the readable tasks in the Tasks tree, and the unreadable ones as placeholders that keep their place', async () => {
    const tasks = api.service.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.root === root);
    assert.deepStrictEqual(tasks.filter((t) => t.status !== 'unreadable').map((t) => t.id).sort(), ['TASK-901', 'TASK-903']);
    // a pipe for a task.yaml and an oversized one: the task exists (orc names it by its folder), its file cannot be read
    assert.deepStrictEqual(tasks.filter((t) => t.status === 'unreadable').map((t) => t.id).sort(), ['TASK-902', 'TASK-904']);
    const folderRow = (await api.tasksTree.getChildren()).find((n) => n.id === `folder:${root}`);
    assert.ok(folderRow, 'the hostile folder has its row in the Tasks view');
  });

  it('puts each pipe, device and oversized file in the Problems panel, naming what it is', () => {
    const problem = (rel: string) => vscode.languages.getDiagnostics(vscode.Uri.file(path.join(root, rel))).map((d) => d.message).join(' | ')
      || `nothing; the service has ${JSON.stringify(api.service.diagnostics().filter((d) => d.file.startsWith(root)).map((d) => `${d.file}: ${d.message}`))}`;
    assert.match(problem('.orc/tasks/TASK-902/task.yaml'), /named pipe/);
    // A link out of the folder is refused before its kind matters.
    assert.match(problem('.orc/tasks/TASK-903/state.yaml'), /link to \/dev\/urandom, outside/);
    assert.match(problem('.orc/tasks/TASK-903/plan.yaml'), /character device/);
    assert.match(problem('.orc/tasks/TASK-904/task.yaml'), /larger than|too large|limit/i);
    assert.match(problem('.orc/config.yaml'), /named pipe/);
    assert.match(problem('.orchestral/runs/run-20260105-090000/state.json'), /named pipe/);
    assert.match(problem('.orchestration/active_intents.yaml'), /named pipe/);
  });

  it('opens the detail of a task whose spec is a pipe and whose state is a device, without waiting on either', async function () {
    this.timeout(30000);
    const target = api.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.root === root && i.id === 'TASK-903');
    assert.ok(target);
    const { stallMs } = await longestStall(async () => {
      await vscode.commands.executeCommand('baton.showTaskDetail', { task: target });
      const panel = api.orc.detailPanels.find('TASK-903');
      assert.ok(panel, 'the detail panel opened');
      await until(panel.onDidPost as vscode.Event<ToTaskDetail>, () => !!panel.lastView, 15000);
      assert.strictEqual(panel.panel.title, 'TASK-903 · Its spec is a pipe');
      panel.panel.dispose();
    });
    assert.ok(stallMs < 3000, `the extension host stalled ${stallMs} ms opening the detail`);
  });

  it('keeps answering commands while the pipes are there (a refresh re-reads them all)', async function () {
    this.timeout(30000);
    const { stallMs } = await longestStall(() => Promise.resolve(vscode.commands.executeCommand('baton.refresh')));
    assert.ok(stallMs < 3000, `the extension host stalled ${stallMs} ms on a refresh`);
    assert.ok(api.service.items().some((i) => i.system === 'orc' && i.root === root && i.kind === 'task'), 'the tasks are still shown');
  });
});
