// UI scenarios for the intents system (issue 3), run by test/e2e/ui.test.mjs against a temp copy of demo/:
// the owner CodeLens on an owned demo file, the Intent Map webview with its rows (sorted, filtered, a file opened
// from it), and an intent whose name is HTML shown as text. Screenshots: docs/images/codelens.png and
// docs/images/intent-map.png.
/* global document -- the callbacks given to frame.evaluate() run inside the webview page */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { openFile, runCommand, webviewFrame } from '../workbench.mjs';

const CODELENS_SHOT = path.join(PROJECT, 'docs/images/codelens.png');
const MAP_SHOT = path.join(PROJECT, 'docs/images/intent-map.png');
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const DEMO_ROWS = ['src/auth/login.ts', 'src/auth/session.ts', 'src/components/Header.tsx', 'src/middleware/rateLimiter.ts', 'docs/guide.md'];

/** Each scenario starts from one editor group with nothing open (the ones before may have split the editor). */
async function closeAllEditors(page) {
  await runCommand(page, 'View: Close All Editor Groups');
  await page.locator('.editor-group-container .tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10000 });
}

/** Opens a workspace file through Quick Open, like a person would. */
/** The CodeLens texts shown at the top of the active editor. */
async function codeLenses(page) {
  return page.locator('.editor-group-container.active .codelens-decoration').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
}

async function mapRows(frame) {
  return frame.locator('.map-row').evaluateAll((rows) => rows.map((r) => ({
    file: r.getAttribute('data-file'),
    owner: r.querySelector('.owner')?.textContent ?? '',
    drift: r.querySelector('.drift')?.textContent ?? '',
  })));
}

export const scenarios = [
  async function codeLensShowsTheOwningIntent({ page }) {
    await closeAllEditors(page);
    await openFile(page, 'src/auth/login.ts');
    const lenses = await waitFor(async () => {
      const found = await codeLenses(page);
      return found.some((t) => t.includes('INT-001')) ? found : undefined;
    }, 'the owner CodeLens on src/auth/login.ts');
    const expected = 'INT-001 · Harden authentication · IN_PROGRESS';
    if (!lenses.some((t) => t.includes(expected))) throw new Error(`CodeLens reads ${JSON.stringify(lenses)}, expected "${expected}"`);
    // The Intents view beside it, for the picture: grouped by status, the intent under way first.
    await runCommand(page, 'Baton: Focus on Intents View');
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'INT-001' }).first().waitFor({ timeout: 20000 });
    await page.locator('.editor-group-container.active .monaco-editor').first().click({ position: { x: 400, y: 300 } });
    await page.mouse.move(0, 0);
    fs.mkdirSync(path.dirname(CODELENS_SHOT), { recursive: true });
    await page.screenshot({ path: CODELENS_SHOT });
    log(`CodeLens: ${lenses.join(' | ')}; screenshot -> ${path.relative(PROJECT, CODELENS_SHOT)}`);

    await openFile(page, 'src/db/users.ts');
    await page.waitForTimeout(1500); // give a (wrong) lens the time it would take to appear
    const none = (await codeLenses(page)).filter((t) => /INT-\d+/.test(t));
    if (none.length) throw new Error(`an unowned file shows ${JSON.stringify(none)}`);
  },

  async function intentMapListsSortsAndFiltersItsRows({ page }) {
    await closeAllEditors(page);
    await runCommand(page, 'Baton: Open Intent Map');
    const frame = await webviewFrame(page, 'intent-map', '#map', 'the Intent Map webview to load');
    const rows = await waitFor(async () => {
      const r = await mapRows(frame);
      return r.length === DEMO_ROWS.length ? r : undefined;
    }, `${DEMO_ROWS.length} rows in the Intent Map`);
    const files = rows.map((r) => r.file).sort();
    if (files.join() !== [...DEMO_ROWS].sort().join()) throw new Error(`rows: ${files.join(', ')}`);
    const limiter = rows.find((r) => r.file === 'src/middleware/rateLimiter.ts');
    if (!limiter.owner.includes('INT-004') || limiter.drift !== 'drifted') throw new Error(`rateLimiter row: ${JSON.stringify(limiter)}`);
    if (rows.filter((r) => r.drift === 'unchanged').length !== 4) throw new Error(`drift column: ${rows.map((r) => r.drift).join(', ')}`);

    // Sorting by drift puts the drifted file first.
    await frame.locator('vscode-data-grid-cell[data-column="drift"]').click();
    await waitFor(async () => (await mapRows(frame))[0]?.file === 'src/middleware/rateLimiter.ts', 'the drifted row to sort first', 5000);
    await page.mouse.move(0, 0);
    fs.mkdirSync(path.dirname(MAP_SHOT), { recursive: true });
    await page.screenshot({ path: MAP_SHOT });
    // Filtering by text keeps only the matching rows.
    const filter = frame.locator('vscode-text-field#filter input');
    await filter.click();
    await filter.pressSequentially('auth', { delay: 10 });
    await waitFor(async () => (await mapRows(frame)).length === 2, 'the filter to leave the two auth files', 5000);
    log(`Intent Map: ${rows.length} rows, sorted by drift, filtered to "auth"; screenshot -> ${path.relative(PROJECT, MAP_SHOT)}`);
    await filter.fill('');
    await waitFor(async () => (await mapRows(frame)).length === DEMO_ROWS.length, 'the filter to clear', 5000);

    // A click on a file opens it.
    await frame.locator('.map-row[data-file="docs/guide.md"] a.open-file').click();
    await page.locator('.tabs-container .tab', { hasText: 'guide.md' }).waitFor({ timeout: 15000 });
  },

  async function anIntentNamedWithHtmlIsShownAsText({ page, workspace }) {
    const intentsFile = path.join(workspace, '.orchestration/active_intents.yaml');
    const mapFile = path.join(workspace, '.orchestration/intent_map.md');
    const [intentsBefore, mapBefore] = [fs.readFileSync(intentsFile, 'utf8'), fs.readFileSync(mapFile, 'utf8')];
    const dialogs = [];
    const onDialog = (d) => { dialogs.push(d.message()); void d.dismiss(); };
    page.on('dialog', onDialog);
    try {
      fs.writeFileSync(intentsFile, `${intentsBefore.trimEnd()}\n\n    - id: INT-666\n      name: "${HOSTILE_NAME}"\n      status: PENDING\n      owned_scope:\n          - src/db/**\n`);
      fs.writeFileSync(mapFile, `${mapBefore.trimEnd()}\n| \`src/db/users.ts\` | \`INT-666\` | \`INT-666\` | \`n/a\` |\n`);
      await closeAllEditors(page);
      await runCommand(page, 'Baton: Open Intent Map');
      const frame = await webviewFrame(page, 'intent-map', '#map', 'the Intent Map webview to load');
      const owner = frame.locator('.map-row[data-file="src/db/users.ts"] .owner');
      await owner.waitFor({ timeout: 30000 });
      const shown = await waitFor(async () => {
        const text = await owner.textContent();
        return text?.includes(HOSTILE_NAME) ? text : undefined;
      }, 'the hostile intent name in the map', 15000);
      // VS Code injects one inline script of its own (acquireVsCodeApi); nothing of the intent's may appear.
      const page_ = await frame.evaluate(() => ({
        images: document.querySelectorAll('img, [onerror]').length,
        scripts: [...document.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? `inline:${s.textContent}`),
      }));
      if (page_.images || page_.scripts.some((s) => (s.startsWith('inline:') ? /alert|onerror/.test(s) : !/toolkit\.min\.js|intent-map\.js/.test(s)))) {
        throw new Error(`markup from the intent name reached the page: ${JSON.stringify(page_).slice(0, 500)}`);
      }
      // The CodeLens of the file it owns shows the name as text too.
      await closeAllEditors(page);
      await openFile(page, 'src/db/users.ts');
      const lens = await waitFor(async () => (await codeLenses(page)).find((t) => t.includes('INT-666')), 'the INT-666 CodeLens');
      if (!lens.includes(HOSTILE_NAME)) throw new Error(`CodeLens reads ${JSON.stringify(lens)}`);
      if (dialogs.length) throw new Error(`a dialog opened: ${dialogs.join(', ')}`);
      log(`owner cell "${shown.trim()}" and CodeLens "${lens}" are text; no image, script or dialog`);
    } finally {
      page.off('dialog', onDialog);
      fs.writeFileSync(intentsFile, intentsBefore);
      fs.writeFileSync(mapFile, mapBefore);
    }
  },
];
