import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import { CATEGORIES, PRIORITIES } from '../../core/formats/orc/vocabulary';
import { closeTask, editTask, newTask, type OrcActionResult, type OrcNewTaskDone } from '../../core/orc-cli/orc-actions';
import { ORC_STATUSES, type OrcCloseOptions, type OrcNewTask, type OrcTaskEdit } from '../../core/orc-cli/orc-arguments';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { orcInitiatives, pickTaskIds, pickValue } from './orc-pickers';
import { runOrcAction } from './orc-cli-host';

/**
 * A database-era task changes only through orc's own commands: `orc edit` (title, description, priority, status,
 * initiative, blockers), `orc new`, `orc close`. Each function here asks what the person wants (unless the caller
 * says it), runs orc through runOrcAction and resolves to orc's result, or undefined when the person cancelled.
 */

/** What orc has no command for in the database era (the file era's queue, category, weight and related_to edits). */
export type NotInOrc = 'queue' | 'category' | 'weight' | 'related_to';

/** Says plainly that orc cannot change this field of a database-era task; resolves to undefined (nothing ran). */
export function notInOrc(task: OrcTask, field: NotInOrc): undefined {
  const what = field === 'related_to' ? 'related tasks' : `the ${field}`;
  void vscode.window.showInformationMessage(`Baton: orc has no command that changes ${what} of a task (orc edit has no such flag), ` +
    `and ${task.id} lives in orc's database, which Baton changes only through orc. It stays ${describe(task, field)}.`);
  return undefined;
}

function describe(task: OrcTask, field: NotInOrc): string {
  switch (field) {
    case 'queue': return `in the ${task.queue} queue`;
    case 'category': return `a ${task.category}`;
    case 'weight': return task.weight ? `weighted ${task.weight}` : 'without a weight';
    case 'related_to': return task.relatedTo.length ? `related to ${task.relatedTo.join(', ')}` : 'related to no task';
  }
}

/** `orc edit <id> …` with the given changes. */
export function editDbTask(service: OrchestrationService, task: OrcTask, edit: OrcTaskEdit): Promise<OrcActionResult> {
  return runOrcAction(service, `Edit ${task.id}`, task.root, (options) => editTask(task.root, task.id, edit, options));
}

type EditField = 'title' | 'description' | 'priority' | 'status' | 'initiative' | 'blockedBy';

const FIELDS: readonly { readonly field: EditField; readonly label: string; readonly flag: string }[] = [
  { field: 'title', label: 'Title', flag: '--title' },
  { field: 'description', label: 'Description', flag: '--description' },
  { field: 'priority', label: 'Priority', flag: '--priority' },
  { field: 'status', label: 'Status', flag: '--status' },
  { field: 'initiative', label: 'Initiative', flag: '--initiative' },
  { field: 'blockedBy', label: 'Blocked by', flag: '--blocked-by' },
];

/** Asks which field `orc edit` should change and its new value; undefined when the person cancels. */
export async function askDbEdit(service: OrchestrationService, task: OrcTask, field?: EditField): Promise<OrcTaskEdit | undefined> {
  const chosen = field ?? (await vscode.window.showQuickPick(FIELDS.map((f) => ({ label: f.label, description: `orc edit ${task.id} ${f.flag}`, field: f.field })),
    { placeHolder: `Change what of ${task.id}? (through orc edit)` }))?.field;
  switch (chosen) {
    case undefined: return undefined;
    case 'title': {
      const title = await vscode.window.showInputBox({ title: `Title of ${task.id}`, value: task.title, validateInput: (v) => (v.trim() ? null : 'orc keeps a title') });
      return title === undefined || title === task.title ? undefined : { title };
    }
    case 'description': {
      const description = await vscode.window.showInputBox({ title: `Description of ${task.id}`, value: task.description ?? '',
        prompt: 'orc edit cannot clear a description', validateInput: (v) => (v.trim() ? null : 'orc edit cannot clear a description') });
      return description === undefined || description === task.description ? undefined : { description };
    }
    case 'priority': {
      const priority = await pickValue(PRIORITIES, task.priority, `Priority of ${task.id} (now ${task.priority})`);
      return priority ? { priority: priority as OrcTaskEdit['priority'] } : undefined;
    }
    case 'status': {
      const status = await pickValue(ORC_STATUSES, task.status, `Status of ${task.id} (now ${task.status}); orc edit sets it as chosen`);
      return status ? { status: status as OrcTaskEdit['status'] } : undefined;
    }
    case 'initiative': {
      const initiative = await pickInitiative(service, task);
      return initiative === undefined ? undefined : { initiative: initiative ?? '' };
    }
    case 'blockedBy': {
      const ids = await pickTaskIds(service, task, task.blockedBy, `Tasks that must complete before ${task.id}`);
      return ids ? { blockedBy: ids } : undefined;
    }
  }
}

