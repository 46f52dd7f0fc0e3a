import * as assert from 'node:assert';
import { promises as fs, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { writeDemoOrcDatabases } from '../../src/core/onboarding/demo-orc-db';
import type { CostsFolderView, ToCostsWebview } from '../../src/shared/costs-protocol';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, until } from '../extension/helpers/baton';

/** The demo's database-era project (tests run from out/test/extension-multiroot/). */
const DEMO_PROJECT = path.resolve(__dirname, '../../../demo/billing-service');
const DAY = 86_400_000;

type CostsMessage = Extract<ToCostsWebview, { type: 'costs' }>;

function folderIn(message: ToCostsWebview | undefined, name: string): CostsFolderView | undefined {
  return message?.type === 'costs' ? message.folders.find((f) => f.name === name) : undefined;
}

describe('the Cost view', () => {
  let api: BatonApi;
  let dir: string;
  let root: string;

  before(async function () {
    this.timeout(60000);
    api = await batonApi();
    dir = realpathSync(await fs.mkdtemp(path.join(os.tmpdir(), 'baton-costs-')));
    root = path.join(dir, 'billing');
    await fs.cp(DEMO_PROJECT, root, { recursive: true, filter: (src) => !/orc\.db|[/\\]home$/.test(src) });
    // The demo's two databases, dated a week ago: the project's and the global one with the cost ledger.
    await writeDemoOrcDatabases(root, Date.now() - 7 * DAY);
    const added = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
    assert.ok(vscode.workspace.updateWorkspaceFolders((vscode.workspace.workspaceFolders ?? []).length, 0, { uri: vscode.Uri.file(root) }));
    await added;
    await until(api.service.onDidChange, () => api.service.items().some((i) => i.system === 'orc' && i.root === root), 30000);
  });

  after(async function () {
    this.timeout(60000);
    for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
      if (tab.label === 'Baton: Costs') await vscode.window.tabGroups.close(tab);
    }
    const at = (vscode.workspace.workspaceFolders ?? []).findIndex((f) => f.uri.fsPath === root);
    if (at >= 0) {
      const removed = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
      vscode.workspace.updateWorkspaceFolders(at, 1);
      await removed;
    }
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('Show Costs opens a panel with the folder\'s cost ledger per day and model, and follows a rewrite of the global database', async function () {
    this.timeout(60000);
    const panel = api.costs.panel;
    const first = new Promise<CostsMessage>((resolve) => {
      const sub = panel.onDidPost((m) => { if (m.type === 'costs' && folderIn(m, 'billing')?.ledger) { sub.dispose(); resolve(m); } });
    });
    await vscode.commands.executeCommand('baton.showCosts');
    const shown = folderIn(await first, 'billing')!;
    const ledger = shown.ledger!;
    assert.strictEqual(ledger.days.length, 30);
    assert.ok(ledger.models.length >= 1 && ledger.byDayModel.length >= 1, JSON.stringify(ledger.byModel));
    assert.ok(ledger.windowTotal.costUsd > 0 && ledger.total.entries >= ledger.byDayModel.length);
    assert.ok(ledger.tasks.some((t) => t.title !== null), 'tasks named by the titles in the project database');
    assert.ok(shown.orcDatabase && shown.orcDatabase.items > 0, 'the database tasks\' tokens beside the ledger');
    assert.deepStrictEqual(shown.problems, []);
    const days = new Set(ledger.byDayModel.map((r) => r.day));
    console.log(`Cost view: ${ledger.models.join(', ')}; ${ledger.byDayModel.length} day/model bars on ${days.size} days; ${ledger.windowTotal.costUsd.toFixed(2)} USD in 30 days`);

    // orc writes its global database while it runs: the open view follows (here: the demo rebuilt, dated 40 days ago,
    // so every row leaves the 30-day window but still counts in the all-time total).
    const moved = new Promise<CostsMessage>((resolve) => {
      const sub = panel.onDidPost((m) => {
        const l = m.type === 'costs' ? folderIn(m, 'billing')?.ledger : undefined;
        if (m.type === 'costs' && l && l.windowTotal.costUsd === 0) { sub.dispose(); resolve(m); }
      });
    });
    await writeDemoOrcDatabases(root, Date.now() - 40 * DAY);
    const later = folderIn(await moved, 'billing')!.ledger!;
    assert.deepStrictEqual(later.byDayModel, []);
    assert.strictEqual(later.total.entries, ledger.total.entries);
  });
});
