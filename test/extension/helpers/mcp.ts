import * as assert from 'node:assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../../src/vscode/extension';

/** What the provider offers now, as the editor would get it. */
export async function offered(api: BatonApi): Promise<vscode.McpStdioServerDefinition[]> {
  return [...(await api.mcp.provider.provideMcpServerDefinitions()) ?? []];
}

/** Baton's package.json as the editor loaded it, and its folder. */
export function batonExtension(): vscode.Extension<BatonApi> {
  const ext = vscode.extensions.getExtension<BatonApi>('baton-dev.baton');
  if (!ext) throw new Error('baton-dev.baton is not loaded');
  return ext;
}

/** Resolves at the next firing of `event` (rejects after `ms`). */
export function next(event: vscode.Event<unknown>, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`no event within ${ms} ms`)); }, ms);
    const sub = event(() => { clearTimeout(timer); sub.dispose(); resolve(); });
  });
}

/**
 * Checks the one server offered for `folders`: the editor's own Node running the bundled CLI's `mcp` command with
 * `options`, then `--` and every folder in order, from the first folder, named Baton, versioned as the extension.
 */
export function assertServerFor(server: vscode.McpStdioServerDefinition, folders: readonly string[], options: readonly string[] = []): void {
  const ext = batonExtension();
  const cli = path.join(ext.extensionPath, 'dist', 'cli.js');
  assert.strictEqual(server.label, 'Baton');
  assert.strictEqual(server.command, process.execPath);
  // The other worktrees and refs follow the folder options, as the settings ask (worktrees: on by default).
  const config = vscode.workspace.getConfiguration('baton');
  const places = [...(config.get<boolean>('worktrees.enabled', true) ? ['--worktrees'] : []), ...config.get<string[]>('refs', []).map((r) => `--refs=${r}`)];
  assert.deepStrictEqual(server.args, [cli, 'mcp', ...options, ...places, '--', ...folders]);
  assert.ok(existsSync(cli), `${cli} exists`);
  assert.deepStrictEqual(server.env, process.versions.electron !== undefined ? { ELECTRON_RUN_AS_NODE: '1' } : {});
  assert.strictEqual(server.cwd?.fsPath, folders[0]);
  assert.strictEqual(server.version, (ext.packageJSON as { version: string }).version);
}

/** One row of baton_tasks, as the tests read it. */
export interface ServedItem { readonly folder: string; readonly system: string; readonly kind: string; readonly id: string }

/**
 * Starts the server exactly as the editor would (its command, arguments, environment and working folder), speaks MCP
 * to it with the SDK's client, and returns every item baton_tasks lists (all pages); the server is closed after.
 */
export async function itemsServedBy(server: vscode.McpStdioServerDefinition): Promise<ServedItem[]> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...server.env })) if (typeof v === 'string') env[k] = v;
  const transport = new StdioClientTransport({ command: server.command, args: [...server.args], env, cwd: server.cwd?.fsPath, stderr: 'inherit' });
  const client = new Client({ name: 'baton-ext-test', version: '1' });
  await client.connect(transport);
  try {
    const items: ServedItem[] = [];
    for (let offset: number | undefined = 0; offset !== undefined;) {
      const result = await client.callTool({ name: 'baton_tasks', arguments: { offset, limit: 100 } }, undefined, { timeout: 120_000 });
      assert.ok(!result.isError, JSON.stringify(result.content));
      const page = result.structuredContent as { items: ServedItem[]; nextOffset?: number | null };
      items.push(...page.items);
      offset = page.nextOffset ?? undefined;
    }
    return items;
  } finally {
    await client.close();
  }
}

/** Items as keys (folder, system, kind, id), sorted: what the server served and what the sidebar holds compare equal. */
export function itemKeys(items: readonly ServedItem[]): string[] {
  return items.map((i) => `${i.folder} ${i.system} ${i.kind} ${i.id}`).sort();
}

/** What the sidebar holds now, as itemKeys. */
export function sidebarItems(api: BatonApi): string[] {
  return itemKeys(api.service.items().map((i) => ({ folder: i.root, system: i.system, kind: i.kind, id: i.id })));
}
