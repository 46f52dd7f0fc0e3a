#!/usr/bin/env node
// UI test: drives the real VS Code 1.139 workbench (code-server) in headless Chromium with Baton loaded as
// the extension under development, and clicks through it like a user. Prints `ui: N passed, M failed`.
// Scenarios are async functions that get { page, sidebar, workspace, server, vsix } and throw on failure: the Tasks
// tree ones below, then every `export const scenarios = [...]` of test/e2e/scenarios/*.mjs (by file name).
// They share one window, in order, so each should start from a state it sets up itself.
// Usage: node test/e2e/ui.test.mjs [name-regex]   (runs only matching scenarios; needs node scripts/build.mjs)
//        node test/e2e/ui.test.mjs --vsix baton-0.1.0.vsix [name-regex]
//   The same scenarios against the packaged extension (`npm run package`), installed with code-server's
//   --install-extension into a fresh profile and loaded as an installed extension, not a development one.
//   Prints `ui (vsix): N passed, M failed`; the README's screenshots are taken but not written in this mode,
//   so docs/images always comes from the development run.
// Env: E2E_VERBOSE=1 shows page errors, KEEP_RUN_DIR=1 keeps the server log.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { PROJECT, startCodeServer, launchBrowser, workbenchUrl, tempDir, log, waitFor } from './lib.mjs';
import { installVsix } from './install-vsix.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/tasks-tree.png');
// failure screenshots are kept (git-ignored), one per failing scenario, taken the moment it fails
const failureShot = (name) => path.join(PROJECT, '.vscode-test', `ui-failure-${name.replace(/\W+/g, '-').slice(0, 60)}.png`);
// Status groups the Tasks tree may show (orc statuses, and the generic ones other formats map to).
const STATUS = /^(Running|Completed|Blocked|Failed|Planned|Paused|Created|Classified|Finalizing|Pending|Queued|Done|In Progress|Cancelled|Canceled|Todo|Resolved|Skipped)\b/i;

/** The Baton activity-bar icon; clicking it when its container is already showing would close the sidebar. */
async function openBaton(page) {
  const icon = page.locator('.part.activitybar .action-item a[aria-label^="Baton"]').first();
  await icon.waitFor({ timeout: 60000 });
  const active = await icon.evaluate((a) => a.closest('.action-item')?.classList.contains('checked'));
  if (!active) await icon.click();
  // single-view containers hide the pane header; the sidebar title then reads "BATON: TASKS"
  await page.locator('.part.sidebar .composite.title', { hasText: /Baton/i }).waitFor({ timeout: 30000 });
}

/**
 * The Tasks view. The Baton container holds several views (Needs You, Tasks, Initiatives, …), each a `.pane`
 * with a header; with a single view the header is hidden and the whole sidebar is the view.
 */
async function tasksPane(page) {
  const sidebar = page.locator('.part.sidebar');
  const pane = sidebar.locator('.pane').filter({ has: page.locator('.pane-header .title', { hasText: /^\s*Tasks\s*$/i }) });
  return (await pane.count()) ? pane.first() : sidebar;
}

/** Rows of a tree currently rendered (the list is virtual: only visible rows exist), with what the checks need. */
async function treeRows(scope) {
  return scope.locator('.monaco-list-row').evaluateAll((rows) => rows.map((r, index) => ({
    index,
    label: (r.querySelector('.label-name')?.textContent ?? r.textContent ?? '').trim(),
    level: Number(r.getAttribute('aria-level') ?? 0),
    expanded: r.getAttribute('aria-expanded'), // null = not collapsible
  })));
}

/** The rows directly under the row at `index`. */
function childrenOf(rows, index) {
  const parent = rows.find((r) => r.index === index);
  const under = [];
  for (const r of rows.slice(rows.indexOf(parent) + 1)) { if (r.level <= parent.level) break; if (r.level === parent.level + 1) under.push(r); }
  return under;
}

const statusGroups = (rows) => rows.filter((r) => r.expanded !== null && STATUS.test(r.label));


// ---- scenarios ---------------------------------------------------------------------------------------

