// UI scenarios for issue 17 items 5 and 6, against the temp copy of demo/ (see test/e2e/ui.test.mjs).
// 1. The activity-bar Baton icon shows the count of decisions waiting before the sidebar is opened: the sidebar is
//    closed and the window reloaded, so no Baton view has been created when the badge is read; the number must equal
//    the status bar's decisions item (read by its accessible label, a sentence).
// 2. A task.yaml broken on disk leaves its task in the Tasks tree, in the Unreadable group with its problem; a click
//    opens the file.
import fs from 'node:fs';
import path from 'node:path';
import { log, waitFor } from '../lib.mjs';
import { roomFor, runCommand, treeRows, viewPane } from '../workbench.mjs';

const BATON_ICON = '.part.activitybar .action-item a[aria-label^="Baton"]';

export const scenarios = [
  async function activityBarBadgeShowsDecisionsBeforeTheSidebarIsOpened({ page }) {
    // The other scenarios open the sidebar early: close it, then reload, so this window starts without it.
    if (await page.locator('.part.sidebar').isVisible()) await runCommand(page, 'View: Close Primary Side Bar');
    // Waited for as a page load: the old workbench answers the locators below until the reload replaces it, and a
    // reload landing during the next scenario destroys the page it is working in (seen once on a loaded CI machine).
    const reloaded = page.waitForEvent('load', { timeout: 60000 });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator(BATON_ICON).first().waitFor({ timeout: 60000 });
    if (await page.locator('.part.sidebar').isVisible()) throw new Error('the sidebar came back after the reload');
    const badge = page.locator('.part.activitybar .action-item:has(a[aria-label^="Baton"]) .badge-content');
    const shown = await waitFor(async () => {
      const text = (await badge.first().textContent().catch(() => ''))?.trim();
      return /^\d+$/.test(text ?? '') ? Number(text) : null;
    }, 'a number on the Baton activity-bar icon');
    const status = await waitFor(async () => {
      const labels = await page.locator('.part.statusbar [aria-label]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      const m = labels.map((l) => /^(\d+) decisions? waiting$/.exec(l ?? '')).find(Boolean);
      return m ? Number(m[1]) : null;
    }, 'the status bar item read as "N decisions waiting"');
    if (shown !== status) throw new Error(`the badge says ${shown}, the status bar ${status} decisions waiting`);
    if (await page.locator('.part.sidebar').isVisible()) throw new Error('the sidebar opened by itself');
    log(`badge ${shown} on the Baton icon with the sidebar closed; status bar: "${status} decision(s) waiting"`);
  },

  async function aBrokenTaskYamlLeavesItsTaskInTheTreeWithItsError({ page, workspace }) {
    const file = path.join(workspace, '.orc', 'tasks', 'TASK-001', 'task.yaml');
    const original = fs.readFileSync(file, 'utf8');
    await runCommand(page, 'View: Close All Editor Groups');
    await runCommand(page, 'Focus on Tasks View');
    const pane = viewPane(page, 'Tasks');
    await pane.waitFor({ timeout: 30000 });
    const undo = await roomFor(page, /^tasks$/i, 0);
    try {
      fs.writeFileSync(file, `${original}\nblocked_by: [unclosed\n`);
      const row = await waitFor(async () => (await treeRows(pane)).find((r) => r.label === 'TASK-001' && /cannot be read/.test(r.description)),
        'TASK-001 in the Tasks tree with "task.yaml cannot be read"');
      const group = (await treeRows(pane)).find((r) => r.label === 'Unreadable');
      if (!group) throw new Error('no Unreadable group');
      await pane.locator('.monaco-list-row', { hasText: 'TASK-001' }).filter({ hasText: 'cannot be read' }).first().click();
      await page.locator('.tabs-container .tab.active', { hasText: 'task.yaml' }).waitFor({ timeout: 15000 });
      log(`broken task.yaml: "${row.label}" stays, "${row.description}"; a click opened task.yaml`);
      fs.writeFileSync(file, original);
      await waitFor(async () => !(await treeRows(pane)).some((r) => r.label === 'Unreadable'), 'the Unreadable group gone once the file is fixed');
    } finally {
      fs.writeFileSync(file, original);
      await runCommand(page, 'View: Close All Editor Groups').catch(() => undefined);
      await undo();
    }
  },
];
