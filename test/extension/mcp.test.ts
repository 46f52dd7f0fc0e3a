import * as assert from 'node:assert';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, workspaceRoot } from './helpers/baton';
import { assertServerFor, batonExtension, itemKeys, itemsServedBy, next, offered, sidebarItems } from './helpers/mcp';

const config = () => vscode.workspace.getConfiguration('baton');
/** The fixture's .vscode/settings.json keeps Ultrawork and orange under .home/: the server is told so. */
const fixtureOptions = (root: string) => ['--ultrawork-sessions', path.join(root, '.home/.claude/ultrawork/sessions'), '--orange-root', path.join(root, '.home/orange')];

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
    assertServerFor(server, [workspaceRoot()], fixtureOptions(workspaceRoot()));
    assert.strictEqual(await api.mcp.provider.resolveMcpServerDefinition(server), server);
    // Started as the editor starts it and spoken to over MCP: it serves every item the sidebar shows (orange from
    // the folder the settings name).
    const served = itemKeys(await itemsServedBy(server));
    assert.ok(served.some((k) => k.includes(' orange ')), served.join('\n'));
    assert.deepStrictEqual(served, sidebarItems(api));
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
    assertServerFor(again[0]!, [workspaceRoot()], fixtureOptions(workspaceRoot()));
  });

  it('another baton setting leaves the editor alone; a folder setting is passed on, and the server reads what the sidebar shows', async () => {
    let fired = 0;
    const sub = api.mcp.provider.onDidChangeMcpServerDefinitions(() => { fired++; });
    const root = workspaceRoot();
    try {
      await config().update('codeLens.enabled', false, vscode.ConfigurationTarget.Workspace);
      await config().update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Workspace);
      assert.strictEqual(fired, 0);
      // Ultrawork turned off and orc's home moved: the server is started with the same.
      const moved = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
      const applied = next(api.service.onDidReconfigure, 30_000);
      await config().update('systems', { ultrawork: false }, vscode.ConfigurationTarget.Workspace);
      await moved;
      await applied;
      const again = next(api.service.onDidReconfigure, 30_000);
      await config().update('orc.home', '${workspaceFolder}/.home/.orc', vscode.ConfigurationTarget.Workspace);
      await again;
      const [server] = await offered(api);
      assertServerFor(server!, [root], ['--orc-home', path.join(root, '.home/.orc'), ...fixtureOptions(root), '--systems', 'orc,orchestral,intents,orange']);
      const served = itemKeys(await itemsServedBy(server!));
      assert.ok(!served.some((k) => k.includes(' ultrawork ')), 'Ultrawork is off');
      assert.deepStrictEqual(served, sidebarItems(api));
    } finally {
      sub.dispose();
      const back = next(api.service.onDidReconfigure, 30_000);
      await config().update('systems', undefined, vscode.ConfigurationTarget.Workspace);
      await config().update('orc.home', undefined, vscode.ConfigurationTarget.Workspace);
      await back;
    }
  });
});
