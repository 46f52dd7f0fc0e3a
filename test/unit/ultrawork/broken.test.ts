import * as assert from 'node:assert';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { emptyWorkspace, fixtureHome, scanUltrawork, SESSIONS } from './helpers';

describe('Ultrawork reader (broken fixture home)', () => {
  let ws: string;
  beforeEach(() => { ws = emptyWorkspace(); });
  afterEach(() => rmSync(ws, { recursive: true, force: true }));
  const file = (rel: string) => path.join(fixtureHome('broken'), SESSIONS, rel);

  it('reports broken JSON at its position and still shows everything else', async () => {
    const { sessions, tasks, diagnostics } = await scanUltrawork(ws, fixtureHome('broken'));
    const at = (rel: string) => diagnostics.filter((d) => d.file === file(rel)).map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`);
    assert.deepStrictEqual(at('f6-bad-session/session.json'), ['5:3 error invalid JSON: comma expected']);
    assert.deepStrictEqual(at('g7-mine-broken-tasks/tasks/1.json'), ['5:1 error invalid JSON: property name expected']);
    // The session whose session.json cannot be read names no folder: it is unassigned, and its task still shows.
    assert.strictEqual(sessions.get('f6-bad-session')!.assignment, 'unassigned');
    assert.strictEqual(sessions.get('f6-bad-session')!.status, 'unreadable');
    assert.deepStrictEqual(sessions.get('f6-bad-session')!.unreadable, { message: 'invalid JSON: comma expected', line: 5, column: 3 });
    assert.strictEqual(tasks.get('f6-bad-session/1')!.title, 'Still shown');
    // The broken task file is still a row (by its file name), unreadable, with its problem at its place.
    assert.deepStrictEqual([tasks.get('g7-mine-broken-tasks/1')!.title, tasks.get('g7-mine-broken-tasks/1')!.status], ['Task 1', 'unreadable']);
    assert.deepStrictEqual(tasks.get('g7-mine-broken-tasks/1')!.unreadable, { message: 'invalid JSON: property name expected', line: 5, column: 1 });
    assert.deepStrictEqual(at('g7-mine-broken-tasks/context.json'),
      ['1:1 error context.json should be an object of fields at its top level, but it holds a list']);
  });

  it('keeps unknown enum values as written, with an info at the value; a missing blocker is a warning', async () => {
    const { sessions, tasks, diagnostics } = await scanUltrawork(ws, fixtureHome('broken'));
    const s = sessions.get('g7-mine-broken-tasks')!;
    assert.deepStrictEqual([s.phase, s.status, s.explorationStage, s.iteration], ['REVIEW', 'REVIEW', 'deep_dive', null]);
    const t2 = tasks.get('g7-mine-broken-tasks/2')!;
    assert.deepStrictEqual([t2.status, t2.complexity, t2.criteria.length], ['paused', 'epic', 0]);
    const messages = diagnostics.filter((d) => d.severity !== 'error' || d.file.endsWith('session.json')).map((d) => `${path.relative(file(''), d.file)}:${d.line} ${d.severity} ${d.message}`);
    for (const expected of [
      /^g7-mine-broken-tasks\/session\.json:6 info unknown phase "REVIEW"/,
      /^g7-mine-broken-tasks\/session\.json:7 info unknown exploration stage "deep_dive"/,
      /^g7-mine-broken-tasks\/session\.json:8 error `iteration` should be a number/,
      /^g7-mine-broken-tasks\/session\.json:\d+ info unknown evidence type "telepathy"/,
      /^g7-mine-broken-tasks\/session\.json:\d+ info `evidence_log\.1` is not an evidence entry/,
      /^g7-mine-broken-tasks\/tasks\/2\.json:4 info unknown task status "paused"/,
      /^g7-mine-broken-tasks\/tasks\/2\.json:9 info unknown complexity "epic"/,
      /^g7-mine-broken-tasks\/tasks\/2\.json:\d+ warning blocker "9" has no task file in this session/,
    ]) assert.ok(messages.some((m) => expected.test(m)), `${expected} among\n${messages.join('\n')}`);
    assert.ok(diagnostics.some((d) => d.file === file('g7-mine-broken-tasks/tasks/2.json') && /`criteria` should be a list/.test(d.message)));
  });

  it('reports dependency cycles between tasks of both spellings', async () => {
    const { diagnostics, tasks } = await scanUltrawork(ws, fixtureHome('broken'));
    assert.ok(diagnostics.some((d) => d.severity === 'error' && /cycle: (3 → 4 → 3|4 → 3 → 4)/.test(d.message)), JSON.stringify(diagnostics));
    assert.ok(tasks.get('g7-mine-broken-tasks/3')!.blocked && tasks.get('g7-mine-broken-tasks/4')!.blocked);
  });

  it('reads evidence/log.jsonl line by line: a bad line is an error at its line, an unknown type an info, a half-written last line nothing', async () => {
    const { sessions, diagnostics } = await scanUltrawork(ws, fixtureHome('broken'));
    const log = diagnostics.filter((d) => d.file === file('g7-mine-broken-tasks/evidence/log.jsonl'));
    assert.deepStrictEqual(log.map((d) => `${d.line} ${d.severity}`), ['2 error', '3 info']);
    assert.match(log[0]!.message, /not valid JSON/);
    assert.match(log[1]!.message, /^unknown evidence type "hunch"/);
    const s = sessions.get('g7-mine-broken-tasks')!;
    assert.deepStrictEqual(s.recentEvidence.map((e) => `${e.type}:${e.summary}`), ['manual:third', 'hunch:second', 'manual:first', 'telepathy:it works']);
  });

  it('shows nothing of another project\'s session, not even its problems', async () => {
    const { sessions, diagnostics } = await scanUltrawork(ws, fixtureHome('broken'));
    assert.ok(!sessions.has('h8-other-broken'));
    assert.ok(!diagnostics.some((d) => d.file.includes('h8-other-broken')), JSON.stringify(diagnostics));
  });
});
