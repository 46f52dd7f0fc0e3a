import path from 'node:path';
import type { Intent } from '../../../src/core/formats/intents/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';

/** The intents fixtures of test/fixtures/wild/intents/ that the lead wrote (map-*, intents-*; ABOUT.md in each). */
export const WILD = path.join(FIXTURES, 'wild', 'intents');
export const INTENT_FIXTURES = ['map-heading-nested-bullets', 'map-timestamped-headings', 'map-intent-id-first-table',
  'map-owned-files-subsections', 'map-headerless-rows', 'map-empty', 'map-bullets-without-headings', 'map-plain-lines',
  'map-per-intent-tables', 'map-heading-variants', 'map-hook-timelines', 'map-task-column', 'intents-fork-field-shapes',
  'intents-bare-list', 'intents-file-name-case', 'intents-ledger-wrapper', 'intents-status-and-scope-words', 'intents-scope-brace-globs',
  'map-paths-with-spaces-and-folders'];

/** A temp copy of a fixture read by the real service. */
export async function openWild(name: string) {
  const ws = new TempWorkspace({}, path.join(WILD, name));
  const service = new OrchestrationService({ folders: [{ root: ws.root }] });
  await service.scan();
  const intents = new Map(service.items().filter((i): i is Intent => i.system === 'intents').map((i) => [i.id, i]));
  return { ws, service, intents };
}
