import * as assert from 'node:assert';
import { existsSync, promises as fs, readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrcInitiative, OrcTask } from '../../src/core/formats/orc/model';
import type { OrcGateDecision } from '../../src/core/formats/orc/gate-decisions';
import { decisionKey, itemKey } from '../../src/core/model/items';
import type { OrcActionResult } from '../../src/core/orc-cli/orc-actions';
import type { BoardDescription } from '../../src/shared/board/board-model';
import type { ToBoardWebview } from '../../src/shared/board-protocol';
import type { BatonApi } from '../../src/vscode/extension';
import type { FolderNode, TaskNode, TaskTreeNode } from '../../src/vscode/tasks/task-nodes';
import type { InitiativeTreeNode } from '../../src/vscode/orc/initiative-nodes';
import { batonApi, shownInbox, until } from '../extension/helpers/baton';
import { OrcDbWriter } from './helpers/orc-db-child';

/** The stand-in orc (tests run from out/test/extension-multiroot/). */
const FAKE_ORC = path.resolve(__dirname, '../../../test/fixtures/bin/orc');

interface OrcCall { argv: string[]; cwd: string; exitCode: number }

async function addFolder(api: BatonApi, folder: string): Promise<void> {
  const added = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
  assert.ok(vscode.workspace.updateWorkspaceFolders((vscode.workspace.workspaceFolders ?? []).length, 0, { uri: vscode.Uri.file(folder) }));
  await added;
  await until(api.service.onDidReconfigure, () => api.service.folders.includes(folder), 30000);
}

async function removeFolder(api: BatonApi, folder: string): Promise<void> {
  const at = (vscode.workspace.workspaceFolders ?? []).findIndex((f) => f.uri.fsPath === folder);
  if (at < 0) return;
  const removed = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
  vscode.workspace.updateWorkspaceFolders(at, 1);
  await removed;
  await until(api.service.onDidReconfigure, () => !api.service.folders.includes(folder), 30000);
}

function tasksIn(api: BatonApi, root: string): OrcTask[] {
  return api.service.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.root === root);
}

function taskIn(api: BatonApi, root: string, id: string): OrcTask {
  const task = tasksIn(api, root).find((t) => t.id === id);
  assert.ok(task, `${id} in ${root}`);
  return task;
}

function gatesIn(api: BatonApi, root: string): OrcGateDecision[] {
  return api.service.decisions().filter((d): d is OrcGateDecision => d.system === 'orc' && d.root === root);
}

// The extension runs its bundle, these tests the transpiled sources: node classes differ, so rows are told apart by shape.
const isTaskRow = (node: TaskTreeNode): node is TaskNode => 'task' in node;

/** Every task row under a node of the Tasks tree, with its contextValue. */
async function taskRows(api: BatonApi, node: TaskTreeNode): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const child of await api.tasksTree.getChildren(node)) {
    if (isTaskRow(child)) out.set(child.task.id, String(api.tasksTree.getTreeItem(child).contextValue));
    else for (const [id, value] of await taskRows(api, child)) out.set(id, value);
  }
  return out;
}

async function folderRow(api: BatonApi, root: string): Promise<FolderNode> {
  const row = (await api.tasksTree.getChildren()).find((n) => n.id === `folder:${root}`);
  assert.ok(row, `a Tasks row for ${root}`);
  return row as FolderNode;
}

const setting = (key: string, value: unknown) => vscode.workspace.getConfiguration('baton').update(key, value, vscode.ConfigurationTarget.Global);

/**
 * A folder whose orc keeps its state in the database (orc from February 2026 on) is added to the two-folder window:
 * its project database is made by Baton's schema script with the demo's rows in a separate writer process
 * (better-sqlite3, WAL, kept open as orc keeps it while it runs). Acting goes through the stand-in orc
 * (`baton.orc.path`); its call log (FAKE_ORC_LOG, inherited from this extension host) shows what ran.
 */
