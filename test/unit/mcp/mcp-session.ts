import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO } from '../helpers/temp-workspace';

export const CLI = path.join(REPO, 'dist', 'cli.js');

/** `baton mcp` started as a real process and driven by the SDK's real client over stdio. */
export class McpSession {
  readonly client = new Client({ name: 'baton-test', version: '1.0.0' });
  readonly stderr: string[] = [];
  private readonly cache = mkdtempSync(path.join(os.tmpdir(), 'baton-mcp-cache-'));
  private transport: StdioClientTransport | undefined;

  static async start(args: string[]): Promise<McpSession> {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
    const session = new McpSession();
    await session.connect(args);
    return session;
  }

  private async connect(args: string[]): Promise<void> {
    this.transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args],
      env: { ...process.env as Record<string, string>, XDG_CACHE_HOME: this.cache }, stderr: 'pipe' });
    this.transport.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
    await this.client.connect(this.transport);
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    return await this.client.callTool({ name, arguments: args }) as CallToolResult;
  }

  /** The structured content of a successful call (fails the test, with the message, on a tool error). */
  async json<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const r = await this.call(name, args);
    if (r.isError) throw new Error(`${name} answered an error: ${textOf(r)}`);
    const text = textOf(r);
    // The text is the same JSON, for clients that show text only.
    if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(r.structuredContent)) throw new Error(`${name}: text and structured content differ`);
    return r.structuredContent as T;
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
    rmSync(this.cache, { recursive: true, force: true });
  }
}

export function textOf(r: CallToolResult): string {
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** Polls until `check` returns a value (not undefined) or the time is up; robust on a busy machine, no fixed sleeps. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${last ? ` (last: ${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, delay));
  }
}
