// The checks of the hostile-text scenarios (scenarios/xss-hostile-text.mjs): nothing of the corpus ran (no sentinel
// global in any frame, no dialog, no blocked alert()), no markup of it reached the page, every payload shows as
// text, and the Content-Security-Policy reports that Baton's pages send to the "Baton" log (and Chromium's own CSP
// console messages) are only the expected ones.
/* global document, self -- the callbacks given to frame.evaluate() run inside the webview page */
import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './lib.mjs';

/** The "Baton" log files of the server's extension host(s): <user-data>/logs/<session>/exthost<N>/<extension>/Baton.log. */
function batonLogs(server) {
  const found = [];
  const walk = (dir, depth) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 4) walk(p, depth + 1);
      else if (e.isFile() && e.name === 'Baton.log') found.push(p);
    }
  };
  const root = path.join(server.userDataDir, 'logs');
  if (fs.existsSync(root)) walk(root, 0);
  return found;
}

/**
 * Watches one scenario: dialogs (page.on('dialog') also sees those of webview iframes), console messages of every
 * frame, and what the "Baton" log gains. `stop()` detaches and returns what was seen.
 */
export function watchPage(page, server) {
  const seen = { dialogs: [], console: [] };
  let start;
  const mark = () => { start = new Map(batonLogs(server).map((f) => [f, fs.statSync(f).size])); };
  mark();
  const onDialog = (d) => { seen.dialogs.push(d.message()); void d.dismiss().catch(() => {}); };
  const onConsole = (m) => { seen.console.push(m.text()); };
  page.on('dialog', onDialog);
  page.on('console', onConsole);
  return {
    seen,
    /** Lines written to the "Baton" log since the watch began. */
    logLines() {
      return batonLogs(server).flatMap((f) => {
        const text = fs.readFileSync(f, 'utf8').slice(start.get(f) ?? 0);
        return text.split('\n').filter(Boolean);
      });
    },
    /** Forgets what was seen so far (after reports that were provoked on purpose). */
    reset() { seen.dialogs.length = 0; seen.console.length = 0; mark(); },
    stop() { page.off('dialog', onDialog); page.off('console', onConsole); },
  };
}

export const CSP_LOG = /Content-Security-Policy blocked/;
// Chromium's lines for a CSP block, a blocked alert() in a sandboxed frame, and script blocked by a sandbox without allow-scripts (MRP)
const CSP_CONSOLE = /Content Security Policy|Ignored call to 'alert|Blocked script execution|batonXss/;

/** Fails when the watch saw a dialog, a blocked alert(), or a CSP report other than those `allowed` matches. */
export function assertNothingRan(watch, what, allowed = /$^/) {
  const { dialogs, console: messages } = watch.seen;
  if (dialogs.length) throw new Error(`${what}: a dialog opened: ${dialogs.join(' | ')}`);
  const bad = messages.filter((m) => CSP_CONSOLE.test(m) && !allowed.test(m));
  if (bad.length) throw new Error(`${what}: the browser console shows ${bad.slice(0, 3).map((m) => m.slice(0, 300)).join(' | ')}`);
  const reports = watch.logLines().filter((l) => CSP_LOG.test(l) && !allowed.test(l));
  if (reports.length) throw new Error(`${what}: CSP violations were reported to the Baton log: ${reports.slice(0, 3).join(' | ')}`);
}

/** No frame of the page (workbench, webview hosts, webview documents) holds the sentinel global. */
export async function assertNoSentinel(page, what) {
  for (const frame of page.frames()) {
    const value = await frame.evaluate(() => self.batonXss ?? null).catch(() => null);
    if (value !== null) throw new Error(`${what}: payload ${value} of the corpus ran in ${frame.url().slice(0, 120)}`);
  }
}

/**
 * Nothing of the corpus became an element or attribute in `frame`: no event-handler attribute, no javascript:/data:
 * link, no frame/object/math/meta/base element, no image from the corpus, no <script> holding its text.
 */
export async function assertNoMarkup(frame, what) {
  const found = await frame.evaluate(() => {
    const out = [];
    for (const node of document.querySelectorAll('*')) {
      for (const a of node.attributes) {
        if (/^on/i.test(a.name)) out.push(`${node.tagName} ${a.name}`);
        if (/^(href|src|action|formaction|data|srcdoc)$/i.test(a.name) && /^\s*(javascript|data:text|vbscript)/i.test(a.value)) out.push(`${node.tagName} ${a.name}=${a.value.slice(0, 40)}`);
      }
    }
    for (const node of document.querySelectorAll('iframe, frame, object, embed, math, mglyph, details, meta[http-equiv="refresh" i], base, svg[onload], img[src="x"]')) out.push(node.tagName);
    for (const s of document.querySelectorAll('script, style')) if (/batonXss|display:none/.test(s.textContent ?? '')) out.push(`${s.tagName} with corpus text`);
    // Baton's own links to a file in the MRP viewer: the one command that panel allows (enableCommandUris), its
    // argument a URI-encoded JSON array, so corpus text in it cannot break out of the attribute
    const ours = /^command:baton\.runs\.openFile\?%5B[^"<>\s]*%5D$/;
    for (const a of document.querySelectorAll('a[href]')) {
      const href = a.getAttribute('href') ?? '';
      if (!/^(#|https?:|mailto:)/i.test(href) && !ours.test(href)) out.push(`a href=${href.slice(0, 40)}`);
    }
    return out;
  });
  if (found.length) throw new Error(`${what}: markup from the corpus reached the page: ${found.slice(0, 8).join(', ')}`);
}

/** Every string of `expected` shows, verbatim, in the text of `frame` (waits for the page to render it). */
export async function assertShownAsText(frame, expected, what, timeout = 20000) {
  let missing = expected, text = '';
  await waitFor(async () => {
    text = await frame.evaluate(() => {
      // the page's text nodes, but not the insides of a <script> or <style>: a payload there would be markup, not text
      const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
      let all = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!n.parentElement?.closest('script, style, noscript, template')) all += n.data;
      return all;
    });
    missing = expected.filter((e) => !text.includes(e));
    return missing.length === 0;
  }, `${what} to show every payload as text`, timeout).catch(() => {
    // what the page shows where the payload's start is, to see how it was changed
    const near = (m) => { const at = text.indexOf(m.slice(0, 12)); return at < 0 ? '(nowhere)' : JSON.stringify(text.slice(at, at + 100)); };
    throw new Error(`${what}: not shown verbatim as text: ${missing.map((m) => `${JSON.stringify(m.length > 80 ? `${m.slice(0, 80)}…` : m)} (shown: ${near(m)})`).join(', ')}`);
  });
}

/** All three at once, for one webview. */
export async function assertInert(page, frame, expected, what) {
  await assertShownAsText(frame, expected, what);
  await assertNoMarkup(frame, what);
  await assertNoSentinel(page, what);
}
