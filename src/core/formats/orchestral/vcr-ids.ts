import { promises as fs } from 'node:fs';
import path from 'node:path';
import { subfolders } from '../../io/list-dirs';

const NUMBERED = /^vcr-(\d+)$/;

/**
 * Every VCR id already used under a `.orchestral/` or `.dure/` folder: file names and `vcr_id` values of every
 * run's vcr/ (a VCR that applies to future runs is referred to from other runs, so ids are kept unique across
 * runs, not just within one).
 */
export async function usedVcrIds(baseDir: string): Promise<Set<string>> {
  const used = new Set<string>();
  for (const run of await subfolders(path.join(baseDir, 'runs'))) {
    const dir = path.join(baseDir, 'runs', run, 'vcr');
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      used.add(name.slice(0, -'.json'.length));
      try {
        const id = (JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as { vcr_id?: unknown }).vcr_id;
        if (typeof id === 'string') used.add(id);
      } catch {
        // A broken VCR still reserves its file name, which is all that matters here.
      }
    }
  }
  return used;
}

/** The next `vcr-NNN` after the highest numbered one in use (at least three digits, as the spec writes them). */
export function nextVcrId(used: ReadonlySet<string>, after = 0): string {
  let max = after;
  for (const id of used) {
    const m = NUMBERED.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  let n = max + 1;
  while (used.has(format(n))) n++;
  return format(n);
}

function format(n: number): string {
  return `vcr-${String(n).padStart(3, '0')}`;
}
