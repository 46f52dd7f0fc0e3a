import * as assert from 'node:assert';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, workspaceRoot } from '../extension/helpers/baton';
import { offered } from '../extension/helpers/mcp';

describe('MCP server definition provider (untrusted)', () => {
  let api: BatonApi;
  before(async () => {
    api = await batonApi();
    assert.strictEqual(vscode.workspace.isTrusted, false);
  });

  it('offers no server in Restricted Mode, and refuses to start one', async () => {
    assert.strictEqual(api.mcp.registered, true);
    assert.deepStrictEqual(await offered(api), []);
    // A definition the editor kept from elsewhere (or a stale one) is not started either.
    const stale = new vscode.McpStdioServerDefinition('Baton', process.execPath, ['cli.js', 'mcp', workspaceRoot()]);
    assert.strictEqual(await api.mcp.provider.resolveMcpServerDefinition(stale), undefined);
  });
});
