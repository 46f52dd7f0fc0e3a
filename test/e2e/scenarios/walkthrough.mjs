// UI scenarios for onboarding (issue 9): the Get Started walkthrough opens from Help, shows its five steps, and
// its buttons do what they say (Focus Needs You shows the view, Run Phase… asks which task, Edit baton.refs opens
// that setting, Open the Demo opens a
// copy of the demo — its two-folder workspace, the database-era project's database built — in a new window), each
// ticking its step; and the Runs view (Orchestral/Dure) for the README.
// Screenshots: docs/images/walkthrough.png and docs/images/runs.png.
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { roomFor, runCommand, treeRows, viewPane } from '../workbench.mjs';

const WALKTHROUGH_SHOT = path.join(PROJECT, 'docs/images/walkthrough.png');
const RUNS_SHOT = path.join(PROJECT, 'docs/images/runs.png');
const STEPS = ['What Baton reads', 'Open the demo', 'Answer a decision', 'Run a task or a phase', "See every agent's worktree and branch"];

/** The walkthrough step titled `title` (collapsed steps still show their title button). */
function stepNamed(page, title) {
  return page.locator('.getting-started-step', { has: page.locator('.step-title', { hasText: title }) }).first();
}

/** A step is ticked when one of its completion events (the command its button runs) has fired. */
const ticked = (page, title) => stepNamed(page, title).locator('.codicon.complete').first().waitFor({ timeout: 20000 });

/** Clicks the button labelled `label` in the walkthrough step titled `title`, opening the step first. */
async function clickStepButton(page, title, label) {
  await stepNamed(page, title).locator('.step-title').click();
  await stepNamed(page, title).locator('a, .monaco-button', { hasText: label }).first().click();
}

export const scenarios = [
  async function walkthroughShowsItsStepsAndItsButtonsWork({ page }) {
    await runCommand(page, 'Welcome: Open Walkthrough...', 'Get Started with Baton');
    for (const title of STEPS) await stepNamed(page, title).waitFor({ timeout: 20000 });
    await page.screenshot({ path: WALKTHROUGH_SHOT });

    await clickStepButton(page, 'Answer a decision', 'Focus Needs You');
    await viewPane(page, 'Needs You').locator('.pane-body').waitFor({ state: 'visible', timeout: 20000 });
    await ticked(page, 'Answer a decision');

    await clickStepButton(page, 'Run a task or a phase', 'Run Phase');
    const picker = page.locator('.quick-input-widget input[placeholder="Run a phase of which task?"]');
    await picker.waitFor({ state: 'visible', timeout: 20000 });
    // Dismissed by taking the focus away (a click on the sidebar's title), not by Escape: in a walkthrough Escape
    // also means "go back" to the Welcome page, and on a loaded machine it got there after the picker had closed.
    await page.locator('.part.sidebar .composite.title').first().click();
    await picker.waitFor({ state: 'hidden', timeout: 10000 });
    await ticked(page, 'Run a task or a phase');

    // Open the Demo copies the demo to a temporary folder and opens its two-folder workspace file (the file era's
    // project and the database era's) in a new window: a new browser window here.
    const popup = page.waitForEvent('popup', { timeout: 30000 });
    await clickStepButton(page, 'Open the demo', 'Open the Demo');
    const demoWindow = await popup;
    const workspaceFile = new URL(demoWindow.url()).searchParams.get('workspace');
    await demoWindow.close();
    const demoFolder = workspaceFile && path.dirname(workspaceFile);
    if (!demoFolder || !/baton-demo-/.test(demoFolder) || path.basename(workspaceFile) !== 'baton-demo.code-workspace') {
      throw new Error(`Open the Demo opened ${demoWindow.url()}, not the workspace of a copy of the demo`);
    }
    for (const rel of ['orc.yaml', '.orc/tasks', 'billing-service/.orc/orc.db']) {
      if (!fs.existsSync(path.join(demoFolder, rel))) throw new Error(`the demo copy ${demoFolder} lacks ${rel}`);
    }
    fs.rmSync(demoFolder, { recursive: true, force: true });
    await ticked(page, 'Open the demo');

    // Several agents at once (issue 20): the step suggests origin/* and opens the setting where it goes (last: the
    // Settings editor takes the walkthrough's place).
    await clickStepButton(page, "See every agent's worktree and branch", 'Edit baton.refs');
    await page.locator('.settings-editor .setting-item-contents', { hasText: 'Branches and remote-tracking refs' }).first().waitFor({ state: 'visible', timeout: 20000 });

    await runCommand(page, 'View: Close All Editor Groups');
    await page.locator('.getting-started-step').first().waitFor({ state: 'detached', timeout: 10000 });
    log(`walkthrough: ${STEPS.length} steps; Focus Needs You, Run Phase…, Edit baton.refs and Open the Demo worked; screenshot -> ${path.relative(PROJECT, WALKTHROUGH_SHOT)}`);
  },

  async function runsViewShowsTheOrchestralRuns({ page }) {
    const pane = viewPane(page, 'Runs');
    const header = pane.locator('.pane-header');
    await header.waitFor({ timeout: 20000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const run = pane.locator('.monaco-list-row', { hasText: 'Login rate limit across replicas' }).first();
    await run.waitFor({ timeout: 20000 });
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10000 });
    const undo = await roomFor(page, /^Runs$/);
    try {
      if ((await run.getAttribute('aria-expanded')) !== 'true') await run.click();
      await waitFor(async () => (await treeRows(pane)).some((r) => r.level > 1), "the run's rows under it", 15000);
      await page.mouse.move(1000, 600); // no hover highlight in the picture
      await page.waitForTimeout(400);
      await page.screenshot({ path: RUNS_SHOT });
    } finally {
      await undo();
    }
    log(`Runs view: demo runs listed; screenshot -> ${path.relative(PROJECT, RUNS_SHOT)}`);
  },
];
