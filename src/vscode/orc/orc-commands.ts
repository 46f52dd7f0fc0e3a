import * as vscode from 'vscode';
import { setDependencies, type DependencyField } from '../../core/formats/orc/edit-dependencies';
import { setTaskInitiative } from '../../core/formats/orc/edit-initiative-link';
import { createTask, type NewTask } from '../../core/formats/orc/edit-new-task';
import { resolveTask } from '../../core/formats/orc/edit-resolve';
import { setTaskField, type TaskField } from '../../core/formats/orc/edit-task-fields';
import type { OrcTask } from '../../core/formats/orc/model';
import { CATEGORIES, PRIORITIES, QUEUES, WEIGHTS } from '../../core/formats/orc/vocabulary';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';
import { runOrcEdit } from './orc-edit-runner';
import { folderName } from '../folder-item';
import { orcInitiatives, orcTasks, pickTaskIds, pickValue, targetTask, targetTaskAnywhere } from './orc-pickers';
import { resolvableTasks } from '../../core/actions/command-targets';
import type { OrcCloseOptions, OrcTaskEdit } from '../../core/orc-cli/orc-arguments';
import { askDbEdit, closeDbTask, editDbTask, newDbTask, notInOrc, pickInitiative, type DbNewTaskSpec } from './db-task-actions';
import { orcDbFileOf } from './orc-cli-host';

const FIELD_VALUES: Record<Exclude<TaskField, 'title'>, readonly string[]> = { priority: PRIORITIES, queue: QUEUES, category: CATEGORIES, weight: WEIGHTS };

/** Opens a task's detail panel (given by the caller, so these commands stay free of the panel's lifetime). */
export type ShowTaskDetail = (task: OrcTask) => Thenable<unknown> | unknown;

/**
 * The orc edits as commands: from the palette (they ask for the task), the tree's context menu (the row is the
 * argument) and scripts or tests (`executeCommand('baton.orc.setPriority', 'TASK-003', 'critical')`).
 * Each resolves to the edit's result, or undefined when nothing was written. A task of orc's database (`era: 'db'`)
 * is changed through orc itself (db-task-actions.ts: orc edit, orc new, orc close), resolving to orc's result;
 * a file-era task keeps its YAML edits.
 */