/** An initiative of the task's folder, or null for none; undefined when cancelled. */
export async function pickInitiative(service: OrchestrationService, task: OrcTask): Promise<string | null | undefined> {
  const none = { label: '$(circle-slash) No initiative', description: 'standalone task', id: null as string | null };
  const picked = await vscode.window.showQuickPick([none, ...orcInitiatives(service, task.root).map((i) => ({
    label: i.id, description: i.title, detail: i.id === task.initiativeId ? '(current)' : i.status, id: i.id as string | null }))],
  { placeHolder: `Initiative of ${task.id}` });
  return picked ? picked.id : undefined;
}

/** The file era's new-task spec, as far as `orc new` can take it (weight, queue and related tasks it cannot). */
export interface DbNewTaskSpec extends Partial<OrcNewTask> {
  readonly title: string;
  readonly weight?: string;
  readonly queue?: string;
  readonly relatedTo?: readonly string[];
}

/** `orc new` in a database-era folder: asks for the title and what orc new takes, unless `spec` says it. */
export async function newDbTask(service: OrchestrationService, root: string, spec?: DbNewTaskSpec): Promise<OrcActionResult<OrcNewTaskDone> | undefined> {
  const details = spec ?? await askNewDbTask(service, root);
  if (!details) return undefined;
  const unsupported = [details.weight && 'weight', details.queue && details.queue !== 'active' && 'queue', details.relatedTo?.length && 'related tasks']
    .filter(Boolean);
  if (unsupported.length) {
    void vscode.window.showInformationMessage(`Baton: orc new has no flag for ${unsupported.join(', ')}; nothing was created. ` +
      'Leave them out: this folder keeps its tasks in orc\'s database, which Baton changes only through orc.');
    return undefined;
  }
  const input: OrcNewTask = { title: details.title, description: details.description, workflow: details.workflow, category: details.category,
    priority: details.priority, initiative: details.initiative, blockedBy: details.blockedBy, targetBranch: details.targetBranch };
  return runOrcAction(service, 'New Task', root, (options) => newTask(root, input, options));
}

async function askNewDbTask(service: OrchestrationService, root: string): Promise<DbNewTaskSpec | undefined> {
  const title = await vscode.window.showInputBox({ title: 'New orc task (orc new)', prompt: 'Title (one line)',
    validateInput: (v) => (v.trim() ? null : 'A task needs a title') });
  if (!title) return undefined;
  const description = await vscode.window.showInputBox({ title: `New orc task: ${title}`, prompt: 'Description (optional)' });
  const priority = await pickValue(PRIORITIES, 'normal', 'Priority (Escape: normal)');
  const category = await pickValue(CATEGORIES, 'feature', 'Category (Escape: feature; orc picks the workflow from it)');
  const initiatives = orcInitiatives(service, root);
  const initiative = initiatives.length ? (await vscode.window.showQuickPick(
    [{ label: 'None', description: 'standalone task', id: '' }, ...initiatives.map((i) => ({ label: i.id, description: i.title, id: i.id }))],
    { placeHolder: 'Initiative (Escape: none)' }))?.id : undefined;
  return { title, description: description || undefined, priority: priority as OrcNewTask['priority'], category: category as OrcNewTask['category'],
    initiative: initiative || undefined };
}

/**
 * `orc close <id> --yes`: the file era's "resolve". orc closes only a failed task unless forced, so for any other
 * status the person is asked first (and `--force` is passed).
 */
export async function closeDbTask(service: OrchestrationService, task: OrcTask, given?: OrcCloseOptions): Promise<OrcActionResult | undefined> {
  let close = given;
  if (!close) {
    let force = false;
    if (task.status !== 'failed') {
      const choice = await vscode.window.showWarningMessage(`${task.id} is ${task.status}: orc closes only failed tasks unless forced. Close it anyway?`,
        { modal: true }, 'Close (--force)');
      if (!choice) return undefined;
      force = true;
    }
    const message = await vscode.window.showInputBox({ title: `Close ${task.id} (orc close)`, prompt: 'Why? (optional; orc keeps it as metadata.close_message)' });
    if (message === undefined) return undefined;
    close = { message, force };
  }
  return runOrcAction(service, `Close ${task.id}`, task.root, (options) => closeTask(task.root, task.id, close, options));
}
