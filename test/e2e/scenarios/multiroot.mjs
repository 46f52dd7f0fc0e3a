// UI scenario for multi-root workspaces (issue 9), run by test/e2e/ui.test.mjs: a second tab of the same browser
// opens the two-folder workspace of test/e2e/multiroot-workspace.mjs (a .code-workspace file, ?workspace=), so the
// main tab and the scenarios after this one are untouched. The views' top rows are the two folders by the
// names VS Code shows (the second one is named in the workspace file) in Tasks, Initiatives, Runs and orange, and Needs you heads each folder's decision
// with its name, as text.
/* global document -- the callback given to frame.evaluate() runs inside the webview page */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, tempDir, waitFor, workbenchUrl } from '../lib.mjs';
import { buildMultiRootWorkspace } from '../multiroot-workspace.mjs';
import { runCommand, treeRows, viewPane, webviewFrame } from '../workbench.mjs';

export const scenarios = [
  async function multiRootWorkspaceGroupsByFolder({ page, server, vsix }) {
    const dir = tempDir('ui-multiroot-');
    const file = buildMultiRootWorkspace(dir);
    const [alpha, beta] = [path.join(dir, 'alpha'), path.join(dir, 'beta')];
    const tab = await page.context().newPage();
    try {
      await tab.bringToFront();
      // In the --vsix run the new window gets the installed Baton, like the first one: no development copy beside it.
      await tab.goto(await workbenchUrl(server.port, { folder: file, extensionDevelopmentPath: vsix ? undefined : PROJECT }));
      await tab.locator('.monaco-workbench').waitFor({ timeout: 60000 });
      const baton = tab.locator('.part.activitybar .action-item a[aria-label^="Baton"]').first();
      await baton.waitFor({ timeout: 60000 });
      // code-server now and then starts the extension host of a window opened on a .code-workspace before it has
      // resolved the file's folders: the host gets an empty folder list and never hears of the folders (no
      // onDidChangeWorkspaceFolders), so no extension sees them (Baton's log: "scan: 0 items"). Seen in about one run
      // in four here; such a window is reloaded (a reload soon after can meet the same race: up to three times), logged.
      const alphaInTasks = () => viewPane(tab, 'Tasks').locator('.monaco-list-row[aria-level="1"]', { has: tab.locator('.label-name', { hasText: /^alpha$/ }) }).first();
      await baton.click();
      let folders = await alphaInTasks().waitFor({ timeout: 20000 }).then(() => true, () => false);
      for (let reload = 1; !folders; reload++) {
        if (reload > 3) throw new Error('the multi-root window came up without its folders after three reloads (the code-server race above)');
        log(`the multi-root window came up without its folders (the code-server race above); reloading it (${reload})`);
        await tab.reload();
        await baton.waitFor({ timeout: 60000 });
        // The reloaded window restores its sidebar a moment after the icon shows. Baton's icon is a toggle: clicked
        // then, it closed the sidebar again (seen once), and clicked whenever the Tasks view was not visible it opened
        // and closed it in turn (seen once more: the sidebar shut, the folders there, 4 decisions on the badge). The
        // view's own focus command shows it whatever the state: asked until the folder shows, a second apart.
        folders = await waitFor(async () => {
          if (await alphaInTasks().isVisible().catch(() => false)) return true;
          await runCommand(tab, 'Focus on Tasks View').catch(() => {});
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return false;
        }, 'the reloaded window to show the alpha folder in the Tasks view', 25000).then(() => true, () => false);
      }

      // Each tree's top rows are the folders. The sidebar is short and its lists are virtual: a folder row that
      // is expanded is folded first, so the next one is rendered too.
      if (!(await viewPane(tab, 'Tasks').isVisible())) await baton.click();
      for (const view of ['Tasks', 'Initiatives', 'Runs', 'orange']) {
        // orange sits below the fold of the sidebar: focusing it scrolls it into view (the palette has Baton's
        // commands by now).
        if (view === 'orange') await runCommand(tab, 'Focus on orange View');
        const pane = viewPane(tab, view);
        const alphaRow = pane.locator('.monaco-list-row[aria-level="1"]', { has: tab.locator('.label-name', { hasText: /^alpha$/ }) }).first();
        await alphaRow.waitFor({ timeout: 30000 });
        const top = await waitFor(async () => {
          // Folded again while it is still expanded: a click that lands while the scan's change redraws the tree is
          // lost (seen once in the installed-.vsix run: alpha stayed open, and Beta's row below the short pane's fold).
          if ((await alphaRow.getAttribute('aria-expanded').catch(() => null)) === 'true') {
            await alphaRow.click().catch(() => {});
            // Time for the fold to show before the next look (a second click on a fold not drawn yet would undo it).
            await new Promise((resolve) => setTimeout(resolve, 600));
          }
          const labels = (await treeRows(pane)).filter((r) => r.level === 1).map((r) => r.label);
          return labels.join(' | ') === 'alpha | Beta runs' ? labels : null;
        }, `the ${view} view to show the rows "alpha" and "Beta runs"`, 15000);
        log(`${view} view, top rows: ${top.join(' | ')}`);
      }

      await runCommand(tab, 'Focus on Needs You View');
      const frame = await webviewFrame(tab, 'decisions', '#root .list h2.folder', 'the Needs you webview with folder headings');
      const shown = await waitFor(async () => {
        const rows = await frame.evaluate(() => [...document.querySelectorAll('#root .list > *')].map((el) =>
          el.matches('h2.folder') ? `heading ${el.textContent} (${el.getAttribute('title')})` : el.matches('section.decision') ? 'decision' : el.className));
        return rows.length === 6 ? rows : null;
      }, 'two headings and four decisions in Needs you', 15000);
      // Each folder's Orchestral CRP and orange clarification (the workspace file points baton.orange.root at a home
      // whose projects are the two folders).
      const expected = [`heading alpha (${alpha})`, 'decision', 'decision', `heading Beta runs (${beta})`, 'decision', 'decision'];
      if (JSON.stringify(shown) !== JSON.stringify(expected)) throw new Error(`Needs you shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)}`);
      log(`Needs you: ${shown.join(' | ')}`);
    } catch (e) {
      // The runner's failure screenshot shows the main tab: keep this one's too.
      const shot = path.join(PROJECT, '.vscode-test', 'ui-failure-multiroot-tab.png');
      await tab.screenshot({ path: shot }).then(() => log(`failure screenshot of the multi-root tab: ${shot}`), () => {});
      throw e;
    } finally {
      await tab.close();
      await page.bringToFront();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
];
