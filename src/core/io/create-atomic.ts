import { promises as fs } from 'node:fs';
import { writeTempBeside } from './atomic-write';

/**
 * Creates a new file whole or not at all, and never over an existing one: the bytes go to a flushed temp file
 * that is then hard-linked to the name (link fails with EEXIST when the name is taken, which rename would not).
 * Returns false when the name is taken.
 */
export async function createFileAtomic(file: string, data: string | Uint8Array): Promise<boolean> {
  const temp = await writeTempBeside(file, data);
  try {
    await fs.link(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.rm(temp, { force: true });
  }
}
