import path from 'node:path';
import * as vscode from 'vscode';
import { resolveAttachment } from '../../core/formats/orc/detail/attachments';
import type { TaskDetailFiles } from '../../core/formats/orc-eras/task-detail';
import { setDependencies } from '../../core/formats/orc/edit-dependencies';
import { setTaskInitiative } from '../../core/formats/orc/edit-initiative-link';
import { resolveTask } from '../../core/formats/orc/edit-resolve';
import { setTaskField } from '../../core/formats/orc/edit-task-fields';
import type { OrcTask } from '../../core/formats/orc/model';
import { containedPath } from '../../core/io/contained-path';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { DetailEdited, FromTaskDetail } from '../../shared/task-detail-protocol';
import { refusedWhenUntrusted } from '../trust';
import { runOrcEdit } from './orc-edit-runner';
import { handleDbDetailEdit, isDetailEdit } from './db-detail-edits';
import { orcInitiatives, orcTasks, pickTaskIds } from './orc-pickers';

export interface DetailActionContext {
  readonly service: OrchestrationService;
  readonly task: OrcTask;
  /** The task's files as last shown: names from the page are looked up here, never used as paths. */
  readonly files: TaskDetailFiles | undefined;
  readonly showDetail: (task: OrcTask) => unknown;
}

/**
 * Acts on one validated message of the detail panel. Names are resolved inside the task folder or the workspace.
 * Resolves to the field edit that landed (priority, queue, category, weight, initiative), for the panel's Undo.
 */
