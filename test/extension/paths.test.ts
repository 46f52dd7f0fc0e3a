import * as assert from 'node:assert';
import crypto from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ToTaskDetail } from '../../src/shared/task-detail-protocol';
import { batonApi, until, workspaceRoot } from './helpers/baton';

/** Whether any open document is (or resolves into) the outside folder. */
function openedOutside(outside: string): string[] {
  return vscode.workspace.textDocuments.map((d) => d.uri.fsPath).filter((f) => f.startsWith(outside) || /secret|passwd/.test(f));
}

describe('paths: the editor never opens a file from a path that leaves the workspace', () => {
  it('the task detail refuses attachments, transcripts and workspace paths that escape, and opens one inside', async function () {
    this.timeout(30_000);
    const api = await batonApi();
    const root = workspaceRoot();
    const outside = mkdtempSync(path.join(os.tmpdir(), 'baton-ext-outside-'));
    const secret = path.join(outside, 'secret.md');
    writeFileSync(secret, `# SENTINEL-${crypto.randomBytes(8).toString('hex')}\n`);
    const taskDir = path.join(root, '.orc', 'tasks', 'TASK-002');
    const made = [path.join(taskDir, 'attachments'), path.join(root, 'linked-secret.md'), path.join(taskDir, 'transcripts', '09-evil-001.md')];
    mkdirSync(made[0]!, { recursive: true });
    symlinkSync(secret, path.join(made[0]!, 'escape.md'));
    symlinkSync(secret, made[1]!);
    symlinkSync(secret, made[2]!);
    try {
      await vscode.commands.executeCommand('baton.showTaskDetail', 'TASK-002');
      const panel = api.orc.detailPanels.find('TASK-002')!;
      await until(panel.onDidPost as vscode.Event<ToTaskDetail>, () => !!panel.lastView, 10000);
      assert.ok(!panel.lastView!.transcripts.some((t) => t.name === '09-evil-001.md'), 'the linked transcript is not listed');
      assert.ok(!panel.lastView!.attachments.some((a) => a.filename === 'escape.md'), 'the linked attachment is not listed');
      for (const message of [
        { type: 'openAttachment', filename: 'escape.md' },
        { type: 'openAttachment', filename: '../../../../etc/passwd' },
        { type: 'openTranscript', name: '09-evil-001.md' },
        { type: 'openWorkspaceFile', path: '../../etc/passwd' },
        { type: 'openWorkspaceFile', path: '/etc/passwd' },
        { type: 'openWorkspaceFile', path: '..\\..\\etc\\passwd' },
        { type: 'openWorkspaceFile', path: 'linked-secret.md' },
        { type: 'openWorkspaceFile', path: secret },
      ]) {
        await panel.receive(message);
        assert.deepStrictEqual(openedOutside(outside), [], `${JSON.stringify(message)} opened a file outside`);
      }
      // The same messages with a path inside do open: the refusals above are not a panel that opens nothing.
      await panel.receive({ type: 'openWorkspaceFile', path: 'orc.yaml' });
      assert.ok(vscode.workspace.textDocuments.some((d) => d.uri.fsPath === path.join(root, 'orc.yaml')), 'orc.yaml opened');
      assert.deepStrictEqual(openedOutside(outside), []);
      panel.panel.dispose();
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      for (const f of made.slice(1)) rmSync(f, { force: true });
      rmSync(made[0]!, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('the Runs and Ultrawork open-file commands refuse a path outside or a link out, and open one inside', async function () {
    this.timeout(30_000);
    await batonApi();
    const root = workspaceRoot();
    const outside = mkdtempSync(path.join(os.tmpdir(), 'baton-ext-outside-'));
    const secret = path.join(outside, 'secret.md');
    writeFileSync(secret, '# outside\n');
    const linked = path.join(root, 'linked-secret-2.md');
    symlinkSync(secret, linked);
    try {
      for (const command of ['baton.runs.openFile', 'baton.ultrawork.openFile']) {
        for (const target of [secret, linked, path.join(root, '..', '..', 'etc', 'passwd')]) {
          await vscode.commands.executeCommand(command, target);
          assert.deepStrictEqual(openedOutside(outside), [], `${command} opened ${target}`);
          assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.fsPath === linked), `${command} opened the link ${linked}`);
        }
      }
      await vscode.commands.executeCommand('baton.runs.openFile', path.join(root, 'orc.yaml'));
      assert.ok(vscode.workspace.textDocuments.some((d) => d.uri.fsPath === path.join(root, 'orc.yaml')), 'a file inside opens');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(linked, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
