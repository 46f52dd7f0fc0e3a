import path from 'node:path';
import type { OrangeWorktree, PoolRecord, TaskFields } from './model';

/** A workspace name orange makes (`<project>--<n>`) is one folder name: anything else names no folder of the pool. */
function isFolderName(name: string): boolean {
  return name !== '.' && name !== '..' && !/[\\/\0]/.test(name) && name.trim() === name && name.length > 0;
}

/**
 * The git worktree an orange task runs in. orange binds a task to one worktree of its project's pool,
 * `<orangeRoot>/workspaces/<project>--<n>`: it writes the name into TASK.md's `workspace` and records the binding in
 * `workspaces/.pool.json` (`"<project>--<n>": { "status": "bound", "task": "<project>/<branch>" }`). The task's own
 * field comes first; without it, the pool's binding of the task's `<project>/<branch>`. The path is text to show:
 * it is never opened or handed to a command. `here`: the workspace folder is that worktree (or inside it).
 */
export function orangeRunsIn(t: Pick<TaskFields, 'project' | 'branch' | 'workspace'>, pool: PoolRecord | undefined, orangeRoot: string,
  root: string): OrangeWorktree | null {
  let name: string | undefined;
  let via: OrangeWorktree['via'] = 'task';
  if (t.workspace && isFolderName(t.workspace)) name = t.workspace;
  else if (t.branch && !t.workspace) {
    const binding = `${t.project}/${t.branch}`;
    name = pool?.workspaces.find((w) => w.status === 'bound' && w.task === binding && isFolderName(w.name))?.name;
    via = 'pool';
  }
  if (!name) return null;
  const at = path.join(orangeRoot, 'workspaces', name);
  const rel = path.relative(at, root);
  return { name, path: at, via, here: rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)) };
}
