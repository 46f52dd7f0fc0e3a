import * as assert from 'node:assert';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../../src/vscode/extension';

/** The parts of `baton scan --json` the tests read (one folder: `root` and `items`; several: `folders`). */
export interface ScanJson { baton: number; root?: string; items?: { system: string; id: string }[]; folders?: { root: string }[] }

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
 * Checks the one server offered for `folders`: the editor's own Node running the bundled CLI's `mcp` command on
 * every folder in order, from the first folder, named Baton, versioned as the extension.
 */
export function assertServerFor(server: vscode.McpStdioServerDefinition, folders: readonly string[], home?: string): void {
  const ext = batonExtension();
  const cli = path.join(ext.extensionPath, 'dist', 'cli.js');
  assert.strictEqual(server.label, 'Baton');
  assert.strictEqual(server.command, process.execPath);
  assert.deepStrictEqual(server.args, [cli, 'mcp', ...folders, ...(home ? ['--home', home] : [])]);
  assert.ok(existsSync(cli), `${cli} exists`);
  assert.deepStrictEqual(server.env, process.versions.electron !== undefined ? { ELECTRON_RUN_AS_NODE: '1' } : {});
  assert.strictEqual(server.cwd?.fsPath, folders[0]);
  assert.strictEqual(server.version, (ext.packageJSON as { version: string }).version);
}

/**
 * Runs the server's command line with `scan --json` in place of `mcp` (same program, CLI, environment, folders and
 * working folder; no cache left in the home folder): the command the editor would start is a working Baton CLI that reads those folders.
 */
export async function scanThroughServerCommand(server: vscode.McpStdioServerDefinition): Promise<ScanJson> {
  // The folders, and `--home HOME` when there is one: `baton scan` takes both as `baton mcp` does.
  const [cli, verb, ...folders] = server.args;
  assert.strictEqual(verb, 'mcp');
  const env = { ...process.env, ...Object.fromEntries(Object.entries(server.env).map(([k, v]) => [k, v === null ? undefined : String(v)])) };
  const stdout = await new Promise<string>((resolve, reject) => {
    // exit 1 means a diagnostic is an error (the fixtures have some): the output still counts.
    execFile(server.command, [cli!, 'scan', ...folders, '--json', '--no-cache'], { env, cwd: server.cwd?.fsPath, timeout: 60_000, maxBuffer: 64 << 20 },
      (err, out, errText) => (err && err.code !== 1 ? reject(new Error(`${err.message}\n${errText}`)) : resolve(out)));
  });
  return JSON.parse(stdout) as ScanJson;
}
