import * as assert from 'node:assert';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { StarterResult } from '../../src/core/onboarding/create-starter';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import { batonApi, shownViews, workspaceRoot } from '../extension/helpers/baton';

// Runs in a window whose folder starts empty: the empty views' create commands, then what Baton reads from them.
describe('onboarding in an empty folder', () => {
  it('starts with nothing found', async () => {
    const api = await batonApi();
    await api.ready;
    assert.deepStrictEqual(readdirSync(workspaceRoot()), []);
    assert.strictEqual(api.service.items().length, 0);
  });

  it('a clone of a database-era orc project (.orc/config.yaml, its database elsewhere) is an orc project with no tasks, not offered a new one', async () => {
    const api = await batonApi();
    const config = path.join(workspaceRoot(), '.orc', 'config.yaml');
    mkdirSync(path.dirname(config), { recursive: true });
    writeFileSync(config, 'version: 1\nprofile: auto\ngates:\n    default_type: auto\n');
    try {
      await vscode.commands.executeCommand('baton.refresh');
      assert.strictEqual(api.attention.contextKeys()['baton.orc.withoutTasks'], true);
      assert.match(api.orc.cliNote.message ?? '', /^An orc project \(\.orc\/config\.yaml\) with no tasks: there is no \.orc\/tasks\/ folder \(orc's file layout\) and no /);
      const refused = await vscode.commands.executeCommand<StarterResult | undefined>('baton.createOrcProject');
      assert.strictEqual(refused, undefined);
      assert.deepStrictEqual(readdirSync(workspaceRoot()), ['.orc'], 'no orc.yaml beside .orc/config.yaml, no task file');
      assert.deepStrictEqual(api.service.diagnostics(), []);
    } finally {
      rmSync(path.dirname(config), { recursive: true, force: true });
      await vscode.commands.executeCommand('baton.refresh');
    }
    assert.strictEqual(api.attention.contextKeys()['baton.orc.withoutTasks'], false);
    assert.strictEqual(api.orc.cliNote.message, undefined);
  });

  it('a clone of a Dure project (its committed .dure/config/, runs git-ignored) shows the Runs view, not "no orchestrator state"', async () => {
    const api = await batonApi();
    const config = path.join(workspaceRoot(), '.dure', 'config', 'global.json');
    mkdirSync(path.dirname(config), { recursive: true });
    writeFileSync(config, '{\n  "max_iterations": 3,\n  "web_port": 3873\n}\n');
    try {
      await vscode.commands.executeCommand('baton.refresh');
      await api.attention.badge.update();
      assert.deepStrictEqual(shownViews(api.attention.contextKeys()), ['baton.needsYou', 'baton.runs']);
      assert.strictEqual(api.attention.contextKeys()['baton.hasState'], true);
    } finally {
      rmSync(path.join(workspaceRoot(), '.dure'), { recursive: true, force: true });
      await vscode.commands.executeCommand('baton.refresh');
      await api.attention.badge.update();
    }
    assert.strictEqual(api.attention.contextKeys()['baton.hasState'], false);
    assert.deepStrictEqual(shownViews(api.attention.contextKeys()), ['baton.needsYou', 'baton.tasks']);
  });

  it('Create orc Project writes orc.yaml and TASK-001, which the Tasks view reads with no problem', async () => {
    const api = await batonApi();
    const result = await vscode.commands.executeCommand<StarterResult>('baton.createOrcProject');
    assert.deepStrictEqual(result.created, ['orc.yaml', '.orc/tasks/TASK-001/task.yaml']);
    assert.deepStrictEqual(api.service.items().filter((i) => i.system === 'orc').map((i) => i.id), ['TASK-001']);
    assert.deepStrictEqual(api.service.diagnostics(), []);
  });

  it('a workspace with only orc shows Needs You and Tasks, and no other view', async () => {
    const api = await batonApi();
    await api.attention.badge.update();
    assert.deepStrictEqual(shownViews(api.attention.contextKeys()), ['baton.needsYou', 'baton.tasks']);
    assert.strictEqual(api.attention.badge.badge, undefined, 'nothing waits: no badge');
  });

  it('Create Intents File writes one example intent, read with no problem', async () => {
    const api = await batonApi();
    const result = await vscode.commands.executeCommand<StarterResult>('baton.createIntentsFile');
    assert.deepStrictEqual(result.created, ['.orchestration/active_intents.yaml']);
    assert.deepStrictEqual(api.service.items().filter((i) => i.system === 'intents').map((i) => i.id), ['INT-001']);
    assert.deepStrictEqual(api.service.diagnostics(), []);
  });

  it('pressed again, they keep every file as it is', async () => {
    const file = path.join(workspaceRoot(), 'orc.yaml');
    const before = readFileSync(file, 'utf8') + '# edited by hand\n';
    await vscode.workspace.fs.writeFile(vscode.Uri.file(file), Buffer.from(before));
    const orc = await vscode.commands.executeCommand<StarterResult>('baton.createOrcProject');
    const intents = await vscode.commands.executeCommand<StarterResult>('baton.createIntentsFile');
    assert.deepStrictEqual([orc.created, intents.created], [[], []]);
    assert.deepStrictEqual(orc.kept, ['orc.yaml', '.orc/tasks/TASK-001/task.yaml']);
    assert.strictEqual(readFileSync(file, 'utf8'), before);
  });

  it('Open the Demo copies the bundled demo (every system) into a new folder', async () => {
    const folder = await vscode.commands.executeCommand<string>('baton.openDemo', { open: false });
    assert.notStrictEqual(path.resolve(folder), path.resolve(workspaceRoot()));
    for (const rel of ['orc.yaml', '.orc/tasks', '.orchestral/runs', '.orchestration/active_intents.yaml', 'home/orange', '.vscode/settings.json',
      'baton-demo.code-workspace', 'billing-service/.orc/config.yaml', 'billing-service/.orc/orc.db', 'billing-service/home/.orc/orc.db']) {
      assert.ok(existsSync(path.join(folder, rel)), rel);
    }
    // The database-era project's databases are built in the copy by the schema script (none ship in the extension).
    const service = new OrchestrationService({ folders: [{ root: path.join(folder, 'billing-service'), orcHome: path.join(folder, 'billing-service', 'home', '.orc') }] });
    await service.scan();
    const tasks = service.items().filter((i) => i.system === 'orc' && i.kind === 'task');
    assert.deepStrictEqual([tasks.length, tasks.every((t) => t.system === 'orc' && t.kind === 'task' && t.era === 'db')], [7, true]);
    assert.deepStrictEqual(service.decisions().map((d) => d.id), ['TASK-002:implement']);
    assert.deepStrictEqual(service.diagnostics(), []);
    service.dispose();
  });
});
