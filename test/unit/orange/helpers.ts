import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';

/** A temp folder holding a copy of a fixture home (`home/orange`) and an empty workspace folder `ws`. */
export function orangeHome(fixture: 'valid' | 'broken'): { tmp: TempWorkspace; root: string; orangeRoot: string } {
  const tmp = new TempWorkspace();
  tmp.write('ws/.keep', '');
  const home = tmp.path('home');
  mkdirSync(home, { recursive: true });
  cpSync(path.join(FIXTURES, 'orange', fixture), home, { recursive: true });
  return { tmp, root: tmp.path('ws'), orangeRoot: path.join(home, 'orange') };
}

export async function scanned(root: string, orangeRoot: string): Promise<OrchestrationService> {
  const service = new OrchestrationService({ folders: [{ root, orangeRoot }] });
  await service.scan();
  return service;
}

export const ID = {
  planning: 'OnO6ytyGdVwEnGGC5NbGr',
  handoff: 'zQSlh2Pn0HDzlY0u5ss3w',
  noHandoff: 'bGS3g6mCg93LRY54t6Uy6',
  failRound2: 'FD9RjKYzNx35e9GOJ2Cas',
  clarify: 'zua3KB5E6GQLpvjpuNNsQ',
  done: '30x4TCXbKFAHX0UHVcFnT',
  unknown: 't3tqNQWycmujm5KifhX1d',
  fenced: 'fCa06yljFKZvsYcrqHoDg',
  other: 'iv7ABOAkHAguBSe6lumCu',
} as const;

/** The real-world-shape fixtures: each folder is an orange home root (`~/orange`) with an ABOUT.md beside projects.json. */
export const WILD = path.join(FIXTURES, 'wild', 'orange');

/** The wild fixtures orange reads without trouble: Baton must report nothing on them. */
export const WILD_VALID = ['head-task-store', 'legacy-statuses', 'no-summary', 'sections-as-orange-reads-them'] as const;
/** The wild fixtures where orange itself acts otherwise than the file seems to say: each problem is asserted. */
export const WILD_HAZARDS = ['branch-named-folders', 'fence-and-heading-traps'] as const;
export type WildFixture = typeof WILD_VALID[number] | typeof WILD_HAZARDS[number];

/**
 * A copy of a wild fixture as `<into>/home/orange`, with an empty workspace folder `<into>/ws` that projects.json
 * names where the fixture says `${workspaceFolder}` (orange records the project's absolute git root).
 */
export function wildOrangeHome(name: WildFixture, into: string): { home: string; root: string; orangeRoot: string } {
  const home = path.join(into, 'home');
  const orangeRoot = path.join(home, 'orange');
  const root = path.join(into, 'ws');
  mkdirSync(root, { recursive: true });
  cpSync(path.join(WILD, name), orangeRoot, { recursive: true });
  const projects = path.join(orangeRoot, 'projects.json');
  writeFileSync(projects, readFileSync(projects, 'utf8').split('${workspaceFolder}').join(JSON.stringify(root).slice(1, -1)));
  return { home, root, orangeRoot };
}
