import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi } from '../extension/helpers/baton';
import { assertServerFor, next, offered, scanThroughServerCommand } from '../extension/helpers/mcp';

const folderPaths = () => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);

describe('MCP server definition provider (multi-root)', function () {
  this.timeout(90_000);
  let api: BatonApi;
  before(async () => { api = await batonApi(); });

  it('offers one server for the window, its arguments every folder in the window\'s order', async () => {
    const folders = folderPaths();
    assert.ok(folders.length >= 2, 'a multi-root window');
    const servers = await offered(api);
    assert.strictEqual(servers.length, 1);
    assertServerFor(servers[0]!, folders);
    const scan = await scanThroughServerCommand(servers[0]!);
    assert.deepStrictEqual(scan.folders?.map((f) => f.root), folders);
  });

  it('a folder added tells the editor to ask again, and the server then reads it last; removed, it is gone', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'baton-mcp-folder-'));
    try {
      const changed = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
      assert.ok(vscode.workspace.updateWorkspaceFolders(folderPaths().length, 0, { uri: vscode.Uri.file(dir) }));
      await changed;
      const withIt = folderPaths();
      assert.strictEqual(withIt.at(-1), dir);
      assertServerFor((await offered(api))[0]!, withIt);

      const removed = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
      vscode.workspace.updateWorkspaceFolders(withIt.indexOf(dir), 1);
      await removed;
      assertServerFor((await offered(api))[0]!, folderPaths());
      assert.ok(!(await offered(api))[0]!.args.includes(dir));
    } finally {
      const at = folderPaths().indexOf(dir);
      if (at >= 0) vscode.workspace.updateWorkspaceFolders(at, 1);
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
