import path from 'node:path';

/**
 * Which Ultrawork file a path is, relative to the sessions folder (`~/.claude/ultrawork/sessions` by default):
 * `<session>/session.json`, `context.json`, `design.md`, `exploration/<name>.md`, `tasks/<name>.json` and
 * `evidence/log.jsonl`. Anything else under a session (lock files, temp files of the plugin's writes) is not ours.
 */
export type UltraworkFileKind =
  | { readonly kind: 'session' | 'context' | 'design' | 'evidence'; readonly session: string }
  | { readonly kind: 'exploration' | 'task'; readonly session: string; readonly name: string };

const SESSION_FILE = /^([^/]+)\/(session\.json|context\.json|design\.md|evidence\/log\.jsonl)$/;
const NAMED_FILE = /^([^/]+)\/(exploration|tasks)\/([^/]+)\.(md|json)$/;

export function classifyUltraworkPath(sessionsRoot: string | undefined, file: string): UltraworkFileKind | undefined {
  if (!sessionsRoot) return undefined;
  const rel = path.relative(sessionsRoot, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const posix = rel.split(path.sep).join('/');
  const fixed = SESSION_FILE.exec(posix);
  if (fixed) {
    const kind = ({ 'session.json': 'session', 'context.json': 'context', 'design.md': 'design', 'evidence/log.jsonl': 'evidence' } as const)[fixed[2] as 'session.json'];
    return { kind, session: fixed[1]! };
  }
  const named = NAMED_FILE.exec(posix);
  if (!named) return undefined;
  if (named[2] === 'exploration' && named[4] === 'md') return { kind: 'exploration', session: named[1]!, name: named[3]! };
  if (named[2] === 'tasks' && named[4] === 'json') return { kind: 'task', session: named[1]!, name: named[3]! };
  return undefined;
}
