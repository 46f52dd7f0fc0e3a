// UI scenarios for the "Needs you" inbox (issue 4), run by test/e2e/ui.test.mjs against a temp copy of demo/:
// answer the demo's pending CRP in the sidebar form like a person would, check the VCR on disk and that no CRP is
// left in the inbox (the demo's orange tasks stay), and check that a CRP whose text holds HTML is shown as text; then the
// safe-decision rules on the demo's reviewed orange task: no move preselected, a reason required, "mark done" confirmed in
// a second step that nothing answers by default, and the result announced in place of the form; and the same rules
// for rejecting an orc human gate (a reason, a confirmation that Go back leaves unwritten, state.yaml as orc's
// executor reads a rejection, the task named by its title). Screenshot: docs/images/needs-you.png.
/* global document, window -- the callbacks given to frame.evaluate() run inside the webview page */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PROJECT, log, waitFor } from '../lib.mjs';
import { roomFor, runCommand, webviewFrame } from '../workbench.mjs';

const SCREENSHOT = path.join(PROJECT, 'docs/images/needs-you.png');
const DEMO_RUN = '.orchestral/runs/run-20260115143022';
const HOSTILE_RUN = '.orchestral/runs/run-20260120080000';
const HOSTILE_QUESTION = 'Render <script>window.__batonPwned = 1</script> in the greeting?';
const HOSTILE_LABEL = '<img src=x onerror="window.__batonPwned = 2">';
const RATIONALE = 'Exact limits across the 3 replicas matter more than avoiding a dependency.';

async function openNeedsYou(page) {
  await runCommand(page, 'Focus on Needs You View');
  return webviewFrame(page, 'decisions', '#root .list', 'the Needs you webview to load');
}

function section(frame, text) {
  return frame.locator('section.decision', { hasText: text });
}

/** The CRP forms shown; other systems' decisions (the demo's orange tasks) share the inbox and stay. */
const crpForms = (frame) => frame.locator('section.decision', { hasText: /run-\d{8}/ });

async function noCrpLeft(frame) {
  await waitFor(async () => (await crpForms(frame).count()) === 0, 'no CRP left in Needs you', 15000);
}

/**
 * Answers the demo's crp-001 in the sidebar form like a person would — option B, a typed rationale, the view
 * hidden and shown again in between — and checks the VCR on disk and that no CRP is left in the inbox.
 */
