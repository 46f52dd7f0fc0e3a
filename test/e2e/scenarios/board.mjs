// UI scenario for the Board (issue 17, item 1), run by test/e2e/ui.test.mjs against a temp copy of demo/: "Baton: Open
// Board" from the command palette shows orc's tasks in columns by status in orc's workflow order, the Created column's
// two backlog tasks folded behind "Backlog (2)"; unfolded, they show with dashed borders (the README's picture,
// docs/images/board.png). Then the keyboard: the arrow keys move focus between columns (roving tabindex), B moves
// TASK-005 to the backlog and + raises its priority — task.yaml changes and the card moves, focus staying on it, while
// a column the move did not touch keeps its elements (the host patches, the page re-renders one column). Last, a
// task.yaml written on disk (TASK-004 paused → running) moves its card to the Running column.
/* global document, getComputedStyle -- the callbacks given to frame.evaluate() run inside the webview page */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { runCommand, webviewFrame } from '../workbench.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/board.png');

/** The board as rendered: each column's label, count and rows (a card's id and classes, or the fold row's text). */
function boardState(frame) {
  return frame.evaluate(() => [...document.querySelectorAll('#board section.column')].map((s) => ({
    column: s.getAttribute('data-column'),
    label: s.querySelector('.column-title .label')?.textContent,
    list: s.querySelector('ul.cards')?.getAttribute('aria-label'),
    rows: [...s.querySelectorAll('ul.cards > li')].map((li) => {
      const b = li.querySelector('button');
      return b.classList.contains('fold') ? `[${b.textContent.trim()}${b.getAttribute('aria-expanded') === 'true' ? ' open' : ''}]`
        : `${b.querySelector('.card-id').textContent}${b.classList.contains('folded') ? ' (dashed)' : ''}`;
    }),
  })));
}

const activeCard = (frame) => frame.evaluate(() => {
  const a = document.activeElement;
  return a?.dataset?.key?.split('\u0000').pop() ?? (a?.dataset?.fold ? `fold:${a.dataset.fold}` : a?.tagName);
});

