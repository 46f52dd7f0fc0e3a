import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createFileAtomic } from './create-atomic';
import { holderAlive, removeIfStill, STALE_AFTER_MS } from './stale-temps';

/**
 * An exclusive claim on one multi-file write (answering one CRP): the claim file `.<name>.claim` beside `file`,
 * created whole or not at all with the claimer's pid in it (link(2) fails when the name is taken, so two processes
 * can never both hold it). It is removed when the write is done. A claim left by a killed process — its pid no
 * longer runs, or it is older than a minute (a write takes milliseconds; a pid may be reused) — is taken over.
 */
export function claimFileFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.claim`);
}

export interface Claim {
  release(): Promise<void>;
}

/** Takes the claim on `file`, or returns null when a living process holds it. */
export async function takeClaim(file: string, now = Date.now): Promise<Claim | null> {
  const claim = claimFileFor(file);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createFileAtomic(claim, `${process.pid}\n`)) {
      const ino = (await fs.stat(claim)).ino;
      return { release: async () => { await removeIfStill(claim, ino); } };
    }
    const stat = await fs.lstat(claim).catch(() => null);
    if (!stat) continue; // released meanwhile: try again
    const text = await fs.readFile(claim, 'utf8').catch(() => '');
    if (holderAlive(text) && now() - stat.ctimeMs < STALE_AFTER_MS) return null;
    await removeIfStill(claim, stat.ino);
  }
  return null;
}