async function answerInTheSidebar(page, workspace, shown) {
  let frame = shown;
  let form = section(frame, 'Login rate limit across replicas');
  await form.waitFor({ timeout: 30000 });
  // The card of option B, then the rationale, like a person would.
  await form.locator('.option[data-option="B"]').click();
  await waitFor(async () => (await form.locator('.option[data-option="B"]').getAttribute('aria-checked')) === 'true', 'option B to be selected', 5000);
  const rationale = form.locator('vscode-text-area[name="rationale"] textarea');
  await rationale.click();
  await rationale.pressSequentially(RATIONALE, { delay: 5 });
  // Hidden and shown again (another sidebar, then Baton): the page is rebuilt, the choice and text survive.
  const before = frame;
  await runCommand(page, 'View: Show Explorer');
  await page.locator('.part.sidebar .composite.title', { hasText: /Explorer/i }).waitFor({ timeout: 10000 });
  frame = await openNeedsYou(page);
  if (frame === before || !before.isDetached()) throw new Error('the Needs you page was not rebuilt when the view was shown again');
  form = section(frame, 'Login rate limit across replicas');
  await form.waitFor({ timeout: 30000 });
  await waitFor(async () => (await form.locator('.option[data-option="B"]').getAttribute('aria-checked')) === 'true', 'option B to be selected after the view was shown again', 10000);
  const kept = await form.locator('vscode-text-area[name="rationale"]').evaluate((el) => el.value);
  if (kept !== RATIONALE) throw new Error(`rationale after hide/show: ${JSON.stringify(kept)}`);
  log('hidden and shown again: option B and the rationale were kept');

  const undo = await roomFor(page, /needs you/i, 260);
  try {
    await form.locator('.question').first().evaluate((q) => q.scrollIntoView({ block: 'start' }));
    await page.mouse.move(0, 0);
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    log(`screenshot -> ${path.relative(PROJECT, SCREENSHOT)}`);
  } finally {
    await undo();
  }

  const submit = form.locator('vscode-button.submit');
  await waitFor(async () => (await submit.getAttribute('disabled')) === null, 'Submit to be enabled', 5000);
  await submit.click();
  await frame.locator('.status.ok', { hasText: 'crp-001 answered' }).waitFor({ timeout: 15000 });

  const vcrDir = path.join(workspace, DEMO_RUN, 'vcr');
  const vcrs = fs.readdirSync(vcrDir).filter((f) => f.endsWith('.json'));
  if (vcrs.length !== 1) throw new Error(`expected one VCR in ${vcrDir}, found ${JSON.stringify(vcrs)}`);
  const vcr = JSON.parse(fs.readFileSync(path.join(vcrDir, vcrs[0]), 'utf8'));
  const expected = { vcr_id: vcrs[0].replace(/\.json$/, ''), crp_id: 'crp-001', decision: 'B', rationale: RATIONALE, additional_notes: '', applies_to_future: false };
  for (const [k, v] of Object.entries(expected)) {
    if (vcr[k] !== v) throw new Error(`VCR ${k} is ${JSON.stringify(vcr[k])}, expected ${JSON.stringify(v)}`);
  }
  if (Object.keys(vcr).join() !== 'vcr_id,crp_id,created_at,decision,rationale,additional_notes,applies_to_future') {
    throw new Error(`VCR keys: ${Object.keys(vcr).join()}`);
  }
  // Dure's own id for an answer (vcr-<epoch ms>); state.json is left to Dure's resume, which needs pending_crp.
  if (!/^vcr-\d{13}$/.test(vcr.vcr_id)) throw new Error(`VCR id ${vcr.vcr_id} is not vcr-<epoch ms>`);
  const state = JSON.parse(fs.readFileSync(path.join(workspace, DEMO_RUN, 'state.json'), 'utf8'));
  if (state.pending_crp !== 'crp-001' || state.phase !== 'waiting_human') throw new Error(`state.json changed: ${state.phase} / ${state.pending_crp}`);
  await noCrpLeft(frame);
  const left = await crpForms(frame).count();
  if (left) throw new Error(`${left} CRP(s) still shown after answering`);
  log(`${vcrs[0]}: decision B with the typed rationale; state.json left to Dure; no CRP left in the inbox`);
}

const REVIEWED = 'Send RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset on /auth responses';
const REVIEWED_DIR = 'home/orange/tasks/demo/86J3d2pCuuXolMIxbaqD2';
const REASON = 'Headers checked against RFC 9331 on staging.';

/**
 * The demo's reviewed orange task, answered like a person would: nothing is chosen for them, a reason is asked for,
 * "mark done" needs a second, explicit step (Enter on it does nothing; Go back returns), and the result shows where the
 * form was, focused, and in the live region. The task's files are put back afterwards for the scenarios after this one.
 */
