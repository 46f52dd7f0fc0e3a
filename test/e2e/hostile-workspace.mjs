// Writes the hostile corpus (hostile-corpus.mjs) into every field of the temp demo copy that a Baton webview shows,
// and takes it all out again: an orc task (title, Markdown description, transcripts, attachments, test report,
// review, pending human gate, orc.db comments) with its initiative; an Orchestral CRP and a Dure questions[] CRP; a
// Dure mission plan waiting for approval; an orange clarification; an Orchestral run with an MRP; an intent and intent-map rows. Used by
// scenarios/xss-hostile-text.mjs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CORPUS, FILE_NAME_SAFE, markdownDocument } from './hostile-corpus.mjs';

const require = createRequire(import.meta.url);
const C = CORPUS;
const q = (s) => JSON.stringify(s); // a JSON string is a valid YAML double-quoted scalar

export const TASK = 'TASK-666';
export const CRP_RUN = 'run-20260120090000';
export const DURE_RUN = 'run-20260120091500';
export const ORANGE_TASK = 'hostileXssTask00000001';
export const MRP_TITLE = 'Hostile MRP';
export const INTENT = 'INT-666';
export const MISSION = 'mission-20260120093000';

const rel = {
  task: `.orc/tasks/${TASK}`, initiative: '.orc/initiatives/INIT-666', crpRun: `.orchestral/runs/${CRP_RUN}`,
  dureRun: `.dure/runs/${DURE_RUN}`, orange: `home/orange/tasks/demo/${ORANGE_TASK}`, mission: `.dure/missions/${MISSION}`,
};

function write(root, file, text) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

function orcTask(ws) {
  write(ws, `${rel.task}/task.yaml`, `id: ${TASK}\ntitle: ${q(C.attributeBreakout)}\ndescription: ${q(markdownDocument())}\n` +
    'weight: medium\nstatus: running\ncurrent_phase: spec\npriority: high\ncategory: feature\nqueue: active\ninitiative_id: INIT-666\n' +
    'created_at: 2026-01-20T09:00:00Z\nupdated_at: 2026-01-20T09:10:00Z\n');
  write(ws, `${rel.task}/state.yaml`, `task_id: ${TASK}\ncurrent_phase: spec\nstatus: running\nphases:\n  spec:\n    status: completed\n` +
    `    checkpoint: ${q(C.singleQuoteBreakout)}\n    files_changed: [${q(C.imgOnerror)}, ${q(C.svgOnload)}]\n    artifacts: [${q(C.script)}]\n` +
    `    error: ${q(C.mutation)}\n` +
    `gates:\n  - phase: spec\n    type: human\n    decision: pending\n    timestamp: 2026-01-20T09:10:00Z\n    rationale: ${q(C.iframeSrcdoc)}\n`);
  write(ws, `${rel.task}/plan.yaml`, `task_id: ${TASK}\nweight: medium\nphases:\n  - name: spec\n    type: spec\n` +
    `    completion_criteria: [${q(C.templateLiteral)}]\n    gate:\n      type: human\n      criteria: [${q(C.rtlOverride)}]\n  - name: implement\n    type: implement\n`);
  write(ws, `${rel.initiative}/initiative.yaml`, `id: INIT-666\ntitle: ${q(C.svgOnload)}\nstatus: active\nvision: ${q(C.script)}\n`);
  for (const [i, name] of FILE_NAME_SAFE.entries()) {
    write(ws, `${rel.task}/transcripts/0${i + 1}-${C[name]}-001.md`, `# Transcript: ${TASK}\n\n${C.script}\n`);
    write(ws, `${rel.task}/attachments/${C[name]}.txt`, C.script);
  }
  const tests = Object.entries(C).map(([name, text]) => ({ name: text, status: 'failed', duration: 10, error: `${name}: ${text}` }));
  write(ws, `${rel.task}/test-results/report.json`, JSON.stringify({ version: 1, framework: C.imgOnerror,
    summary: { total: tests.length, passed: 0, failed: tests.length, skipped: 0 }, suites: [{ name: C.iframeSrcdoc, tests }] }, null, 2));
  write(ws, `${rel.task}/artifacts/review.md`, `# Review: ${TASK}\n\n## Verdict: ${C.svgOnload}\n\n## Findings\n### Major\n- ${C.script}\n- ${C.anchorJavascript}\n\n### ${C.imgOnerror}\n- ${C.styleAndMeta}\n`);
}

