import path from 'node:path';
import * as vscode from 'vscode';
import type { TaskDetailFiles } from '../../core/formats/orc-eras/task-detail';
import type { OrcInitiative, OrcTask } from '../../core/formats/orc/model';
import { containedPath, resolveContained } from '../../core/io/contained-path';
import { readOnlyReason } from '../../core/places/where';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { FromTaskDetail } from '../../shared/task-detail-protocol';
import { orcItemsSeenFrom } from '../places/elsewhere-tasks';
import { handleDetailMessage } from './task-detail-actions';
import { openFromDatabase } from './task-detail-db-open';

export interface ElsewhereActionContext {
  readonly service: OrchestrationService;
  /** A task of another worktree or ref (`elsewhere` set). */
  readonly task: OrcTask;
  /** The workspace folder whose other place it is. */
  readonly folder: string;
  readonly files: TaskDetailFiles | undefined;
  readonly showDetail: (task: OrcTask) => unknown;
}

/** Messages that change or run a task: never acted on for a task of another place. */
const ACTING = new Set<FromTaskDetail['type']>(['setField', 'setInitiative', 'editDependencies', 'resolve', 'run', 'runControl']);

/**
 * One validated message of the detail panel of a task that lives in another worktree or on a ref. The page shows no
 * control that changes or runs it; a message that would (a stale page, a crafted one) is refused here, and the
 * reason returned for the page. Opening is allowed: another worktree's files as they are on disk (inside that
 * worktree's copy of the folder); a ref's files as committed (from git, in an untitled editor: nothing checked out,
 * and never the folder's own file of the same name).
 */
export async function handleElsewhereMessage(msg: Exclude<FromTaskDetail, { type: 'ready' }>, ctx: ElsewhereActionContext): Promise<string | undefined> {
  const { task, service, folder } = ctx;
  const where = task.elsewhere!;
  if (ACTING.has(msg.type)) {
    const reason = readOnlyReason(where, task.id);
    void vscode.window.showWarningMessage(`Baton: ${reason}`);
    return reason;
  }
  switch (msg.type) {
    case 'openPlace': {
      if (where.worktree === undefined) return void vscode.window.showInformationMessage(`Baton: ${where.ref} is a ref, not a worktree: nothing to open.`);
      await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(where.worktree), { forceNewWindow: true });
      return;
    }
    case 'openTask': {
      // A link names a task as this place sees it: the place's own, or the folder's when the place did not change it.
      const other = orcItemsSeenFrom(service, folder, where).find((i): i is OrcTask => i.kind === 'task' && i.id === msg.id);
      if (!other) return void vscode.window.showInformationMessage(`Baton: there is no task ${msg.id} ${where.ref !== undefined ? `on ${where.ref}` : 'in that worktree'}.`);
      await ctx.showDetail(other);
      return;
    }
    case 'openInitiative': {
      const initiative = orcItemsSeenFrom(service, folder, where).find((i): i is OrcInitiative => i.kind === 'initiative' && i.id === msg.id);
      if (!initiative) return void vscode.window.showInformationMessage(`Baton: there is no initiative ${msg.id} there.`);
      if (!initiative.elsewhere) return void await vscode.window.showTextDocument(vscode.Uri.file(initiative.file));
      return void await (where.ref !== undefined ? openCommitted(service, folder, where.ref, initiative.file) : openInWorktree(initiative.root, initiative.file));
    }
    case 'openExternal':
      return void await handleDetailMessage(msg, ctx);
  }
  if (where.ref !== undefined) {
    switch (msg.type) {
      case 'openTaskFile': {
        const file = msg.which === 'task' ? task.file : msg.which === 'state' ? task.stateFile : msg.which === 'plan' ? task.planFile : null;
        if (!file) return void vscode.window.showInformationMessage(`Baton: the ${msg.which} of a task on a ref is not read from git; its task.yaml, plan.yaml and state.yaml are.`);
        return void await openCommitted(service, folder, where.ref, file);
      }
      case 'openWorkspaceFile': {
        // Lexical only: the file is read from git's objects, not from disk.
        const inside = resolveContained(folder, msg.path.replace(/^\.\//, '').split('#')[0]!, { what: 'the workspace folder' });
        if (!inside.ok) return void vscode.window.showWarningMessage(`Baton: ${inside.reason}`);
        return void await openCommitted(service, folder, where.ref, inside.absolute);
      }
      default:
        return void vscode.window.showInformationMessage(`Baton: the transcripts, attachments and test results of a task on ${where.ref} are not read from git.`);
    }
  }
  // Another worktree: its files as they are on disk, resolved inside its copy of the folder (task.root).
  if (await openFromDatabase(msg, task, ctx.files)) return;
  return void await handleDetailMessage(msg, ctx);
}

/** A file as committed on a ref, in an untitled editor (its language from its name): nothing checked out or written. */
async function openCommitted(service: OrchestrationService, folder: string, ref: string, file: string): Promise<void> {
  const text = await service.places.refFileText(folder, ref, file);
  const rel = path.relative(folder, file).split(path.sep).join('/');
  if (text === undefined) return void vscode.window.showInformationMessage(`Baton: ${rel} is not on ${ref}.`);
  const language = /\.ya?ml$/i.test(file) ? 'yaml' : /\.md$/i.test(file) ? 'markdown' : /\.json$/i.test(file) ? 'json' : 'plaintext';
  const doc = await vscode.workspace.openTextDocument({ language, content: text });
  await vscode.window.showTextDocument(doc, { preview: true });
  void vscode.window.setStatusBarMessage(`Baton: ${rel} as committed on ${ref}`, 5000);
}

async function openInWorktree(root: string, file: string): Promise<void> {
  const inside = await containedPath(root, file, { what: 'that worktree' });
  if (!inside.ok) return void vscode.window.showWarningMessage(`Baton will not open it: ${inside.reason}`);
  await vscode.window.showTextDocument(vscode.Uri.file(inside.absolute));
}