async function markTheReviewedTaskDone(page, workspace) {
  const taskFile = path.join(workspace, REVIEWED_DIR, 'TASK.md');
  const historyFile = path.join(workspace, REVIEWED_DIR, 'history.jsonl');
  const original = { task: fs.readFileSync(taskFile, 'utf8'), history: fs.readFileSync(historyFile, 'utf8') };
  const frame = await openNeedsYou(page);
  const form = frame.locator('section.decision.orange', { hasText: REVIEWED });
  try {
    await form.waitFor({ timeout: 30000 });
    // No move of any orange form is chosen before the person chooses one.
    const preselected = await frame.locator('section.decision.orange .move[aria-checked="true"]').count();
    if (preselected) throw new Error(`${preselected} move(s) preselected in the Needs you forms`);
    const submit = form.locator('vscode-button.submit');
    if ((await submit.getAttribute('disabled')) === null) throw new Error('Move the task is enabled before a move was chosen');
    const hint = async () => (await form.locator('.hint').textContent())?.trim();
    if (!/Pick where the task goes next/.test(await hint())) throw new Error(`hint before a choice: ${await hint()}`);

    await form.locator('.move[data-move="done"]').click();
    await waitFor(async () => (await form.locator('.move[data-move="done"]').getAttribute('aria-checked')) === 'true', 'done to be chosen', 5000);
    if ((await submit.getAttribute('disabled')) === null) throw new Error('Move the task is enabled without a reason');
    if (!/Write the reason/.test(await hint())) throw new Error(`hint without a reason: ${await hint()}`);
    const note = form.locator('vscode-text-area[name="note"] textarea');
    await note.click();
    await note.pressSequentially(REASON, { delay: 5 });
    await waitFor(async () => (await submit.getAttribute('disabled')) === null, 'Move the task to be enabled with a reason', 5000);

    // The second step: a question naming the task, focused itself; Enter there answers nothing.
    await submit.click();
    const question = form.locator('.confirm-question');
    await question.waitFor({ timeout: 5000 });
    const asked = (await question.textContent()) ?? '';
    if (!asked.includes(`Mark "${REVIEWED}" done?`)) throw new Error(`confirmation: ${asked}`);
    const focused = await frame.evaluate(() => document.activeElement?.className ?? '');
    if (focused !== 'confirm-question') throw new Error(`focus in the confirmation step is on "${focused}", not the question`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.waitForTimeout(500);
    if (fs.readFileSync(taskFile, 'utf8') !== original.task) throw new Error('TASK.md changed before the move was confirmed');
    await form.locator('vscode-button.confirm-back').click();
    await submit.waitFor({ timeout: 5000 });
    if (await question.count()) throw new Error('Go back left the confirmation open');
    log('reviewed task: no move preselected, a reason required, "mark done" asks again; Enter on the question and Go back write nothing');

    await submit.click();
    await form.locator('vscode-button.confirm-yes').click();
    const notice = frame.locator('.answered', { hasText: REVIEWED });
    await notice.waitFor({ timeout: 15000 });
    const said = (await notice.textContent()) ?? '';
    if (!said.includes('moved from reviewing to done')) throw new Error(`announcement: ${said}`);
    await waitFor(async () => (await frame.evaluate(() => document.activeElement?.classList.contains('answered'))), 'the announcement to have the focus', 5000);
    const live = await frame.locator('.status[role="status"][aria-live="polite"]').textContent();
    if (!live?.includes(REVIEWED)) throw new Error(`live region: ${live}`);
    const written = fs.readFileSync(taskFile, 'utf8');
    if (!/\nstatus: done\n/.test(written)) throw new Error(`TASK.md after the move:\n${written}`);
    const last = JSON.parse(fs.readFileSync(historyFile, 'utf8').trim().split('\n').at(-1));
    if (last.type !== 'status.changed' || last.to !== 'done' || last.reason !== REASON) throw new Error(`history: ${JSON.stringify(last)}`);
    log(`announced in place of the form and in the live region: "${said.trim()}"; history.jsonl has the reason`);
  } finally {
    fs.writeFileSync(historyFile, original.history);
    fs.writeFileSync(taskFile, original.task);
  }
  await form.waitFor({ timeout: 30000 });
}

const GATE_TASK = 'TASK-005';
const GATE_TITLE = 'Document the authentication flow in the developer guide';
const GATE_REASON = 'The outline skips the refresh-token rotation; add it before the guide is written.';
/** TASK-005 stopped at its human gate after spec (the demo's plan.yaml asks for one), as orc's executor records it. */
const PENDING_GATE_STATE = `task_id: TASK-005
current_phase: spec
current_iteration: 1
status: running
started_at: 2026-01-16T09:00:00Z
updated_at: 2026-01-16T09:12:40Z
phases:
  spec:
    status: completed
    started_at: 2026-01-16T09:00:00Z
    completed_at: 2026-01-16T09:12:30Z
    iterations: 1
gates:
  - phase: spec
    type: human
    decision: pending
    timestamp: 2026-01-16T09:12:40Z
`;

/**
 * An orc human gate rejected like a person would: neither Approve nor Reject chosen or focused for them, Reject
 * only with a reason, then a second step naming the task that Enter does not answer and Go back leaves unwritten;
 * confirmed, state.yaml holds what orc records for a rejection (the gate rejected with the reason, the phase failed
 * with it, so the next run redoes it) and the result shows in place of the form and in the live region, naming the
 * task by its title. state.yaml is removed afterwards (the demo's TASK-005 has none).
 */
async function rejectAnOrcGate(page, workspace) {
  const stateFile = path.join(workspace, '.orc/tasks', GATE_TASK, 'state.yaml');
  if (fs.existsSync(stateFile)) throw new Error(`${stateFile} exists already; the scenario expects the demo's TASK-005 without one`);
  fs.writeFileSync(stateFile, PENDING_GATE_STATE);
  try {
    const frame = await openNeedsYou(page);
    const form = frame.locator('section.decision[data-form="gate"]', { hasText: `${GATE_TASK} · spec` });
    await form.waitFor({ timeout: 30000 });
    await form.evaluate((s) => s.scrollIntoView({ block: 'start' }));
    const reject = form.locator('vscode-button.reject');
    // Nothing chosen for the person: no button pressed or focused, no choice in the page's saved draft.
    const chosen = await form.evaluate((s) => ({
      pressed: s.querySelectorAll('[aria-pressed="true"], [aria-checked="true"], [aria-selected="true"], [autofocus]').length,
      focused: s.contains(document.activeElement) ? document.activeElement.className : null,
    }));
    if (chosen.pressed || chosen.focused) throw new Error(`the gate form starts with a choice made: ${JSON.stringify(chosen)}`);
    if ((await reject.getAttribute('disabled')) === null) throw new Error('Reject is enabled before a reason was written');
    const reason = form.locator('vscode-text-area[name="rationale"] textarea');
    await reason.click();
    await reason.pressSequentially(GATE_REASON, { delay: 5 });
    // Enter in the reason is a new line, not an answer.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    await waitFor(async () => (await reject.getAttribute('disabled')) === null, 'Reject to be enabled with a reason', 5000);
    if (fs.readFileSync(stateFile, 'utf8') !== PENDING_GATE_STATE) throw new Error('state.yaml changed while the reason was typed');

    // The second step: the question names the task and holds the focus; Enter and Space answer nothing; Go back.
    await reject.click();
    const question = form.locator('.confirm-question');
    await question.waitFor({ timeout: 5000 });
    const asked = (await question.textContent()) ?? '';
    if (!asked.includes(`Reject the spec phase of ${GATE_TASK} (${GATE_TITLE})?`) || !/cannot be undone/.test(asked)) throw new Error(`confirmation: ${asked}`);
    const focused = await frame.evaluate(() => document.activeElement?.className ?? '');
    if (focused !== 'confirm-question') throw new Error(`focus in the confirmation step is on "${focused}", not the question`);
    if (await form.locator('.confirm vscode-button[appearance="primary"]').count()) throw new Error('a confirmation button is styled as the default');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.waitForTimeout(500);
    if (fs.readFileSync(stateFile, 'utf8') !== PENDING_GATE_STATE) throw new Error('state.yaml changed before the rejection was confirmed');
    await form.locator('vscode-button.confirm-back').click();
    await reject.waitFor({ timeout: 5000 });
    if (await question.count()) throw new Error('Go back left the confirmation open');
    await page.waitForTimeout(500);
    if (fs.readFileSync(stateFile, 'utf8') !== PENDING_GATE_STATE) throw new Error('Go back wrote state.yaml');
    if (!(await form.isVisible())) throw new Error('the gate form left the inbox after Go back');
    log('gate: nothing chosen, Reject needs a reason, then a confirmation naming the task; Enter on it and Go back write nothing');

    await reject.click();
    await form.locator('vscode-button.confirm-yes').click();
    const notice = frame.locator('.answered', { hasText: GATE_TITLE });
    await notice.waitFor({ timeout: 15000 });
    const said = ((await notice.locator('p').textContent()) ?? '').trim();
    const result = `${GATE_TITLE}: ${GATE_TASK}: the gate after spec is rejected.`;
    if (said !== `✓ ${result}`) throw new Error(`announcement: ${said}`);
    const live = ((await frame.locator('.status[role="status"][aria-live="polite"]').textContent()) ?? '').trim();
    if (live !== result) throw new Error(`live region: ${live}`);
    if (await frame.locator('section.decision[data-form="gate"]', { hasText: `${GATE_TASK} · spec` }).count()) throw new Error('the rejected gate is still in the inbox');

    // What orc's executor reads: the gate rejected with the reason and a time, the phase failed with it.
    const { parse } = createRequire(import.meta.url)('yaml');
    const state = parse(fs.readFileSync(stateFile, 'utf8'));
    const gate = state.gates.at(-1);
    if (state.gates.length !== 1 || gate.phase !== 'spec' || gate.type !== 'human' || gate.decision !== 'rejected' || gate.rationale !== GATE_REASON
      || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(gate.timestamp) || gate.timestamp === '2026-01-16T09:12:40Z') {
      throw new Error(`the gate in state.yaml: ${JSON.stringify(state.gates)}`);
    }
    if (state.phases.spec.status !== 'failed' || state.phases.spec.error !== `rejected at the gate: ${GATE_REASON}`) {
      throw new Error(`the spec phase in state.yaml: ${JSON.stringify(state.phases.spec)}`);
    }
    log(`rejected: "${said}" in place of the form and in the live region; state.yaml gate ${gate.decision} with the reason, spec ${state.phases.spec.status}`);
  } finally {
    fs.rmSync(stateFile, { force: true });
  }
}

const DEMO_MISSION = '.dure/missions/mission-20260203091500';
const MISSION_TITLE = 'Let people sign in with a passkey';

/**
 * The demo's Dure mission whose plan the Critic did not approve: the form shows why (the Critic's findings) and the
 * plan, nothing chosen or focused for the person; Approve asks in a second step that Enter does not answer and Go
 * back leaves unwritten; confirmed, mission.json is ready with the reviewed phases and kanban.json is written, as
 * Dure's approvePlan leaves them. The demo's files are put back afterwards.
 */
async function approveTheDemoMissionPlan(page, workspace) {
  const missionFile = path.join(workspace, DEMO_MISSION, 'mission.json');
  const kanbanFile = path.join(workspace, DEMO_MISSION, 'kanban.json');
  const original = fs.readFileSync(missionFile, 'utf8');
  try {
    const frame = await openNeedsYou(page);
    const form = frame.locator('section.decision[data-form="plan"]', { hasText: MISSION_TITLE });
    await form.waitFor({ timeout: 30000 });
    await form.evaluate((s) => s.scrollIntoView({ block: 'start' }));
    const text = (await form.textContent()) ?? '';
    for (const shown of ['Account recovery without a password is not planned', 'Passkey sign-in behind the rate limiter', 'Add POST /auth/passkey/login', 'after task-003']) {
      if (!text.includes(shown)) throw new Error(`the plan form does not show "${shown}"`);
    }
    const chosen = await form.evaluate((s) => ({
      pressed: s.querySelectorAll('[aria-pressed="true"], [aria-checked="true"], [aria-selected="true"], [autofocus]').length,
      focused: s.contains(document.activeElement) ? document.activeElement.className : null,
    }));
    if (chosen.pressed || chosen.focused) throw new Error(`the plan form starts with a choice made: ${JSON.stringify(chosen)}`);
    const approve = form.locator('vscode-button.approve');
    await approve.click();
    const question = form.locator('.confirm-question');
    await question.waitFor({ timeout: 5000 });
    const asked = (await question.textContent()) ?? '';
    if (!asked.includes(`Approve the plan of "${MISSION_TITLE}`) || !/cannot be undone/.test(asked)) throw new Error(`confirmation: ${asked}`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.waitForTimeout(500);
    if (fs.readFileSync(missionFile, 'utf8') !== original) throw new Error('mission.json changed before the approval was confirmed');
    await form.locator('vscode-button.confirm-back').click();
    await approve.waitFor({ timeout: 5000 });
    if (fs.readFileSync(missionFile, 'utf8') !== original || fs.existsSync(kanbanFile)) throw new Error('Go back wrote the mission');

    await approve.click();
    await form.locator('vscode-button.confirm-yes').click();
    const notice = frame.locator('.answered', { hasText: MISSION_TITLE });
    await notice.waitFor({ timeout: 15000 });
    const said = ((await notice.locator('p').textContent()) ?? '').trim();
    if (!/: mission-20260203091500: the plan is approved: 2 phases, 5 tasks; the mission is ready/.test(said)) throw new Error(`announcement: ${said}`);
    const mission = JSON.parse(fs.readFileSync(missionFile, 'utf8'));
    if (mission.status !== 'ready' || mission.planning.stage !== 'approved' || mission.phases.length !== 2 || mission.phases[1].tasks.length !== 3) {
      throw new Error(`mission.json after the approval: ${JSON.stringify({ status: mission.status, stage: mission.planning.stage, phases: mission.phases.length })}`);
    }
    const kanban = JSON.parse(fs.readFileSync(kanbanFile, 'utf8'));
    if (kanban.planning_stage !== 'approved' || kanban.stats.total_tasks !== 5) throw new Error(`kanban.json: ${JSON.stringify(kanban.stats)}`);
    log(`mission plan: the Critic's findings and the plan shown, nothing chosen; approved after a second step: "${said}"; mission.json ready, kanban.json ${kanban.stats.total_tasks} cards`);
  } finally {
    fs.writeFileSync(missionFile, original);
    fs.rmSync(kanbanFile, { force: true });
  }
}

export const scenarios = [
  async function answerTheDemoCrpInTheSidebar({ page, workspace }) {
    const frame = await openNeedsYou(page);
    // The other views folded first: left open (the Tasks view after the scenarios before), they can leave Needs
    // you a sliver whose form lies under their headers, and a person's click would land on a header.
    const unfold = await roomFor(page, /needs you/i, 0);
    try {
      await answerInTheSidebar(page, workspace, frame);
    } finally {
      await unfold();
    }
  },

  async function aQuestionsCrpGetsOneAnswerPerQuestion({ page, workspace }) {
    const run = path.join(workspace, '.dure', 'runs', 'run-20260121090000');
    fs.mkdirSync(path.join(run, 'crp'), { recursive: true });
    fs.writeFileSync(path.join(run, 'state.json'), JSON.stringify({ run_id: 'run-20260121090000', phase: 'waiting_human', iteration: 1,
      max_iterations: 3, pending_crp: 'crp-002' }, null, 2));
    fs.writeFileSync(path.join(run, 'crp', 'crp-1737450000.json'), JSON.stringify({ crp_id: 'crp-002', created_by: 'gatekeeper', type: 'security',
      context: 'Two decisions before the limiter ships.\nBoth go into one VCR, as `decisions`.', status: 'pending', questions: [
        { id: 'q1', question: 'Fail open or closed when the store is down?', options: [{ id: 'A', label: 'Fail open' }, { id: 'B', label: 'Fail closed' }], recommendation: 'A' },
        { id: 'q2', question: 'Log rejected requests?', options: [{ id: 'A', label: 'Yes, sampled' }, { id: 'B', label: 'No' }], recommendation: 'A' },
      ] }, null, 2));
    const frame = await openNeedsYou(page);
    const form = section(frame, 'run-20260121090000');
    await form.waitFor({ timeout: 30000 });
    // The context, parsed on the host: its single newline a line break, its code span code.
    const context = await form.locator('.markdown.context').first().evaluate((c) => ({ text: c.textContent, br: c.querySelectorAll('p > br').length, code: c.querySelector('code')?.textContent }));
    if (context.text !== 'Two decisions before the limiter ships.Both go into one VCR, as decisions.' || context.br !== 1 || context.code !== 'decisions') {
      throw new Error(`the CRP context as shown: ${JSON.stringify(context)}`);
    }
    const submit = form.locator('vscode-button.submit');
    await form.locator('.question[data-question="q1"] .option[data-option="B"]').click();
    // One question answered is not an answer yet.
    if ((await submit.getAttribute('disabled')) === null) throw new Error('Submit is enabled with q2 unanswered');
    await form.locator('.question[data-question="q2"] .option[data-option="A"]').click();
    await waitFor(async () => (await submit.getAttribute('disabled')) === null, 'Submit to be enabled with both questions answered', 5000);
    await submit.click();
    await frame.locator('.status.ok', { hasText: 'crp-002 answered' }).waitFor({ timeout: 15000 });
    const written = fs.readdirSync(path.join(run, 'vcr'));
    if (written.length !== 1) throw new Error(`VCRs written: ${JSON.stringify(written)}`);
    const vcr = JSON.parse(fs.readFileSync(path.join(run, 'vcr', written[0]), 'utf8'));
    if (JSON.stringify(vcr.decision) !== '{"q1":"B","q2":"A"}') throw new Error(`VCR decision: ${JSON.stringify(vcr.decision)}`);
    if (JSON.stringify(vcr.decisions) !== '{"q1":"B","q2":"A"}') throw new Error(`VCR decisions: ${JSON.stringify(vcr.decisions)}`);
    fs.rmSync(run, { recursive: true, force: true });
    await noCrpLeft(frame);
    log(`questions[] CRP: q1 → B, q2 → A written as a map in .dure/…/vcr/${written[0]}`);
  },

  async function aCrpHoldingHtmlIsShownAsText({ page, workspace }) {
    const run = path.join(workspace, HOSTILE_RUN);
    fs.mkdirSync(path.join(run, 'crp'), { recursive: true });
    fs.writeFileSync(path.join(run, 'state.json'), JSON.stringify({ run_id: 'run-20260120080000', phase: 'waiting_human', iteration: 1,
      max_iterations: 3, pending_crp: 'crp-001' }, null, 2));
    fs.writeFileSync(path.join(run, 'crp', 'crp-1.json'), JSON.stringify({ crp_id: 'crp-001', created_by: 'refiner', type: 'clarification',
      question: HOSTILE_QUESTION, context: '<b>bold?</b> & "quotes"',
      options: [{ id: 'A', label: HOSTILE_LABEL, description: '<script>window.__batonPwned = 3</script>' }, { id: 'B', label: 'Plain text' }],
      recommendation: 'A', status: 'pending' }, null, 2));
    try {
      const frame = await openNeedsYou(page);
      const form = section(frame, 'run-20260120080000');
      await form.waitFor({ timeout: 30000 });
      const shown = await form.locator('.question h3').textContent();
      if (shown !== HOSTILE_QUESTION) throw new Error(`question shown as ${JSON.stringify(shown)}`);
      const label = await form.locator('.option[data-option="A"] .option-label').textContent();
      if (label !== HOSTILE_LABEL) throw new Error(`option label shown as ${JSON.stringify(label)}`);
      const injected = await frame.evaluate(() => ({
        pwned: window.__batonPwned ?? null,
        // VS Code adds its own inline script to every webview; none may carry the CRP's text.
        scripts: [...document.querySelectorAll('script')].filter((s) => /batonPwned/.test(s.textContent ?? '')
          || (s.src && !/toolkit\.min\.js|decisions\.js/.test(s.src))).length,
        images: document.querySelectorAll('img').length,
        bold: document.querySelectorAll('b').length,
      }));
      if (injected.pwned !== null || injected.images || injected.bold || injected.scripts) {
        throw new Error(`markup from the CRP reached the page: ${JSON.stringify(injected)}`);
      }
      log(`"${HOSTILE_QUESTION}" shown as text; no script, image or markup from the CRP in the page`);
    } finally {
      fs.rmSync(run, { recursive: true, force: true });
    }
    const frame = await webviewFrame(page, 'decisions', '#root .list', 'the Needs you webview to load');
    await noCrpLeft(frame);
  },

  async function needsYouAsksBeforeItEndsATask({ page, workspace }) {
    await openNeedsYou(page);
    const unfold = await roomFor(page, /needs you/i, 0);
    try {
      await markTheReviewedTaskDone(page, workspace);
    } finally {
      await unfold();
    }
  },

  async function rejectingAnOrcGateAsksForAReasonAndConfirms({ page, workspace }) {
    await openNeedsYou(page);
    const unfold = await roomFor(page, /needs you/i, 0);
    try {
      await rejectAnOrcGate(page, workspace);
    } finally {
      await unfold();
    }
  },

  async function approvingADureMissionPlanAsksFirst({ page, workspace }) {
    await openNeedsYou(page);
    const unfold = await roomFor(page, /needs you/i, 0);
    try {
      await approveTheDemoMissionPlan(page, workspace);
    } finally {
      await unfold();
    }
  },
];
