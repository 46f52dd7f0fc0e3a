import { constants, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the `orc` CLI was looked for, for the refusal when it is missing. */
export interface OrcLookup {
  /** The executable to spawn, or null when none was found. */
  readonly path: string | null;
  /** `baton.orc.path` when set (as written), else null: then `orc` was looked up on PATH. */
  readonly configured: string | null;
}

async function isExecutableFile(file: string): Promise<boolean> {
  const isFile = await fs.stat(file).then((s) => s.isFile(), () => false);
  if (!isFile) return false;
  if (process.platform === 'win32') return true;
  return fs.access(file, constants.X_OK).then(() => true, () => false);
}

/** The names a bare command is found under: PATHEXT's extensions on Windows (orc ships `orc.exe`), else the name. */
function candidatesFor(name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform !== 'win32') return [name];
  const extensions = (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
  return [name, ...extensions.map((ext) => name + ext.toLowerCase())];
}

/**
 * Finds the `orc` CLI: `baton.orc.path` when a person set it (a name looked up on PATH, or an absolute path; `~`
 * is the home folder), else `orc` on PATH. Nothing in the workspace is consulted — the setting is machine-scoped
 * and restricted, so a repository's files never choose the program Baton starts.
 */
export async function findOrc(configured: string | undefined, env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform): Promise<OrcLookup> {
  const setting = configured?.trim() || null;
  const command = setting ? setting.replace(/^~(?=$|[\\/])/, env.HOME ?? os.homedir()) : 'orc';
  if (command.includes('/') || command.includes(path.sep)) {
    // A relative path would be resolved against whatever folder Baton runs in: only absolute ones are taken.
    const found = path.isAbsolute(command) && await isExecutableFile(command);
    return { path: found ? command : null, configured: setting };
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (!path.isAbsolute(dir)) continue; // an entry like `.` would let the workspace supply the program
    for (const name of candidatesFor(command, env, platform)) {
      const file = path.join(dir, name);
      if (await isExecutableFile(file)) return { path: file, configured: setting };
    }
  }
  return { path: null, configured: setting };
}
