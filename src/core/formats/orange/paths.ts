import path from 'node:path';

/*
 * Where orange keeps its state (spec 004), relative to its root (~/orange by default):
 * projects.json, workspaces/.pool.json, tasks/<project>/<task_id>/TASK.md and history.jsonl.
 */

export type OrangePath =
  | { readonly kind: 'projects' }
  | { readonly kind: 'pool' }
  | { readonly kind: 'task' | 'history'; readonly project: string; readonly taskId: string };

/** Which orange file an absolute path is, if any. */
export function classifyOrangePath(orangeRoot: string, file: string): OrangePath | undefined {
  const rel = path.relative(orangeRoot, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  if (parts.length === 1 && parts[0] === 'projects.json') return { kind: 'projects' };
  if (parts.length === 2 && parts[0] === 'workspaces' && parts[1] === '.pool.json') return { kind: 'pool' };
  if (parts.length === 4 && parts[0] === 'tasks' && parts[1] && parts[2]) {
    if (parts[3] === 'TASK.md') return { kind: 'task', project: parts[1], taskId: parts[2] };
    if (parts[3] === 'history.jsonl') return { kind: 'history', project: parts[1], taskId: parts[2] };
  }
  return undefined;
}

export function projectsFile(orangeRoot: string): string {
  return path.join(orangeRoot, 'projects.json');
}

export function poolFile(orangeRoot: string): string {
  return path.join(orangeRoot, 'workspaces', '.pool.json');
}

export function taskDir(orangeRoot: string, project: string, taskId: string): string {
  return path.join(orangeRoot, 'tasks', project, taskId);
}

export function taskFile(orangeRoot: string, project: string, taskId: string): string {
  return path.join(taskDir(orangeRoot, project, taskId), 'TASK.md');
}

export function historyFile(orangeRoot: string, project: string, taskId: string): string {
  return path.join(taskDir(orangeRoot, project, taskId), 'history.jsonl');
}

/** The history.jsonl beside a TASK.md. */
export function historyBeside(taskMd: string): string {
  return path.join(path.dirname(taskMd), 'history.jsonl');
}
