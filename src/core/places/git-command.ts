import { execFile } from 'node:child_process';

/**
 * How Baton runs git to read other worktrees and refs: read-only commands only, and never one that lets the
 * repository's own config start a program. A repository is text an agent (or a stranger's clone) wrote: its
 * `.git/config` can name an fsmonitor, a pager, hooks, textconv drivers and filters, all of which git would run.
 * Every call turns those off, takes no optional lock (no index refresh), and gets an environment without the
 * caller's GIT_* variables (a GIT_DIR or GIT_INDEX_FILE inherited from a hook must not redirect the read).
 */
const SAFE_CONFIG = [
  '--no-pager',
  '-c', 'core.fsmonitor=false',
  '-c', 'core.hooksPath=/dev/null',
  '-c', 'core.pager=cat',
  '-c', 'core.untrackedCache=false',
  '-c', 'core.splitIndex=false',
  '-c', 'protocol.allow=never',
];

/** GIT_* variables that only say where the user's own config is: kept (the rest of GIT_* is dropped). */
const KEPT_GIT_VARIABLES = new Set(['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_NOSYSTEM', 'GIT_EXEC_PATH']);

/** The largest output a listing command may give (a repository with very many refs or files still fits). */
export const MAX_GIT_OUTPUT_BYTES = 64 * 1024 * 1024;

export function safeGitArgs(args: readonly string[]): string[] {
  return [...SAFE_CONFIG, ...args];
}

export function safeGitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (key.startsWith('GIT_') && !KEPT_GIT_VARIABLES.has(key)) continue;
    env[key] = value;
  }
  return { ...env, GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat', PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', GIT_NO_REPLACE_OBJECTS: '1', GIT_NO_LAZY_FETCH: '1', LC_ALL: 'C' };
}

/** git failed (not a repository, an unknown ref): its own message, first line. */
export class GitError extends Error {
  constructor(readonly args: readonly string[], readonly code: number | string | null, stderr: string) {
    super(`git ${args.filter((a) => !a.startsWith('-c') && !SAFE_CONFIG.includes(a)).slice(0, 2).join(' ')} failed: ${firstLine(stderr) || `exit ${code}`}`);
  }
}

/** Runs one read-only git command in `cwd` and gives its stdout as bytes. */
export function runGit(cwd: string, args: readonly string[], maxBytes = MAX_GIT_OUTPUT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile('git', safeGitArgs(args), { cwd, env: safeGitEnv(), encoding: 'buffer', maxBuffer: maxBytes, windowsHide: true },
      (err, stdout, stderr) => {
        if (err) reject(new GitError(args, (err as NodeJS.ErrnoException).code ?? null, stderr?.toString('utf8') ?? ''));
        else resolve(stdout);
      });
  });
}

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';
}
