// Every Baton webview in every kind of theme (issue 17, part 7): the theme is switched through the Color Theme picker
// (Color Theme: light, dark, high contrast dark and light), and in each the task detail, the Board, Needs you, the decision panel,
// the Intent Map, the MRP viewer and the Cost view are opened on the demo copy and checked with axe-core: zero
// serious or critical violations (contrast included — the pages draw with the theme's colours). Runs before the
// decisions scenarios (file order), so the demo's CRP is still pending. Screenshot: docs/images/high-contrast.png.
/* global document -- the callbacks given to frame.evaluate() run inside the webview page */
import path from 'node:path';
import { PROJECT, log } from '../lib.mjs';
import { frameWhere, runCommand } from '../workbench.mjs';
import { THEMES, axeViolations } from '../a11y.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/high-contrast.png');
const DEMO_CRP_RUN = 'run-20260115143022';

/** The quick-pick row whose label is exactly `label` (fuzzy filtering keeps near matches in the list too). */
function exactRow(page, label) {
  return page.locator('.quick-input-widget .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) }).first();
}

/** Switches the workbench to `theme` with Preferences: Color Theme, as a person would (clicking the exact rows). */
async function useTheme(page, theme) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.fill('>Preferences: Color Theme');
  await exactRow(page, 'Preferences: Color Theme').click({ timeout: 10000 });
  await input.fill(theme.label);
  await exactRow(page, theme.label).click({ timeout: 10000 });
  await page.locator(`.monaco-workbench.${theme.kind}`).waitFor({ timeout: 20000 });
}

/** Each webview: how to open it, and how to know its frame once it shows its data. */
const PAGES = [
  { name: 'task detail', open: (page) => runCommand(page, 'Baton: Open Task…', 'TASK-002'),
    ready: () => !!document.querySelector('script[src*="task-detail.js"]') && document.querySelector('#header .task-id')?.textContent === 'TASK-002' },
  { name: 'Board', open: (page) => runCommand(page, 'Baton: Open Board'),
    ready: () => !!document.querySelector('script[src*="board.js"]') && !!document.querySelector('#board section.column ul.cards button') },
  { name: 'Needs you', open: (page) => runCommand(page, 'Focus on Needs You View'),
    ready: () => !!document.querySelector('script[src*="decisions.js"]') && document.querySelectorAll('#root .list section.decision').length > 1 },
  { name: 'decision panel', open: (page) => runCommand(page, 'Baton: Answer Decision…', DEMO_CRP_RUN),
    ready: () => !!document.querySelector('script[src*="decisions.js"]') && document.querySelectorAll('section.decision').length === 1 },
  { name: 'Intent Map', open: (page) => runCommand(page, 'Baton: Open Intent Map'),
    ready: () => !!document.querySelector('script[src*="intent-map.js"]') && !!document.querySelector('#map .map-row') },
  { name: 'MRP viewer', open: (page) => runCommand(page, 'Baton: Open Merge-Readiness Pack…', 'auth routes'),
    ready: () => (document.querySelector('h1')?.textContent ?? '').startsWith('Merge-Readiness Pack') },
  { name: 'Cost view', open: (page) => runCommand(page, 'Baton: Show Costs'),
    ready: () => !!document.querySelector('script[src*="costs.js"]') && !!document.querySelector('#folders section') },
];

export const scenarios = [
  async function everyWebviewPassesAxeInEveryTheme({ page }) {
    const problems = [];
    // the theme the later scenarios' screenshots are taken in, put back at the end
    const kindBefore = await page.locator('.monaco-workbench').first().getAttribute('class');
    const before = THEMES.find((t) => new RegExp(`(^|\\s)${t.kind}(\\s|$)`).test(kindBefore ?? '')) ?? THEMES[1];
    try {
      for (const theme of THEMES) {
        await useTheme(page, theme);
        for (const view of PAGES) {
          await runCommand(page, 'View: Close All Editor Groups');
          log(`axe: opening the ${view.name} in ${theme.label}`);
          await view.open(page);
          const frame = await frameWhere(page, `the ${view.name} in ${theme.label}`, view.ready);
          const found = await axeViolations(frame, `${view.name}, ${theme.label}`);
          problems.push(...found);
          log(`axe: ${view.name} in ${theme.label}: ${found.length} serious/critical${found.map((f) => `\n    ${f}`).join('')}`);
          if (theme.kind === 'hc-black' && view.name === 'task detail') await page.screenshot({ path: SCREENSHOT });
        }
      }
    } finally {
      await runCommand(page, 'View: Close All Editor Groups').catch(() => undefined);
      await useTheme(page, before);
    }
    if (problems.length) throw new Error(`${problems.length} serious/critical axe violations:\n  ${problems.join('\n  ')}`);
  },
];
