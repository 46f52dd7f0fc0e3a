// UI scenario for issue 17 item 3, run by test/e2e/ui.test.mjs against a temp copy of demo/: the pickers offer only
// what their command can act on. From the command palette in Chromium: "Resolve Failed Task…" lists the failed tasks
// and nothing else; "Open in Claude Code" lists exactly the tasks whose state.yaml records a Claude session;
// "Open orange Pull Request" is not in the palette while no orange task has a pr_url (a `when` clause), and adding
// one to a TASK.md brings it back; "Attach to orange tmux Session", with no session alive, says why and what to do
// instead of opening an empty list.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { expectNotification, log, waitFor } from '../lib.mjs';
import { runCommand } from '../workbench.mjs';

/** The rows of the open quick pick: each row's label and description as shown. */
function pickRows(page) {
  return page.locator('.quick-input-widget .monaco-list-row').evaluateAll((rows) => rows.map((r) => ({
    label: r.querySelector('.label-name')?.textContent?.trim() ?? r.textContent.trim(),
    description: r.querySelector('.label-description')?.textContent?.trim() ?? '',
  })));
}

/**
 * Runs a command and waits for ITS quick pick (known by its placeholder), not the palette that is still closing:
 * the palette's own rows would otherwise be read as the picker's.
 */
async function openPick(page, title, placeholder) {
  await runCommand(page, title);
  await page.locator(`.quick-input-widget input[placeholder="${placeholder}"]`).waitFor({ state: 'visible', timeout: 15000 });
  await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ timeout: 15000 });
}

async function closePick(page) {
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10000 });
}

/** Whether the palette offers a command with this exact title (typed in full, the list filtered to it). */
async function paletteOffers(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 10000 });
  await input.fill(`>${title}`);
  // Let the palette filter settle: it shows the matching rows or its "No matching commands" message.
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  const none = page.locator('.quick-input-widget .quick-input-message', { hasText: /no matching/i });
  await waitFor(async () => (await rows.count()) > 0 || (await none.isVisible()), `the palette to list commands for "${title}"`, 10000);
  const shown = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('aria-label') ?? r.textContent));
  await closePick(page);
  return shown.some((s) => s.includes(title));
}

export const scenarios = [
  async function pickersOfferOnlyWhatTheCommandCanActOn({ page, workspace }) {
    const tasksDir = path.join(workspace, '.orc/tasks');
    const withSession = fs.readdirSync(tasksDir).filter((id) => {
      const state = path.join(tasksDir, id, 'state.yaml');
      if (!fs.existsSync(state)) return false;
      const session = YAML.parse(fs.readFileSync(state, 'utf8'))?.session?.id;
      return typeof session === 'string' && session.trim() !== '';
    }).sort();
    if (!withSession.length) throw new Error('the demo has no task with a Claude session: the scenario needs one');

    // The palette offers each command once the first scan has set its context key (seconds, on a loaded machine).
    for (const title of ['Baton: Resolve Failed Task…', 'Baton: Open in Claude Code', 'Baton: Attach to orange tmux Session']) {
      await waitFor(() => paletteOffers(page, title), `${title} in the palette (a task qualifies)`, 60000);
    }
    await openPick(page, 'Baton: Resolve Failed Task…', 'Resolve which failed task?');
    const failed = await pickRows(page);
    log(`Resolve offers: ${failed.map((r) => `${r.label} (${r.description})`).join('; ')}`);
    await closePick(page);
    if (!failed.some((r) => r.label.startsWith('TASK-006'))) throw new Error('the failed TASK-006 is not offered');
    const notFailed = failed.filter((r) => !r.description.startsWith('failed'));
    if (notFailed.length) throw new Error(`Resolve offers tasks that have not failed: ${JSON.stringify(notFailed)}`);

    await openPick(page, 'Baton: Open in Claude Code', 'Continue which task in Claude Code?');
    const sessions = (await pickRows(page)).map((r) => r.label.split(/\s+/)[0]).sort();
    await closePick(page);
    if (sessions.join() !== withSession.join()) throw new Error(`Open in Claude Code offers ${sessions.join(', ')}; tasks with a session: ${withSession.join(', ')}`);

    // No pr_url anywhere: the command is hidden, not an empty list. A pr_url written to a TASK.md brings it back.
    const orangeTasks = path.join(workspace, 'home/orange/tasks/demo');
    if (await paletteOffers(page, 'Baton: Open orange Pull Request')) throw new Error('Open orange Pull Request is offered while no task has a pull request');
    const taskFile = path.join(orangeTasks, 'tk02Pbazx72NoTgwuMvKe', 'TASK.md');
    const original = fs.readFileSync(taskFile, 'utf8');
    try {
      fs.writeFileSync(taskFile, original.replace(/^pr_url:.*$/m, '').replace(/^---\n/, '---\npr_url: https://github.com/example/demo/pull/7\n'));
      await waitFor(() => paletteOffers(page, 'Baton: Open orange Pull Request'), 'Open orange Pull Request in the palette once a task has a pr_url', 20000);
    } finally {
      fs.writeFileSync(taskFile, original);
    }

    // Tasks with a tmux session name exist, but none is alive here: a message says why, and no list opens.
    await runCommand(page, 'Baton: Attach to orange tmux Session');
    await expectNotification(page, /No orange task's tmux session is running|tmux was not found/);
    // The command's own pick (resolveTask's "Which orange task?"), not any quick input: once in CI the palette's rows
    // were still in the page after the message (the command gives either the message or its list, never both).
    const input = page.locator('.quick-input-widget input');
    const rows = page.locator('.quick-input-widget .monaco-list-row');
    if (await rows.first().isVisible().catch(() => false)) {
      const placeholder = await input.getAttribute('placeholder').catch(() => null);
      const shown = `input "${await input.inputValue().catch(() => '?')}" (placeholder "${placeholder}"), rows: ${(await rows.allTextContents().catch(() => [])).join(' | ')}`;
      if (placeholder === 'Which orange task?') throw new Error(`Attach opened a list although no session is alive: ${shown}`);
      log(`a quick input other than Attach's was still shown: ${shown}`);
    }
  },
];