export function registerOrcCommands(service: OrchestrationService, showDetail: ShowTaskDetail): vscode.Disposable {
  const field = (name: Exclude<TaskField, 'title'>) => async (target?: unknown, value?: string) => {
    if (refusedWhenUntrusted(`Set ${name}`) !== undefined) return undefined;
    const task = await targetTask(service, target, `Set the ${name} of which task?`);
    if (!task) return undefined;
    if (task.era === 'db') {
      if (name !== 'priority') return notInOrc(task, name);
      const priority = value ?? await pickValue(PRIORITIES, task.priority, `priority of ${task.id} (now ${task.priority})`);
      return priority ? editDbTask(service, task, { priority: priority as OrcTaskEdit['priority'] }) : undefined;
    }
    const current = name === 'weight' ? task.weight : task[name];
    const chosen = value ?? await pickValue(FIELD_VALUES[name], current, `${name} of ${task.id} (now ${current ?? 'unset'})`);
    if (!chosen) return undefined;
    return runOrcEdit(service, task.root, (ctx) => setTaskField(ctx, task.id, name, chosen));
  };
  const dependencies = (name: DependencyField) => async (target?: unknown, ids?: string[]) => {
    if (refusedWhenUntrusted(`Edit ${name}`) !== undefined) return undefined;
    const task = await targetTask(service, target, `Edit ${name} of which task?`);
    if (!task) return undefined;
    if (task.era === 'db' && name === 'related_to') return notInOrc(task, 'related_to');
    const current = name === 'blocked_by' ? task.blockedBy : task.relatedTo;
    const chosen = ids ?? await pickTaskIds(service, task, current,
      name === 'blocked_by' ? `Tasks that must complete before ${task.id}` : `Tasks related to ${task.id}`);
    if (!chosen) return undefined;
    if (task.era === 'db') return editDbTask(service, task, { blockedBy: chosen });
    return runOrcEdit(service, task.root, (ctx) => setDependencies(ctx, task.id, name, chosen));
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand('baton.showTaskDetail', async (target?: unknown) => {
      const task = await targetTaskAnywhere(service, target, 'Open which task?');
      if (task) await showDetail(task);
    }),
    vscode.commands.registerCommand('baton.openTaskPick', async () => {
      const task = await targetTask(service, undefined, 'Open an orc task (id, title, status or priority)');
      if (task) await showDetail(task);
    }),
    vscode.commands.registerCommand('baton.orc.setPriority', field('priority')),
    vscode.commands.registerCommand('baton.orc.setQueue', field('queue')),
    vscode.commands.registerCommand('baton.orc.setCategory', field('category')),
    vscode.commands.registerCommand('baton.orc.setWeight', field('weight')),
    vscode.commands.registerCommand('baton.orc.editBlockedBy', dependencies('blocked_by')),
    vscode.commands.registerCommand('baton.orc.editRelatedTo', dependencies('related_to')),
    vscode.commands.registerCommand('baton.orc.setInitiative', async (target?: unknown, value?: string | null) => {
      if (refusedWhenUntrusted('Set Initiative') !== undefined) return undefined;
      const task = await targetTask(service, target, 'Set the initiative of which task?');
      if (!task) return undefined;
      const chosen = value !== undefined ? value : await pickInitiative(service, task);
      if (chosen === undefined) return undefined;
      if (task.era === 'db') return editDbTask(service, task, { initiative: chosen ?? '' });
      return runOrcEdit(service, task.root, (ctx) => setTaskInitiative(ctx, task.id, chosen || null));
    }),
    vscode.commands.registerCommand('baton.orc.resolveTask', async (target?: unknown, message?: string) => {
      if (refusedWhenUntrusted('Resolve Task') !== undefined) return undefined;
      const task = await targetTask(service, target, 'Resolve which failed task?', resolvableTasks);
      if (!task) return undefined;
      // orc's database era calls it closing: `orc close`.
      if (task.era === 'db') return closeDbTask(service, task, message === undefined ? undefined : { message });
      const text = message ?? await vscode.window.showInputBox({ title: `Resolve ${task.id} without running it again`,
        prompt: 'Why is it resolved? (optional; saved as metadata.resolution_message)', placeHolder: 'Fixed manually outside of orc' });
      if (text === undefined) return undefined;
      return runOrcEdit(service, task.root, (ctx) => resolveTask(ctx, task.id, text));
    }),
    vscode.commands.registerCommand('baton.orc.editTask', async (target?: unknown, edit?: OrcTaskEdit) => {
      if (refusedWhenUntrusted('Edit Task') !== undefined) return undefined;
      const task = await targetTask(service, target, 'Edit which task? (through orc edit)');
      if (!task) return undefined;
      if (task.era !== 'db') {
        void vscode.window.showInformationMessage(`Baton: ${task.id} is a task.yaml task: use its Set Priority, Queue, Category, Weight, Initiative or Blocked By commands.`);
        return undefined;
      }
      const changes = edit ?? await askDbEdit(service, task);
      return changes ? editDbTask(service, task, changes) : undefined;
    }),
    vscode.commands.registerCommand('baton.orc.closeTask', async (target?: unknown, options?: OrcCloseOptions) => {
      if (refusedWhenUntrusted('Close Task') !== undefined) return undefined;
      const task = await targetTask(service, target, 'Close which task? (orc close)');
      if (!task) return undefined;
      if (task.era !== 'db') return vscode.commands.executeCommand('baton.orc.resolveTask', { task }, options?.message);
      return closeDbTask(service, task, options);
    }),
    vscode.commands.registerCommand('baton.orc.newTask', async (spec?: (NewTask | DbNewTaskSpec) & { root?: string }) => {
      if (refusedWhenUntrusted('New Task') !== undefined) return undefined;
      const root = spec?.root ?? await pickFolder(service);
      if (!root) return undefined;
      // A folder whose orc keeps a database gets its task from `orc new`; its id comes from orc's answer.
      if (orcDbFileOf(service, root)) {
        const created = await newDbTask(service, root, spec as DbNewTaskSpec | undefined);
        const task = created?.ok ? orcTasks(service, root).find((t) => t.id === created.taskId) : undefined;
        if (task && !spec) await showDetail(task);
        return created;
      }
      const details = spec ?? await askNewTask(service, root);
      if (!details) return undefined;
      const result = await runOrcEdit(service, root, (ctx) => createTask(ctx, details));
      const id = result && 'id' in result ? String(result.id) : undefined;
      const created = id ? service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.root === root && i.id === id) : undefined;
      if (created && !spec) await showDetail(created);
      return result;
    }),
  );
}

async function pickFolder(service: OrchestrationService): Promise<string | undefined> {
  if (service.folders.length <= 1) return service.folders[0];
  const picked = await vscode.window.showQuickPick(service.folders.map((root) => ({ label: folderName(root), description: root, root })),
    { placeHolder: 'New task in which folder?' });
  return picked?.root;
}

/** `orc new` as a short dialog: title, then weight, priority, category, queue and initiative (Escape keeps the defaults). */
async function askNewTask(service: OrchestrationService, root: string): Promise<NewTask | undefined> {
  const title = await vscode.window.showInputBox({ title: 'New orc task', prompt: 'Title (one line)',
    validateInput: (v) => (v.trim() ? null : 'A task needs a title') });
  if (!title) return undefined;
  const description = await vscode.window.showInputBox({ title: `New orc task: ${title}`, prompt: 'Description (optional, Markdown)' });
  const weight = await pickValue(WEIGHTS, null, 'Weight (Escape: let orc classify it)');
  const priority = await pickValue(PRIORITIES, 'normal', 'Priority (Escape: normal)');
  const category = await pickValue(CATEGORIES, 'feature', 'Category (Escape: feature)');
  const queue = await pickValue(QUEUES, 'active', 'Queue (Escape: active)');
  const initiatives = orcInitiatives(service, root);
  const initiative = initiatives.length ? (await vscode.window.showQuickPick(
    [{ label: 'None', description: 'standalone task', id: '' }, ...initiatives.map((i) => ({ label: i.id, description: i.title, id: i.id }))],
    { placeHolder: 'Initiative (Escape: none)' }))?.id : undefined;
  return { title, description: description || undefined, weight, priority, category, queue, initiative: initiative || undefined };
}
