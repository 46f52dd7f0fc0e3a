import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Where `command` would be found by spawn (a path as given, or a bare name on PATH), or null. Checked before a
 * run starts, so a missing or non-executable Claude CLI is a refusal with a message, not a failed phase.
 */
export async function findExecutable(command: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const candidates = command.includes('/') || command.includes(path.sep)
    ? [command]
    : (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, command));
  for (const file of candidates) {
    const ok = await fs.stat(file).then((s) => s.isFile(), () => false) && await fs.access(file, constants.X_OK).then(() => true, () => false);
    if (ok) return file;
  }
  return null;
}
