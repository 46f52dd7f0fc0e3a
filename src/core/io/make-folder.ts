import { promises as fs } from 'node:fs';

/**
 * `mkdir -p` that reports the real reason: Node's recursive mkdir turns EROFS (and some EACCES) into a misleading
 * ENOENT, so the last level is made on its own first. Returns the first folder created (to undo), or undefined.
 */
export async function makeFolder(dir: string): Promise<string | undefined> {
  try {
    await fs.mkdir(dir);
    return dir;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return undefined;
    if (code !== 'ENOENT') throw err;
  }
  return fs.mkdir(dir, { recursive: true });
}
