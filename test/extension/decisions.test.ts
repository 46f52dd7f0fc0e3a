import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DecisionOutcome } from '../../src/core/decisions/answer-decision';
import { decisionKey } from '../../src/core/model/items';
import { batonApi, shownInbox, until, workspaceRoot } from './helpers/baton';

const RUN = '.orchestral/runs/run-20260201120000';

describe('Needs you inbox in the real editor', () => {
  const files = ['state.json', 'crp/crp-1738411590.json'].map((f) => path.join(RUN, f));
  const originals = new Map<string, string>();

  before(async () => {
    for (const f of files) originals.set(f, await fs.readFile(path.join(workspaceRoot(), f), 'utf8'));
  });

  // Put the fixture back as it was, so the other tests see the pending CRP. The service is told directly (the
  // watcher is not what this file tests, and a busy machine may deliver its events late).
  after(async () => {
    const api = await batonApi();
    const touched: string[] = [];
    for (const [f, text] of originals) { await fs.writeFile(path.join(workspaceRoot(), f), text); touched.push(path.join(workspaceRoot(), f)); }
    for (const vcr of await fs.readdir(path.join(workspaceRoot(), RUN, 'vcr'))) {
      if (!vcr.endsWith('.json')) continue;
      await fs.rm(path.join(workspaceRoot(), RUN, 'vcr', vcr));
      touched.push(path.join(workspaceRoot(), RUN, 'vcr', vcr));
    }
    for (const file of touched) await api.service.fileChanged(file);
    assert.strictEqual(api.service.decisions().length, 1);
    assert.ok(api.service.items().some((i) => i.system === 'orchestral' && i.kind === 'run' && i.id === 'run-20260201120000' && i.vcrs.length === 0));
  });

  it('lists the fixture\'s pending CRP in the view, with a badge and the status-bar count', async () => {
    const api = await batonApi();
    const controller = await shownInbox(api);
    const snapshot = controller.snapshot();
    assert.ok(snapshot.type === 'decisions');
    assert.deepStrictEqual(snapshot.decisions.map((d) => [d.title, d.subtitle, d.source]),
      [['crp-001', 'A friendly greeting endpoint — run-20260201120000', `${RUN}/crp/crp-1738411590.json`]]);
    const form = snapshot.decisions[0]!.form;
    assert.ok(form.form === 'crp');
    assert.deepStrictEqual(form.questions.map((q) => [q.id, q.question, q.recommendation, q.options.map((o) => o.label)]),
      [[null, 'Which greeting should GET /hello return?', 'A', ['Hello, world', 'Hello, <name>']]]);
    assert.strictEqual(snapshot.trusted, true);
    assert.deepStrictEqual(api.decisions.needsYou.badge, { value: 1, tooltip: '1 decision waiting for you' });
    assert.match(api.statusBar.text, /^\$\(bell\) 1 waiting/);
  });

  it('refuses invalid messages from the webview before anything is written', async () => {
    const api = await batonApi();
    const controller = await shownInbox(api);
    const d = api.service.decisions()[0]!;
    const key = decisionKey(d);
    const snapshot = controller.snapshot();
    assert.ok(snapshot.type === 'decisions');
    const view = snapshot.decisions[0]!;
    const good = { type: 'answer', requestId: 'r1', key, version: view.version,
      answer: { form: 'crp', decision: 'B', rationale: '', additionalNotes: '', appliesToFuture: false } };
    for (const bad of [
      { ...good, answer: { ...good.answer, decision: '__proto__' } },
      { ...good, answer: { ...good.answer, appliesToFuture: 'yes' } },
      { ...good, extra: 'field' },
      { ...good, type: 'write' },
      { ...good, answer: { ...good.answer, decision: { constructor: 'A' } } },
      'answer B',
    ]) {
      const handled = await controller.receive(bad);
      assert.strictEqual(handled.ok, false, JSON.stringify(bad));
    }
    // A stale form (the file moved on since it was shown) is refused by the writer.
    const stale = await controller.receive({ ...good, version: 'sha256-of-something-else:' });
    assert.deepStrictEqual(stale, { ok: true, type: 'answer' });
    assert.deepStrictEqual((await fs.readdir(path.join(workspaceRoot(), RUN, 'vcr'))).filter((f) => f.endsWith('.json')), []);
    assert.strictEqual(api.service.decisions().length, 1);
  });

  it('opens the full-editor form from the command', async () => {
    const api = await batonApi();
    const key = decisionKey(api.service.decisions()[0]!);
    await vscode.commands.executeCommand('baton.openDecision', key);
    const controller = api.decisions.panels.controllerFor(key);
    assert.ok(controller, 'a panel for the decision');
    await until(controller.onDidPost, () => controller.isReady, 15000);
    const snapshot = controller.snapshot();
    assert.ok(snapshot.type === 'decisions' && snapshot.mode === 'single' && snapshot.focus === key);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('answers through the command: the VCR is written and the inbox empties', async () => {
    const api = await batonApi();
    const controller = await shownInbox(api);
    const outcome = await vscode.commands.executeCommand<DecisionOutcome>('baton.answerDecision',
      { id: 'crp-001', decision: 'B', rationale: 'Personal greetings read better.', appliesToFuture: true });
    assert.ok(outcome?.ok, JSON.stringify(outcome));
    // Dure's own id for an answer: vcr-<epoch ms>, the moment of created_at.
    const written = (await fs.readdir(path.join(workspaceRoot(), RUN, 'vcr'))).filter((f) => f.endsWith('.json'));
    assert.strictEqual(written.length, 1, JSON.stringify(written));
    const vcr = JSON.parse(await fs.readFile(path.join(workspaceRoot(), RUN, 'vcr', written[0]!), 'utf8'));
    assert.match(vcr.vcr_id, /^vcr-\d{13}$/);
    assert.strictEqual(written[0], `${vcr.vcr_id}.json`);
    assert.strictEqual(vcr.created_at, new Date(Number(vcr.vcr_id.slice(4))).toISOString());
    assert.deepStrictEqual({ ...vcr, vcr_id: 'V', created_at: 'T' }, { vcr_id: 'V', crp_id: 'crp-001', created_at: 'T', decision: 'B',
      rationale: 'Personal greetings read better.', additional_notes: '', applies_to_future: true });
    // state.json is Dure's to change when it resumes the run (it needs phase waiting_human and pending_crp).
    const state = await fs.readFile(path.join(workspaceRoot(), RUN, 'state.json'), 'utf8');
    assert.strictEqual(state, originals.get(path.join(RUN, 'state.json'))!);
    assert.strictEqual(JSON.parse(await fs.readFile(path.join(workspaceRoot(), RUN, 'crp/crp-1738411590.json'), 'utf8')).status, 'resolved');

    assert.deepStrictEqual(api.service.decisions(), []);
    // The Runs view shows the run as answered and waiting for Dure, not as waiting for the person.
    const run = (await api.runs.runsTree.getChildren()).find((n) => 'run' in n && n.run.id === 'run-20260201120000')!;
    const item = api.runs.runsTree.getTreeItem(run);
    assert.strictEqual(item.description, 'answered, waiting for Dure to resume · iteration 1/3');
    assert.strictEqual(item.contextValue, 'run:orchestral:waiting_human:answered');
    const snapshot = controller.snapshot();
    assert.ok(snapshot.type === 'decisions' && snapshot.decisions.length === 0);
    assert.strictEqual(api.decisions.needsYou.badge, undefined);
    assert.doesNotMatch(api.statusBar.text, /\$\(bell\)/, 'no decision: no decisions item');

    const again = await vscode.commands.executeCommand<DecisionOutcome>('baton.answerDecision', { id: 'crp-001', decision: 'A' });
    assert.strictEqual(again?.ok, false);
  });
});
