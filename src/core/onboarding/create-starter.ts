import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createFileAtomic } from '../io/create-atomic';
import type { StarterFiles } from './starter-files';

export interface StarterResult {
  /** Paths written, relative to the root. */
  readonly created: string[];
  /** Paths that already existed and were left exactly as they were. */
  readonly kept: string[];
}

/**
 * Writes each starter file under `root` atomically and never over an existing file (a name already taken is kept,
 * whatever it holds), so pressing "create" in a folder that already has some of these files loses nothing.
 */
export async function createStarterFiles(root: string, files: StarterFiles): Promise<StarterResult> {
  const created: string[] = [];
  const kept: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, ...rel.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (await createFileAtomic(file, text)) created.push(rel);
    else kept.push(rel);
  }
  return { created, kept };
}