describe('orc\'s database era in the editor', () => {
  let api: BatonApi;
  let dir: string;
  let root: string;
  let orcHome: string;
  let log: string;
  const writer = new OrcDbWriter();
  const calls = (): OrcCall[] => existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as OrcCall) : [];

  before(async function () {
    this.timeout(60000);
    api = await batonApi();
    dir = realpathSync(await fs.mkdtemp(path.join(os.tmpdir(), 'baton-orc-db-')));
    root = path.join(dir, 'billing');
    orcHome = path.join(dir, 'home', '.orc');
    log = path.join(dir, 'orc-calls.jsonl');
    await fs.mkdir(path.join(root, '.orc'), { recursive: true });
    await fs.mkdir(path.join(root, '.vscode'), { recursive: true });
    await fs.mkdir(orcHome, { recursive: true });
    await fs.writeFile(path.join(root, '.orc', 'config.yaml'), 'version: 1\n');
    // orc's home for Baton: a folder of its own (an empty registry), so the machine's ~/.orc is never read.
    await fs.writeFile(path.join(root, '.vscode', 'settings.json'), JSON.stringify({ 'baton.orc.home': orcHome }));
    await writer.create(path.join(root, '.orc', 'orc.db'));
    process.env.FAKE_ORC_LOG = log;
    await setting('orc.path', FAKE_ORC);
    await addFolder(api, root);
    await until(api.service.onDidChange, () => tasksIn(api, root).length === 7, 20000);
  });

  after(async function () {
    this.timeout(60000);
    for (const terminal of vscode.window.terminals) if (terminal.name.startsWith('orc run')) terminal.dispose();
    await setting('orc.path', undefined);
    delete process.env.FAKE_ORC_LOG;
    await writer.close();
    await removeFolder(api, root);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('shows its tasks, initiatives and the pending gate (Tasks, Initiatives, Needs You, status bar)', async () => {
    const rows = await taskRows(api, await folderRow(api, root));
    assert.deepStrictEqual([...rows.entries()].sort(), [
      ['TASK-001', 'task:orc:db:completed'],
      ['TASK-002', 'task:orc:db:blocked:gate'],
      ['TASK-003', 'task:orc:db:running'],
      ['TASK-004', 'task:orc:db:planned:blocked'],
      ['TASK-005', 'task:orc:db:failed'],
      ['TASK-006', 'task:orc:db:created'],
      ['TASK-007', 'task:orc:db:closed'],
    ]);
    const initiatives = new Map<string, string>();
    const collect = async (node?: InitiativeTreeNode) => {
      for (const child of await api.orc.initiativesTree.getChildren(node) ?? []) {
        const initiative = (child as { initiative?: OrcInitiative }).initiative;
        if (initiative?.root === root) initiatives.set(initiative.id, String((await api.orc.initiativesTree.getTreeItem(child)).contextValue));
        else if (!initiative) await collect(child);
      }
    };
    await collect();
    assert.deepStrictEqual([...initiatives.entries()].sort(), [['INIT-001', 'initiative:orc:db:active'], ['INIT-002', 'initiative:orc:db:active:blocked']]);

    const controller = await shownInbox(api);
    const snapshot = controller.snapshot();
    assert.ok(snapshot.type === 'decisions');
    const gate = snapshot.decisions.find((d) => d.folder?.path === root);
    assert.ok(gate, 'the pending gate in Needs You');
    assert.strictEqual(gate.title, 'TASK-002 · implement');
    assert.strictEqual(gate.source, "TASK-002 in orc's database");
    assert.ok(gate.form.form === 'gate');
    assert.deepStrictEqual(gate.form.answeredBy, { by: 'orc', approve: 'orc approve TASK-002', reject: 'orc reject TASK-002 --reason <why>' });
    // The status bar counts every folder: the database's running task, its two blocked ones, its gate.
    assert.match(api.statusBar.text, /\$\(sync\) [1-9]\d* running/);
    assert.strictEqual(api.orc.cliNote.message, undefined, 'orc is found: no read-only note');
  });

  it('shows a row committed by another process (WAL, not checkpointed) in the Tasks tree, without a reload', async function () {
    this.timeout(60000);
    const latencies: number[] = [];
    for (let n = 0; n < 5; n++) {
      const id = `TASK-${String(901 + n)}`;
      const seen = new Promise<number>((resolve) => {
        const sub = api.tasksTree.onDidChangeTreeData(() => {
          if (tasksIn(api, root).some((t) => t.id === id)) { sub.dispose(); resolve(Date.now()); }
        });
      });
      const committedAt = await writer.insertTask({ id, title: `Written by another process ${n}`, status: 'planned' });
      const shownAt = await Promise.race([seen, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`${id} not shown within 10 s`)), 10000))]);
      latencies.push(shownAt - committedAt);
      assert.ok(existsSync(path.join(root, '.orc', 'orc.db-wal')), 'the row is still in the WAL');
      const rows = await taskRows(api, await folderRow(api, root));
      assert.strictEqual(rows.get(id), 'task:orc:db:planned');
    }
    console.log(`orc db commit → Tasks tree event: ${latencies.join(', ')} ms (max ${Math.max(...latencies)} ms)`);
    // How fast is the bench's job (orc-db: one committed change → change event, with its target); here the row must
    // come by itself, well before anyone would reload (a loaded CI machine can take seconds for one event).
    for (const ms of latencies) assert.ok(ms <= 5000, `commit → tree event took ${ms} ms (all: ${latencies.join(', ')})`);
  });

  it('edits through orc edit (priority, then title), and says plainly what orc cannot change', async () => {
    const before = calls().length;
    const priority = await vscode.commands.executeCommand<OrcActionResult>('baton.orc.setPriority', { task: taskIn(api, root, 'TASK-004') }, 'critical');
    assert.strictEqual(priority?.ok, true, JSON.stringify(priority));
    assert.strictEqual(taskIn(api, root, 'TASK-004').priority, 'critical', 'read back at once');
    const title = await vscode.commands.executeCommand<OrcActionResult>('baton.orc.editTask', { task: taskIn(api, root, 'TASK-004') },
      { title: 'Dunning emails — three reminders' });
    assert.strictEqual(title?.ok, true, JSON.stringify(title));
    assert.strictEqual(taskIn(api, root, 'TASK-004').title, 'Dunning emails — three reminders');
    // queue has no orc edit flag: nothing runs.
    assert.strictEqual(await vscode.commands.executeCommand('baton.orc.setQueue', { task: taskIn(api, root, 'TASK-004') }, 'backlog'), undefined);
    assert.deepStrictEqual(calls().slice(before).map((c) => c.argv), [
      ['edit', 'TASK-004', '--priority', 'critical'],
      ['edit', 'TASK-004', '--title', 'Dunning emails — three reminders'],
    ]);
  });

  it('moves a card on the Board: its priority through orc edit (the card moves), its queue refused with the reason', async function () {
    this.timeout(60000);
    const posts: ToBoardWebview[] = [];
    const sub = api.board.panel.onDidPost((m) => posts.push(m));
    try {
      await vscode.commands.executeCommand('baton.openBoard');
      await until(api.board.panel.onDidPost, () => posts.some((m) => m.type === 'board'), 20000);
      const board = (posts.find((m) => m.type === 'board') as { board: BoardDescription }).board;
      const cardOf = (id: string) => {
        const card = board.cards.find((c) => c.key === itemKey(taskIn(api, root, id)));
        assert.ok(card, `${id}'s card on the board`);
        return card;
      };
      const completed = cardOf('TASK-001');
      assert.deepStrictEqual([completed.column, completed.folded, completed.rank, completed.locked], ['completed', false, 'high', null]);
      assert.match(completed.foldLocked ?? '', /orc/, 'the page is told the queue cannot change');

      // − on the card (one priority down): the message the page sends, through the panel's validation and move path.
      posts.length = 0;
      const before = calls().length;
      await api.board.panel.receive({ type: 'move', key: completed.key, shown: { folded: false, rank: 'high' }, rank: 'normal', via: 'keyboard' });
      assert.deepStrictEqual(calls().slice(before).map((c) => c.argv), [['edit', 'TASK-001', '--priority', 'normal']]);
      assert.deepStrictEqual(await writer.task('TASK-001'), { queue: 'active', priority: 'normal' }, 'orc wrote the database');
      assert.strictEqual(taskIn(api, root, 'TASK-001').priority, 'normal', 'the service reads it back');
      const notices = posts.filter((m): m is Extract<ToBoardWebview, { type: 'notice' }> => m.type === 'notice');
      assert.deepStrictEqual(notices.map((n) => [n.level, n.message]), [['info', 'TASK-001: priority high → normal (orc edit)']]);
      await until(api.board.panel.onDidPost, () => posts.some((m) => m.type === 'patch' && m.upsert.some((c) => c.key === completed.key)), 10000);
      const moved = posts.flatMap((m) => (m.type === 'patch' ? m.upsert : [])).filter((c) => c.key === completed.key).at(-1);
      assert.deepStrictEqual([moved?.rank, moved?.folded, moved?.column], ['normal', false, 'completed'], 'the card moves to normal in its column');

      // B on a backlog card (to Active): orc has no command for a queue, so nothing runs and the page says why.
      const backlog = cardOf('TASK-006');
      assert.deepStrictEqual([backlog.folded, backlog.rank], [true, 'low']);
      posts.length = 0;
      const beforeQueue = calls().length;
      await api.board.panel.receive({ type: 'move', key: backlog.key, shown: { folded: true, rank: 'low' }, folded: false, via: 'keyboard' });
      assert.strictEqual(calls().length, beforeQueue, 'orc never ran');
      assert.deepStrictEqual(await writer.task('TASK-006'), { queue: 'backlog', priority: 'low' }, 'the database is unchanged');
      assert.strictEqual(taskIn(api, root, 'TASK-006').queue, 'backlog');
      const refusal = posts.filter((m): m is Extract<ToBoardWebview, { type: 'notice' }> => m.type === 'notice');
      assert.strictEqual(refusal.length, 1);
      assert.strictEqual(refusal[0]!.level, 'error');
      assert.match(refusal[0]!.message, /^TASK-006 lives in orc's database, and orc has no command that changes a task's queue .*nothing was changed\. Its priority can still be changed here/);
      assert.ok(!posts.some((m) => m.type === 'patch' && m.upsert.some((c) => c.key === backlog.key)), 'the card stays where it is');
    } finally {
      sub.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('makes a new task with orc new and closes one with orc close --yes', async () => {
    const before = calls().length;
    const created = await vscode.commands.executeCommand<OrcActionResult & { taskId?: string }>('baton.orc.newTask',
      { root, title: 'Refund partial payments', priority: 'high' });
    assert.strictEqual(created?.ok, true, JSON.stringify(created));
    assert.strictEqual(created.taskId, 'TASK-008', "orc's next id: its task sequence (7 in the demo's rows) + 1");
    assert.strictEqual(taskIn(api, root, 'TASK-008').priority, 'high');
    const closed = await vscode.commands.executeCommand<OrcActionResult>('baton.orc.closeTask', { task: taskIn(api, root, 'TASK-005') }, { message: 'Superseded' });
    assert.strictEqual(closed?.ok, true, JSON.stringify(closed));
    assert.strictEqual(taskIn(api, root, 'TASK-005').status, 'closed');
    assert.deepStrictEqual(calls().slice(before).map((c) => c.argv), [
      ['new', '--json', '--priority', 'high', '--', 'Refund partial payments'],
      ['close', 'TASK-005', '--yes', '--message', 'Superseded'],
    ]);
  });

  it('approves the pending gate from Needs You through orc approve (no reason), and the gate leaves', async () => {
    const controller = await shownInbox(api);
    const gate = gatesIn(api, root).find((g) => g.taskId === 'TASK-002');
    assert.ok(gate);
    // Run is not offered for a task waiting at a gate.
    assert.strictEqual(await vscode.commands.executeCommand('baton.orc.runTask', { task: taskIn(api, root, 'TASK-002') }), undefined);
    const before = calls().length;
    const answered = new Promise<{ ok: boolean; message: string }>((resolve) => {
      const sub = controller.onDidPost((m) => { if (m.type === 'answerResult' && m.requestId === 'approve-1') { sub.dispose(); resolve(m); } });
    });
    const handled = await controller.receive({ type: 'answer', requestId: 'approve-1', key: decisionKey(gate), version: gate.fingerprint,
      answer: { form: 'gate', decision: 'approved', rationale: '' } });
    assert.deepStrictEqual(handled, { ok: true, type: 'answer' });
    const result = await answered;
    assert.strictEqual(result.ok, true, result.message);
    assert.match(result.message, /orc approve TASK-002/);
    assert.deepStrictEqual(calls().slice(before).map((c) => c.argv), [['approve', 'TASK-002']]);
    assert.deepStrictEqual(gatesIn(api, root).map((g) => g.id), [], 'Needs You has no gate of this folder any more');
    assert.strictEqual(taskIn(api, root, 'TASK-002').status, 'planned');
    assert.strictEqual((await taskRows(api, await folderRow(api, root))).get('TASK-002'), 'task:orc:db:planned');
  });

  it('Run Task opens an editor terminal running orc run, the views follow it to its human gate, and a reject with a reason fails it', async function () {
    this.timeout(60000);
    const task = taskIn(api, root, 'TASK-006');
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>('baton.orc.runTask', { task });
    assert.ok(terminal, 'a terminal');
    const options = terminal.creationOptions as vscode.TerminalOptions;
    assert.deepStrictEqual([options.shellPath, options.shellArgs, options.cwd], [FAKE_ORC, ['run', 'TASK-006'], root]);
    assert.strictEqual(terminal.name, 'orc run TASK-006');
    // The stand-in drives spec (auto gate) and implement (a human gate): the database says so, the views follow.
    await until(api.service.onDidChange, () => gatesIn(api, root).some((g) => g.id === 'TASK-006:implement'), 30000);
    assert.strictEqual(taskIn(api, root, 'TASK-006').status, 'blocked');

    const controller = await shownInbox(api);
    const gate = gatesIn(api, root).find((g) => g.id === 'TASK-006:implement')!;
    const noReason = await controller.receive({ type: 'answer', requestId: 'reject-0', key: decisionKey(gate), version: gate.fingerprint,
      answer: { form: 'gate', decision: 'rejected', rationale: ' ' } });
    assert.strictEqual(noReason.ok, false, 'a rejection without a reason is refused before anything runs');
    const before = calls().length;
    const answered = new Promise<{ ok: boolean; message: string }>((resolve) => {
      const sub = controller.onDidPost((m) => { if (m.type === 'answerResult' && m.requestId === 'reject-1') { sub.dispose(); resolve(m); } });
    });
    await controller.receive({ type: 'answer', requestId: 'reject-1', key: decisionKey(gate), version: gate.fingerprint,
      answer: { form: 'gate', decision: 'rejected', rationale: 'The CSV misses the VAT column' } });
    assert.strictEqual((await answered).ok, true);
    assert.deepStrictEqual(calls().slice(before).map((c) => c.argv), [['reject', 'TASK-006', '--reason', 'The CSV misses the VAT column']]);
    const rejected = taskIn(api, root, 'TASK-006');
    assert.strictEqual(rejected.status, 'failed');
    assert.deepStrictEqual(rejected.gates.filter((g) => g.decision === 'rejected').map((g) => [g.phase, g.rationale]), [['implement', 'The CSV misses the VAT column']]);
  });

  it('without orc, is read-only: each action shows the exact command to run by hand', async function () {
    this.timeout(30000);
    await setting('orc.path', path.join(dir, 'no-such-orc', 'orc'));
    try {
      await api.orc.cliNote.check();
      assert.match(api.orc.cliNote.message ?? '', /^orc was not found at ".*no-such-orc\/orc" \(baton\.orc\.path\): tasks kept in orc's database are read-only here/);
      const before = calls().length;
      const edit = await vscode.commands.executeCommand<OrcActionResult>('baton.orc.setPriority', { task: taskIn(api, root, 'TASK-004') }, 'low');
      assert.ok(edit && !edit.ok && edit.reason === 'orc-not-found');
      assert.strictEqual(edit.manualCommand, 'orc edit TASK-004 --priority low');
      assert.deepStrictEqual(api.orc.actions().at(-1), { action: 'Edit TASK-004', ok: false, command: 'orc edit TASK-004 --priority low', message: edit.message });
      assert.strictEqual(await vscode.commands.executeCommand('baton.orc.runTask', { task: taskIn(api, root, 'TASK-004') }), undefined);
      assert.strictEqual(api.orc.actions().at(-1)?.command, 'orc run TASK-004');
      // A gate answered from Needs You says the same, with the command (the form's error, a warning with Copy Command).
      await writer.insertTask({ id: 'TASK-960', title: 'Waits at its gate', status: 'blocked', currentPhase: 'implement',
        metadata: { blocked_reason: 'gate_pending', blocked_error: 'blocked at gate: awaiting approval (phase implement)' } });
      await until(api.service.onDidChange, () => gatesIn(api, root).some((g) => g.id === 'TASK-960:implement'), 10000);
      const gate = gatesIn(api, root).find((g) => g.id === 'TASK-960:implement')!;
      const controller = await shownInbox(api);
      const answered = new Promise<{ ok: boolean; message: string }>((resolve) => {
        const sub = controller.onDidPost((m) => { if (m.type === 'answerResult' && m.requestId === 'approve-no-orc') { sub.dispose(); resolve(m); } });
      });
      await controller.receive({ type: 'answer', requestId: 'approve-no-orc', key: decisionKey(gate), version: gate.fingerprint,
        answer: { form: 'gate', decision: 'approved', rationale: '' } });
      const refused = await answered;
      assert.strictEqual(refused.ok, false);
      assert.match(refused.message, /orc was not found at .*; run in a terminal: orc approve TASK-960$/);
      assert.ok(gatesIn(api, root).some((g) => g.id === 'TASK-960:implement'), 'still waiting');
      assert.strictEqual(calls().length, before, 'orc never ran');
      assert.strictEqual(taskIn(api, root, 'TASK-004').priority, 'critical', 'nothing changed');
    } finally {
      await setting('orc.path', FAKE_ORC);
    }
    await api.orc.cliNote.check();
    assert.strictEqual(api.orc.cliNote.message, undefined);
  });
});

/**
 * A project orc has registered keeps its database in ~/.orc/projects/<id>/, a folder that does not exist until orc
 * first opens the project there. Baton watches for it from the start: the database made there later shows at once.
 */
describe('orc\'s database era: a registered project whose database appears later', () => {
  let api: BatonApi;
  let dir: string;
  let root: string;
  let dbFile: string;
  const writer = new OrcDbWriter();

  before(async function () {
    this.timeout(60000);
    api = await batonApi();
    dir = realpathSync(await fs.mkdtemp(path.join(os.tmpdir(), 'baton-orc-registry-')));
    root = path.join(dir, 'ledger');
    const orcHome = path.join(dir, 'home', '.orc');
    await fs.mkdir(path.join(root, '.orc'), { recursive: true });
    await fs.mkdir(path.join(root, '.vscode'), { recursive: true });
    await fs.mkdir(orcHome, { recursive: true });
    await fs.writeFile(path.join(root, '.orc', 'config.yaml'), 'version: 1\n');
    await fs.writeFile(path.join(root, '.vscode', 'settings.json'), JSON.stringify({ 'baton.orc.home': orcHome }));
    await fs.writeFile(path.join(orcHome, 'projects.yaml'), `projects:\n  - id: 0a1b2c3d\n    name: ledger\n    path: ${root}\n    created_at: 2026-04-01T09:00:00Z\n`);
    dbFile = path.join(orcHome, 'projects', '0a1b2c3d', 'orc.db');
    await addFolder(api, root);
  });

  after(async function () {
    this.timeout(60000);
    await writer.close();
    await removeFolder(api, root);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('watches ~/.orc/projects/<id>/ before it exists and shows the database made there', async function () {
    this.timeout(30000);
    assert.ok(!existsSync(path.dirname(path.dirname(dbFile))), 'no projects/ folder yet');
    assert.deepStrictEqual(tasksIn(api, root), []);
    // The folder's own settings (baton.orc.home) may arrive just after the folder: the watchers follow them.
    await until(api.service.onDidReconfigure, () => api.watcher.patterns.some((p) => p.base === path.dirname(dbFile)), 10000);
    // Past the one catch-up read after a folder is added (2 s): from here only the watch finds the new database.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const committedAt = Date.now();
    await writer.create(dbFile);
    await until(api.service.onDidChange, () => tasksIn(api, root).length === 7, 20000);
    const ms = Date.now() - committedAt;
    console.log(`orc db made in a new ~/.orc/projects/<id>/ → shown: ${ms} ms`);
    // VS Code alone would look for the missing folder every 5 s, and then report the folder, not the database in it:
    // without the Node watch the tasks would not show at all. The bound leaves room for a loaded machine (1.55 s was
    // seen at a load of 10 on 2 cores; 51 ms unloaded).
    assert.ok(ms < 4000, `shown after ${ms} ms (the catch-up read alone came 2 s after the folder was added)`);
    assert.ok(tasksIn(api, root).every((t) => t.era === 'db' && t.file === dbFile));
    // And later commits, into the WAL, follow as in any database-era folder.
    const seen = until(api.service.onDidChange, () => tasksIn(api, root).some((t) => t.id === 'TASK-950'), 10000);
    await writer.insertTask({ id: 'TASK-950', title: 'After the folder appeared', status: 'planned' });
    await seen;
  });
});