async function tasksTreeShowsStatusGroups({ page }) {
  await openBaton(page);
  const pane = await tasksPane(page);
  const groups = await waitFor(async () => {
    const g = statusGroups(await treeRows(pane));
    return g.length ? g : null;
  }, 'status-group rows ("Running", "Completed", …) in the Tasks view');
  log(`status groups: ${groups.map((g) => g.label).join(' | ')}`);
}

async function expandingAGroupShowsTasks({ page }) {
  await openBaton(page);
  const sidebar = page.locator('.part.sidebar');
  // Fold the other views for room (and the picture); unfolded again at the end for the scenarios after this one.
  const others = sidebar.locator('.pane-header[aria-expanded="true"]').filter({ hasNot: page.locator('.title', { hasText: /^\s*Tasks\s*$/i }) });
  const folded = [];
  for (let n = await others.count(); n > 0; n--) {
    const title = (await others.first().locator('.title').textContent())?.trim();
    await others.first().locator('.title').click();
    folded.push(title);
  }
  try {
    const pane = await tasksPane(page);
    const groups = statusGroups(await treeRows(pane));
    const group = groups.find((g) => /^Running$/i.test(g.label)) ?? groups[0];
    if (!group) throw new Error('no status group in the Tasks view');
    const row = () => pane.locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${group.label}$`) }) }).first();
    // Groups may start expanded: fold it first, so that our click is what brings its tasks in.
    if ((await row().getAttribute('aria-expanded')) === 'true') {
      await row().click();
      await waitFor(async () => (await row().getAttribute('aria-expanded')) === 'false', `"${group.label}" to fold`, 10000);
    }
    await row().click();
    await waitFor(async () => (await row().getAttribute('aria-expanded')) === 'true', `"${group.label}" to expand`, 10000);
    const tasks = await waitFor(async () => {
      const rows = await treeRows(pane);
      const at = rows.find((r) => r.label === group.label && r.level === group.level);
      const under = at ? childrenOf(rows, at.index) : [];
      return under.some((t) => /^[A-Z][A-Z0-9]*-\d+/.test(t.label)) ? under : null; // a task row starts with its id
    }, `task rows (TASK-…) under "${group.label}"`, 15000);
    log(`under "${group.label}": ${tasks.map((t) => t.label).join(' | ')}`);
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    // For the picture: a wider sidebar so task titles are readable (drag its sash, put it back after), and
    // the mouse parked over the empty editor so no hover tooltip or highlight shows.
    const box = await sidebar.boundingBox();
    const sashX = box.x + box.width, y = box.y + box.height / 2;
    await page.mouse.move(sashX, y); await page.mouse.down(); await page.mouse.move(sashX + 160, y, { steps: 5 }); await page.mouse.up();
    await page.mouse.move(1000, 600);
    await page.waitForTimeout(600);
    await page.screenshot({ path: SCREENSHOT });
    log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);
    await page.mouse.move(sashX + 160, y); await page.mouse.down(); await page.mouse.move(sashX, y, { steps: 5 }); await page.mouse.up();
  } finally {
    for (const title of folded) {
      await sidebar.locator('.pane-header[aria-expanded="false"] .title', { hasText: new RegExp(`^\\s*${title}\\s*$`, 'i') }).first().click().catch(() => {});
    }
  }
}

const SCENARIO_DIR = path.join(import.meta.dirname, 'scenarios');
const modules = fs.existsSync(SCENARIO_DIR) ? fs.readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.mjs')).sort() : [];
const args = process.argv.slice(2);
const vsixAt = args.indexOf('--vsix');
const vsix = vsixAt >= 0 ? args.splice(vsixAt, 2)[1] : undefined;
if (vsixAt >= 0 && !vsix) { console.error('usage: node test/e2e/ui.test.mjs --vsix FILE.vsix [name-regex]'); process.exit(2); }
const label = vsix ? 'ui (vsix)' : 'ui';
const only = args[0] ? new RegExp(args[0], 'i') : undefined;
const SCENARIOS = [tasksTreeShowsStatusGroups, expandingAGroupShowsTasks];
// A scenario module may also export userSettings(workspace): user settings written before code-server starts
// (machine settings such as baton.claude.path, which a workspace's settings cannot set).
const settingsFor = [];
for (const f of modules) {
  const mod = await import(pathToFileURL(path.join(SCENARIO_DIR, f)).href);
  SCENARIOS.push(...mod.scenarios);
  if (mod.userSettings) settingsFor.push(mod.userSettings);
}
const selected = SCENARIOS.filter((s) => !only || only.test(s.name));

// ---- runner ------------------------------------------------------------------------------------------

const started = Date.now();
let passed = 0, failed = 0;
async function step(name, fn) {
  const t = Date.now();
  try { await fn(); passed++; log(`ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)}s)`); return true; }
  catch (e) { failed++; log(`FAIL ${name}: ${e?.message ?? e}`); return false; }
}

// The demo workspace shows off more; fall back to the test fixture while it does not exist.
const source = ['demo', 'test/fixtures/workspace'].map((d) => path.join(PROJECT, d)).find((d) => fs.existsSync(d));
const workspace = path.join(tempDir('ui-ws-'), 'workspace');
fs.cpSync(source, workspace, { recursive: true });
// The database-era project's databases name the folder they were built in (orc's cost ledger keys rows by the
// project's path): built again in the copy, as "Open the Demo" does.
if (fs.existsSync(path.join(workspace, 'billing-service'))) {
  const { writeDemoOrcDatabases } = createRequire(import.meta.url)(path.join(PROJECT, 'out/src/core/onboarding/demo-orc-db.js'));
  await writeDemoOrcDatabases(path.join(workspace, 'billing-service'));
}

const userSettings = Object.assign({}, ...settingsFor.map((f) => f(workspace)));

let server, browser, installed;
try {
  if (vsix) {
    // A fresh profile whose only Baton is the installed package.
    const runDir = tempDir('run-vsix-');
    const dirs = { runDir, userDataDir: path.join(runDir, 'user-data'), extensionsDir: path.join(runDir, 'extensions') };
    installed = installVsix({ vsix, ...dirs });
    server = await startCodeServer({ ...dirs, settings: userSettings, machineSettings: userSettings });
  } else {
    server = await startCodeServer({ settings: userSettings, machineSettings: userSettings });
  }
  browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
  const { page } = browser;
  if (vsix) {
    // The README's pictures come from the development run: here a screenshot meant for docs/images is still
    // taken (the scenario's timing stays the same) but not written.
    const docsImages = path.join(PROJECT, 'docs', 'images') + path.sep;
    const screenshot = page.screenshot.bind(page);
    page.screenshot = (options = {}) => screenshot(options.path?.startsWith(docsImages) ? { ...options, path: undefined } : options);
  }
  page.on('pageerror', (e) => console.log('[pageerror]', e.message));
  if (process.env.E2E_VERBOSE) page.on('console', (m) => { if (m.type() === 'error') console.log('[console.error]', m.text().slice(0, 300)); });
  const sidebar = page.locator('.part.sidebar');
  const what = vsix ? `the installed ${path.basename(vsix)} (${path.relative(PROJECT, installed)})` : 'Baton';
  const loaded = await step(`workbench opens ${path.relative(PROJECT, source)} with ${what} loaded`, async () => {
    // No extensionDevelopmentPath for the .vsix: the activity-bar icon can then only come from the installed copy.
    await page.goto(await workbenchUrl(server.port, { folder: workspace, extensionDevelopmentPath: vsix ? undefined : PROJECT }));
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator('.part.activitybar .action-item a[aria-label^="Baton"]').first().waitFor({ timeout: 60000 });
  });
  const shoot = (name) => page.screenshot({ path: failureShot(name) }).then(() => log(`failure screenshot: ${failureShot(name)}`), () => {});
  if (!loaded) { await shoot('workbench'); failed += selected.length; } // not run: a broken rig must not look green
  else for (const s of selected) if (!(await step(s.name, () => s({ page, sidebar, workspace, server, vsix })))) await shoot(s.name);
} catch (e) {
  failed++;
  log(`rig error: ${e?.stack ?? e}`);
} finally {
  await browser?.close().catch(() => {});
  if (server) {
    await server.stop();
    if (!failed && !process.env.KEEP_RUN_DIR) server.cleanup(); else log(`server log kept in ${server.runDir}`);
  }
  if (!failed) fs.rmSync(path.dirname(workspace), { recursive: true, force: true }); else log(`workspace kept in ${workspace}`);
}
log(`UI test took ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`${label}: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
