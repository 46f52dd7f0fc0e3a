// UI scenario for baton.systems (issue 9): turning a system off in the workspace's settings.json empties its view at
// once, without a reload, and the view says why (the welcome content shown when `baton.off.ultrawork` is set);
// turned on again, the sessions are back. Runs against the temp copy of demo/ (see test/e2e/ui.test.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { log, waitFor } from '../lib.mjs';
import { roomFor, runCommand, treeRows, viewPane } from '../workbench.mjs';

const OFF_TEXT = 'Baton does not read Ultrawork in this workspace';

export const scenarios = [
  async function aSystemTurnedOffSaysSoInItsView({ page, workspace }) {
    const file = path.join(workspace, '.vscode', 'settings.json');
    const original = fs.readFileSync(file, 'utf8');
    await runCommand(page, 'View: Close All Editor Groups');
    await runCommand(page, 'Focus on Ultrawork View');
    const pane = viewPane(page, 'Ultrawork');
    await pane.waitFor({ timeout: 30000 });
    const undo = await roomFor(page, /^ultrawork$/i, 0);
    try {
      await waitFor(async () => (await treeRows(pane)).some((r) => r.level === 1), 'the demo sessions in the Ultrawork view');
      fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(original), 'baton.systems': { ultrawork: false } }, null, 2));
      await pane.locator('.welcome-view-content', { hasText: OFF_TEXT }).waitFor({ timeout: 30000 });
      if ((await treeRows(pane)).length) throw new Error('sessions are still listed with Ultrawork turned off');
      await pane.locator('.welcome-view-content a, .welcome-view-content .monaco-button', { hasText: 'Change baton.systems' }).first()
        .waitFor({ timeout: 5000 });
      fs.writeFileSync(file, original);
      await waitFor(async () => (await treeRows(pane)).some((r) => r.level === 1), 'the sessions back once Ultrawork is on again');
      log('Ultrawork turned off: the view said so; turned on: its sessions came back (no reload)');
    } finally {
      fs.writeFileSync(file, original);
      await undo();
    }
  },
];