export const scenarios = [
  async function boardShowsColumnsMovesCardsFromTheKeyboardAndFollowsTheDisk({ page, workspace }) {
    const files = ['TASK-004', 'TASK-005'].map((id) => path.join(workspace, '.orc/tasks', id, 'task.yaml'));
    const originals = files.map((f) => fs.readFileSync(f, 'utf8'));
    try {
      let frame;
      for (let attempt = 1; !frame; attempt++) {
        await runCommand(page, 'Baton: Open Board').catch((e) => { if (attempt >= 3) throw e; });
        frame = await webviewFrame(page, 'board', '#board section.column ul.cards button', 'the Board with its cards')
          .catch((e) => { if (attempt >= 3) throw e; log(`no Board yet (attempt ${attempt}); running the command again`); });
      }
      const first = await boardState(frame);
      log(`columns: ${first.map((c) => `${c.label} [${c.rows.join(', ')}]`).join(' | ')}`);
      const labels = first.map((c) => c.label).join();
      if (labels !== 'Created,Planned,Running,Paused,Blocked,Completed,Failed') throw new Error(`columns: ${labels}`);
      const created = first[0];
      if (created.rows.join() !== '[▸ Backlog (2)]') throw new Error(`the Created column shows ${created.rows.join()} instead of a folded backlog of 2`);
      if (!/^Created: 2 tasks, 2 in the backlog \(folded\)$/.test(created.list)) throw new Error(`Created list name: ${created.list}`);
      // Each card is a button named by its visible text: id, title, badges, priority, category, initiative, phase, tokens.
      const name = await frame.locator('button.card[data-key$="TASK-002"]').evaluate((b) => b.textContent.replace(/\s+/g, ' ').trim());
      if (!/^TASK-002 (orphaned )?Rotate refresh tokens and detect reuse critical priority · feature · INIT-001 .* phase implement · 44,000 tokens$/.test(name)) {
        throw new Error(`TASK-002's card reads "${name}"`);
      }
      const blocked = await frame.locator('button.card[data-key$="TASK-003"] .badge').allTextContents();
      if (blocked.join() !== 'blocked') throw new Error(`TASK-003's badges: ${blocked}`);
      const tabStops = await frame.evaluate(() => document.querySelectorAll('#board button[tabindex="0"]').length);
      if (tabStops !== 1) throw new Error(`${tabStops} rows of the board are in the tab order, not 1 (roving tabindex)`);

      // Unfold the backlog: its cards show with dashed borders. The picture for the README, sidebar out of the way.
      await frame.locator('section.column[data-column="created"] button.fold').click();
      const unfolded = await waitFor(async () => {
        const c = (await boardState(frame))[0];
        return c.rows.length === 3 ? c : null;
      }, 'the Created column\'s backlog to unfold');
      if (unfolded.rows.join() !== '[▾ Backlog (2) open],TASK-007 (dashed),TASK-008 (dashed)') throw new Error(`unfolded: ${unfolded.rows.join()}`);
      const dashed = await frame.locator('button.card[data-key$="TASK-007"]').evaluate((b) => getComputedStyle(b).borderTopStyle);
      if (dashed !== 'dashed') throw new Error(`a backlog card's border is ${dashed}`);
      await page.keyboard.press('Control+B');
      await page.mouse.move(0, 0);
      await page.screenshot({ path: SCREENSHOT });
      log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);
      await page.keyboard.press('Control+B');

      // The keyboard: from TASK-005 (Planned), ← goes to the Created column, → back; B moves it to the backlog.
      const completedCard = frame.locator('button.card[data-key$="TASK-001"]');
      await completedCard.evaluate((b) => { b.dataset.marker = 'kept'; });
      const card5 = frame.locator('button.card[data-key$="TASK-005"]');
      await card5.focus();
      await card5.press('ArrowLeft');
      const left = await activeCard(frame);
      if (left !== 'fold:created') throw new Error(`ArrowLeft from TASK-005 focused ${left}, not the Created column's first row`);
      await frame.locator(':focus').press('ArrowRight');
      if ((await activeCard(frame)) !== 'TASK-005') throw new Error(`ArrowRight went to ${await activeCard(frame)}`);
      await frame.locator(':focus').press('b');
      await waitFor(async () => /^queue: backlog$/m.test(fs.readFileSync(files[1], 'utf8')) || null, 'task.yaml of TASK-005 to say queue: backlog', 15000);
      const planned = await waitFor(async () => {
        const c = (await boardState(frame)).find((x) => x.column === 'planned');
        return c?.rows.includes('TASK-005 (dashed)') ? c : null;
      }, 'the TASK-005 card to move to the Planned column\'s backlog', 15000);
      log(`after B: Planned [${planned.rows.join(', ')}]; task.yaml: ${fs.readFileSync(files[1], 'utf8').match(/^queue: .*$/m)[0]}`);
      if ((await activeCard(frame)) !== 'TASK-005') throw new Error(`focus went to ${await activeCard(frame)} after the move, not with the card`);
      const notice = await frame.locator('#notice').textContent();
      if (!/TASK-005 moved to the backlog/.test(notice)) throw new Error(`the notice says "${notice}"`);
      await frame.locator(':focus').press('Equal'); // "+" or "=": one priority up
      await waitFor(async () => /^priority: high$/m.test(fs.readFileSync(files[1], 'utf8')) || null, 'TASK-005\'s priority to become high', 15000);
      await waitFor(async () => (await card5.textContent())?.includes('high priority') || null, 'the card to show high priority', 15000);
      const kept = await completedCard.evaluate((b) => b.dataset.marker);
      if (kept !== 'kept') throw new Error('the Completed column was rendered again for a move in Planned (the board re-rendered whole)');

      // A change on disk moves a card: TASK-004 paused → running.
      const started = Date.now();
      fs.writeFileSync(files[0], originals[0].replace(/^status: paused$/m, 'status: running'));
      await waitFor(async () => {
        const running = (await boardState(frame)).find((x) => x.column === 'running');
        return running?.rows.includes('TASK-004') || null;
      }, 'TASK-004 to move to the Running column after its task.yaml changed on disk', 15000);
      log(`TASK-004 moved to Running ${Date.now() - started} ms after its task.yaml was written`);
      if ((await boardState(frame)).some((c) => c.column === 'paused')) throw new Error('the Paused column stayed after its only card left');
    } finally {
      files.forEach((f, i) => fs.writeFileSync(f, originals[i]));
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
  },
];
