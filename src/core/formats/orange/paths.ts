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
  const parts = partsUnder(orangeRoot, file);
  if (!parts) return undefined;
  if (parts.length === 1 && parts[0] === 'projects.json') return { kind: 'projects' };
  if (parts.length === 2 && parts[0] === 'workspaces' && parts[1] === '.pool.json') return { kind: 'pool' };
  if (parts.length === 4 && parts[0] === 'tasks' && parts[1] && parts[2]) {
    if (parts[3] === 'TASK.md') return { kind: 'task', project: parts[1], taskId: parts[2] };
    if (parts[3] === 'history.jsonl') return { kind: 'history', project: parts[1], taskId: parts[2] };
  }
  return undefined;
}

/**
 * The path segments of `file` below `orangeRoot`, or undefined when it is not below it. Asked several times for
 * each of thousands of files a scan reads: a plain prefix cut when both paths are already normal POSIX paths
 * (what path.relative would give then), path.relative for anything else.
 */
function partsUnder(orangeRoot: string, file: string): string[] | undefined {
  if (path.sep === '/' && isNormalAbsolute(orangeRoot) && file.length > orangeRoot.length + 1 && file.startsWith(orangeRoot)
    && file.charCodeAt(orangeRoot.length) === 0x2f) {
    const parts = file.slice(orangeRoot.length + 1).split('/');
    if (parts.every((p) => p !== '' && p !== '.' && p !== '..')) return parts;
  }
  const rel = path.relative(orangeRoot, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep);
}

const normalRoots = new Map<string, boolean>();
function isNormalAbsolute(root: string): boolean {
  let normal = normalRoots.get(root);
  if (normal === undefined) {
    normal = root.length > 1 && path.posix.resolve(root) === root;
    if (normalRoots.size > 100) normalRoots.clear();
    normalRoots.set(root, normal);
  }
  return normal;
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
