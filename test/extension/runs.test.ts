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
    assert.deepStrictEqual(runs.map((r) => [r.label, r.description, r.context]), [
      ['A friendly greeting endpoint', 'waiting human · iteration 1/3 · 1 needs you', 'run:orchestral:waiting_human'],
      ['run-20260131090000', 'completed · iteration 2/3 · PASS · error · $0.21', 'run:orchestral:completed:error:mrp'],
    ]);
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

  it('marks the error flag, lists usage, models, verdict, tests and past decisions, and opens the MRP viewer', async () => {
    const api = await batonApi();
    const done = (await rows(api))[1]!;
    const children = await rows(api, done.node);
    // Dure's per-agent usage and ModelSelector models (state.json `agents.<name>.usage`, `model_selection`).
    assert.deepStrictEqual(children.map((c) => `${c.label} | ${c.description}`), [
      'refiner | completed · haiku · $0.0040',
      'builder | completed · sonnet · done · $0.15',
      'verifier | completed · haiku · $0.012',
      'gatekeeper | completed · sonnet · error.flag · $0.046',
      'Usage | 59,100 tokens · $0.21',
      'Models | medium · score 40 · dynamic',
      'Verdict PASS | iteration 2 · All tests pass.',
      'Tests | 4/4 passed · coverage 90%',
      'Decisions | 1 VCR',
      'Merge-Readiness Pack | 4/4 tests',
    ]);
    assert.match(children[3]!.context, /^agent:orchestral:completed:error$/);
    const decisions = await rows(api, children[8]!.node);
    assert.deepStrictEqual(decisions.map((d) => `${d.label} | ${d.description}`),
      ['vcr-001 → crp-001 | q1 → A, q2 → A · Defaults first.', 'crp-001 | resolved · Port? · Log format?']);
    const gatekeeper = await rows(api, children[3]!.node);
    assert.deepStrictEqual(gatekeeper.map((g) => g.label), ['error.flag', 'verdict.json']);

    const mrp = api.runs.runsTree.getTreeItem(children[9]!.node);
    await vscode.commands.executeCommand(mrp.command!.command, ...(mrp.command!.arguments ?? []));
    const html = api.runs.mrp.html(path.join(workspaceRoot(), '.orchestral/runs/run-20260131090000'))!;
    assert.match(html, /<h1>Merge-Readiness Pack — config<\/h1>/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/, 'raw HTML in summary.md is shown as text');
    assert.match(html, /4 of 4 passing/);
    assert.match(html, /<code>src\/app.ts<\/code>/);
    assert.match(html, /<strong>vcr-001<\/strong><\/a> \(answers crp-001\): q1 → A, q2 → A — Defaults first\./);
    // the run's title once: summary.md's heading is the page's only <h1>, and the header does not repeat it
    assert.strictEqual(html.split('<h1>').length - 1, 1);
    // a changed file opens through the one command the page may run
    const link = /href="(command:baton\.runs\.openFile\?[^"]+)"[^>]*><code>src\/app.ts<\/code>/.exec(html);
    assert.ok(link, 'the changed file is a command: link');
    const uri = vscode.Uri.parse(link[1]!.replace(/&amp;/g, '&'));
    const [file] = JSON.parse(decodeURIComponent(uri.query)) as string[];
    await vscode.commands.executeCommand(uri.path, file);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, path.join(workspaceRoot(), 'src/app.ts'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.match(html, /script-src|default-src 'none'/);
    assert.doesNotMatch(html, /<script/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
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
