import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import { itemKey } from '../../core/model/items';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { OrcPriority } from '../../core/orc-cli/orc-arguments';
import type { MoveCardMessage } from '../../shared/board-protocol';
import { refusedWhenUntrusted } from '../trust';
import { editDbTask } from '../orc/db-task-actions';
import { runOrcEdit } from '../orc/orc-edit-runner';
import { applyFileMove, planOrcMove } from './board-move-plan';

/** What a move did, for the page to announce where the person is looking. */
export interface MoveOutcome {
  readonly ok: boolean;
  readonly message: string;
}

/**
 * A card moved on the board (keyboard or drag), through the edit paths the detail panel and the commands use:
 * refused in an untrusted workspace; a task.yaml task's queue and priority set by `setTaskField` (hash-checked,
 * atomic, every other byte kept; the file re-read at once so the board moves without waiting for the watcher); a
 * task of orc's database changed through `orc edit` (priority only). A refusal is shown and returned.
 */
export async function performBoardMove(service: OrchestrationService, move: MoveCardMessage): Promise<MoveOutcome> {
  const untrusted = refusedWhenUntrusted('Move a card on the board');
  if (untrusted !== undefined) return { ok: false, message: untrusted };
  const task = service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && itemKey(i) === move.key);
  const plan = planOrcMove(task, move);
  switch (plan.kind) {
    case 'refused':
      void vscode.window.showWarningMessage(`Baton: ${plan.reason}`);
      return { ok: false, message: plan.reason };
    case 'orc': {
      const result = await editDbTask(service, task!, { priority: plan.priority as OrcPriority });
      return result.ok ? { ok: true, message: plan.summary } : { ok: false, message: result.message };
    }
    case 'file': {
      const done = await runOrcEdit(service, task!.root, (ctx) => applyFileMove(ctx, task!.id, plan));
      return done ? { ok: true, message: plan.summary } : { ok: false, message: `${task!.id} was not moved: its task.yaml edit was refused (see the notification)` };
    }
  }
}
