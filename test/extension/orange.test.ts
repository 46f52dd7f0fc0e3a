import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CreateOutcome } from '../../src/core/formats/orange/create-task';
import type { EditOutcome } from '../../src/core/formats/orange/task-edit';
import type { BatonApi } from '../../src/vscode/extension';
import type { OrangeTreeNode } from '../../src/vscode/orange/orange-nodes';
import { batonApi, until, workspaceRoot } from './helpers/baton';

const LOGGING = 'OnO6ytyGdVwEnGGC5NbGr';
const LIMITER = 'bGS3g6mCg93LRY54t6Uy6';
const taskDir = (id: string) => path.join(workspaceRoot(), '.home', 'orange', 'tasks', 'fixture', id);

function labels(api: BatonApi, node?: OrangeTreeNode): string[] {
  return api.orange.tree.getChildren(node).map((n) => String(api.orange.tree.getTreeItem(n).label));
}

function child(api: BatonApi, label: string, node?: OrangeTreeNode): OrangeTreeNode {
  const found = api.orange.tree.getChildren(node).find((n) => api.orange.tree.getTreeItem(n).label === label);
  if (!found) throw new Error(`no row "${label}" among ${JSON.stringify(labels(api, node))}`);
  return found;
}

/** The tree as text: project › status group › task rows. */
function outline(api: BatonApi): string[] {
  const out: string[] = [];
  for (const project of api.orange.tree.getChildren()) {
    for (const group of api.orange.tree.getChildren(project)) {
      out.push(`${api.orange.tree.getTreeItem(project).label} › ${api.orange.tree.getTreeItem(group).label}: ${labels(api, group).join(', ')}`);
    }
  }
  return out;
}

