// Accessibility checks of webview pages with axe-core (issue 17, part 7): axe is injected into the webview's own
// frame through the browser's debugging protocol (Playwright's evaluate), so the page's strict CSP stays as it is,
// and run on the whole document. Only serious and critical violations fail a check; the rest are logged.
/* global axe, document -- axe is defined inside the webview frame by the injected axe-core source */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { log } from './lib.mjs';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The themes every webview is checked in, as the Color Theme picker lists them, and the workbench class each sets. */
export const THEMES = [
  { label: 'Light Modern', kind: 'vs' },
  { label: 'Dark Modern', kind: 'vs-dark' },
  { label: 'Dark High Contrast', kind: 'hc-black' },
  { label: 'Light High Contrast', kind: 'hc-light' },
];

/** Whether the frame runs timers: a webview made with scripts off is a sandbox where axe's async run never ends. */
async function runsTimers(frame) {
  const tick = frame.evaluate(() => new Promise((resolve) => setTimeout(() => resolve(true), 0))).catch(() => false);
  return Promise.race([tick, new Promise((resolve) => setTimeout(() => resolve(false), 1500))]);
}

/**
 * Runs axe-core in `frame` and returns its serious and critical violations, one line each (rule, impact, how many
 * nodes, the first node's selector and axe's summary of what is wrong). A page without scripts (the MRP viewer) is
 * checked as a copy: its whole document — the theme's colour variables are inline on its <html>, its styles carry
 * their nonce and its CSP comes along — loaded into a fresh page of the same browser.
 */
export async function axeViolations(frame, what) {
  if (await runsTimers(frame)) return axeIn(frame, what);
  const html = await frame.evaluate(() => document.documentElement.outerHTML);
  const copy = await frame.page().context().newPage();
  try {
    await copy.setContent(html);
    return await axeIn(copy.mainFrame(), `${what} (a copy: the page runs no script)`);
  } finally {
    await copy.close();
  }
}

async function axeIn(frame, what) {
  const injected = await frame.evaluate(() => typeof axe !== 'undefined');
  if (!injected) await frame.evaluate(AXE_SOURCE);
  const results = await frame.evaluate(async () => {
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length,
      target: String(v.nodes[0]?.target ?? ''), summary: (v.nodes[0]?.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 300) }));
  });
  const blocking = results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.filter((v) => !blocking.includes(v));
  if (minor.length) log(`axe (${what}): minor — ${minor.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ')}`);
  return blocking.map((v) => `${what}: ${v.id} (${v.impact}, ${v.nodes} node${v.nodes === 1 ? '' : 's'}) at ${v.target}: ${v.summary}`);
}
