import os from 'node:os';
import path from 'node:path';
import type { SessionFields } from './schemas';
import { rootForms } from '../../io/path-forms';

export type Owner = 'workspace' | 'other' | 'unassigned';

/**
 * Whether a session belongs to a workspace folder: through `original_dir`, `working_dir` or its worktree's path
 * being that folder or inside it (a worktree under `.worktrees/` counts). A session naming none of them is
 * unassigned. `${workspaceFolder}` at the start of a path stands for the folder — the form VS Code settings use,
 * which the demo and the test fixtures write so that they work wherever they are copied.
 */
export function sessionOwner(fields: SessionFields | undefined, root: string, forms: readonly string[] = rootForms(root)): Owner {
  const dirs = [fields?.original_dir, fields?.working_dir, fields?.worktree?.path]
    .filter((d): d is string => typeof d === 'string' && d.trim() !== '');
  if (!dirs.length) return 'unassigned';
  return dirs.some((d) => forms.some((r) => isAtOrUnder(expand(d, root), r))) ? 'workspace' : 'other';
}

function expand(dir: string, root: string): string {
  const withFolder = dir.trim().replace(/^\$\{workspaceFolder\}/, root);
  return path.resolve(withFolder.replace(/^~(?=$|[\\/])/, os.homedir()));
}


function isAtOrUnder(dir: string, root: string): boolean {
  const fold = (p: string) => (process.platform === 'win32' || process.platform === 'darwin' ? p.toLowerCase() : p);
  const d = fold(dir), r = fold(root);
  return d === r || d.startsWith(r.endsWith(path.sep) ? r : r + path.sep);
}