describe('orange in the real editor (baton.orange.root pointed at a fixture home)', () => {
  const originals = new Map<string, string>();
  before(async () => {
    for (const id of [LOGGING, LIMITER]) {
      for (const f of ['TASK.md', 'history.jsonl']) originals.set(path.join(taskDir(id), f), await fs.readFile(path.join(taskDir(id), f), 'utf8'));
    }
  });
  after(async () => {
    const api = await batonApi();
    for (const [file, text] of originals) { await fs.writeFile(file, text); await api.service.fileChanged(file); }
  });

  it('shows the tasks of the project whose path is this folder, grouped by status, done folded', async () => {
    const api = await batonApi();
    assert.deepStrictEqual(outline(api), [
      'fixture › Planning: Write the API guide',
      'fixture › Working: Tighten the rate limiter, Add request logging',
      'fixture › Done: Bump the Node version',
    ]);
    const project = child(api, 'fixture');
    const done = child(api, 'Done', project);
    assert.strictEqual(api.orange.tree.getTreeItem(done).collapsibleState, 1 /* Collapsed */);
    const logging = api.orange.tree.getTreeItem(child(api, 'Add request logging', child(api, 'Working', project)));
    // Where it runs (issue 20): TASK.md's `workspace`, the pool worktree fixture--1.
    assert.strictEqual(logging.description, 'request-logging · in worktree fixture--1 · PR');
    assert.match(logging.accessibilityInformation?.label ?? '', /^Add request logging, working, in worktree fixture--1, /);
    assert.strictEqual(logging.contextValue, 'task:orange:working:pr:session');
    assert.ok(!api.service.items().some((i) => i.title === 'Not this workspace'), 'the other project\'s task is left out');
  });

  it('moves a task: TASK.md and history.jsonl are written, and the tree follows', async () => {
    const api = await batonApi();
    const outcome = await vscode.commands.executeCommand<EditOutcome>('baton.orange.moveTask', { id: LOGGING, to: 'agent-review' });
    assert.ok(outcome?.ok, outcome && !outcome.ok ? outcome.message : 'no outcome');
    const text = await fs.readFile(path.join(taskDir(LOGGING), 'TASK.md'), 'utf8');
    assert.match(text, /\nstatus: agent-review\nreview_round: 1\n/);
    assert.strictEqual(text.slice(text.indexOf('\n## Plan')), originals.get(path.join(taskDir(LOGGING), 'TASK.md'))!.slice(originals.get(path.join(taskDir(LOGGING), 'TASK.md'))!.indexOf('\n## Plan')), 'the body is untouched');
    const history = (await fs.readFile(path.join(taskDir(LOGGING), 'history.jsonl'), 'utf8')).trim().split('\n');
    const last = JSON.parse(history[history.length - 1]!) as Record<string, unknown>;
    assert.deepStrictEqual([last.type, last.from, last.to, last.review_round], ['status.changed', 'working', 'agent-review', 1]);
    await until(api.orange.tree.onDidChangeTreeData, () => outline(api).includes('fixture › Agent review: Add request logging'));
  });

  it('refuses a move the gates do not allow, says why, and writes nothing', async () => {
    const before = await fs.readFile(path.join(taskDir(LIMITER), 'TASK.md'), 'utf8');
    const outcome = await vscode.commands.executeCommand<EditOutcome>('baton.orange.moveTask', { id: LIMITER, to: 'agent-review' });
    assert.ok(outcome && !outcome.ok);
    assert.match(outcome.message, /cannot move from working to agent-review: there is no ## Handoff/);
    const outside = await vscode.commands.executeCommand<EditOutcome>('baton.orange.moveTask', { id: LIMITER, to: 'done' });
    assert.ok(outside && !outside.ok);
    assert.match(outside.message, /does not move a task from working to done/);
    assert.strictEqual(await fs.readFile(path.join(taskDir(LIMITER), 'TASK.md'), 'utf8'), before);
  });

  it('follows a TASK.md that orange or an agent writes (the home root is watched)', async () => {
    const api = await batonApi();
    const file = path.join(taskDir(LIMITER), 'TASK.md');
    await fs.writeFile(file, (await fs.readFile(file, 'utf8')).replace('status: working', 'status: stuck'));
    await until(api.orange.tree.onDidChangeTreeData, () => outline(api).includes('fixture › Stuck: Tighten the rate limiter'), 10000);
    await fs.writeFile(file, originals.get(file)!);
    await until(api.orange.tree.onDidChangeTreeData, () => outline(api).includes('fixture › Working: Tighten the rate limiter'), 10000);
  });

  it('creates a task from the command: TASK.md, task.created, and a Pending row', async () => {
    const api = await batonApi();
    const outcome = await vscode.commands.executeCommand<CreateOutcome>('baton.orange.createTask',
      { project: 'fixture', summary: 'Document the health endpoint', context: 'One paragraph in the README.' });
    assert.ok(outcome?.ok, outcome && !outcome.ok ? outcome.message : 'no outcome');
    try {
      assert.match(outcome.id, /^[0-9A-Za-z]{21}$/);
      const text = await fs.readFile(outcome.file, 'utf8');
      assert.match(text, /\nstatus: pending\n[\s\S]*\n---\n\n## Context\n\nOne paragraph in the README\.\n$/);
      const event = JSON.parse((await fs.readFile(path.join(path.dirname(outcome.file), 'history.jsonl'), 'utf8')).trim()) as Record<string, unknown>;
      assert.deepStrictEqual([event.type, event.task_id, event.project], ['task.created', outcome.id, 'fixture']);
      await until(api.orange.tree.onDidChangeTreeData, () => outline(api).includes('fixture › Pending: Document the health endpoint'));
    } finally {
      await fs.rm(path.dirname(outcome.file), { recursive: true, force: true });
      await api.service.fileChanged(path.dirname(outcome.file));
    }
  });

  it('shows a live tmux session as active and attaches to it in a terminal running tmux (where tmux is installed)', async function () {
    if (spawnSync('tmux', ['-V']).status !== 0) this.skip(); // scripts/setup-toolchain.sh installs it
    const api = await batonApi();
    const session = 'fixture/tighter-limits';
    assert.strictEqual(spawnSync('tmux', ['new-session', '-d', '-s', session, 'sleep', '120']).status, 0);
    try {
      assert.strictEqual(await api.orange.sessions.check(session), true);
      const row = () => api.orange.tree.find(LIMITER)!;
      await until(api.orange.tree.onDidChangeTreeData, () => { api.orange.tree.getChildren(); return row().session === 'active'; });
      assert.strictEqual((api.orange.tree.getTreeItem(row()).iconPath as vscode.ThemeIcon).id, 'circle-filled');
      const terminal = await vscode.commands.executeCommand<vscode.Terminal>('baton.orange.attach', { id: LIMITER });
      assert.ok(terminal, 'a terminal was opened');
      const options = terminal.creationOptions as vscode.TerminalOptions;
      assert.deepStrictEqual([terminal.name, options.shellPath, options.shellArgs], [`orange: ${session}`, 'tmux', ['attach-session', '-t', `=${session}`]]);
      terminal.dispose();
    } finally {
      spawnSync('tmux', ['kill-session', '-t', `=${session}`]);
    }
    assert.strictEqual(await api.orange.sessions.check(session), false);
  });
});
