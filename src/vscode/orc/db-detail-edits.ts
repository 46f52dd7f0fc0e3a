import type { OrcTask } from '../../core/formats/orc/model';
import type { OrcTaskEdit } from '../../core/orc-cli/orc-arguments';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { DetailEdited, FromTaskDetail } from '../../shared/task-detail-protocol';
import { refusedWhenUntrusted } from '../trust';
import { closeDbTask, editDbTask, notInOrc } from './db-task-actions';
import { pickTaskIds } from './orc-pickers';

type DetailEdit = Extract<FromTaskDetail, { type: 'setField' | 'setInitiative' | 'editDependencies' | 'resolve' }>;

/** The task detail panel's edit buttons that a task of orc's database answers through orc instead of its YAML. */
export function isDetailEdit(msg: FromTaskDetail): msg is DetailEdit {
  return msg.type === 'setField' || msg.type === 'setInitiative' || msg.type === 'editDependencies' || msg.type === 'resolve';
}

/**
 * The detail panel's edits for a database-era task: priority, initiative and blockers through `orc edit`, resolve
 * through `orc close`; queue, category, weight and related tasks, which orc cannot change, are said so.
 */
export async function handleDbDetailEdit(msg: DetailEdit, service: OrchestrationService, task: OrcTask): Promise<DetailEdited | void> {
  if (refusedWhenUntrusted(msg.type === 'resolve' ? 'Close Task' : 'orc task edit') !== undefined) return;
  switch (msg.type) {
    case 'setField': {
      if (msg.field !== 'priority') { notInOrc(task, msg.field); return; }
      const from = task.priority;
      // orc-arguments refuses a value orc does not take
      const done = await editDbTask(service, task, { priority: msg.value as OrcTaskEdit['priority'] });
      return done.ok ? { field: 'priority', from, to: msg.value } : undefined;
    }
    case 'setInitiative': {
      const from = task.initiativeId;
      const done = await editDbTask(service, task, { initiative: msg.initiative ?? '' });
      return done.ok ? { field: 'initiative', from, to: msg.initiative } : undefined;
    }
    case 'editDependencies': {
      if (msg.field === 'related_to') { notInOrc(task, 'related_to'); return; }
      const ids = await pickTaskIds(service, task, task.blockedBy, `Tasks that must complete before ${task.id}`);
      if (ids) await editDbTask(service, task, { blockedBy: ids });
      return;
    }
    case 'resolve':
      await closeDbTask(service, task);
      return;
  }
}
