// UI scenario for the terminal-backed Claude executor (issue 7), run by test/e2e/ui.test.mjs against a temp copy of
// demo/: the demo's planned TASK-005 is run from its detail panel with the fake Claude CLI (test/fixtures/bin/claude,
// named by the `baton.claude.path` user setting the runner writes); the run's terminal shows the live rendering,
// the status bar and the detail panel follow it, the human gate after `spec` appears in Needs you, and approving it
// there lets the run finish. Screenshot: docs/images/executor.png.
/* global document -- the callbacks given to frame.evaluate() run inside the webview page */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { runCommand, taskDetailFrame } from '../workbench.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/executor.png');
const FAKE_CLAUDE = path.join(PROJECT, 'test/fixtures/bin/claude');
const TASK = 'TASK-005';

/** What the fake Claude does: the spec phase, then the implement phase (one call each, in order). */
const SCRIPT = {
  calls: [
    [{ text: 'Reading docs/guide.md and the auth routes to outline the guide.' }, { sleep: 2000 },
      { tool: 'Read', input: { file_path: 'src/auth/routes.ts' }, output: 'export const router = …' },
      { write: 'docs/auth-flow-outline.md', content: '# Authentication flow (outline)\n\n1. Login\n2. Refresh\n3. Logout\n' },
      { sleep: 600 }, { result: 'success', text: 'Outline written. <phase_complete>true</phase_complete>' }],
    [{ text: 'Writing the authentication section of the developer guide.' }, { sleep: 600 },
      { write: 'docs/auth-flow.md', content: '# Authentication flow\n\nLogin, refresh and logout, step by step.\n' },
      { tool: 'Bash', input: { command: 'npm run lint:docs' }, output: '0 problems' },
      { sleep: 600 }, { result: 'success', text: 'The guide has its authentication section. <phase_complete>true</phase_complete>' }],
  ],
};

/**
 * The temp copy becomes a git repository (the executor checkpoints and makes worktrees); the user settings point
 * baton.claude.path at a wrapper around the fake (see userSettings), which hands it its script and call log.
 */
const scratchOf = (workspace) => path.join(path.dirname(workspace), 'executor-ui');

/**
 * User settings the runner writes before code-server starts: baton.claude.path is a machine setting (a workspace
 * cannot choose the program Baton runs), so the wrapper is named there, as a person would in their own settings.
 */
export function userSettings(workspace) {
  return { 'baton.claude.path': path.join(scratchOf(workspace), 'claude') };
}

function prepare(workspace) {
  const scratch = scratchOf(workspace);
  fs.mkdirSync(scratch, { recursive: true });
  fs.writeFileSync(path.join(scratch, 'script.json'), JSON.stringify(SCRIPT));
  const wrapper = userSettings(workspace)['baton.claude.path'];
  fs.writeFileSync(wrapper, `#!/bin/sh\nexport FAKE_CLAUDE_SCENARIO_FILE='${path.join(scratch, 'script.json')}'\n` +
    `export FAKE_CLAUDE_LOG='${path.join(scratch, 'calls.jsonl')}'\nexec '${FAKE_CLAUDE}' "$@"\n`, { mode: 0o755 });
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
  // The DOM renderer keeps the terminal's text in the page, where the checks below read it.
  Object.assign(settings, { 'terminal.integrated.gpuAcceleration': 'off' });
  fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  // The temp copy lives inside this project's checkout: git must not walk up into it.
  const env = { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(workspace), GIT_AUTHOR_NAME: 'demo', GIT_AUTHOR_EMAIL: 'demo@example.com',
    GIT_COMMITTER_NAME: 'demo', GIT_COMMITTER_EMAIL: 'demo@example.com' };
  if (!fs.existsSync(path.join(workspace, '.git'))) {
    for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'demo']]) execFileSync('git', args, { cwd: workspace, env });
  }
  return { calls: path.join(scratch, 'calls.jsonl') };
}

const detailFrame = (page) => taskDetailFrame(page, TASK);
const isInbox = () => !!document.querySelector('#root .list') && !!document.querySelector('script[src*="decisions.js"]');

/** Focuses Needs You; on a busy machine the first focus can land before the view exists, so it is asked again. */
async function openNeedsYou(page) {
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'Focus on Needs You View');
    try {
      return await waitFor(async () => {
        for (const frame of page.frames()) if (await frame.evaluate(isInbox).catch(() => false)) return frame;
        return undefined;
      }, 'the Needs you webview', 15000);
    } catch (e) {
      if (attempt === 3) throw e;
      await page.locator('.part.activitybar .action-item a[aria-label^="Baton"]').first().click();
    }
  }
}

/** Every terminal row seen so far: xterm's DOM renderer holds only the rows in view, and a fast run scrolls. */
const seen = new Set();

/** The text of the terminal shown in the panel (xterm's DOM renderer, one row per line). */
async function terminalText(page) {
  const rows = await page.locator('.terminal-wrapper.active .xterm-rows').evaluate((el) => [...el.children].map((r) => r.textContent.replace(/\u00a0/g, ' ').trimEnd()));
  for (const row of rows) seen.add(row);
  return rows.join('\n');
}

async function untilTerminalShows(page, text, timeout = 30000) {
  return waitFor(async () => { await terminalText(page); return [...seen].some((row) => row.includes(text)) ? true : undefined; }, `the run's terminal to show "${text}"`, timeout)
    .catch(async (e) => { throw new Error(`${e.message}; it shows:\n${await terminalText(page).catch(() => '(no terminal)')}`); });
}

