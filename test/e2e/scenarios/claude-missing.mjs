// UI scenario for a missing Claude CLI (issue 17), run by test/e2e/ui.test.mjs against a temp copy of demo/: with
// `baton.claude.path` naming no program, the task detail shows Run and Resume off with the reason, Run Task from the
// palette is refused before anything starts (no run terminal) with a notification whose "Open Setting" opens the
// Settings editor at baton.claude.path — in the Remote tab, where a machine setting of a remote window (code-server's
// is one) is set; the User tab would say "No Settings Found".
import fs from 'node:fs';
import { log, waitFor } from '../lib.mjs';
import { runCommand, taskDetailFrame } from '../workbench.mjs';
import { userSettings as executorSettings } from './executor.mjs';

const TASK = 'TASK-005';

export const scenarios = [
  async function aMissingClaudeCliIsRefusedBeforeARunStarts({ page, workspace }) {
    // The runner's user settings point baton.claude.path at the executor scenario's wrapper, which that scenario
    // writes: run before it (or alone), the program is missing; run after it, the wrapper is moved away meanwhile.
    const program = executorSettings(workspace)['baton.claude.path'];
    const away = `${program}.away`;
    const moved = fs.existsSync(program);
    if (moved) fs.renameSync(program, away);
    try {
      await runCommand(page, 'Baton: Open Task…', TASK);
      const detail = await taskDetailFrame(page, TASK);
      const run = detail.locator('#run-task');
      await waitFor(async () => (await run.getAttribute('disabled')) !== null && /was not found/.test(await run.getAttribute('title') ?? ''),
        'Run task to be off, with the reason on hover', 20000);
      const describedBy = await run.getAttribute('aria-describedby');
      const reason = await detail.locator(`#${describedBy}`).textContent();
      if (!reason?.includes('Running is off') || !reason.includes(program)) throw new Error(`Run task's description: ${reason}`);
      log(`task detail: Run task off — ${reason.trim()}`);

      await runCommand(page, 'Baton: Run Task', TASK);
      const bell = page.locator('.part.statusbar [id="status.notifications"]');
      const center = page.locator('.notifications-center');
      if (!(await center.isVisible())) await bell.click();
      const notice = center.locator('.notification-list-item', { hasText: 'was not found' }).first();
      await notice.waitFor({ timeout: 15000 });
      const text = (await notice.locator('.notification-list-item-message').textContent())?.trim();
      if (!text?.includes(program) || !/Install Claude Code, or set baton\.claude\.path/.test(text)) throw new Error(`notification: ${text}`);
      await notice.locator('.monaco-button', { hasText: 'Install Claude Code' }).waitFor({ timeout: 5000 });
      const terminals = await page.locator('.terminal-tab, .tabs-list .monaco-list-row, .single-terminal-tab', { hasText: `Baton: ${TASK}` }).count();
      if (terminals) throw new Error('a run terminal was opened for a refused run');
      log(`notification: ${text}`);

      await notice.locator('.monaco-button', { hasText: 'Open Setting' }).click();
      const settings = page.locator('.settings-editor');
      await settings.waitFor({ timeout: 15000 });
      // Searched for the setting in the Remote tab: the row shown is Baton › Claude: Path, with its description.
      await waitFor(async () => {
        const rows = await settings.locator('.setting-item-contents').allTextContents();
        return rows.length >= 1 && rows.some((r) => /Claude/.test(r) && /Path/.test(r) && /Claude Code CLI/.test(r));
      }, 'the Settings editor to show baton.claude.path', 15000).catch(async (e) => {
        throw new Error(`${e.message}; it shows: ${JSON.stringify((await settings.innerText().catch(() => '')).slice(0, 1500))}`);
      });
      // The selected scope tab: VS Code marks it checked (class) and selected (aria) on the tab's label or its item.
      const tab = (await settings.locator('.settings-tabs-widget .action-item, .settings-tabs-widget .action-label').evaluateAll((tabs) => tabs
        .filter((t) => t.classList.contains('checked') || t.getAttribute('aria-selected') === 'true' || t.getAttribute('aria-checked') === 'true')
        .map((t) => (t.textContent ?? '').trim()).find((name) => name))) ?? '';
      if (!/Remote/.test(tab ?? '')) throw new Error(`the Settings editor opened on the "${tab}" tab, not Remote`);
      log(`Open Setting opened the Settings editor at baton.claude.path (${tab} tab)`);
    } finally {
      if (moved) fs.renameSync(away, program);
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
  },
];
