import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { containedPath } from '../../core/io/contained-path';
import type { UltraworkSession } from '../../core/formats/ultrawork/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { OPEN_FILE_COMMAND, SessionNode } from './ultrawork-nodes';

/**
 * Commands of the Ultrawork view. Ultrawork's files are opened to read: Baton never writes them (the plugin
 * locks them while it writes).
 */
export function registerUltraworkCommands(service: OrchestrationService): vscode.Disposable {
  const sessions = () => service.items().filter((i): i is UltraworkSession => i.system === 'ultrawork' && i.kind === 'session');
  // Sessions that ran in another worktree of a folder's repository (issue 20): their folders, and that worktree's copy of
  // the folder (their key files and design document are there).
  const elsewhere = () => service.folders.flatMap((root) => service.places.elsewhere(root).items)
    .filter((i): i is UltraworkSession => i.system === 'ultrawork' && i.kind === 'session');
  return vscode.Disposable.from(
    vscode.commands.registerCommand(OPEN_FILE_COMMAND, async (file?: string | { options?: { file?: string | null } }) => {
      const target = typeof file === 'string' ? file : file?.options?.file;
      if (!target) return;
      // A session's own files, or a file of a workspace folder (key files) or of the worktree another session ran in:
      // symlinks followed, nothing outside opened.
      const roots = [...sessions().map((s) => s.dir), ...elsewhere().flatMap((s) => [s.dir, s.root]),
        ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath)];
      const checks = await Promise.all(roots.map((r) => containedPath(r, target)));
      if (!checks.some((c) => c.ok)) {
        const why = checks.find((c) => !c.ok && c.reason.includes('symbolic link'));
        void vscode.window.showWarningMessage(`Baton will not open ${target}: ${why && !why.ok ? why.reason : 'it is outside the workspace and the session folders'}.`);
        return;
      }
      if (!(await fs.stat(target).catch(() => undefined))) { void vscode.window.showWarningMessage(`${target} no longer exists.`); return; }
      await vscode.window.showTextDocument(vscode.Uri.file(target), { preview: true });
    }),
    vscode.commands.registerCommand('baton.ultrawork.openDocument', async (arg?: SessionNode) => {
      const from = arg instanceof SessionNode ? [arg.session] : sessions();
      const docs = from.flatMap((s) => [
        ...s.documents.map((d) => ({ label: d.title ?? d.name, description: `${path.basename(d.file)} · ${s.title}`, file: d.file })),
        ...s.files.filter((f) => path.basename(f) === 'session.json').map((f) => ({ label: 'session.json', description: s.title, file: f })),
      ]);
      if (!docs.length) { void vscode.window.showInformationMessage('No Ultrawork session of this workspace has documents.'); return; }
      const picked = await vscode.window.showQuickPick(docs, { title: 'Open an Ultrawork document', matchOnDescription: true });
      if (picked) await vscode.commands.executeCommand(OPEN_FILE_COMMAND, picked.file);
    }),
  );
}