/** Folds every Baton view but Needs You and Tasks for the picture; returns the undo for the scenarios after this one. */
async function roomForGateAndTree(page) {
  const titles = await page.locator('.part.sidebar .pane-header[aria-expanded="true"] h3.title').allTextContents();
  const folded = titles.map((t) => t.trim()).filter((t) => t && !/^(needs you|tasks)$/i.test(t));
  for (const title of folded) await page.locator('.part.sidebar .pane-header', { hasText: title }).first().click();
  // Needs You gets the height of its form: the sash above the Tasks header is dragged down.
  const header = await page.locator('.part.sidebar .pane-header', { hasText: /^\s*Tasks/ }).first().boundingBox();
  const drag = async (from, to) => {
    await page.mouse.move(header.x + 60, from); await page.mouse.down(); await page.mouse.move(header.x + 60, to, { steps: 8 }); await page.mouse.up();
  };
  if (header) await drag(header.y - 1, header.y + 300);
  return async () => {
    if (header) await drag(header.y + 300, header.y - 1);
    for (const title of folded) await page.locator('.part.sidebar .pane-header', { hasText: title }).first().click();
  };
}

export const scenarios = [
  async function runADemoTaskThroughItsHumanGate({ page, workspace }) {
    const { calls } = prepare(workspace);
    await runCommand(page, 'Baton: Open Task…', TASK);
    let detail = await detailFrame(page);
    await detail.locator('#run-task').click();

    // The run's own terminal, rendering as the fake Claude streams.
    await page.locator('.terminal-tab, .tabs-list .monaco-list-row, .single-terminal-tab', { hasText: `Baton: ${TASK}` }).first()
      .waitFor({ timeout: 20000 }).catch(() => undefined);
    const status = page.locator('.part.statusbar .statusbar-item', { hasText: `${TASK} spec` }).first();
    await status.waitFor({ timeout: 30000 });
    log(`status bar while running: ${(await status.textContent())?.trim()}`);
    await untilTerminalShows(page, 'gate after spec (human): waiting for approval', 40000);
    // The run is still going (it waits at the gate): its terminal holds the whole rendering from the start. A slow
    // machine may have scrolled past the first lines before they were seen, so look at the top of the scrollback.
    await runCommand(page, 'Terminal: Scroll to Top');
    await untilTerminalShows(page, `=== ${TASK}: phases spec, implement`, 10000);
    await untilTerminalShows(page, 'Reading docs/guide.md and the auth routes', 10000);
    await runCommand(page, 'Terminal: Scroll to Bottom');

    // The detail panel follows state.yaml: spec completed, its gate pending, the task running.
    detail = await detailFrame(page);
    await waitFor(async () => (await detail.locator('#timeline li[data-phase="spec"] .pill').first().textContent()) === 'completed', 'spec to show completed in the detail panel', 20000);
    await waitFor(async () => /pending/.test(await detail.locator('#timeline li[data-phase="spec"] .gates').textContent().catch(() => '')), 'the pending gate in the detail timeline', 20000);
    const pill = await detail.locator('#header .pill').first().textContent();
    if (pill !== 'running') throw new Error(`the detail header says ${pill}, not running`);

    // The gate in Needs you: screenshot, then approve it like a person would.
    const inbox = await openNeedsYou(page);
    const form = inbox.locator('section.decision[data-form="gate"]', { hasText: TASK });
    await form.waitFor({ timeout: 20000 });
    const headline = await form.locator('.headline').textContent();
    if (!/waits for approval after spec; next: implement/.test(headline ?? '')) throw new Error(`gate headline: ${headline}`);
    const reason = form.locator('vscode-text-area[name="rationale"] textarea');
    await reason.click();
    await reason.pressSequentially('Outline covers login, refresh and logout.', { delay: 5 });
    const undo = await roomForGateAndTree(page);
    try {
      await form.locator('.headline').evaluate((s) => s.scrollIntoView({ block: 'start' }));
      // The mouse rests on the panel's text, away from the tree, so no hover shows in the picture.
      await page.mouse.move(900, 470);
      await page.waitForTimeout(800);
      fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);
    } finally {
      await undo();
    }
    await form.locator('vscode-button.approve').click();

    // Approving continues the same run: implement runs and the task completes.
    await untilTerminalShows(page, 'gate after spec (human): approved');
    await untilTerminalShows(page, '=== run completed', 40000);
    await waitFor(async () => (await (await detailFrame(page)).locator('#header .pill').first().textContent()) === 'completed', `${TASK} to show completed`, 20000);
    const argv = fs.readFileSync(calls, 'utf8').trim().split('\n').map((l) => JSON.parse(l).argv);
    if (argv.length !== 2 || !argv.every((a) => a.includes('-p') && a.includes('--verbose'))) throw new Error(`claude calls: ${JSON.stringify(argv)}`);
    log(`terminal after the gate:\n${(await terminalText(page)).split('\n').filter(Boolean).slice(-6).join('\n')}`);
    // Leave the window as the next scenarios expect it: no panel, no editor.
    for (const title of ['View: Hide Panel', 'View: Close All Editors']) {
      // The palette can still be closing from the command before: one more try after Escape.
      await runCommand(page, title).catch(async () => { await page.keyboard.press('Escape'); await runCommand(page, title); });
    }
  },
];
