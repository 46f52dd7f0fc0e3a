import * as assert from 'node:assert';
import path from 'node:path';
import { readHistory } from '../../../src/core/formats/orange/history';
import { parsePoolFile, parseProjectsFile } from '../../../src/core/formats/orange/projects-file';
import { parseTaskFile } from '../../../src/core/formats/orange/task-file';
import { TempWorkspace } from '../helpers/temp-workspace';

/*
 * A problem is a promise (issue 14, part 7): every orange diagnostic names something orange itself fails at, loses,
 * or does otherwise than the file seems to say. What orange reads without trouble is no problem.
 */

const FULL = "id: x\nproject: p\nbranch: b\nstatus: working\ncreated_at: '2026-03-01T10:00:00.000Z'\n";
const parse = (yaml: string, body = '', folderId = 'x') => parseTaskFile('/h/tasks/p/x/TASK.md', `---\n${yaml}---\n${body}`, 'p', folderId);
const said = (yaml: string, body = '', folderId = 'x') => parse(yaml, body, folderId).diagnostics.map((d) => `${d.line} ${d.severity} ${d.message}`);

describe('orange problems are only the ones orange has', () => {
  it('reads what orange reads without a word: numbers and booleans as text, quoted timestamps, unknown fields', () => {
    assert.deepStrictEqual(said(`${FULL}summary: 42\nharness: codex\neffort: 3\nsome_new_field: [1, 2]\nupdated_at: 2026-03-01T11:00:00Z\n`), []);
    const r = parse(`${FULL}summary: 42\npr_state: MERGED\n`).record!;
    assert.deepStrictEqual([r.summary, r.prState, r.harness, r.reviewHarness], ['42', 'MERGED', 'claude', 'claude']);
  });

  it('says what orange fails at when created_at is missing, not text, or a bare timestamp (its task list sorts it as text)', () => {
    const base = 'id: x\nproject: p\nbranch: b\nstatus: working\n';
    assert.match(said(base)[0]!, /^2 error no `created_at`: orange sorts its tasks by it as text, so orange's task list .* fails for every task$/);
    assert.match(said(`${base}created_at: 20260301\n`)[0]!, /^6 error `created_at` is not text/);
    assert.match(said(`${base}created_at: 2026-03-01T10:00:00Z\n`)[0]!, /^6 error `created_at` is an unquoted timestamp, .* quote it as orange does: created_at: '2026-03-01T10:00:00Z'$/);
    assert.match(said(`${base}created_at: 2026-03-01\n`)[0]!, /unquoted timestamp/);
    assert.deepStrictEqual(said(`${base}created_at: "2026-03-01T10:00:00Z"\n`), []);
    assert.deepStrictEqual(said(`${base}created_at: yesterday\n`), [], 'text orange sorts as text');
  });

  it('says what orange does with a task whose id, project, status or branch is missing, or that names another folder', () => {
    const at = "created_at: '2026-03-01T10:00:00.000Z'\n";
    assert.match(said(`project: p\nbranch: b\nstatus: working\n${at}`).join('\n'), /warning no `id`: .* would save it under tasks\/p\/undefined\//);
    assert.match(said(`id: x\nbranch: b\nstatus: working\n${at}`).join('\n'), /warning no `project`: orange builds the task's folder from it/);
    assert.match(said(`id: x\nproject: p\nbranch: b\n${at}`).join('\n'), /warning no `status`: orange's workflow has no move/);
    assert.strictEqual(parse(`id: x\nproject: p\nbranch: b\n${at}`).record!.status, '', 'no status is not pending');
    assert.match(said(`id: x\nproject: p\nstatus: working\n${at}`).join('\n'), /warning no `branch`: orange would start the agent on a branch named "undefined"/);
    assert.deepStrictEqual(said(`id: x\nproject: p\nstatus: done\n${at}`), [], 'a finished task needs no branch');
    assert.match(said(FULL, '', 'old-folder').join('\n'), /^2 warning orange knows this task as p\/x, not by the folder it lies in \(tasks\/p\/old-folder\/\): its next save writes tasks\/p\/x\/TASK\.md/);
    assert.match(said(FULL.replace('working', 'cancelled'), '', 'old-folder').join('\n'), /^2 info .*`orange task delete` would remove tasks\/p\/x\//);
    assert.deepStrictEqual(said(FULL.replace('working', 'failed')), [], 'a legacy status is no unknown one');
    assert.match(said(FULL.replace('working', 'paused')).join('\n'), /warning unknown status "paused": no orange version writes it/);
  });

  it('history: a line orange cannot parse or print is a problem; an event it does not know is not', async () => {
    const tmp = new TempWorkspace();
    try {
      const file = tmp.write('h/history.jsonl', [
        '{"type":"task.created","timestamp":"2026-03-01T10:00:00.000Z","task_id":"x","summary":"s"}',
        '{"type":"something.new","timestamp":"2026-03-01T10:00:01.000Z","anything":{"a":1}}',
        '{"timestamp":"2026-03-01T10:00:02.000Z","note":"no type"}',
        '{"type":"status.changed","from":"a","to":"b"}',
        '[1,2]',
        'not json',
        '',
      ].join('\n'));
      const read = await readHistory(file, 'p', 'x');
      assert.ok(read !== 'missing');
      assert.deepStrictEqual(read.record!.problems.map((d) => `${d.line} ${d.message.slice(0, 30)}`).sort(), [
        '4 an event without a `timestamp`',
        '5 not a JSON object: `orange tas',
        '6 not valid JSON (Unexpected tok',
      ]);
      assert.deepStrictEqual(read.record!.events.map((e) => [e.type, e.details]), [
        ['task.created', { task_id: 'x', summary: 's' }], ['something.new', { anything: { a: 1 } }], ['', { note: 'no type' }], ['status.changed', {}]]);
    } finally {
      tmp.dispose();
    }
  });

  it('projects.json and .pool.json: what orange cannot use', () => {
    const file = path.join('/h', 'projects.json');
    const projects = parseProjectsFile(file, JSON.stringify([{ name: 'a', path: '/a', default_branch: 'main', pool_size: 2 }, { name: 'a', path: '/b' }]));
    assert.deepStrictEqual(projects.diagnostics.map((d) => d.message), ['project "a" is listed twice: orange uses the first entry and never this one']);
    const pool = (v: unknown) => parsePoolFile('/h/workspaces/.pool.json', JSON.stringify(v)).diagnostics.map((d) => `${d.severity} ${d.message}`);
    assert.deepStrictEqual(pool({ workspaces: { 'a--1': { status: 'bound', task: 'a/b' }, 'a--2': { status: 'available' } } }), []);
    assert.deepStrictEqual(pool({}), ['error no `workspaces`: orange fails when it binds a workspace to a task']);
    assert.match(pool({ workspaces: { 'a--1': { status: 'reserved' } } })[0]!, /^warning unknown workspace status "reserved": orange hands out only "available" workspaces/);
  });
});
