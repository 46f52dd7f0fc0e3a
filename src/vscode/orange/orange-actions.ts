import * as vscode from 'vscode';
import { createTask, type CreateOutcome } from '../../core/formats/orange/create-task';
import type { OrangeTask } from '../../core/formats/orange/model';
import { editTask, type EditOutcome } from '../../core/formats/orange/task-edit';
import { NO_DAEMON_NOTE } from '../../core/formats/orange/vocabulary';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';

/** Statuses after which a person might expect orange to carry on by itself. */
const ORANGE_TAKES_OVER = ['pending', 'planning', 'working', 'agent-review'];

/**
 * Moves a task (refused in an untrusted workspace, outside orange's workflow, past a failing gate, or when TASK.md
 * changed since it was read), then re-reads the written files at once so every view updates.
 */
export async function moveTask(service: OrchestrationService, task: OrangeTask, to: string, reason = 'moved in Baton'): Promise<EditOutcome> {
  const refused = refusedWhenUntrusted('Move orange Task');
  if (refused !== undefined) return { ok: false, message: refused };
  let outcome: EditOutcome;
  try {
    outcome = await editTask({ file: task.file, shownHash: task.textHash, to, reason });
  } catch (err) {
    outcome = { ok: false, message: `Baton could not write ${task.id}: ${(err as Error).message}` };
  }
  if (!outcome.ok) return refuse(outcome.message);
  for (const file of outcome.written) await service.fileChanged(file);
  void vscode.window.showInformationMessage(`${task.title}: ${outcome.from} → ${outcome.to}.${ORANGE_TAKES_OVER.includes(to) ? ` ${NO_DAEMON_NOTE.replace(/`/g, '')}` : ''}`);
  return outcome;
}

export async function newTask(service: OrchestrationService, input: Parameters<typeof createTask>[0]): Promise<CreateOutcome> {
  const refused = refusedWhenUntrusted('Create orange Task');
  if (refused !== undefined) return { ok: false, message: refused };
  const outcome = await createTask(input);
  if (!outcome.ok) return refuse(outcome.message);
  for (const file of outcome.written) await service.fileChanged(file);
  void vscode.window.showInformationMessage(`orange task ${outcome.id} created (pending). ${NO_DAEMON_NOTE.replace(/`/g, '')}`);
  return outcome;
}

function refuse(message: string): { ok: false; message: string } {
  void vscode.window.showErrorMessage(message);
  return { ok: false, message };
}
