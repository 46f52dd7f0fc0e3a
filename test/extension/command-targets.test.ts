import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrcTask } from '../../src/core/formats/orc/model';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, until, workspaceRoot } from './helpers/baton';

const FAILED = 'TASK-130';
const WITH_SESSION = 'TASK-131';

function task(api: BatonApi, id: string): OrcTask {
  const found = api.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === id);
  if (!found) throw new Error(`no task ${id}`);
  return found;
}

/** A command run from the palette (no argument) that must answer at once — with a message, not a quick pick. */
async function answersWithoutPicker(command: string): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const picker = new Promise<'a picker is open'>((resolve) => { timer = setTimeout(() => resolve('a picker is open'), 4000); });
  try {
    return await Promise.race([vscode.commands.executeCommand(command), picker]);
  } finally {
    clearTimeout(timer);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  }
}

describe('Pickers and the Claude CLI check in the real editor', function () {
  this.timeout(60_000);
  let api: BatonApi;
  let root: string;

  before(async () => {
    api = await batonApi();
    root = workspaceRoot();
  });

  after(async () => {
    await vscode.workspace.getConfiguration('baton').update('claude.path', undefined, vscode.ConfigurationTarget.Global);
    for (const id of [FAILED, WITH_SESSION]) {
      await fs.rm(path.join(root, '.orc/tasks', id), { recursive: true, force: true });
      await api.service.fileChanged(path.join(root, '.orc/tasks', id));
    }
  });

  async function writeTask(id: string, status: string, state?: string): Promise<void> {
    const dir = path.join(root, '.orc/tasks', id);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'task.yaml'), `id: ${id}\ntitle: "Pickers test ${id}"\nweight: small\nstatus: ${status}\nqueue: active\n`
      + 'priority: low\ncategory: test\ncreated_at: 2026-11-22T06:00:00Z\n');
    await fs.writeFile(path.join(dir, 'plan.yaml'), `task_id: ${id}\nweight: small\nphases:\n  - name: implement\n    type: implement\n    gate: {type: auto}\n`);
    if (state) await fs.writeFile(path.join(dir, 'state.yaml'), state);
    await api.service.fileChanged(dir);
  }

  it('Resolve and Open in Claude Code say why when no task qualifies, and their context keys follow the tasks', async () => {
    api.commandContext.update();
    assert.ok(!api.service.items().some((i) => i.system === 'orc' && i.kind === 'task' && i.status === 'failed'), 'the fixture has no failed task');
    assert.strictEqual(api.commandContext.values.get('baton.orc.hasFailedTask'), false);
    // From the palette with nothing to act on: an answer at once (the message), no list of every task.
    assert.strictEqual(await answersWithoutPicker('baton.orc.resolveTask'), undefined);
    if (!api.service.items().some((i) => i.system === 'orc' && i.kind === 'task' && i.state?.session?.id)) {
      assert.strictEqual(api.commandContext.values.get('baton.orc.hasClaudeSession'), false);
      assert.strictEqual(await answersWithoutPicker('baton.orc.openInClaudeCode'), undefined);
    }

    await writeTask(FAILED, 'failed');
    await writeTask(WITH_SESSION, 'paused', 'status: paused\ncurrent_phase: implement\nsession:\n  id: 0b8f3c2e-1111-4222-8333-944455556666\n');
    await until(api.service.onDidChange, () => task(api, FAILED).status === 'failed' && !!task(api, WITH_SESSION).state?.session?.id, 10000);
    api.commandContext.update();
    assert.strictEqual(api.commandContext.values.get('baton.orc.hasFailedTask'), true);
    assert.strictEqual(api.commandContext.values.get('baton.orc.hasClaudeSession'), true);
    assert.strictEqual(api.commandContext.values.get('baton.orc.hasResumableTask'), true);
  });

  it('a missing Claude CLI is refused before the run starts: the notification, no terminal, Run off in the detail', async () => {
    await writeTask(FAILED, 'failed');
    await writeTask(WITH_SESSION, 'paused', 'status: paused\ncurrent_phase: implement\nsession:\n  id: 0b8f3c2e-1111-4222-8333-944455556666\n');
    const missing = path.join(path.dirname(root), `no-claude-here-${process.pid}`, 'claude');
    await vscode.workspace.getConfiguration('baton').update('claude.path', missing, vscode.ConfigurationTarget.Global);
    const terminals = vscode.window.terminals.length;
    const notices = api.executor.claudeNotices().length;

    assert.strictEqual(await vscode.commands.executeCommand('baton.orc.runTask', WITH_SESSION), undefined);
    assert.strictEqual(await vscode.commands.executeCommand('baton.orc.resumeRun', WITH_SESSION), undefined);
    assert.strictEqual(await vscode.commands.executeCommand('baton.orc.openInClaudeCode', WITH_SESSION), undefined);
    const shown = api.executor.claudeNotices().slice(notices);
    assert.strictEqual(shown.length, 3, JSON.stringify(shown));
    for (const text of shown) {
      assert.ok(text.includes(missing) && /was not found/.test(text) && /Install Claude Code, or set baton\.claude\.path/.test(text), text);
    }
    assert.strictEqual(vscode.window.terminals.length, terminals, 'no terminal was opened for a refused run');
    assert.strictEqual(api.executor.runs.session(task(api, WITH_SESSION)), undefined, 'no run session');

    // A file that is there but cannot be run says so.
    const notExecutable = path.join(path.dirname(root), `claude-not-executable-${process.pid}`);
    await fs.writeFile(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
    try {
      await vscode.workspace.getConfiguration('baton').update('claude.path', notExecutable, vscode.ConfigurationTarget.Global);
      assert.strictEqual(await vscode.commands.executeCommand('baton.orc.runTask', WITH_SESSION), undefined);
      assert.match(api.executor.claudeNotices().at(-1)!, /is not an executable file\. Make it executable \(chmod \+x\)/);
      assert.strictEqual(vscode.window.terminals.length, terminals);
    } finally {
      await fs.rm(notExecutable, { force: true });
    }

    // The task detail shows Run and Resume off, with the reason.
    await vscode.workspace.getConfiguration('baton').update('claude.path', missing, vscode.ConfigurationTarget.Global);
    const panel = api.orc.detailPanels.show(task(api, WITH_SESSION));
    try {
      await until(panel.onDidPost as vscode.Event<unknown>, () => /was not found/.test(panel.lastView?.runBlocked ?? ''), 15000);
      // The setting put right: Run is on again (the panel looks again when the setting changes).
      await vscode.workspace.getConfiguration('baton').update('claude.path', undefined, vscode.ConfigurationTarget.Global);
      const nowhere = path.join(path.dirname(root), `no-claude-here-${process.pid}`);
      await fs.mkdir(nowhere, { recursive: true });
      const fake = path.join(nowhere, 'claude');
      await fs.writeFile(fake, '#!/bin/sh\n', { mode: 0o755 });
      await vscode.workspace.getConfiguration('baton').update('claude.path', fake, vscode.ConfigurationTarget.Global);
      await until(panel.onDidPost as vscode.Event<unknown>, () => panel.lastView?.runBlocked === null, 15000);
      await fs.rm(nowhere, { recursive: true, force: true });
    } finally {
      panel.panel.dispose();
    }
  });
});
