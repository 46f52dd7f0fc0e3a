import * as vscode from 'vscode';
import type { OrcInitiative, OrcTask } from '../../core/formats/orc/model';
import { priorityRank, statusRank } from '../../core/formats/orc/vocabulary';
import type { CommandTargets } from '../../core/actions/command-targets';
import { folderName } from '../folder-item';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { whereText } from '../../core/places/where';
import { locateElsewhereTask } from '../places/elsewhere-tasks';

/** The tasks a command can act on: a placeholder (its task.yaml cannot be read) is only opened, never edited or run. */
export function orcTasks(service: OrchestrationService, root?: string): OrcTask[] {
  return service.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && !i.unreadable && (root === undefined || i.root === root))
    .sort((a, b) => statusRank(a.status) - statusRank(b.status) || priorityRank(a.priority) - priorityRank(b.priority)
      || a.id.localeCompare(b.id, undefined, { numeric: true }));
}

export function orcInitiatives(service: OrchestrationService, root?: string): OrcInitiative[] {
  return service.items().filter((i): i is OrcInitiative => i.system === 'orc' && i.kind === 'initiative' && (root === undefined || i.root === root));
}

/**
 * The task a command was invoked on: a tree row (anything with a `task`), an id (scripts, tests, the detail panel),
 * or — with no argument — one the person picks. With `only`, the pick offers just the tasks the command can act on,
 * and when there are none it says why (an information message) instead of opening the list.
 */
export async function targetTask(service: OrchestrationService, target: unknown, placeHolder = 'Pick an orc task',
  only?: CommandTargets<OrcTask>): Promise<OrcTask | undefined> {
  const task = await targetTaskAnywhere(service, target, placeHolder, only);
  // A task of another worktree or ref is shown, never changed or run from here (its files are another checkout's, or
  // a commit's): refused by every command that acts, whatever called it (a row, a script, a page's message).
  if (task?.elsewhere) {
    void vscode.window.showWarningMessage(`Baton: ${task.id} is ${whereText(task.elsewhere)}: it is read-only here. Change or run it in that worktree or branch.`);
    return undefined;
  }
  return task;
}

/**
 * `targetTask` for commands that only show a task (its detail): a task of another worktree or ref is accepted, found
 * again in its place by its key (never the folder's own task of the same id).
 */
export async function targetTaskAnywhere(service: OrchestrationService, target: unknown, placeHolder = 'Pick an orc task',
  only?: CommandTargets<OrcTask>): Promise<OrcTask | undefined> {
  if (target && typeof target === 'object' && 'task' in target) {
    const t = (target as { task: unknown }).task as OrcTask;
    if (t.elsewhere) return locateElsewhereTask(service, t)?.task ?? t;
    return orcTasks(service, t.root).find((x) => x.id === t.id) ?? t;
  }
  if (typeof target === 'string') {
    const found = orcTasks(service).find((t) => t.id === target);
    if (!found) void vscode.window.showWarningMessage(`Baton: no orc task ${target} in this workspace: check the id against the Tasks view.`);
    return found;
  }
  const multi = service.folders.length > 1;
  if (only) {
    if (!service.hasScanned) await new Promise<void>((resolve) => { const sub = service.onDidChange(() => { sub.dispose(); resolve(); }); });
    if (!orcTasks(service).some(only.accepts)) {
      void vscode.window.showInformationMessage(`Baton: ${only.none}`);
      return undefined;
    }
  }
  const rows = () => orcTasks(service).filter((t) => !only || only.accepts(t)).map((t) => ({
    label: `${t.id}  ${t.title}`,
    description: [t.status, t.priority, t.queue === 'backlog' ? 'backlog' : '', multi && folderName(t.root)].filter(Boolean).join(' · '),
    detail: multi ? t.root : undefined, task: t,
  }));
  // Right after the window opens the first scan may still run: the picker shows its busy bar until it lands.
  const items = service.hasScanned ? rows() : new Promise<ReturnType<typeof rows>>((resolve) => {
    const sub = service.onDidChange(() => { sub.dispose(); resolve(rows()); });
  });
  const picked = await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true });
  return picked?.task;
}

/** One value from a set, the current one marked. */
export async function pickValue(values: readonly string[], current: string | null, placeHolder: string): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(values.map((v) => ({ label: v, description: v === current ? '(current)' : undefined })), { placeHolder });
  return picked?.label;
}

/** Task ids for blocked_by / related_to: every other task of the folder, the current ones ticked. */
export async function pickTaskIds(service: OrchestrationService, task: OrcTask, current: readonly string[], placeHolder: string): Promise<string[] | undefined> {
  const others = orcTasks(service, task.root).filter((t) => t.id !== task.id);
  const items = others.map((t) => ({ label: t.id, description: t.title, detail: t.status, picked: current.includes(t.id) }));
  // Ids that name no task stay pickable (and ticked) so saving does not silently drop them.
  for (const id of current) if (!others.some((t) => t.id === id)) items.push({ label: id, description: '(no such task)', detail: '', picked: true });
  const picked = await vscode.window.showQuickPick(items, { placeHolder, canPickMany: true, matchOnDescription: true });
  return picked?.map((p) => p.label);
}
