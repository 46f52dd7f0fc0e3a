import crypto from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** A file of Baton's own naming is left over (not in use) once it is older than this. */
export const STALE_AFTER_MS = 60_000;

/** Temp files (`.<name>.<12 hex>.tmp`) and the pins of a replacement (`….tmp.pin`, `….tmp.pin.ours`). */
const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp(?:\.pin(?:\.ours)?)?$/;
/** Claims (exclusive-claim.ts): removed only when their holder is gone too. */
const CLAIM_NAME = /^\..+\.claim$/;

/** When each folder was last swept by this process: a long-lived editor sweeps a folder at most once a minute. */
const lastSweep = new Map<string, number>();

/**
 * Removes what a killed Baton left in `dir`: its temp and pin files older than a minute, and claims older than a
 * minute whose holder process is gone. Age is the inode's change time — a pin is a hard link to a file that may be
 * years old, and creating the link is what sets ctime — so a pin in use (the replacement hands it to late-appends.ts,
 * which opens and removes it at once) is never a minute old. Never throws: the write that asked goes on either way.
 */
export async function removeStaleTemps(dir: string, now = Date.now()): Promise<string[]> {
  const last = lastSweep.get(dir);
  if (last !== undefined && now - last < STALE_AFTER_MS) return [];
  lastSweep.set(dir, now);
  const removed: string[] = [];
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const temp = TEMP_NAME.test(name);
    if (!temp && !CLAIM_NAME.test(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat?.isFile() || now - stat.ctimeMs < STALE_AFTER_MS) continue;
    if (temp) {
      if (await fs.rm(file).then(() => true, () => false)) removed.push(file);
    } else if (!holderAlive(await fs.readFile(file, 'utf8').catch(() => '')) && (await removeIfStill(file, stat.ino))) {
      removed.push(file);
    }
  }
  return removed;
}

/** Forgets which folders were swept (tests that age files by hand). */
export function forgetSweeps(): void {
  lastSweep.clear();
}

/** Whether the process named in a claim ("<pid>\n") still runs; an unreadable claim has no living holder. */
export function holderAlive(text: string): boolean {
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // it runs, as another user
  }
}

/**
 * Removes `file` only if it is still the inode `ino` that was judged stale: it is first renamed aside (rename takes
 * whatever is at the name at that instant), and put back when it turns out to be a new one that someone created
 * after the judgement. Returns whether the stale file was removed.
 */
export async function removeIfStill(file: string, ino: number): Promise<boolean> {
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.rename(file, aside);
  } catch {
    return false; // gone already: someone else removed it
  }
  const moved = await fs.lstat(aside).catch(() => null);
  if (moved?.ino === ino) {
    await fs.rm(aside, { force: true });
    return true;
  }
  // A fresh one was moved: put it back unless yet another took the name meanwhile (then that one holds it).
  await fs.link(aside, file).catch(() => undefined);
  await fs.rm(aside, { force: true });
  return false;
}
