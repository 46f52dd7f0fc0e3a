import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerOrangeDecision } from '../../../src/core/formats/orange/answer';
import { createTask, newTaskId } from '../../../src/core/formats/orange/create-task';
import type { OrangeDecision, OrangeTask } from '../../../src/core/formats/orange/model';
import { editTask } from '../../../src/core/formats/orange/task-edit';
import { TASK_ID_PATTERN } from '../../../src/core/formats/orange/vocabulary';
import type { TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome, scanned } from './helpers';

const NOW = new Date('2026-03-01T12:00:00.456Z');

function lastEvent(file: string): Record<string, unknown> {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
}

describe('orange edits', () => {
  let tmp: TempWorkspace;
  let root: string;
  let orangeRoot: string;
  beforeEach(() => ({ tmp, root, orangeRoot } = orangeHome('valid')));
  afterEach(() => tmp.dispose());

  const taskMd = (id: string) => path.join(orangeRoot, 'tasks', 'app', id, 'TASK.md');
  const history = (id: string) => path.join(orangeRoot, 'tasks', 'app', id, 'history.jsonl');
  async function task(id: string): Promise<OrangeTask> {
    const service = await scanned(root, orangeRoot);
    return service.items().find((i): i is OrangeTask => i.system === 'orange' && i.id === id)!;
  }

  it('moves a task along the workflow: status and updated_at spliced in, every other byte kept, status.changed appended', async () => {
    const before = readFileSync(taskMd(ID.planning), 'utf8');
    const t = await task(ID.planning);
    const outcome = await editTask({ file: t.file, shownHash: t.textHash, to: 'working', now: NOW });
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
    const after = readFileSync(taskMd(ID.planning), 'utf8');
    assert.strictEqual(after, before.replace('status: planning', 'status: working').replace("updated_at: '2026-02-01T11:00:00Z'", "updated_at: '2026-03-01T12:00:00.456Z'"));
    assert.deepStrictEqual(lastEvent(history(ID.planning)), { type: 'status.changed', timestamp: '2026-03-01T12:00:00.456Z', from: 'planning', to: 'working', by: 'baton' });
  });

  it('entering agent review needs a valid Handoff and starts the next review round', async () => {
    const refused = await editTask({ file: taskMd(ID.noHandoff), shownHash: null, to: 'agent-review', now: NOW });
    assert.ok(!refused.ok);
    assert.match(refused.message, /cannot move from working to agent-review: there is no ## Handoff/);
    const ok = await editTask({ file: taskMd(ID.handoff), shownHash: null, to: 'agent-review', now: NOW });
    assert.ok(ok.ok);
    assert.match(readFileSync(taskMd(ID.handoff), 'utf8'), /status: agent-review\nreview_round: 1\n/);
    assert.deepStrictEqual(lastEvent(history(ID.handoff)), { type: 'status.changed', timestamp: '2026-03-01T12:00:00.456Z', from: 'working', to: 'agent-review', review_round: 1, by: 'baton' });
  });

  it('a FAIL verdict at review round 2 goes to stuck, never back to working', async () => {
    const back = await editTask({ file: taskMd(ID.failRound2), shownHash: null, to: 'working' });
    assert.ok(!back.ok);
    assert.match(back.message, /a FAIL at review round 2 \(≥ 2\) makes the task stuck/);
    const toReviewing = await editTask({ file: taskMd(ID.failRound2), shownHash: null, to: 'reviewing' });
    assert.ok(!toReviewing.ok);
    assert.match(toReviewing.message, /Verdict: FAIL/);
    assert.ok((await editTask({ file: taskMd(ID.failRound2), shownHash: null, to: 'stuck' })).ok);
  });

  it('refuses moves outside the workflow, out of terminal statuses, from unknown statuses, and to unknown ones', async () => {
    const cases: [string, string, RegExp][] = [
      [ID.planning, 'done', /does not move a task from planning to done/],
      [ID.done, 'working', /the task is done; orange never moves a done task again/],
      [ID.unknown, 'working', /status "paused-by-human" is not one of orange's/],
      [ID.planning, 'paused', /"paused" is not one of orange's statuses/],
      [ID.planning, 'planning', /already planning/],
    ];
    for (const [id, to, re] of cases) {
      const before = readFileSync(taskMd(id), 'utf8');
      const outcome = await editTask({ file: taskMd(id), shownHash: null, to });
      assert.ok(!outcome.ok, `${id} → ${to}`);
      assert.match(outcome.message, re);
      assert.strictEqual(readFileSync(taskMd(id), 'utf8'), before, 'nothing written');
    }
  });

  it('refuses when TASK.md changed since it was read', async () => {
    const t = await task(ID.planning);
    tmp.write(path.relative(tmp.root, taskMd(ID.planning)), readFileSync(taskMd(ID.planning), 'utf8') + '\nAn agent wrote this.\n');
    const outcome = await editTask({ file: t.file, shownHash: t.textHash, to: 'working' });
    assert.ok(!outcome.ok);
    assert.match(outcome.message, /changed on disk since it was read; nothing was written/);
    assert.strictEqual(readFileSync(history(ID.planning), 'utf8').trim().split('\n').length, 2, 'no history event');
  });

  it('answers a clarification into ## Questions and moves the task on in one write', async () => {
    const service = await scanned(root, orangeRoot);
    const d = service.decisions().find((x): x is OrangeDecision => x.system === 'orange' && x.id === ID.clarify)!;
    const outcome = await answerOrangeDecision(d, d.textHash, { to: 'planning', answers: ['Server-side, on refresh calls.', ''], note: 'Ask again if unsure.' });
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
    const text = readFileSync(taskMd(ID.clarify), 'utf8');
    assert.ok(text.includes('## Questions\n\n- [x] Server-side or client-side idle?\n  - Answer: Server-side, on refresh calls.\n- [ ] One timeout for everyone?\n\nAnswer: Ask again if unsure.\n\n## Notes\n\nKeep this.\n'), text);
    assert.match(text, /status: planning/);
    assert.deepStrictEqual(lastEvent(history(ID.clarify)).to, 'planning');
    const after = (await scanned(root, orangeRoot)).decisions().filter((x) => x.system === 'orange');
    assert.deepStrictEqual(after, [], 'no longer waiting');
  });

  it('writes updated_at quoted, as orange does, even over a bare timestamp (orange\'s YAML reader would read it as a date)', async () => {
    const file = taskMd(ID.planning);
    tmp.write(path.relative(tmp.root, file), readFileSync(file, 'utf8').replace("updated_at: '2026-02-01T11:00:00Z'", 'updated_at: 2026-02-01T11:00:00Z'));
    assert.ok((await editTask({ file, shownHash: null, to: 'working', now: NOW })).ok);
    assert.match(readFileSync(file, 'utf8'), /\nupdated_at: '2026-03-01T12:00:00.456Z'\n/);
  });

  it('creates a task with a 21-character id, the fields orange writes in its order and ## Context, and a task.created event', async () => {
    for (let i = 0; i < 50; i++) assert.match(newTaskId(), TASK_ID_PATTERN);
    const outcome = await createTask({ orangeRoot, project: 'app', summary: 'Add  a logout button', context: 'Top right, next to the avatar.', now: NOW });
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
    assert.match(outcome.id, /^[0-9A-Za-z]{21}$/);
    const text = readFileSync(outcome.file, 'utf8');
    assert.strictEqual(text, `---\nid: ${outcome.id}\nproject: app\nbranch: orange-tasks/${outcome.id}\nharness: claude\nreview_harness: claude\n`
      + 'effort: null\nreview_effort: null\nstatus: pending\nreview_round: 0\ncrash_count: 0\nsummary: Add a logout button\nworkspace: null\ntmux_session: null\n'
      + "created_at: '2026-03-01T12:00:00.456Z'\nupdated_at: '2026-03-01T12:00:00.456Z'\n---\n\n## Context\n\nTop right, next to the avatar.\n");
    assert.deepStrictEqual(lastEvent(path.join(path.dirname(outcome.file), 'history.jsonl')), { type: 'task.created', timestamp: '2026-03-01T12:00:00.456Z',
      task_id: outcome.id, project: 'app', branch: `orange-tasks/${outcome.id}`, summary: 'Add a logout button', status: 'pending' });
    const shown = await task(outcome.id);
    assert.strictEqual(shown.status, 'pending');
    assert.strictEqual(shown.title, 'Add a logout button');
    assert.strictEqual(shown.createdAt, '2026-03-01T12:00:00.456Z');
    assert.deepStrictEqual((await scanned(root, orangeRoot)).diagnostics().filter((d) => d.file === outcome.file), [], 'orange would read it as written');
    assert.ok(!(await createTask({ orangeRoot, project: '../x', summary: 's', context: '' })).ok, 'a project name cannot climb out of tasks/');
  });

  it('quotes a summary or project that orange\'s YAML 1.1 reader would take for a date or a number, as orange\'s writer does', async () => {
    for (const summary of ['2026-03-01', '1:30', '1_000', '0b101', 'yes']) {
      const outcome = await createTask({ orangeRoot, project: 'app', summary, context: '', now: NOW });
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
      assert.match(readFileSync(outcome.file, 'utf8'), new RegExp(`\nsummary: '${summary}'\n`), summary);
      assert.strictEqual((await task(outcome.id)).title, summary);
    }
  });

  it('a move starts the new status with no crash counted, as orange\'s engine does (transitions.ts)', async () => {
    const file = taskMd(ID.planning);
    tmp.write(path.relative(tmp.root, file), readFileSync(file, 'utf8').replace('crash_count: 0', 'crash_count: 1'));
    assert.match(readFileSync(file, 'utf8'), /\ncrash_count: 1\n/);
    assert.ok((await editTask({ file, shownHash: null, to: 'working', now: NOW })).ok);
    assert.match(readFileSync(file, 'utf8'), /\ncrash_count: 0\n/);
  });

});
