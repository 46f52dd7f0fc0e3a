import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrcTask } from '../../src/core/formats/orc/model';
import type { BatonApi } from '../../src/vscode/extension';
import { answerGateFromInbox } from '../extension/helpers/executor';
import { batonApi, until, workspaceRoot } from '../extension/helpers/baton';

/*
 * This window opens with workspace trust on and the folder untrusted (test/run-extension-tests.mjs, second session).
 * orc.yaml and the workspace settings point claude.path at a program that leaves a mark when it runs: nothing may
 * run it, and every command that would says why it refuses.
 */
const TASK = 'TASK-120';
const SESSION = '0f6b3a52-3c64-4d39-9a4e-1b1f6a2f1c01';

describe('Executor in an untrusted workspace (Restricted Mode)', function () {
  this.timeout(60_000);
  let api: BatonApi;
  let root: string;
  let mark: string;
  let stateFile: string;
  let stateBefore: string;

  before(async () => {
    api = await batonApi();
    root = workspaceRoot();
    mark = path.join(path.dirname(root), 'spawned-in-untrusted.txt');
    const program = path.join(path.dirname(root), 'would-be-claude');
    await fs.writeFile(program, `#!/bin/sh\necho "$@" >> '${mark}'\n`, { mode: 0o755 });
    const config = path.join(root, 'orc.yaml');
    await fs.writeFile(config, (await fs.readFile(config, 'utf8')).replace('path: claude', `path: ${program}`));
    await fs.mkdir(path.join(root, '.vscode'), { recursive: true });
    const settingsFile = path.join(root, '.vscode', 'settings.json');
    const settings = JSON.parse(await fs.readFile(settingsFile, 'utf8').catch(() => '{}')) as Record<string, unknown>;
    // baton.codeLens.enabled is not restricted: once it reads false, VS Code has loaded this file.
    await fs.writeFile(settingsFile, JSON.stringify({ ...settings, 'baton.claude.path': program, 'baton.codeLens.enabled': false }, null, 2));
    await until(vscode.workspace.onDidChangeConfiguration, () => vscode.workspace.getConfiguration('baton').get('codeLens.enabled') === false, 15_000);
    const dir = path.join(root, '.orc/tasks', TASK);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'task.yaml'), `id: ${TASK}\ntitle: "Untrusted run"\nweight: small\nstatus: running\n` +
      'queue: active\npriority: low\ncategory: test\ncreated_at: 2026-11-22T06:00:00Z\n');
    await fs.writeFile(path.join(dir, 'plan.yaml'), `task_id: ${TASK}\nphases:\n  - name: spec\n    gate: {type: human}\n  - name: implement\n`);
    stateFile = path.join(dir, 'state.yaml');
    // A run that stopped at its human gate, with no executor left: orphaned, resumable, and a question in the inbox.
    stateBefore = `task_id: ${TASK}\ncurrent_phase: spec\nstatus: running\nstarted_at: 2026-11-22T06:00:00Z\n` +
      `session:\n  id: ${SESSION}\n  status: active\nphases:\n  spec:\n    status: completed\n    iterations: 1\n` +
      'gates:\n  - {phase: spec, type: human, decision: pending, timestamp: 2026-11-22T06:05:00Z}\n';
    await fs.writeFile(stateFile, stateBefore);
    await api.service.fileChanged(dir);
  });

  it('opens untrusted, and the restricted settings are not read from the workspace', () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
    const baton = vscode.workspace.getConfiguration('baton');
    assert.strictEqual(baton.get('codeLens.enabled'), false, 'the workspace settings file is read');
    assert.strictEqual(baton.get('claude.path'), '', 'but baton.claude.path, a restricted setting, is not taken from it');
  });

  it('refuses Run Task, Run Phase, Resume and Open in Claude Code, says why, and starts nothing', async () => {
    const task = api.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === TASK);
    assert.ok(task?.orphaned, 'the fixture task is orphaned (so Resume would apply)');
    const terminals = vscode.window.terminals.length;
    const calls: [string, ...unknown[]][] = [['baton.orc.runTask', TASK], ['baton.orc.runPhase', TASK, 'implement'],
      ['baton.orc.resumeRun', TASK], ['baton.orc.openInClaudeCode', TASK]];
    for (const [command, ...args] of calls) assert.strictEqual(await vscode.commands.executeCommand(command, ...args), undefined, command);
    assert.deepStrictEqual(api.executor.trust.refusals.map((r) => /untrusted workspace/.test(r) && /Manage Workspace Trust/.test(r) && r.replace(/^.*\((.*) refused\.\)$/, '$1')),
      ['Run Task', 'Run Phase', 'Resume', 'Open in Claude Code']);
    assert.strictEqual(api.executor.runs.all().length, 0, 'no run started');
    assert.strictEqual(vscode.window.terminals.length, terminals, 'no terminal opened');
    assert.strictEqual(api.executor.statusBar.text, '');
    await assert.rejects(fs.stat(mark), 'the program named by claude.path never ran');
    assert.strictEqual(await fs.readFile(stateFile, 'utf8'), stateBefore, 'state.yaml untouched');
  });

  it('shows the pending gate in Needs you, but refuses to write its answer', async () => {
    await until(api.service.onDidChange, () => api.service.decisions().some((d) => d.file === stateFile), 10_000);
    const outcome = await answerGateFromInbox(api, TASK, { form: 'gate', decision: 'approved', rationale: '' });
    assert.strictEqual(outcome.ok, false);
    assert.match(outcome.message, /untrusted workspace/);
    assert.strictEqual(await fs.readFile(stateFile, 'utf8'), stateBefore, 'state.yaml untouched');
  });

  it('shows the detail panel\'s run controls disabled', async () => {
    await vscode.commands.executeCommand('baton.showTaskDetail', TASK);
    const panel = api.orc.detailPanels.find(TASK);
    assert.ok(panel);
    await until(panel.onDidPost, () => panel.lastView?.id === TASK, 15_000);
    assert.strictEqual(panel.lastView?.editable, false);
    panel.panel.dispose();
  });
});
