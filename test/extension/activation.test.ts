// Smoke test proving the real-editor rig: the extension under development is installed and activates.
import * as assert from 'node:assert';
import { existsSync, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { sourceContext } from '../../src/vscode/settings';
import { batonApi } from './helpers/baton';

/** The Baton log's text once `done` holds for it, re-read on every change in its folder (VS Code writes it a moment later). */
function logWhen(file: string, done: (text: string) => boolean, ms = 20_000): Promise<string> {
  const read = () => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  return new Promise((resolve, reject) => {
    const watcher = watch(path.dirname(file), () => { if (done(read())) finish(); });
    const timer = setTimeout(() => { watcher.close(); reject(new Error(`the Baton log did not say it within ${ms} ms:\n${read()}`)); }, ms);
    const finish = () => { clearTimeout(timer); watcher.close(); resolve(read()); };
    if (done(read())) finish();
  });
}

describe('activation', () => {
  it('finds and activates baton-dev.baton', async () => {
    const ext = vscode.extensions.getExtension('baton-dev.baton');
    assert.ok(ext, 'extension baton-dev.baton is not loaded');
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });

  it('activate() reads no settings (VS Code builds its configuration for the first reader): the next slice does', async () => {
    const api = await batonApi();
    const text = await logWhen(api.logFile.fsPath, (t) => t.includes('activation done'));
    const activateLine = text.split('\n').find((l) => l.includes('activate() took'));
    const doneLine = text.split('\n').find((l) => l.includes('activation done'));
    assert.ok(activateLine && doneLine, text);
    assert.ok(!activateLine.includes('folders\' settings'), activateLine);
    assert.match(doneLine, /the rest folders' settings [\d.]+, /, 'read first thing after activate() returned');
    // Read then, with the workspace's settings: each folder's context is what its settings say.
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folders.length);
    assert.deepStrictEqual(api.service.folders, folders.map((f) => f.uri.fsPath));
    for (const folder of folders) assert.deepStrictEqual(api.service.contextOf(folder.uri.fsPath), sourceContext(folder));
  });
});
