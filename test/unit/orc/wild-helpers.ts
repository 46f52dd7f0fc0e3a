import { cpSync, mkdtempSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES } from '../helpers/temp-workspace';

/** The real-world-shape orc fixtures: each folder is a repository as orc's file era left it, with an ABOUT.md. */
export const WILD = path.join(FIXTURES, 'wild', 'orc');

export const WILD_FIXTURES = ['executor-tokens-cache-in-input', 'first-days-no-cache', 'plan-lists-remaining-phases',
  'interrupted-failed-retried', 'initiatives-and-dependencies'] as const;
export type WildFixture = typeof WILD_FIXTURES[number];

/**
 * A copy of a wild fixture in a fresh temp folder. git keeps no modification times, so the transcripts get the
 * times orc's executor would have left (one per finished iteration) in the order their ABOUT.md describes.
 */
export function wildCopy(name: WildFixture): string {
  const root = mkdtempSync(path.join(os.tmpdir(), `baton-orc-wild-${name}-`));
  cpSync(path.join(WILD, name), root, { recursive: true });
  const written: Record<string, string[]> = {
    'executor-tokens-cache-in-input': ['TASK-041/transcripts/implement-001.md', 'TASK-041/transcripts/implement-002.md',
      'TASK-041/transcripts/test-001.md', 'TASK-041/transcripts/docs-001.md'],
    'first-days-no-cache': ['TASK-001/transcripts/implement-001.md', 'TASK-001/transcripts/test-001.md'],
  };
  (written[name] ?? []).forEach((rel, i) => {
    const at = new Date(Date.parse('2026-01-14T00:00:00Z') + i * 60_000);
    utimesSync(path.join(root, '.orc', 'tasks', rel), at, at);
  });
  return root;
}
