// UI scenario for orange (issue 6), run by test/e2e/ui.test.mjs against a temp copy of demo/, whose
// .vscode/settings.json points baton.orange.root at demo/home/orange: the demo project's five tasks show grouped by
// status (the blog project's task does not), the fenced-code `## Review` trap shows the verdict orange itself reads
// from it (orange's parser does not skip code blocks; the Problems panel says so at the quoted heading), and the clarification
// shows in Needs you with its questions; answering it there writes the answer into TASK.md and moves the task.
// Screenshot: docs/images/orange.png.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { roomFor, runCommand, treeRows, viewPane, webviewFrame } from '../workbench.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/orange.png');
const CLARIFICATION = 'End sessions after a configurable idle time';
const CLARIFICATION_FILE = 'home/orange/tasks/demo/0kQuoJwXGkm8zlb1YpkG8/TASK.md';
const TRAP = 'Add a "Reviewing agent output" section to the developer guide';
const OTHER = /RSS feed/;
const ANSWER = 'Server side: count refresh calls only.';
/** The working task's tmux session: started for real when tmux is installed, so its row shows the live icon. */
const LIVE_SESSION = 'demo/guide-agent-review-section';
const hasTmux = spawnSync('tmux', ['-V']).status === 0;

/** Drags the sash under the Needs you view down, so the form and the orange tree share the picture. */
async function growNeedsYou(page) {
  const header = await page.locator('.part.sidebar .pane-header', { hasText: /^\s*Tasks\s*$/i }).first().boundingBox();
  if (!header) return;
  await page.mouse.move(header.x + header.width / 2, header.y - 1);
  await page.mouse.down();
  await page.mouse.move(header.x + header.width / 2, header.y + 180, { steps: 8 });
  await page.mouse.up();
}

export const scenarios = [
  async function orangeViewAndItsClarificationInNeedsYou({ page, workspace }) {
    if (hasTmux) spawnSync('tmux', ['new-session', '-d', '-s', LIVE_SESSION, 'sleep', '300']);
    await runCommand(page, 'View: Close All Editor Groups');
    await runCommand(page, 'Focus on orange View');
    const pane = viewPane(page, 'orange');
    await pane.waitFor({ timeout: 30000 });
    const undo = await roomFor(page, /^(orange|needs you)$/i);
    try {
      const shown = await waitFor(async () => {
        const r = await treeRows(pane);
        return r.some((x) => x.level === 1 && x.label === 'demo') && r.some((x) => x.level === 3 && x.label === CLARIFICATION) ? r : undefined;
      }, 'the demo project and its tasks in the orange view');
      const groups = shown.filter((r) => r.level === 2).map((r) => r.label);
      log(`orange groups: ${groups.join(' | ')}`);
      if (groups.join() !== 'Clarification,Working,Agent review,Reviewing,Stuck') throw new Error(`groups: ${groups.join()}`);
      if (shown.some((r) => OTHER.test(r.label))) throw new Error('the blog project\'s task is shown');
      const trap = shown.find((r) => r.label === TRAP);
      if (!trap || !/review FAIL/.test(trap.description)) throw new Error(`the fenced ## Review should show the verdict orange reads from it: ${JSON.stringify(trap)}`);
      if (hasTmux) {
        // ● for the live session, ✗ for a task whose session is gone (the demo starts no other session).
        const icon = (label) => pane.locator('.monaco-list-row', { has: page.locator('.label-name', { hasText: label }) }).first()
          .locator('.custom-view-tree-node-item-icon, .codicon').first().getAttribute('class');
        await waitFor(async () => /codicon-circle-filled/.test(await icon(TRAP) ?? ''), 'the live tmux session to show as active', 15000);
        if (!/codicon-error/.test(await icon(CLARIFICATION) ?? '')) throw new Error(`clarification icon: ${await icon(CLARIFICATION)}`);
        // A stuck task waits for a person: no session is owed, so its closed session is neutral, not red.
        const stuckIcon = await icon('Protect the sign-in form against CSRF') ?? '';
        if (!/codicon-circle-outline/.test(stuckIcon) || /codicon-error/.test(stuckIcon)) throw new Error(`stuck task icon: ${stuckIcon}`);
        log('session icons: the live tmux session is active, an agent\'s closed one crashed, the stuck task\'s neutral');
      }
      const stuck = shown.find((r) => r.label === 'Protect the sign-in form against CSRF');
      if (!/round 2 · review FAIL/.test(stuck?.description ?? '')) throw new Error(`stuck task: ${JSON.stringify(stuck)}`);

      const frame = await webviewFrame(page, 'decisions', '#root .list', 'the Needs you webview to load');
      const form = frame.locator('section.decision.orange', { hasText: CLARIFICATION });
      await form.waitFor({ timeout: 30000 });
      const questions = await form.locator('.question h3').allTextContents();
      log(`clarification questions: ${questions.join(' | ')}`);
      if (questions.length !== 3 || !questions[0].includes('Should "idle" be measured')) throw new Error(`questions: ${JSON.stringify(questions)}`);
      // A click on a task opens its TASK.md.
      await pane.locator('.monaco-list-row', { has: page.locator('.label-name', { hasText: CLARIFICATION }) }).first().click();
      await page.locator('.tabs-container .tab.active', { hasText: 'TASK.md' }).waitFor({ timeout: 15000 });
      await growNeedsYou(page);
      await form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);

      // Answer the first question and send the task back to planning, like a person would.
      const answer = form.locator('vscode-text-area[name="q0"] textarea');
      await answer.click();
      await answer.pressSequentially(ANSWER, { delay: 5 });
      await form.locator('.move[data-move="planning"]').click();
      const submit = form.locator('vscode-button.submit');
      await waitFor(async () => (await submit.getAttribute('disabled')) === null, 'Answer to be enabled', 5000);
      await submit.click();
      await frame.locator('.status.ok', { hasText: 'moved from clarification to planning' }).waitFor({ timeout: 15000 });
      const text = fs.readFileSync(path.join(workspace, CLARIFICATION_FILE), 'utf8');
      if (!text.includes(`- [x] Should "idle" be measured`) || !text.includes(`  - Answer: ${ANSWER}`) || !/\nstatus: planning\n/.test(text)) {
        throw new Error(`TASK.md after answering:\n${text}`);
      }
      await waitFor(async () => (await treeRows(pane)).some((r) => r.level === 2 && r.label === 'Planning'), 'the task to move to Planning in the view', 15000);
      log('clarification answered: the answer is under ## Questions, the task is planning');
    } finally {
      if (hasTmux) spawnSync('tmux', ['kill-session', '-t', `=${LIVE_SESSION}`]);
      await undo();
    }
  },
];
