import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO } from './lib/cache';
import { ms, type Measurement } from './lib/measurement';
import { orcWorkspace } from './lib/orc-workspace';
import { ownerLookupFiles, ownerLookupWorkspace } from './owner-lookup.bench';

const TASKS = 10_000;
const TARGETS = { ownerMs: 2, tasksMs: 50 };
const CLI = path.join(REPO, 'dist', 'cli.js');

/** `baton mcp` on a folder, driven by the SDK's client over stdio as an agent's client drives it. */
async function serve(root: string, cache: string): Promise<{ client: Client; initializeMs: number; firstAnswerMs: number }> {
  const client = new Client({ name: 'baton-bench', version: '1.0.0' });
  const started = performance.now();
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', root],
    env: { ...process.env as Record<string, string>, XDG_CACHE_HOME: cache }, stderr: 'ignore' }));
  const initializeMs = performance.now() - started;
  // The first call waits for the first scan.
  await client.callTool({ name: 'baton_status', arguments: {} });
  return { client, initializeMs, firstAnswerMs: performance.now() - started };
}

/** Median of each call's own round trip (request written → answer parsed), after a warm-up. */
async function roundTrips(client: Client, calls: { name: string; arguments: Record<string, unknown> }[], warmup = 20): Promise<number> {
  for (const c of calls.slice(0, warmup)) await client.callTool(c);
  const samples: number[] = [];
  for (const c of calls) {
    const t = performance.now();
    const r = await client.callTool(c) as CallToolResult;
    samples.push(performance.now() - t);
    if (r.isError) throw new Error(`${c.name} failed: ${JSON.stringify(r.content)}`);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/**
 * The MCP server's round trips over stdio (process boundary, JSON-RPC, zod validation, the query, the JSON answer):
 * baton_owner among 1,000 intents × 20 scope entries and a 10,000-row intent map; baton_tasks over 10,000 orc tasks.
 */
export const measurement: Measurement = {
  name: 'mcp',
  description: `baton mcp over stdio: baton_owner round trip (1,000 intents) and baton_tasks round trip (${TASKS.toLocaleString('en-US')} orc tasks)`,
  async run(log) {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-bench-mcp-'));
    try {
      const intents = await serve(ownerLookupWorkspace(log), cache);
      const ownerMs = await roundTrips(intents.client, ownerLookupFiles(300).map((p) => ({ name: 'baton_owner', arguments: { path: p } })));
      await intents.client.close();

      const orc = await serve(orcWorkspace(TASKS, log), cache);
      const pageMs = await roundTrips(orc.client, Array.from({ length: 60 }, (_, n) => ({ name: 'baton_tasks', arguments: { offset: n * 50 } })), 5);
      const filteredMs = await roundTrips(orc.client, Array.from({ length: 60 }, (_, n) => ({ name: 'baton_tasks',
        arguments: { system: 'orc', kind: 'task', status: ['running', 'completed'], text: `task-${n % 10}` } })), 5);
      const statusMs = await roundTrips(orc.client, Array.from({ length: 30 }, () => ({ name: 'baton_status', arguments: {} })), 5);
      await orc.client.close();
      return [
        { label: 'start: spawn to initialize answered', value: ms(orc.initializeMs) },
        { label: `start: spawn to the first answer (first scan of ${TASKS.toLocaleString('en-US')} tasks, empty cache)`, value: ms(orc.firstAnswerMs) },
        { label: 'baton_owner round trip, median', value: ms(ownerMs), target: `≤ ${TARGETS.ownerMs} ms`, ok: ownerMs <= TARGETS.ownerMs },
        { label: 'baton_tasks round trip (a page of 50), median', value: ms(pageMs), target: `≤ ${TARGETS.tasksMs} ms`, ok: pageMs <= TARGETS.tasksMs },
        { label: 'baton_tasks round trip (status + text filter), median', value: ms(filteredMs), target: `≤ ${TARGETS.tasksMs} ms`, ok: filteredMs <= TARGETS.tasksMs },
        { label: 'baton_status round trip, median', value: ms(statusMs) },
      ];
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  },
};
