// What UI scenarios do to the VS Code workbench in Chromium, in one place: run a palette command, open a file, find a view's
// pane and its rendered rows, find a webview's frame, and give one view the room of the sidebar for a screenshot.
/* global document -- the callbacks given to frame.evaluate() run inside the webview page */
import path from 'node:path';
import { log, waitFor } from './lib.mjs';

/**
 * Runs a palette command by its title and, when `pick` is given, picks the quick-pick row holding it. When a
 * webview has the keyboard focus (it would swallow F1), the sidebar title is clicked first to give it back.
 */
export async function runCommand(page, title, pick) {
  // A webview that takes the focus meanwhile (a Baton page still loading, or one left open by the scenario before)
  // closes the quick input, which hides on blur: its input turns inert and the command or the pick is never entered.
  // Nothing was run then (or the command got no pick and did nothing): it is asked again.
  const stage = { entered: false };
  for (let attempt = 1; ; attempt++) {
    stage.entered = false;
    try {
      await runCommandOnce(page, title, pick, stage);
      return;
    } catch (e) {
      if ((pick === undefined && stage.entered) || attempt >= 2) throw e;
      log(`runCommand "${title}"${pick === undefined ? '' : ` → ${pick}`}: ${String(e?.message ?? e).split('\n')[0]}; asked once more`);
      await page.keyboard.press('Escape').catch(() => undefined);
    }
  }
}

async function runCommandOnce(page, title, pick, stage) {
  if (await page.evaluate(() => document.activeElement?.tagName === 'IFRAME')) {
    await page.locator('.part.sidebar .composite.title').first().click().catch(() => undefined);
  }
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  // A webview editor (an image preview, a Baton page) can still take F1 after the check above: give the keyboard
  // back to the workbench and ask again, a few times, before giving up.
  for (let attempt = 1; !(await input.isVisible()); attempt++) {
    const shown = await input.waitFor({ timeout: 3000 }).then(() => true, () => false);
    if (shown) break;
    if (attempt >= 3) await input.waitFor({ timeout: 10000 });
    await page.locator('.part.sidebar .composite.title').first().click({ timeout: 2000 }).catch(() => undefined);
    await page.keyboard.press('F1');
  }
  await input.fill(`>${title}`, { timeout: 10000 });
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10000 });
  await input.press('Enter');
  stage.entered = true;
  if (pick === undefined) return;
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: pick }).first().waitFor({ timeout: 15000 });
  await input.fill(pick);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: pick }).first().waitFor({ timeout: 10000 });
  await input.press('Enter');
}

/** The sidebar pane of the view titled `title` (a RegExp, or a string matched whole, ignoring case). */
export function viewPane(page, title) {
  const pattern = title instanceof RegExp ? title : new RegExp(`^\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i');
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header .title', { hasText: pattern }) }).first();
}

/** Rendered rows of a tree (the list is virtual: only visible rows exist). */
export async function treeRows(pane) {
  return pane.locator('.monaco-list-row').evaluateAll((els) => els.map((r) => ({
    label: (r.querySelector('.label-name')?.textContent ?? '').trim(),
    description: (r.querySelector('.label-description')?.textContent ?? '').trim(),
    level: Number(r.getAttribute('aria-level') ?? 0),
    expanded: r.getAttribute('aria-expanded'), // null = not collapsible
  })));
}

/**
 * The frame of a webview page: the one that loaded `dist/webview/<script>.js` and holds `selector` (the page's
 * own root, present once the host has sent its data).
 */
export async function webviewFrame(page, script, selector, what = `the ${script} webview to load`) {
  return waitFor(async () => {
    for (const frame of page.frames()) {
      const found = await frame.evaluate(([sel, src]) => !!document.querySelector(sel) && !!document.querySelector(`script[src*="${src}.js"]`),
        [selector, script]).catch(() => false);
      if (found) return frame;
    }
    return undefined;
  }, what);
}

/** `promise`, or false after `ms` (a frame being torn down, or one that runs no script, can leave it unanswered). */
const within = (promise, ms) => Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

/** A frame of the page whose document passes `test` (evaluated inside it with `arg`). */
export async function frameWhere(page, what, test, arg, timeout = 30000) {
  return waitFor(async () => {
    for (const frame of page.frames()) if (await within(frame.evaluate(test, arg).catch(() => false), 2000)) return frame;
    return undefined;
  }, what, timeout);
}

/** The task detail page of task `id`, once the host has sent it its data. */
export function taskDetailFrame(page, id) {
  return frameWhere(page, `the ${id} detail panel to show its data`, (taskId) => !!document.querySelector('script[src*="task-detail.js"]')
    && document.querySelector('#header .task-id')?.textContent === taskId, id);
}

/**
 * Gives the views whose titles match `keep` the room of the sidebar (the other expanded views folded, the
 * sidebar `widenBy` pixels wider), for a screenshot. Returns the undo, so later scenarios find the workbench as
 * it was.
 */
export async function roomFor(page, keep, widenBy = 300) {
  const titles = (await page.locator('.part.sidebar .pane-header[aria-expanded="true"] h3.title').allTextContents()).map((t) => t.trim());
  const folded = titles.filter((t) => t && !keep.test(t));
  // On the title itself: a click in the middle of a header can land on one of the view's title-bar actions (the Tasks
  // view's New Task), which then opens its dialog instead of folding the view (seen in the Needs you screenshot).
  const header = (title) => page.locator('.part.sidebar .pane-header', { hasText: title }).first().locator('h3.title');
  for (const title of folded) await header(title).click();
  const box = await page.locator('.part.sidebar').boundingBox();
  const sash = { x: box.x + box.width + 1, y: box.y + box.height / 2 };
  const widen = async (dx) => {
    await page.mouse.move(sash.x, sash.y);
    await page.mouse.down();
    await page.mouse.move(sash.x + dx, sash.y, { steps: 8 });
    await page.mouse.up();
    sash.x += dx;
  };
  if (widenBy) await widen(widenBy);
  return async () => {
    if (widenBy) await widen(-widenBy);
    for (const title of folded) await header(title).click();
  };
}

/** Opens a workspace file (relative path) with Quick Open and waits for its tab. */
export async function openFile(page, rel) {
  // A webview with focus keeps the keystroke: give the focus back to the workbench first.
  await page.locator('.part.sidebar .composite.title').first().click();
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 10000 });
  await input.fill(rel);
  // Click the match itself: Enter could still pick the list as it was before the typing filtered it.
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: path.basename(rel) })
    .filter({ hasText: path.dirname(rel) }).first();
  await row.waitFor({ timeout: 15000 });
  await row.click();
  await page.locator('.tabs-container .tab.active', { hasText: path.basename(rel) }).waitFor({ timeout: 15000 });
}
