import * as assert from 'node:assert';
import { cpSync, promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { TraceFileRecord } from '../../src/core/formats/intents/model';
import type { BatonApi } from '../../src/vscode/extension';
import { batonApi, labels, until, workspaceRoot } from './helpers/baton';

const FIXTURE_SESSIONS = path.resolve(__dirname, '../../../test/fixtures/ultrawork/valid/home/.claude/ultrawork/sessions');
/** A broken orc task written for this test: its problem must leave the Problems panel with orc. */
const BROKEN = '.orc/tasks/TASK-SETTINGS-BROKEN/task.yaml';
const broken = () => path.join(workspaceRoot(), BROKEN);
const KEYS = ['systems', 'intents.traceTail', 'orange.root', 'ultrawork.sessionsRoot'] as const;

const config = () => vscode.workspace.getConfiguration('baton');
/** Writes a workspace setting (as a person would in .vscode/settings.json); undefined removes it. */
const set = (key: (typeof KEYS)[number], value: unknown) => config().update(key, value, vscode.ConfigurationTarget.Workspace);
/** Waits until the service has applied the settings and `check` holds (no sleeps; no reload). */
const applied = (api: BatonApi, check: () => boolean | Promise<boolean>, what: string) =>
  until(api.service.onDidReconfigure, check, 15000).catch((e: Error) => { throw new Error(`${what}: ${e.message}`); });

const bySystem = (api: BatonApi, system: string) => api.service.items().filter((i) => i.system === system);
/** The Problems panel's orc problems: all of them, or those of one file. */
const orcProblems = (file?: string) => vscode.languages.getDiagnostics().filter(([uri]) => !file || uri.fsPath === file)
  .flatMap(([, list]) => list).filter((d) => d.source === 'baton (orc)');
const orangeRows = (api: BatonApi) => api.orange.tree.getChildren().map((n) => String(api.orange.tree.getTreeItem(n).label));

describe('Settings apply without a reload', () => {
  let api: BatonApi;
  const original = new Map<string, unknown>();
  const extraSessions = () => path.join(workspaceRoot(), '.home', 'settings-sessions');

  before(async () => {
    api = await batonApi();
    for (const key of KEYS) original.set(key, config().inspect(key)?.workspaceValue);
  });
  after(async () => {
    // Other tests share this window: put the workspace's settings back and wait until the service has them.
    for (const key of KEYS) await set(key, original.get(key));
    await fs.rm(path.dirname(broken()), { recursive: true, force: true });
    await fs.rm(extraSessions(), { recursive: true, force: true });
    // The task the test fixed (planned) must be gone too, not only its problem: told directly, as the watcher may
    // deliver the removal after the next file's tests count the Planned group (seen on a fresh-clone CI run).
    await api.service.fileChanged(path.dirname(broken()));
    await until(api.service.onDidChange, () => orcProblems(broken()).length === 0 && bySystem(api, 'orange').length > 0
      && !api.service.items().some((i) => i.id === 'TASK-SETTINGS-BROKEN')
      && bySystem(api, 'orc').length > 0 && bySystem(api, 'ultrawork').length === 0, 15000)
      .catch((e: Error) => { throw new Error(`${e.message}: orc problems ${JSON.stringify(orcProblems(broken()).map((d) => d.message))}, orange ${bySystem(api, 'orange').length}, `
        + `orc ${bySystem(api, 'orc').length}, ultrawork ${bySystem(api, 'ultrawork').length}, patterns ${JSON.stringify(api.watcher.patterns)}`); });
  });

  it('a system turned off leaves the service, the views, the status bar and the Problems panel; turned on, it is back', async () => {
    await fs.mkdir(path.dirname(broken()), { recursive: true });
    await fs.writeFile(broken(), 'id: [unclosed\n');
    await until(vscode.languages.onDidChangeDiagnostics, () => orcProblems(broken()).length > 0, 10000);
    const problemsBefore = orcProblems().length;
    const tasksBefore = await labels(api);
    const orcBefore = bySystem(api, 'orc').length;
    const orangeBefore = bySystem(api, 'orange').length;
    const statusBefore = api.statusBar.text;
    assert.ok(orcBefore > 0 && orangeBefore > 0 && tasksBefore.length > 0 && statusBefore);
    assert.ok(api.watcher.patterns.some((p) => p.glob.includes('.orc/')));

    await set('systems', { orc: false });
    await applied(api, () => bySystem(api, 'orc').length === 0, 'orc turned off');
    assert.deepStrictEqual(await labels(api), [], 'the Tasks view is empty');
    assert.strictEqual(bySystem(api, 'orange').length, orangeBefore, 'the other systems stay');
    assert.ok(!api.watcher.patterns.some((p) => p.glob.includes('.orc/')), 'orc files are not watched');
    await until(vscode.languages.onDidChangeDiagnostics, () => orcProblems().length === 0, 10000);

    await set('systems', { orc: false, orchestral: false, intents: false, ultrawork: false, orange: false });
    await applied(api, () => api.service.items().length === 0, 'every system turned off');
    assert.deepStrictEqual(orangeRows(api), []);
    assert.strictEqual(api.statusBar.text, '', 'nothing to count: the status bar item is hidden');
    assert.deepStrictEqual(api.service.decisions(), []);
    assert.deepStrictEqual(api.watcher.patterns, []);
    assert.strictEqual(await vscode.commands.executeCommand('baton.showAgentTrace'), 'off', 'Show Agent Trace says intents are off, reading nothing');

    await set('systems', undefined);
    await applied(api, () => bySystem(api, 'orc').length === orcBefore && bySystem(api, 'orange').length === orangeBefore, 'every system back');
    assert.deepStrictEqual(await labels(api), tasksBefore);
    assert.strictEqual(api.statusBar.text, statusBefore);
    await until(vscode.languages.onDidChangeDiagnostics, () => orcProblems().length === problemsBefore, 10000);
    // The orc watcher started again: the broken task, fixed, is read at once.
    await fs.writeFile(broken(), 'id: TASK-SETTINGS-BROKEN\ntitle: Fixed\nstatus: planned\n');
    await until(vscode.languages.onDidChangeDiagnostics, () => orcProblems(broken()).length === 0, 15000)
      .catch((e: Error) => { throw new Error(`the fixed task was not read again: ${e.message}`); });
  });

  it('a changed baton.orange.root moves the orange view to the new folder, and back', async () => {
    const rowsBefore = orangeRows(api);
    assert.ok(rowsBefore.length > 0);
    const moved = path.join(workspaceRoot(), '.home', 'no-orange-here');
    await set('orange.root', '${workspaceFolder}/.home/no-orange-here');
    await applied(api, () => bySystem(api, 'orange').length === 0, 'orange root moved');
    assert.deepStrictEqual(orangeRows(api), []);
    assert.ok(api.watcher.patterns.some((p) => p.base === moved), 'the new root is watched');
    assert.ok(!api.watcher.patterns.some((p) => p.base === path.join(workspaceRoot(), '.home', 'orange')), 'the old one is not');

    await set('orange.root', original.get('orange.root'));
    await applied(api, () => bySystem(api, 'orange').length > 0, 'orange root back');
    assert.deepStrictEqual(orangeRows(api), rowsBefore);
  });

  it('a changed baton.ultrawork.sessionsRoot shows the sessions kept there, and a new session written there', async () => {
    assert.strictEqual(api.ultrawork.tree.sessionCount, 0);
    cpSync(path.join(FIXTURE_SESSIONS, 'a1-v5-mine'), path.join(extraSessions(), 'a1-v5-mine'), { recursive: true });
    await set('ultrawork.sessionsRoot', '${workspaceFolder}/.home/settings-sessions');
    await applied(api, () => api.ultrawork.tree.sessionCount === 1, 'sessions root moved');
    // The watcher moved with it: a session the plugin writes now appears.
    cpSync(path.join(FIXTURE_SESSIONS, 'd4-v5-unassigned'), path.join(extraSessions(), 'd4-v5-unassigned'), { recursive: true });
    await until(api.ultrawork.tree.onDidChangeTreeData, () => api.ultrawork.tree.sessionCount === 2, 15000);

    await set('ultrawork.sessionsRoot', original.get('ultrawork.sessionsRoot'));
    await applied(api, () => api.ultrawork.tree.sessionCount === 0, 'sessions root back');
  });

  it('a changed baton.intents.traceTail keeps that many trace entries; a value of the wrong type gives the default', async () => {
    const trace = () => api.service.records('intents').find((r) => (r.record as { kind?: string }).kind === 'trace')?.record as TraceFileRecord | undefined;
    const entries = trace()!.entries.length;
    assert.ok(entries >= 2, `the fixture's trace has ${entries} entries`);
    await set('intents.traceTail', 1);
    await applied(api, () => trace()?.entries.length === 1, 'trace tail 1');
    await set('intents.traceTail', 'all of them');
    await applied(api, () => trace()?.entries.length === entries, 'a wrong value gives the default (200)');
    assert.ok(api.settingsProblems().some((line) => line.startsWith('Setting baton.intents.traceTail') && line.includes('"all of them" is not a number; using 200')),
      `reported in the Baton output channel: ${JSON.stringify(api.settingsProblems())}`);
    await set('intents.traceTail', undefined);
    await applied(api, () => trace()?.entries.length === entries, 'trace tail unset');
  });
});