export async function handleDetailMessage(msg: Exclude<FromTaskDetail, { type: 'ready' }>, ctx: DetailActionContext): Promise<DetailEdited | void> {
  const { task, files, service } = ctx;
  // A task of orc's database changes only through orc (db-detail-edits.ts); the YAML edits below are the file era's.
  if (task.era === 'db' && isDetailEdit(msg)) return handleDbDetailEdit(msg, service, task);
  const expectedSha256 = files?.taskFileSha256 ?? null;
  switch (msg.type) {
    case 'openWorkspaceFile': {
      const inside = await containedPath(task.root, msg.path.replace(/^\.\//, '').split('#')[0]!, { what: 'the workspace folder' });
      if (!inside.ok) return void vscode.window.showWarningMessage(`Baton: ${inside.reason}`);
      return open(task.root, inside.absolute);
    }
    case 'openTaskFile': return open(task.root, taskFile(task, files, msg.which));
    case 'openTranscript': return open(task.root, files?.transcripts.find((t) => t.name === msg.name)?.file ?? null, true);
    case 'openScreenshot': return open(task.root, files?.testReport?.screenshots.find((s) => s.name === msg.name)?.file ?? null);
    case 'openAttachment': {
      const found = files ? await resolveAttachment(files.dir, msg.filename) : { ok: false as const, reason: 'not loaded yet' };
      if (!found.ok) return void vscode.window.showWarningMessage(`Baton: ${found.reason}`);
      return open(task.root, found.file);
    }
    case 'openTask': {
      const other = orcTasks(service, task.root).find((t) => t.id === msg.id);
      if (!other) return void vscode.window.showInformationMessage(`Baton: there is no task ${msg.id} in this workspace: it was removed or renamed; the Tasks view lists the tasks there are.`);
      await ctx.showDetail(other);
      return;
    }
    case 'openInitiative': return open(task.root, orcInitiatives(service, task.root).find((i) => i.id === msg.id)?.file ?? null);
    case 'openExternal': {
      const uri = vscode.Uri.parse(msg.url, true);
      if (uri.scheme === 'http' || uri.scheme === 'https') await vscode.env.openExternal(uri);
      return;
    }
    case 'setField': {
      const from = task[msg.field];
      const done = await runOrcEdit(service, task.root, (c) => setTaskField(c, task.id, msg.field, msg.value, { expectedSha256 }));
      return done ? { field: msg.field, from, to: msg.value } : undefined;
    }
    case 'setInitiative': {
      const from = task.initiativeId;
      const done = await runOrcEdit(service, task.root, (c) => setTaskInitiative(c, task.id, msg.initiative, { expectedSha256 }));
      return done ? { field: 'initiative', from, to: msg.initiative } : undefined;
    }
    case 'editDependencies': {
      if (refusedWhenUntrusted(`Edit ${msg.field}`) !== undefined) return; // before asking for ids that would be refused
      const current = msg.field === 'blocked_by' ? task.blockedBy : task.relatedTo;
      const ids = await pickTaskIds(service, task, current, msg.field === 'blocked_by' ? `Tasks that must complete before ${task.id}` : `Tasks related to ${task.id}`);
      if (ids) await runOrcEdit(service, task.root, (c) => setDependencies(c, task.id, msg.field, ids, { expectedSha256 }));
      return;
    }
    case 'run': {
      if (msg.phase && !task.phases.some((p) => p.inPlan && p.name === msg.phase)) {
        return void vscode.window.showWarningMessage(`Baton: ${task.id} has no phase ${msg.phase} in its plan.yaml any more: pick one of its phases with Run Phase….`);
      }
      // The executor's commands check trust and own the run; the panel only names the task (and phase).
      await vscode.commands.executeCommand(msg.phase ? 'baton.orc.runPhase' : 'baton.orc.runTask', { task }, msg.phase);
      return;
    }
    case 'runControl':
      await vscode.commands.executeCommand(RUN_CONTROL_COMMANDS[msg.action], { task });
      return;
    case 'openPlace': return; // the folder's own task is here already
    case 'resolve': {
      if (refusedWhenUntrusted('Resolve Task') !== undefined) return; // before asking why
      const text = await vscode.window.showInputBox({ title: `Resolve ${task.id} without running it again`, prompt: 'Why? (optional)' });
      if (text !== undefined) await runOrcEdit(service, task.root, (c) => resolveTask(c, task.id, text, { expectedSha256 }));
      return;
    }
  }
}

const RUN_CONTROL_COMMANDS = { pickPhase: 'baton.orc.runPhase', resume: 'baton.orc.resumeRun', cancel: 'baton.orc.cancelRun',
  openInClaude: 'baton.orc.openInClaudeCode', showTerminal: 'baton.orc.showRunTerminal' } as const;

function taskFile(task: OrcTask, files: TaskDetailFiles | undefined, which: Extract<FromTaskDetail, { type: 'openTaskFile' }>['which']): string | null {
  switch (which) {
    case 'task': return task.file;
    case 'state': return task.stateFile;
    case 'plan': return task.planFile;
    case 'spec': return files?.spec?.file ?? null;
    case 'review': return files?.review?.file ?? null;
    case 'finalization': return files?.finalization?.file ?? null;
    case 'report': return files?.testReport?.file ?? null;
    case 'htmlReport': return files?.testReport?.htmlReport ?? null;
  }
}

/** Text files inside the workspace folder open in an editor; anything else (images, PDFs) with VS Code's default for its type. */
async function open(root: string, file: string | null, preview = false): Promise<void> {
  if (!file) return void vscode.window.showInformationMessage('Baton: that file is not there any more: the panel now shows what the task folder holds.');
  // Every path here was built from the workspace's files: checked once more, symlinks followed, before opening.
  const inside = await containedPath(root, file, { what: 'the workspace folder' });
  if (!inside.ok) return void vscode.window.showWarningMessage(`Baton will not open it: ${inside.reason}`);
  const uri = vscode.Uri.file(file);
  if (/\.(md|ya?ml|json|txt|log|csv|ts|js|go|py)$/i.test(path.extname(file)) || !path.extname(file)) {
    await vscode.window.showTextDocument(uri, { preview });
  } else {
    await vscode.commands.executeCommand('vscode.open', uri);
  }
}
