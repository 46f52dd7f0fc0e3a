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

/** Opens the Board (the command again if the first palette run did not take) and returns its frame. */
async function openBoard(page) {
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'Baton: Open Board').catch((e) => { if (attempt >= 3) throw e; });
    const frame = await webviewFrame(page, 'board', '#board section.column ul.cards button', 'the Board with its cards')
      .catch((e) => { if (attempt >= 3) throw e; log(`no Board yet (attempt ${attempt}); running the command again`); });
    if (frame) return frame;
  }
}

/**
 * Drags with the real mouse: press on `from`, move in steps to `to` (its centre, or `at` pixels from its top-left
 * corner), release. Chromium runs its own drag and drop from these events (dragstart, dragover, drop, dragend).
 */
async function dragWithTheMouse(page, from, to, at) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('a card to drag, or where to drop it, is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + (at?.x ?? b.width / 2), b.y + (at?.y ?? b.height / 2), { steps: 12 });
  await page.mouse.up();
}

const field = (file, name) => fs.readFileSync(file, 'utf8').match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1];

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

  async function boardCardsMoveByDraggingWithTheMouse({ page, workspace }) {
    const file = (id) => path.join(workspace, '.orc/tasks', id, 'task.yaml');
    const ids = ['TASK-005', 'TASK-007', 'TASK-008'];
    const originals = Object.fromEntries(ids.map((id) => [id, fs.readFileSync(file(id), 'utf8')]));
    try {
      // TASK-007 gets a priority of its own (the demo's two backlog cards are both low), so a drop onto a card has a
      // priority to take; the board follows the file.
      fs.writeFileSync(file('TASK-007'), originals['TASK-007'].replace(/^priority: low$/m, 'priority: high'));
      const frame = await openBoard(page);
      const card = (id) => frame.locator(`button.card[data-key$="${id}"]`);
      const created = async () => (await boardState(frame)).find((c) => c.column === 'created');
      const fold = frame.locator('section.column[data-column="created"] button.fold');
      if ((await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
      await waitFor(async () => ((await created())?.rows.length === 3) || null, 'the Created column\'s backlog to unfold');
      await waitFor(async () => (await card('TASK-007').textContent({ timeout: 1000 }).catch(() => ''))?.includes('high priority') || null, 'TASK-007 to show high priority', 15000);
      // The card's list item drags (Chromium starts no drag from a button itself); the press lands on the card.
      if (await card('TASK-008').locator('xpath=..').getAttribute('draggable') !== 'true') throw new Error('TASK-008\'s row is not draggable');

      // 1. Onto the column's empty space: to Active.
      const body = frame.locator('section.column[data-column="created"] .column-body');
      const box = await body.boundingBox();
      await dragWithTheMouse(page, card('TASK-008'), body, { x: box.width / 2, y: box.height - 20 });
      await waitFor(async () => field(file('TASK-008'), 'queue') === 'active' || null, 'TASK-008\'s task.yaml to say queue: active', 15000);
      let rows = await waitFor(async () => { const c = await created(); return c?.rows.join() === 'TASK-008,[▾ Backlog (1) open],TASK-007 (dashed)' ? c.rows : null; },
        'the TASK-008 card to move out of the backlog', 15000).catch(async (e) => { throw new Error(`${e.message}; Created shows ${(await created())?.rows}`); });
      log(`dropped on the column: Created [${rows.join(', ')}]; notice: ${await frame.locator('#notice').textContent()}`);
      if (field(file('TASK-008'), 'priority') !== 'low') throw new Error('a drop on the column changed TASK-008\'s priority');

      // 2. Onto the fold row: back to the Backlog.
      await dragWithTheMouse(page, card('TASK-008'), fold);
      await waitFor(async () => field(file('TASK-008'), 'queue') === 'backlog' || null, 'TASK-008\'s task.yaml to say queue: backlog', 15000);
      rows = await waitFor(async () => { const c = await created(); return c?.rows.join() === '[▾ Backlog (2) open],TASK-007 (dashed),TASK-008 (dashed)' ? c.rows : null; },
        'the TASK-008 card to move back into the backlog', 15000).catch(async (e) => { throw new Error(`${e.message}; Created shows ${(await created())?.rows}`); });
      log(`dropped on the fold row: Created [${rows.join(', ')}]`);

      // 3. Onto another card: TASK-008 takes TASK-007's priority (high).
      await dragWithTheMouse(page, card('TASK-008'), card('TASK-007'));
      await waitFor(async () => field(file('TASK-008'), 'priority') === 'high' || null, 'TASK-008\'s task.yaml to say priority: high', 15000);
      await waitFor(async () => (await card('TASK-008').textContent())?.includes('high priority') || null, 'TASK-008\'s card to show high priority', 15000);
      if (field(file('TASK-008'), 'queue') !== 'backlog') throw new Error('a drop on a backlog card took TASK-008 out of the backlog');
      const notice = await frame.locator('#notice').textContent();
      if (!/TASK-008 moved priority low → high/.test(notice ?? '')) throw new Error(`the notice says "${notice}"`);
      log(`dropped on TASK-007: Created [${(await created()).rows.join(', ')}]; notice: ${notice}`);

      // 4. Onto another column: nothing written (a status is orc's to change), and the board says why.
      await dragWithTheMouse(page, card('TASK-005'), body, { x: box.width / 2, y: box.height - 20 });
      const refused = await waitFor(async () => {
        const text = await frame.locator('#notice').textContent();
        return /TASK-005 stays in Planned/.test(text ?? '') ? text : null;
      }, 'the board to say why TASK-005 stays in Planned', 10000);
      if (fs.readFileSync(file('TASK-005'), 'utf8') !== originals['TASK-005']) throw new Error('a drop on another column wrote TASK-005\'s task.yaml');
      if (!(await boardState(frame)).find((c) => c.column === 'planned')?.rows.includes('TASK-005')) throw new Error('TASK-005 left the Planned column');
      log(`dropped on another column: "${refused}"`);
    } finally {
      for (const id of ids) fs.writeFileSync(file(id), originals[id]);
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
  },
];
