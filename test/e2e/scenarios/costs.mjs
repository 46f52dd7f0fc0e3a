// UI scenario for the Cost view (issue 15), run by test/e2e/ui.test.mjs: a second tab opens the demo's two-folder
// workspace (baton-demo.code-workspace: acme-portal, orc's file era with Dure runs, and billing-service, orc's
// database era, whose databases the build made with the cost ledger), runs "Baton: Show Costs" and checks the page:
// a section per folder by its name, the ledger's chart of the last 30 days with a bar per day and model and its
// summary as the chart's accessible name, the per-model table, the token figures of both eras and of Dure; then a
// task of the ledger opens its detail. The screenshot is the README's.
/* global document -- the callbacks given to frame.evaluate() run inside the webview page */
import path from 'node:path';
import { PROJECT, log, waitFor, workbenchUrl } from '../lib.mjs';
import { runCommand, webviewFrame } from '../workbench.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/costs.png');

export const scenarios = [
  async function costViewChartsTheLedgerBesideTheTokens({ page, server, vsix, workspace }) {
    const file = path.join(workspace, 'baton-demo.code-workspace');
    const tab = await page.context().newPage();
    try {
      await tab.bringToFront();
      await tab.setViewportSize({ width: 1400, height: 900 });
      await tab.goto(await workbenchUrl(server.port, { folder: file, extensionDevelopmentPath: vsix ? undefined : PROJECT }));
      await tab.locator('.monaco-workbench').waitFor({ timeout: 60000 });
      const baton = tab.locator('.part.activitybar .action-item a[aria-label^="Baton"]').first();
      await baton.waitFor({ timeout: 60000 });
      await baton.click();
      // The code-server race the multi-root scenario describes (a window on a .code-workspace whose extension host
      // never hears of its folders): reloaded once. Any tree row named billing-service says the folders arrived.
      const billingRow = () => tab.locator('.part.sidebar .monaco-list-row .label-name', { hasText: /^billing-service$/ }).first();
      if (!(await billingRow().waitFor({ timeout: 20000 }).then(() => true, () => false))) {
        log('the demo workspace window came up without its folders; reloading it once');
        await tab.reload();
        await baton.waitFor({ timeout: 60000 });
        await billingRow().waitFor({ timeout: 30000 });
      }

      // The Needs you webview may hold the keyboard focus of a new window: the palette is opened from the sidebar's
      // title; a command the palette lost (a busy machine) is run again.
      let frame;
      for (let attempt = 1; !frame; attempt++) {
        await tab.locator('.part.sidebar .composite.title').first().click();
        await runCommand(tab, 'Baton: Show Costs').catch((e) => { if (attempt >= 3) throw e; });
        frame = await webviewFrame(tab, 'costs', '#folders section.folder svg.chart', 'the Cost view with its chart')
          .catch((e) => { if (attempt >= 3) throw e; log(`no Cost view yet (attempt ${attempt}); running the command again`); });
      }
      const page1 = await waitFor(async () => {
        const seen = await frame.evaluate(() => ({
          folders: [...document.querySelectorAll('#folders > section.folder')].map((s) => s.getAttribute('aria-label')),
          bars: document.querySelectorAll('svg.chart rect.bar').length,
          chartName: document.querySelector('svg.chart title')?.textContent ?? '',
          legend: [...document.querySelectorAll('.legend li')].map((li) => li.textContent),
          captions: [...document.querySelectorAll('table.grid caption')].map((c) => c.textContent),
          sources: [...document.querySelectorAll('section.tokens > table.grid tbody tr')].map((tr) => tr.firstChild?.textContent),
          scripts: document.querySelectorAll('#root script').length,
        }));
        return seen.folders.length === 2 && seen.bars > 0 && seen.sources.length >= 2 ? seen : null;
      }, 'two folders, the chart\'s bars and the token figures', 20000);
      if (JSON.stringify(page1.folders) !== JSON.stringify(['acme-portal', 'billing-service'])) throw new Error(`folders: ${JSON.stringify(page1.folders)}`);
      if (!/^Cost per day from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, by model: \$/.test(page1.chartName)) throw new Error(`chart name: ${page1.chartName}`);
      if (!page1.captions.some((c) => c.startsWith('By model'))) throw new Error(`tables: ${JSON.stringify(page1.captions)}`);
      if (page1.scripts) throw new Error('script elements in the page content');
      log(`Cost view: folders ${page1.folders.join(' | ')}; ${page1.bars} bars; models ${page1.legend.join(', ')}; token sources ${page1.sources.join(' | ')}`);
      log(`chart name: ${page1.chartName}`);
      // The picture: the database-era folder's ledger and chart at the top of the page.
      await frame.evaluate(() => document.querySelector('section.ledger')?.closest('section.folder')?.scrollIntoView());
      // The README's pictures come from the development run (this tab is not the one ui.test.mjs guards for --vsix).
      if (!vsix) {
        await tab.screenshot({ path: SCREENSHOT });
        log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);
      }

      // A task of the ledger opens its detail (looked up among the folder's tasks by id, by the host).
      const link = frame.locator('section.ledger table.grid a').first();
      const id = ((await link.textContent()) ?? '').split(' ')[0];
      await link.click();
      await waitFor(async () => (await tab.locator('.tab .label-name', { hasText: id }).count()) > 0 || null, `the detail of ${id} to open`, 15000);
      log(`opened ${id} from the Cost view`);
    } catch (e) {
      const shot = path.join(PROJECT, '.vscode-test', 'ui-failure-costs-tab.png');
      await tab.screenshot({ path: shot }).then(() => log(`failure screenshot of the costs tab: ${shot}`), () => {});
      throw e;
    } finally {
      await tab.close();
      // Back to the main tab: a background tab's webviews are not painted, and the scenarios after this one click in them.
      await page.bringToFront();
    }
  },
];
