import { promises as fs } from 'node:fs';
import path from 'node:path';
import { subfolders } from '../../io/list-dirs';
import { readStateText } from '../../io/read-text';

/** One VCR file as far as ids go: its name, its `vcr_id` and the CRP it answers (when readable). */
interface VcrOnDisk {
  readonly name: string;
  readonly vcrId: string | null;
  readonly crpId: string | null;
}

async function vcrsIn(runDir: string): Promise<VcrOnDisk[]> {
  const dir = path.join(runDir, 'vcr');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const found: VcrOnDisk[] = [];
  for (const name of names) {
    let vcrId: string | null = null, crpId: string | null = null;
    try {
      const read = await readStateText(path.join(dir, name));
      if (!read.ok) throw new Error(read.reason);
      const v = JSON.parse(read.text) as { vcr_id?: unknown; crp_id?: unknown };
      if (typeof v.vcr_id === 'string') vcrId = v.vcr_id;
      if (typeof v.crp_id === 'string') crpId = v.crp_id;
    } catch {
      // A broken VCR still reserves its file name, which is all that matters here.
    }
    found.push({ name: name.slice(0, -'.json'.length), vcrId, crpId });
  }
  return found;
}

/**
 * Every VCR id already used under a `.orchestral/` or `.dure/` folder: file names and `vcr_id` values of every
 * run's vcr/ (a VCR that applies to future runs is referred to from other runs, so ids are kept unique across
 * runs, not just within one).
 */
export async function usedVcrIds(baseDir: string): Promise<Set<string>> {
  const used = new Set<string>();
  for (const run of await subfolders(path.join(baseDir, 'runs'))) {
    for (const v of await vcrsIn(path.join(baseDir, 'runs', run))) {
      used.add(v.name);
      if (v.vcrId) used.add(v.vcrId);
    }
  }
  return used;
}

/** The VCR of this run that already answers the CRP (Dure would go on with that one), with its file, or null. */
export async function vcrFileAnswering(runDir: string, crpId: string): Promise<{ vcrId: string; file: string } | null> {
  const hit = (await vcrsIn(runDir)).find((v) => v.crpId === crpId);
  return hit ? { vcrId: hit.vcrId ?? hit.name, file: path.join(runDir, 'vcr', `${hit.name}.json`) } : null;
}

/**
 * A new VCR id the way Dure's own answer route makes one: `vcr-<epoch milliseconds>` of the moment of the answer
 * (one millisecond later while that id is taken).
 */
export function nextVcrId(used: ReadonlySet<string>, now: Date): string {
  let ms = now.getTime();
  while (used.has(`vcr-${ms}`)) ms++;
  return `vcr-${ms}`;
}
