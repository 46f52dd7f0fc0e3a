import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createStarterFiles } from '../../../src/core/onboarding/create-starter';
import { intentsFiles, orcProjectFiles } from '../../../src/core/onboarding/starter-files';
import { scanFolder } from '../helpers/scan';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

describe('onboarding starter files', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  let ws: TempWorkspace;
  beforeEach(() => { ws = new TempWorkspace(); });
  afterEach(() => ws.dispose());

  it('an orc project created in an empty folder scans with one task and no diagnostic', async () => {
    const result = await createStarterFiles(ws.root, orcProjectFiles(now));
    assert.deepStrictEqual(result.created, ['orc.yaml', '.orc/tasks/TASK-001/task.yaml']);
    const { tasks, diagnostics } = await scanFolder(ws.root);
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual([...tasks.keys()], ['TASK-001']);
    assert.strictEqual(tasks.get('TASK-001')?.status, 'created');
  });

  it('an intents file created in an empty folder scans with one intent and no diagnostic', async () => {
    await createStarterFiles(ws.root, intentsFiles(now));
    const { service, diagnostics } = await scanFolder(ws.root);
    assert.deepStrictEqual(diagnostics, []);
    const intents = service.items().filter((i) => i.system === 'intents');
    assert.deepStrictEqual(intents.map((i) => i.id), ['INT-001']);
  });

  it('never overwrites a file that exists, and still creates the missing ones', async () => {
    ws.write('orc.yaml', 'version: 1 # mine\n');
    const result = await createStarterFiles(ws.root, orcProjectFiles(now));
    assert.deepStrictEqual(result.kept, ['orc.yaml']);
    assert.deepStrictEqual(result.created, ['.orc/tasks/TASK-001/task.yaml']);
    assert.strictEqual(readFileSync(ws.path('orc.yaml'), 'utf8'), 'version: 1 # mine\n');
  });

  it('the demo bundled for the walkthrough scans with every workspace system and no diagnostic', async () => {
    const { service, diagnostics } = await scanFolder(path.join(REPO, 'dist/demo')); // the build's copy of demo/
    assert.deepStrictEqual(diagnostics.filter((d) => d.severity === 'error'), []);
    const systems = new Set(service.items().map((i) => i.system));
    for (const s of ['orc', 'orchestral', 'intents']) assert.ok(systems.has(s as never), s);
  });
});
