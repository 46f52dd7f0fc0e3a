import * as assert from 'node:assert';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, workspaceRoot } from './helpers/baton';
import { assertServerFor, batonExtension, next, offered, scanThroughServerCommand } from './helpers/mcp';

const config = () => vscode.workspace.getConfiguration('baton');

describe('MCP server definition provider (trusted, one folder)', function () {
  this.timeout(90_000);
  let api: BatonApi;
  before(async () => { api = await batonApi(); });
  afterEach(async () => {
    // Other tests share this window: the setting back to its default.
    if (config().inspect('mcp.enabled')?.workspaceValue !== undefined) await config().update('mcp.enabled', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('registers the provider under the id package.json contributes', () => {
    const contributed = (batonExtension().packageJSON as { contributes: { mcpServerDefinitionProviders: { id: string; label: string }[] } })
      .contributes.mcpServerDefinitionProviders;
    assert.deepStrictEqual(contributed.map((p) => p.id), [api.mcp.id]);
    assert.strictEqual(api.mcp.registered, true, 'the editor took the registration');
  });

  it('offers one server: the editor\'s Node running the bundled CLI\'s mcp command on the folder, which the editor may start', async () => {
    const servers = await offered(api);
    assert.strictEqual(servers.length, 1);
    const [server] = servers as [vscode.McpStdioServerDefinition];
    assertServerFor(server, [workspaceRoot()]);
    assert.strictEqual(await api.mcp.provider.resolveMcpServerDefinition(server), server);
    // The same program, CLI, environment and folder read the workspace.
    const scan = await scanThroughServerCommand(server);
    assert.strictEqual(scan.baton, 1);
    assert.strictEqual(scan.root, workspaceRoot());
  });

  it('baton.mcp.enabled off: none offered, the editor told at once, a pending start refused; on again: back', async () => {
    const [before] = await offered(api);
    assert.ok(before);
    const off = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
    await config().update('mcp.enabled', false, vscode.ConfigurationTarget.Workspace);
    await off;
    assert.deepStrictEqual(await offered(api), []);
    assert.strictEqual(await api.mcp.provider.resolveMcpServerDefinition(before), undefined, 'a server offered before is not started');

    const on = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
    await config().update('mcp.enabled', undefined, vscode.ConfigurationTarget.Workspace);
    await on;
    const again = await offered(api);
    assert.strictEqual(again.length, 1);
    assertServerFor(again[0]!, [workspaceRoot()]);
  });

  it('another baton setting leaves the editor alone; home folders moved under one home: --home, and the server reads what the sidebar shows', async () => {
    let fired = 0;
    const sub = api.mcp.provider.onDidChangeMcpServerDefinitions(() => { fired++; });
    const original = config().inspect('orc.home')?.workspaceValue;
    const root = workspaceRoot();
    try {
      await config().update('codeLens.enabled', false, vscode.ConfigurationTarget.Workspace);
      await config().update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Workspace);
      assert.strictEqual(fired, 0);
      // The fixture keeps Ultrawork and orange under .home/ (its settings.json); orc's home joins them there.
      const moved = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
      const applied = next(api.service.onDidReconfigure, 30_000);
      await config().update('orc.home', '${workspaceFolder}/.home/.orc', vscode.ConfigurationTarget.Workspace);
      await moved;
      await applied;
      const [server] = await offered(api);
      assertServerFor(server!, [root], path.join(root, '.home'));
      const keys = (items: readonly { system: string; id: string }[]) => items.filter((i) => i.system === 'orange' || i.system === 'ultrawork')
        .map((i) => `${i.system}:${i.id}`).sort();
      const sidebar = keys(api.service.items());
      assert.ok(sidebar.length > 0, 'the fixture has orange tasks and Ultrawork sessions');
      assert.deepStrictEqual(keys((await scanThroughServerCommand(server!)).items ?? []), sidebar);
    } finally {
      sub.dispose();
      const back = next(api.service.onDidReconfigure, 30_000);
      await config().update('orc.home', original, vscode.ConfigurationTarget.Workspace);
      await back;
    }
  });
});
