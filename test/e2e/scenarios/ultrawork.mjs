// UI scenario for the Ultrawork view (issue 6), run by test/e2e/ui.test.mjs against a temp copy of demo/, whose
// .vscode/settings.json points baton.ultrawork.sessionsRoot at demo/home/.claude/ultrawork/sessions: the two
// sessions of this workspace show (v7 and v5), the other project's does not; a session unfolds into its phase,
// tasks with criteria met or not, and documents; clicking the design document opens it.
// Screenshot: docs/images/ultrawork.png.
import path from 'node:path';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { roomFor, runCommand, treeRows, viewPane } from '../workbench.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/ultrawork.png');
// A session is titled by its goal (the plugin's goal_brief is only a naming slug).
const V7 = /^Let users see and end their other sessions/;
const V5 = /^Log every sign-in attempt/;
const OTHER = /Migrate the invoices table/;

function row(pane, label, level) {
  return pane.locator(`.monaco-list-row${level ? `[aria-level="${level}"]` : ''}`)
    .filter({ has: pane.page().locator('.label-name', { hasText: label }) }).first();
}

async function expand(pane, label, level) {
  const r = row(pane, label, level);
  await r.waitFor({ timeout: 15000 });
  if ((await r.getAttribute('aria-expanded')) !== 'true') await r.click();
  await waitFor(async () => (await r.getAttribute('aria-expanded')) === 'true', `"${label}" to expand`, 10000);
}

export const scenarios = [
  async function ultraworkViewShowsThisWorkspacesSessions({ page }) {
    await runCommand(page, 'View: Close All Editor Groups');
    await runCommand(page, 'Focus on Ultrawork View');
    const pane = viewPane(page, 'Ultrawork');
    await pane.waitFor({ timeout: 30000 });
    const undo = await roomFor(page, /^ultrawork$/i, 260);
    try {
      const top = await waitFor(async () => {
        const r = (await treeRows(pane)).filter((x) => x.level === 1);
        return r.some((x) => V7.test(x.label)) && r.some((x) => V5.test(x.label)) ? r : undefined;
      }, 'the two demo sessions of this workspace in the Ultrawork view');
      log(`sessions: ${top.map((r) => `${r.label} (${r.description})`).join(' | ')}`);
      if (top.some((r) => OTHER.test(r.label))) throw new Error('the other project\'s session is shown');
      if (!/^DOCUMENTATION · 3\/4 tasks/.test(top.find((r) => V7.test(r.label)).description)) throw new Error(`v7 session: ${JSON.stringify(top)}`);

      await expand(pane, V7, 1);
      const children = await waitFor(async () => {
        const labels = (await treeRows(pane)).filter((x) => x.level === 2).map((x) => x.label);
        return labels.includes('Tasks') && labels.includes('Design') ? labels : undefined;
      }, 'the rows of the v7 session');
      log(`session rows: ${children.join(' | ')}`);
      if (!children[0].startsWith('Phase: DOCUMENTATION')) throw new Error(`first row: ${children[0]}`);

      // Tasks unfold by default; a task unfolds into its criteria, met or not by the evidence.
      await expand(pane, 'Document the session endpoints', 3);
      const criteria = await waitFor(async () => {
        const r = (await treeRows(pane)).filter((x) => x.level === 4 && /docs\/guide\.md/.test(x.label));
        return r.length ? r : undefined;
      }, 'the criterion of the documentation task');
      if (criteria[0].description !== 'no evidence') throw new Error(`criterion: ${JSON.stringify(criteria[0])}`);
      await expand(pane, 'GET and DELETE /auth/sessions', 3);
      const met = await waitFor(async () => {
        const r = (await treeRows(pane)).filter((x) => x.level === 4 && x.description === 'met');
        return r.length ? r : undefined;
      }, 'a criterion met by evidence');
      log(`met: ${met.map((m) => m.label).join(' | ')}`);

      // Clicking the design document opens it.
      await row(pane, 'Design', 2).click();
      await page.locator('.tabs-container .tab.active', { hasText: 'design.md' }).waitFor({ timeout: 15000 });

      await page.mouse.move(1000, 700);
      await page.waitForTimeout(500);
      await page.screenshot({ path: SCREENSHOT });
      log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);
    } finally {
      await undo();
    }
  },
];
