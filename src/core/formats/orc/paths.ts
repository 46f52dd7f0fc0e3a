import path from 'node:path';

/** Which orc file a workspace-relative path is, if any. Paths use `/` (callers normalise). */
export type OrcFileKind =
  | { readonly kind: 'config' }
  | { readonly kind: 'task' | 'state' | 'plan'; readonly dir: string }
  | { readonly kind: 'initiative'; readonly dir: string };

const TASK_FILE = /^\.orc\/tasks\/([^/]+)\/(task|state|plan)\.yaml$/;
const INITIATIVE_FILE = /^\.orc\/initiatives\/([^/]+)\/initiative\.yaml$/;

export function classifyOrcPath(relPath: string): OrcFileKind | undefined {
  if (relPath === 'orc.yaml' || relPath === '.orc/config.yaml') return { kind: 'config' };
  const task = TASK_FILE.exec(relPath);
  if (task) return { kind: task[2] as 'task' | 'state' | 'plan', dir: task[1]! };
  const initiative = INITIATIVE_FILE.exec(relPath);
  if (initiative) return { kind: 'initiative', dir: initiative[1]! };
  return undefined;
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
