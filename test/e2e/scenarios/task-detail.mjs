// UI scenarios for the orc task detail (issue 5), run by test/e2e/ui.test.mjs against a temp copy of demo/:
// open the demo's running TASK-002 from "Baton: Open Task…", check the phase timeline, the tokens per phase and the
// test results (a failing test with its error, a screenshot thumbnail loaded through the webview), then open a
// transcript from the panel; and the attachment tiles from the keyboard: Tab reaches each, its accessible name is its
// visible text, Enter or Space opens its file. Screenshot: docs/images/task-detail.png.
/* global document -- the callbacks given to frame.evaluate() run inside the webview page */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { runCommand, taskDetailFrame } from '../workbench.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/task-detail.png');

export const scenarios = [
  async function taskDetailShowsTimelineTokensAndTests({ page }) {
    await runCommand(page, 'Baton: Open Task…', 'TASK-002');
    const frame = await taskDetailFrame(page, 'TASK-002');
    const phases = await frame.locator('#timeline li.phase').evaluateAll((rows) => rows.map((r) =>
      `${r.getAttribute('data-phase')}:${r.querySelector('.pill')?.textContent}${r.classList.contains('current') ? '*' : ''}`));
    log(`timeline: ${phases.join(' | ')}`);
    const expected = ['classify:completed', 'spec:completed', 'implement:running*', 'review:pending', 'test:pending'];
    if (phases.join() !== expected.join()) throw new Error(`timeline ${phases.join()} is not ${expected.join()}`);
    const gate = await frame.locator('#timeline li[data-phase="spec"] .gates').textContent();
    if (!/approved/.test(gate ?? '')) throw new Error(`the spec gate decision is missing: ${gate}`);

    const tokens = await frame.locator('#tokens tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    log(`tokens: ${tokens.map((r) => `${r[0]}=${r[6]}`).join(', ')}`);
    const implement = tokens.find((r) => r[0] === 'implement');
    // input 9,800 · output 4,200 · cache read 12,400 · cache creation 600 · effective input 22,800 · total 27,000
    if (implement?.slice(1, 7).join('|') !== '9,800|4,200|12,400|600|22,800|27,000') throw new Error(`implement tokens: ${implement}`);
    if (tokens.at(-1)?.[0] !== 'Task total' || tokens.at(-1)?.[6] !== '44,000') throw new Error(`task total: ${tokens.at(-1)}`);

    const tests = await frame.locator('#tests').textContent();
    if (!/1 failed/.test(tests) || !/6\/7 passed/.test(tests)) throw new Error(`test summary: ${tests.slice(0, 200)}`);
    const failing = await frame.locator('#failing-tests').textContent();
    if (!/migrates a legacy token without fam once/.test(failing) || !/Expected status 200, received 401/.test(failing)) {
      throw new Error(`failing test and its error not shown: ${failing}`);
    }
    await waitFor(() => frame.locator('#tests .thumb img').evaluate((img) => img.complete && img.naturalWidth > 0),
      'the test screenshot thumbnail to load from the task folder', 15000);
    const verdict = await frame.locator('#review-verdict .pill').textContent();
    if (verdict !== 'CHANGES_REQUESTED') throw new Error(`review verdict: ${verdict}`);
    const comments = await frame.locator('#comments article').count();
    if (comments !== 3) throw new Error(`expected the 3 orc.db comments of TASK-002, saw ${comments}`);

    const initiative = await frame.locator('#edit-initiative').evaluate((d) => d.value);
    if (initiative !== 'INIT-001') throw new Error(`the initiative dropdown shows ${initiative}, not INIT-001`);

    // The documentation image: the timeline, tokens and tests at the top of the panel, the sidebar out of the way.
    await page.keyboard.press('Control+B');
    await frame.locator('#timeline').evaluate((s) => s.scrollIntoView());
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: SCREENSHOT });
    log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);
    await page.keyboard.press('Control+B');
  },

  async function aFieldEditIsConfirmedInPlaceWithUndo({ page, workspace }) {
    const file = path.join(workspace, '.orc/tasks/TASK-002/task.yaml');
    const original = fs.readFileSync(file, 'utf8');
    const from = /^priority: (\S+)$/m.exec(original)?.[1];
    const to = from === 'low' ? 'medium' : 'low';
    try {
      // From a quiet workbench: the panel left by the scenario before (with the sidebar toggled) could leave the
      // palette's second step inert.
      await runCommand(page, 'View: Close All Editors');
      await runCommand(page, 'Baton: Open Task…', 'TASK-002');
      const frame = await taskDetailFrame(page, 'TASK-002');
      // Each field once: the priority is its dropdown, not also a line of the facts above it.
      const facts = await frame.locator('#header dl.facts dt').allTextContents();
      if (facts.some((f) => /priority|weight|category|queue|initiative/i.test(f))) throw new Error(`a field shown twice: ${facts.join(', ')}`);
      await frame.locator('#edit-priority').click();
      await frame.locator('#edit-priority vscode-option', { hasText: new RegExp(`^\\s*${to}\\s*$`) }).click();
      const sentence = `Priority changed from ${from} to ${to}.`;
      await frame.locator('#edit-result', { hasText: sentence }).waitFor({ timeout: 15000 });
      if (!new RegExp(`^priority: ${to}$`, 'm').test(fs.readFileSync(file, 'utf8'))) throw new Error('task.yaml was not written');
      const announced = await frame.locator('#announcer').textContent();
      if (announced !== sentence) throw new Error(`screen readers heard "${announced}", not "${sentence}"`);
      await frame.locator('#edit-result a.undo').click();
      await frame.locator('#edit-result', { hasText: `Priority changed from ${to} to ${from}.` }).waitFor({ timeout: 15000 });
      await waitFor(async () => new RegExp(`^priority: ${from}$`, 'm').test(fs.readFileSync(file, 'utf8')), 'Undo to write the old priority back', 10000);
      log(`edit confirmed in place ("${sentence}") and undone`);
    } finally {
      fs.writeFileSync(file, original);
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
  },

  async function aTranscriptOpensFromTheDetail({ page }) {
    await runCommand(page, 'Baton: Open Task…', 'TASK-002');
    const frame = await taskDetailFrame(page, 'TASK-002');
    await frame.locator('#transcripts a[data-transcript="02-implement-001.md"]').click();
    await page.locator('.tabs-container .tab', { hasText: '02-implement-001.md' }).first().waitFor({ timeout: 15000 });
    const text = await page.locator('.editor-instance .view-lines').first().textContent();
    if (!/Transcript:\s+TASK-002/.test(text ?? '')) throw new Error(`the transcript editor shows: ${text?.slice(0, 120)}`);
  },

  async function attachmentTilesAreReachedAndOpenedFromTheKeyboard({ page }) {
    const files = ['refresh-401.log', 'refresh-flow-sketch.png'];
    try {
      await runCommand(page, 'View: Close All Editors');
      await runCommand(page, 'Baton: Open Task…', 'TASK-002');
      let frame = await taskDetailFrame(page, 'TASK-002');
      const shown = await frame.locator('#attachments .thumbs > *').evaluateAll((tiles) => tiles.map((t) => ({
        file: t.getAttribute('data-attachment'), text: t.innerText.replace(/\s+/g, ' ').trim() })));
      log(`attachment tiles: ${shown.map((t) => `"${t.text}"`).join(', ')}`);
      // Newest first, as orc lists them: the copy of the demo gives both files nearly the same mtime, so either order.
      if (shown.map((t) => t.file).sort().join() !== [...files].sort().join()) throw new Error(`attachment tiles: ${JSON.stringify(shown)}`);
      for (const [i, tile] of shown.entries()) {
        // Like a person who clicked the section's heading and then tabs on: tile i is the (i+1)th stop after it.
        await frame.locator('#attachments h2').click();
        for (let k = 0; k <= i; k++) await page.keyboard.press('Tab');
        const focused = await frame.evaluate(() => {
          const a = document.activeElement;
          return { file: a?.getAttribute('data-attachment') ?? null, what: `${a?.tagName.toLowerCase()}${a?.id ? `#${a.id}` : ''} "${a?.textContent?.trim().slice(0, 40)}"` };
        });
        if (focused.file !== tile.file) throw new Error(`${i + 1} Tab(s) after the Attachments heading reached ${focused.what}, not the tile of ${tile.file}`);
        // Its accessible name (as the accessibility tree computes it) is the text it shows.
        const named = frame.getByRole('button', { name: tile.text, exact: true });
        if ((await named.count()) !== 1 || !(await named.evaluate((b) => b === document.activeElement))) {
          throw new Error(`no button named "${tile.text}" (its visible text) is the focused tile`);
        }
        await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
        await page.locator('.tabs-container .tab', { hasText: tile.file }).first().waitFor({ timeout: 15000 });
        log(`${tile.file}: reached by Tab, named "${tile.text}", opened by ${i % 2 ? 'Space' : 'Enter'}`);
        if (i === shown.length - 1) break;
        // Back to the detail for the next tile. The opened file's editor (an image preview is a webview) holds the
        // keyboard and takes it back from a quick pick, which then closes: close it first (the tiles come newest
        // first, so the image is opened first or last depending on the copy's mtimes — CI once had it first).
        await runCommand(page, 'View: Close All Editors');
        await runCommand(page, 'Baton: Open Task…', 'TASK-002');
        frame = await taskDetailFrame(page, 'TASK-002');
      }
    } finally {
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
  },
];
