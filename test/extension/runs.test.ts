import * as assert from 'node:assert';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RunTreeNode } from '../../src/vscode/runs/run-nodes';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, workspaceRoot } from './helpers/baton';

async function rows(api: BatonApi, node?: RunTreeNode): Promise<{ node: RunTreeNode; label: string; description: string; context: string }[]> {
  const children = await api.runs.runsTree.getChildren(node);
  return children.map((c) => {
    const item = api.runs.runsTree.getTreeItem(c);
    const label = typeof item.label === 'string' ? item.label : item.label?.label ?? path.basename(item.resourceUri?.fsPath ?? '');
    return { node: c, label, description: String(item.description ?? ''), context: item.contextValue ?? '' };
  });
}

describe('Runs view in the real editor', () => {
  it('shows the run with its phase, iteration, agents and what needs you', async () => {
    const api = await batonApi();
    const runs = await rows(api);
    assert.deepStrictEqual(runs.map((r) => [r.label, r.description, r.context]),
      [['A friendly greeting endpoint', 'waiting human · iteration 1/3 · 1 needs you', 'run:orchestral:waiting_human']]);
    const children = await rows(api, runs[0]!.node);
    assert.deepStrictEqual(children.map((c) => `${c.label} | ${c.description}`), [
      'Needs you: crp-001 | Which greeting should GET /hello return?',
      'refiner | completed',
      'builder | completed · done',
      'verifier | pending',
      'gatekeeper | pending',
      'Briefing | ',
      'Events | 3 events · last phase.changed',
    ]);
    const builder = await rows(api, children[2]!.node);
    assert.deepStrictEqual(builder.map((b) => b.label), ['done.flag', 'log.md']);
  });

  it('opens a run file from its row', async () => {
    const api = await batonApi();
    const run = (await rows(api))[0]!;
    const events = (await rows(api, run.node)).find((c) => c.label === 'Events')!;
    const item = api.runs.runsTree.getTreeItem(events.node);
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath,
      path.join(workspaceRoot(), '.orchestral/runs/run-20260201120000/events.log'));
  });
});
