import * as assert from 'node:assert';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, until } from '../extension/helpers/baton';

/** The wild intents fixtures (tests run from out/test/extension-multiroot/). */
const WILD = path.resolve(__dirname, '../../../test/fixtures/wild/intents');

/** Lenses of our provider on a file, as VS Code asks for them on an open document. */
async function ourLenses(file: string): Promise<vscode.CodeLens[]> {
  await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', vscode.Uri.file(file));
  return (lenses ?? []).filter((l) => l.command?.command === 'baton.revealIntent');
}

/**
 * Two folders built from the wild intents fixtures are added to the window: one whose intent_map.md names files
 * under each intent's heading as bullets (map-heading-nested-bullets), one whose agent_trace.jsonl holds
 * agent-trace.dev records naming the intent in `related` (trace-agent-trace-forks). The owners they give show as
 * CodeLens and Explorer badges in the real editor.
 */
describe('Owners from real-world intents files, in the editor', () => {
  let dir: string;
  let mapFolder: string;
  let traceFolder: string;
  let api: BatonApi;

  before(async function () {
    this.timeout(60000);
    api = await batonApi();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'baton-wild-intents-'));
    mapFolder = path.join(dir, 'map-heading-nested-bullets');
    traceFolder = path.join(dir, 'trace-agent-trace-forks');
    await fs.cp(path.join(WILD, 'map-heading-nested-bullets'), mapFolder, { recursive: true });
    await fs.cp(path.join(WILD, 'trace-agent-trace-forks'), traceFolder, { recursive: true });
    // The files the fixtures talk about, so the editor can open them.
    for (const [folder, rel] of [[mapFolder, 'lib/money/round.ts'], [mapFolder, 'svc/render/queue.ts'], [traceFolder, 'src/cart/total.ts']] as const) {
      await fs.mkdir(path.dirname(path.join(folder, rel)), { recursive: true });
      await fs.writeFile(path.join(folder, rel), 'export {};\n');
    }
    const added = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
    const at = (vscode.workspace.workspaceFolders ?? []).length;
    assert.ok(vscode.workspace.updateWorkspaceFolders(at, 0, { uri: vscode.Uri.file(mapFolder) }, { uri: vscode.Uri.file(traceFolder) }));
    await added;
    await until(api.service.onDidReconfigure, () => api.service.folders.includes(mapFolder) && api.service.folders.includes(traceFolder), 30000);
  });

  after(async function () {
    this.timeout(60000);
    const list = vscode.workspace.workspaceFolders ?? [];
    const first = list.findIndex((f) => f.uri.fsPath === mapFolder || f.uri.fsPath === traceFolder);
    if (first >= 0) {
      const removed = new Promise<void>((resolve) => { const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => { sub.dispose(); resolve(); }); });
      vscode.workspace.updateWorkspaceFolders(first, list.length - first);
      await removed;
      await until(api.service.onDidReconfigure, () => !api.service.folders.includes(mapFolder), 30000);
    }
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('reads both folders with no problem', () => {
    const problems = api.service.diagnostics().filter((d) => d.file.startsWith(dir));
    assert.deepStrictEqual(problems.map((d) => `${d.file}:${d.line} ${d.message}`), []);
  });

  it('shows a CodeLens and a badge for a file a heading-and-bullets intent map gives an intent', async () => {
    const file = path.join(mapFolder, 'lib/money/round.ts');
    const lenses = await ourLenses(file);
    assert.deepStrictEqual(lenses.map((l) => l.command!.title), ['$(target) INT-101 · Split the billing service · no status']);
    assert.match(String(lenses[0]!.command!.tooltip), /through the intent map/);
    const badge = await api.intents.decorations.provideFileDecoration(vscode.Uri.file(file));
    assert.strictEqual(badge?.badge, 'I');
    assert.match(String(badge?.tooltip), /Owned by intent INT-101 \(Split the billing service\) through the intent map/);
    // A file both the owned scope and the map's bullets give to the same intent: one lens, both ways named.
    const both = await ourLenses(path.join(mapFolder, 'svc/render/queue.ts'));
    assert.deepStrictEqual(both.map((l) => l.command!.title), ['$(target) billing-day3 · Day 3: invoice rendering · no status']);
    assert.match(String(both[0]!.command!.tooltip), /owned_scope svc\/render\/\*\* and the intent map/);
  });

  it('shows a CodeLens and a badge for a file agent-trace.dev lines say an intent last changed', async () => {
    const file = path.join(traceFolder, 'src/cart/total.ts');
    const lenses = await ourLenses(file);
    assert.deepStrictEqual(lenses.map((l) => l.command!.title), ['$(target) INT-401 · Cart totals and rules · IN_PROGRESS']);
    assert.match(String(lenses[0]!.command!.tooltip), /through the agent trace/);
    const badge = await api.intents.decorations.provideFileDecoration(vscode.Uri.file(file));
    assert.strictEqual(badge?.badge, 'I');
    assert.match(String(badge?.tooltip), /Owned by intent INT-401 \(Cart totals and rules\) through the agent trace/);
  });
});
