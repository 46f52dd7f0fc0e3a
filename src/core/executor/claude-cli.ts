import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

/** Where to get Claude Code: the notification's "Install Claude Code" and the messages point here. */
export const CLAUDE_CODE_INSTALL_URL = 'https://docs.claude.com/en/docs/claude-code/setup';

export type ExecutableLookup =
  | { readonly ok: true; readonly path: string }
  /** missing: no such file (or no such name on PATH); not-executable: found, but not a file this user may run. */
  | { readonly ok: false; readonly problem: 'missing' | 'not-executable'; readonly found: string | null };

/**
 * Where `command` would be found by spawn (a path as given, or a bare name on PATH), and when it would not, why:
 * nothing there, or something there that cannot be run (a folder, a file without the execute bit).
 */
export async function lookUpExecutable(command: string, env: NodeJS.ProcessEnv = process.env): Promise<ExecutableLookup> {
  const candidates = command.includes('/') || command.includes(path.sep)
    ? [command]
    : (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, command));
  let found: string | null = null;
  for (const file of candidates) {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) continue;
    if (stat.isFile() && await fs.access(file, constants.X_OK).then(() => true, () => false)) return { ok: true, path: file };
    found ??= file;
  }
  return { ok: false, problem: found ? 'not-executable' : 'missing', found };
}

export type ClaudeCliCheck =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly problem: 'missing' | 'not-executable'; readonly command: string; readonly message: string };

/**
 * Checks the Claude CLI a run would start, before anything starts: the message says what is wrong and what to do
 * (install Claude Code, or point the setting at it). `source` says where the command came from ("your settings",
 * "PATH", "orc.yaml claude.path").
 */
export async function checkClaudeCli(command: string, source: string, env: NodeJS.ProcessEnv = process.env): Promise<ClaudeCliCheck> {
  const found = await lookUpExecutable(command, env);
  if (found.ok) return found;
  const named = source === 'PATH' ? `"${command}" was not found on PATH` : `"${command}" (from ${source}) was not found`;
  const message = found.problem === 'missing'
    ? `the Claude Code CLI ${named}. Install Claude Code, or set baton.claude.path to the claude program`
    : `the Claude Code CLI ${found.found ?? command} (from ${source}) is not an executable file. Make it executable (chmod +x), or set baton.claude.path to the claude program`;
  return { ok: false, problem: found.problem, command, message };
}
