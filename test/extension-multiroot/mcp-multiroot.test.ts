import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi } from '../extension/helpers/baton';
import { assertServerFor, itemKeys, itemsServedBy, next, offered, sidebarItems } from '../extension/helpers/mcp';

const folderPaths = () => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
/** The workspace file's settings put Ultrawork and orange in one place for both folders (multiroot-workspace.mjs): passed on. */
const homeOptions = () => {
  const setting = (key: string) => vscode.workspace.getConfiguration('baton').get<string>(key)!;
  return ['--ultrawork-sessions', setting('ultrawork.sessionsRoot'), '--orange-root', setting('orange.root')];
};

describe('MCP server definition provider (multi-root)', function () {
  this.timeout(90_000);
  let api: BatonApi;
  before(async () => { api = await batonApi(); });

  it('offers one server for the window, its arguments every folder in the window\'s order', async () => {
    const folders = folderPaths();
    assert.ok(folders.length >= 2, 'a multi-root window');
    const servers = await offered(api);
    assert.strictEqual(servers.length, 1);
    assertServerFor(servers[0]!, folders, homeOptions());
    // Spoken to over MCP as the editor would start it: the items of every folder, as the sidebar has them.
    const served = itemKeys(await itemsServedBy(servers[0]!));
    for (const folder of folders) assert.ok(served.some((k) => k.startsWith(`${folder} `)), `items of ${folder}`);
    assert.deepStrictEqual(served, sidebarItems(api));
  });

  it('a folder added tells the editor to ask again, and the server then reads it last; removed, it is gone', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'baton-mcp-folder-'));
    try {
      const changed = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
      assert.ok(vscode.workspace.updateWorkspaceFolders(folderPaths().length, 0, { uri: vscode.Uri.file(dir) }));
      await changed;
      const withIt = folderPaths();
      assert.strictEqual(withIt.at(-1), dir);
      assertServerFor((await offered(api))[0]!, withIt, homeOptions());

      const removed = next(api.mcp.provider.onDidChangeMcpServerDefinitions);
      vscode.workspace.updateWorkspaceFolders(withIt.indexOf(dir), 1);
      await removed;
      assertServerFor((await offered(api))[0]!, folderPaths(), homeOptions());
      assert.ok(!(await offered(api))[0]!.args.includes(dir));
    } finally {
      const at = folderPaths().indexOf(dir);
      if (at >= 0) vscode.workspace.updateWorkspaceFolders(at, 1);
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
