import { cpSync } from 'node:fs';
import path from 'node:path';
import type { Intent, TraceEntry } from '../../../src/core/formats/intents/model';
import { readTraceTail } from '../../../src/core/formats/intents/trace-tail';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';

/** The trace fixtures of real-world shapes: each folder is a workspace with `.orchestration/` and an ABOUT.md. */
export const WILD_INTENTS = path.join(FIXTURES, 'wild', 'intents');

/** Fixtures every reader of their fork takes as they are: Baton must say nothing about them. */
export const VALID_TRACE_FIXTURES = ['trace-spec-nested', 'trace-spec-folder-targets', 'trace-flat-ranges', 'trace-agent-trace-forks',
  'trace-agent-trace-official', 'trace-camelcase-fields', 'trace-file-path-operation', 'trace-modified-ranges',
  'trace-related-strings-and-events', 'trace-hash-chain', 'trace-comment-header', 'trace-leading-blank-line', 'trace-only-comments'] as const;

/** Fixtures with one real problem each (what one-object-per-line readers lose, a broken chain, broken JSON). */
export const PROBLEM_TRACE_FIXTURES = ['trace-pretty-printed', 'trace-two-objects-one-line', 'trace-hash-chain-broken', 'trace-broken-lines'] as const;

export type TraceFixture = typeof VALID_TRACE_FIXTURES[number] | typeof PROBLEM_TRACE_FIXTURES[number];

export function fixtureDir(name: TraceFixture): string {
  return path.join(WILD_INTENTS, name);
}

/** The whole trace of a fixture as the tail reader gives it (newest first, every line numbered). */
export async function fixtureTrace(name: TraceFixture) {
  return readTraceTail(path.join(fixtureDir(name), '.orchestration', 'agent_trace.jsonl'), { limit: 1000, numberLines: true });
}

/** A copy of a fixture in a temp folder, scanned by the service the extension and the CLI use. */
export async function scanFixture(name: TraceFixture): Promise<{ ws: TempWorkspace; service: OrchestrationService; intents: Map<string, Intent> }> {
  const ws = new TempWorkspace();
  cpSync(fixtureDir(name), ws.root, { recursive: true });
  const service = new OrchestrationService({ folders: [{ root: ws.root }] });
  await service.scan();
  const intents = new Map(service.items().filter((i): i is Intent => i.system === 'intents').map((i) => [i.id, i]));
  return { ws, service, intents };
}

/** The facts a test compares, in one row per entry: line, intent, action, result, files, agent, hash, time. */
export function facts(e: TraceEntry): (string | number | null | readonly string[])[] {
  return [e.line, e.intentId, e.action, e.status, e.files, e.agentId, e.contentHash, e.timestamp];
}
