import path from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod';
import type { OrangeTask, ProjectsRecord } from '../../core/formats/orange/model';
import { projectBelongs } from '../../core/formats/orange/link';
import { resolveProjectPath } from '../../core/formats/orange/projects-file';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { CommandTargets } from '../../core/actions/command-targets';

/** What the orange commands accept: a tree row, a task id, or `{ id, root?, to? }` (keybindings, scripts, tests). */
export const taskArgs = z.object({
  id: z.string().min(1).max(100),
  root: z.string().max(4096).optional(),
  to: z.string().min(1).max(40).optional(),
}).strict();

/** The orange tasks a command can act on: every task whose TASK.md reads (a placeholder has nothing to act on). */
export function orangeTasks(service: OrchestrationService): OrangeTask[] {
  return service.items().filter((i): i is OrangeTask => i.system === 'orange' && !i.unreadable);
}

/**
 * The task a command is about; a quick pick when nothing names one — of the tasks `only` accepts, when given (the
 * command's own candidates: `only` may also be a list already narrowed, e.g. to live tmux sessions). undefined when
 * none (after saying why).
 */
export async function resolveTask(service: OrchestrationService, raw: unknown, title: string,
  only?: CommandTargets<OrangeTask> | { readonly tasks: readonly OrangeTask[]; readonly none: string }): Promise<{ task: OrangeTask; to?: string } | undefined> {
  if (raw && typeof raw === 'object' && 'task' in raw) return { task: (raw as { task: OrangeTask }).task };
  const tasks = orangeTasks(service);
  if (raw !== undefined) {
    const parsed = typeof raw === 'string' ? { success: true as const, data: { id: raw } as z.infer<typeof taskArgs> } : taskArgs.safeParse(raw);
    if (!parsed.success) {
      void vscode.window.showErrorMessage(`${title}: arguments not understood: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      return undefined;
    }
    const task = tasks.find((t) => t.id === parsed.data.id && (!parsed.data.root || t.root === parsed.data.root));
    if (!task) {
      void vscode.window.showWarningMessage(`${title}: no orange task ${parsed.data.id} in this workspace: check the id against the orange view.`);
      return undefined;
    }
    return { task, to: parsed.data.to };
  }
  if (!tasks.length) {
    void vscode.window.showInformationMessage('No orange tasks belong to this workspace: add the project to projects.json in your orange folder (setting baton.orange.root).');
    return undefined;
  }
  const offered = !only ? tasks : 'tasks' in only ? only.tasks : tasks.filter(only.accepts);
  if (!offered.length) {
    void vscode.window.showInformationMessage(only!.none);
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(offered.map((t) => ({ label: t.title, description: `${t.status} · ${t.project}`, detail: t.branch ?? t.id, task: t })),
    { title, placeHolder: 'Which orange task?', matchOnDescription: true, matchOnDetail: true });
  return picked ? { task: picked.task } : undefined;
}

export interface ProjectTarget {
  readonly root: string;
  readonly orangeRoot: string;
  readonly name: string;
  readonly path: string;
}

/** The orange projects that belong to the open workspace folders (projects.json paths). */
export function orangeProjects(service: OrchestrationService): ProjectTarget[] {
  const out: ProjectTarget[] = [];
  for (const { root, file, record } of service.records('orange')) {
    if ((record as { kind?: string }).kind !== 'projects') continue;
    for (const p of (record as ProjectsRecord).projects) {
      const resolved = resolveProjectPath(p.path, root);
      if (projectBelongs(resolved, root)) out.push({ root, orangeRoot: path.dirname(file), name: p.name, path: resolved });
    }
  }
  return out;
}