/** One orc.db comment per payload, on the hostile task; returns the database's bytes before, for the restore. */
async function orcComments(ws) {
  const file = path.join(ws, '.orc', 'orc.db');
  const before = fs.readFileSync(file);
  const SQL = await require('sql.js')();
  const db = new SQL.Database(new Uint8Array(before)); // a copy: sql.js takes the array it is given as its own
  Object.entries(C).forEach(([name, text], i) => {
    db.run('INSERT INTO task_comments VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [`TC-xss-${i}`, TASK, `${name} ${C.singleQuoteBreakout}`, 'agent', text, 'spec', `2026-01-20T09:${String(10 + i).padStart(2, '0')}:00Z`, '2026-01-20T09:30:00Z']);
  });
  fs.writeFileSync(file, Buffer.from(db.export()));
  db.close();
  return before;
}

function crps(ws) {
  write(ws, `${rel.crpRun}/state.json`, JSON.stringify({ run_id: CRP_RUN, phase: 'waiting_human', iteration: 1, max_iterations: 3, pending_crp: 'crp-001' }));
  write(ws, `${rel.crpRun}/briefing/raw.md`, `# ${MRP_TITLE} ${C.imgOnerror}\n`);
  write(ws, `${rel.crpRun}/crp/crp-1.json`, JSON.stringify({ crp_id: 'crp-001', created_by: C.singleQuoteBreakout, type: C.javascriptUrl,
    question: C.script, context: `${C.entities}\n\n${C.long}`, recommendation: 'A', status: 'pending', options: [
      { id: 'A', label: C.imgOnerror, description: C.iframeSrcdoc, risk: C.anchorJavascript, pros: [C.svgOnload, C.templateLiteral], cons: [C.attributeBreakout] },
      { id: 'B', label: C.javascriptUrl, description: C.styleAndMeta, pros: [C.mutation], cons: [C.rtlOverride] },
    ] }, null, 2));
  write(ws, `${rel.dureRun}/state.json`, JSON.stringify({ run_id: DURE_RUN, phase: 'waiting_human', iteration: 1, max_iterations: 3, pending_crp: 'crp-002' }));
  write(ws, `${rel.dureRun}/crp/crp-2.json`, JSON.stringify({ crp_id: 'crp-002', created_by: 'gatekeeper', type: 'security', context: C.rtlOverride,
    status: 'pending', questions: [
      { id: 'q1', question: C.attributeBreakout, options: [{ id: 'A', label: C.templateLiteral }, { id: 'B', label: C.entities }], recommendation: 'A' },
      { id: 'q2', question: C.mutation, options: [{ id: 'A', label: C.anchorJavascript }, { id: 'B', label: C.styleAndMeta }] },
    ] }, null, 2));
}

/** A Dure mission whose plan waits for approval: its description (the title), the Critic's review, the draft plan. */
function mission(ws) {
  const task = (id, title, dependsOn) => ({ task_id: id, phase_id: 'phase-001', title, description: C.rtlOverride, depends_on: dependsOn, status: 'pending' });
  write(ws, `${rel.mission}/planning/draft-v1.json`, JSON.stringify({ version: 1, phases: [{ phase_id: 'phase-001', number: 1, title: C.templateLiteral,
    description: C.entities, tasks: [task('task-001', C.iframeSrcdoc, []), task('task-002', C.attributeBreakout, ['task-001'])] }] }, null, 2));
  write(ws, `${rel.mission}/mission.json`, JSON.stringify({ mission_id: MISSION, title: '', description: C.imgOnerror, status: 'plan_review',
    planning: { stage: 'needs_human', iterations: 1, drafts: [], critiques: [{ version: 1, verdict: 'needs_human', summary: C.script, rationale: C.mutation,
      items: [{ id: 'critique-001', severity: 'major', title: C.svgOnload, description: C.anchorJavascript, suggestion: C.styleAndMeta }],
      stats: { critical: 0, major: 1, minor: 0, suggestion: 0 } }] },
    phases: [], created_at: '2026-01-20T09:30:00.000Z', updated_at: '2026-01-20T09:31:00.000Z',
    stats: { total_phases: 0, total_tasks: 0, completed_tasks: 0, failed_tasks: 0 } }, null, 2));
}

function orange(ws) {
  write(ws, `${rel.orange}/TASK.md`, `---\nid: ${ORANGE_TASK}\nproject: demo\nbranch: hostile-xss\nharness: claude\nstatus: clarification\n` +
    `review_round: 0\ncrash_count: 0\nsummary: ${q(C.svgOnload)}\ncreated_at: 2026-01-20T09:00:00Z\nupdated_at: 2026-01-20T09:05:00Z\n---\n\n` +
    `## Context\n\n${C.script}\n\n## Questions\n\n- [ ] ${C.imgOnerror}\n- [ ] ${C.iframeSrcdoc}\n- [ ] ${C.rtlOverride}\n`);
}

function mrp(ws) {
  write(ws, `${rel.crpRun}/mrp/summary.md`, markdownDocument());
  write(ws, `${rel.crpRun}/mrp/evidence.json`, JSON.stringify({ tests: { total: 3, passed: 2, failed: 1, coverage: 50 },
    files_changed: [C.imgOnerror, C.svgOnload], decisions: ['vcr-666', C.script], iterations: 1, logs: { [C.iframeSrcdoc]: C.attributeBreakout } }));
  write(ws, `${rel.crpRun}/vcr/vcr-666.json`, JSON.stringify({ vcr_id: 'vcr-666', crp_id: 'crp-000', created_at: '2026-01-20T09:00:00Z',
    decision: C.templateLiteral, rationale: C.mutation, additional_notes: C.anchorJavascript, applies_to_future: false }));
  write(ws, `${rel.crpRun}/gatekeeper/verdict.json`, JSON.stringify({ verdict: C.styleAndMeta, iteration: 1, reason: C.entities, issues: [] }));
}

function intents(ws, saved) {
  const intentsFile = path.join(ws, '.orchestration/active_intents.yaml');
  const mapFile = path.join(ws, '.orchestration/intent_map.md');
  saved.set(intentsFile, fs.readFileSync(intentsFile, 'utf8'));
  saved.set(mapFile, fs.readFileSync(mapFile, 'utf8'));
  fs.writeFileSync(intentsFile, `${saved.get(intentsFile).trimEnd()}\n\n    - id: ${INTENT}\n      name: ${q(C.imgOnerror)}\n      status: PENDING\n      owned_scope:\n          - src/db/**\n`);
  const rows = FILE_NAME_SAFE.map((name) => `| \`src/db/${C[name]}.ts\` | \`${INTENT}\` | \`${C.svgOnload}\` | \`n/a\` |`);
  fs.writeFileSync(mapFile, `${saved.get(mapFile).trimEnd()}\n${rows.join('\n')}\n`);
}

/** Writes everything; returns the undo (which restores the files it changed and removes those it added). */
export async function writeHostileWorkspace(ws) {
  const saved = new Map();
  orcTask(ws);
  saved.set(path.join(ws, '.orc', 'orc.db'), await orcComments(ws));
  crps(ws);
  orange(ws);
  mission(ws);
  mrp(ws);
  intents(ws, saved);
  return () => {
    for (const dir of Object.values(rel)) fs.rmSync(path.join(ws, dir), { recursive: true, force: true });
    for (const [file, content] of saved) fs.writeFileSync(file, content);
  };
}

/** The intent-map paths the hostile rows add. */
export const intentPaths = () => FILE_NAME_SAFE.map((name) => `src/db/${C[name]}.ts`);
