// Smoke test proving the real-editor rig: the extension under development is installed and activates.
import * as assert from 'node:assert';
import * as vscode from 'vscode';

describe('activation', () => {
  it('finds and activates baton-dev.baton', async () => {
    const ext = vscode.extensions.getExtension('baton-dev.baton');
    assert.ok(ext, 'extension baton-dev.baton is not loaded');
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });
});
