import { cpSync, mkdirSync } from 'node:fs';
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
