import * as assert from 'node:assert';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import type { OrangeTask } from '../../../src/core/formats/orange/model';
import { parseTaskFile } from '../../../src/core/formats/orange/task-file';
import type { OrchestrationService } from '../../../src/core/service/orchestration-service';
import type { TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome, scanned } from './helpers';

function tasks(service: OrchestrationService): OrangeTask[] {
  return service.items().filter((i): i is OrangeTask => i.system === 'orange');
}

describe('orange reader on a fixture home', () => {
  let tmp: TempWorkspace;
  afterEach(() => tmp?.dispose());

  it('shows only the tasks of projects whose projects.json path belongs to the workspace folder', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    const ids: string[] = tasks(service).map((t) => t.id).sort();
    assert.ok(!ids.includes(ID.other), 'the other project\'s task is left out');
    assert.deepStrictEqual(ids, [ID.planning, ID.handoff, ID.noHandoff, ID.failRound2, ID.clarify, ID.done, ID.unknown, ID.fenced].sort());
    assert.ok(!service.decisions().some((d) => d.id === ID.other), 'and so is its clarification');
    // With real paths: a folder inside the project sees its tasks; a folder beside it sees nothing of orange.
    home.tmp.write('home/orange/projects.json', JSON.stringify([{ name: 'app', path: home.root }, { name: 'other', path: home.tmp.path('other') }]));
    home.tmp.write('ws/packages/web/.keep', '');
    assert.strictEqual(tasks(await scanned(home.tmp.path('ws/packages/web'), home.orangeRoot)).length, 8);
    assert.deepStrictEqual(tasks(await scanned(home.tmp.path('home'), home.orangeRoot)), []);
    const other = tasks(await scanned(home.tmp.path('other'), home.orangeRoot));
    assert.deepStrictEqual(other.map((t) => t.id), [ID.other]);
    // One of orange's own worktrees of the project (workspaces/<project>--<n>) opened as the folder.
    home.tmp.write('home/orange/workspaces/app--2/README.md', '');
    assert.strictEqual(tasks(await scanned(path.join(home.orangeRoot, 'workspaces', 'app--2'), home.orangeRoot)).length, 8);
  });

  it('finds a project whose real path orange wrote when the workspace folder is open through a link, and the other way round', async () => {
    // orange writes a project's git root with links resolved (realpath); VS Code opens a folder by the path given,
    // as macOS's /tmp (really /private/tmp) or a linked ~/code. Before, every task of the project was left out unsaid.
    const home = orangeHome('valid');
    tmp = home.tmp;
    const real = home.root;
    symlinkSync(real, home.tmp.path('linked-ws'), 'dir');
    home.tmp.write('home/orange/projects.json', JSON.stringify([{ name: 'app', path: real }, { name: 'other', path: home.tmp.path('other') }]));
    const throughLink = await scanned(home.tmp.path('linked-ws'), home.orangeRoot);
    assert.strictEqual(tasks(throughLink).length, 8);
    assert.ok(throughLink.decisions().some((d) => d.id === ID.clarify), 'its clarification is in Needs You too');
    // projects.json naming the link, the folder open at its real path.
    home.tmp.write('home/orange/projects.json', JSON.stringify([{ name: 'app', path: home.tmp.path('linked-ws') }]));
    assert.strictEqual(tasks(await scanned(real, home.orangeRoot)).length, 8);
    assert.deepStrictEqual(tasks(await scanned(home.tmp.path('other'), home.orangeRoot)), []);
  });

  it('reads every frontmatter field, keeps unknown ones, and links the pool and the history', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    const planning = tasks(service).find((t) => t.id === ID.planning)!;
    assert.strictEqual(planning.title, 'Plan ready');
    assert.strictEqual(planning.status, 'planning');
    assert.strictEqual(planning.branch, 'plan-ready');
    assert.strictEqual(planning.tmuxSession, 'app/plan-ready');
    assert.strictEqual(planning.workspace, 'app--1');
    assert.strictEqual(planning.poolStatus, 'bound');
    assert.strictEqual(planning.projectPath, home.root);
    assert.strictEqual(planning.createdAt, '2026-02-01T10:00:00Z');
    assert.strictEqual(planning.plan, true);
    assert.deepStrictEqual(planning.recentHistory.map((e) => e.type), ['task.created', 'status.changed']);
    const handoff = tasks(service).find((t) => t.id === ID.handoff)!;
    assert.strictEqual(handoff.prUrl, 'https://github.com/example/app/pull/12');
    assert.strictEqual(handoff.handoff, true);
    assert.strictEqual(handoff.fields.DONE, 'Users are paged by 50');
    const odd = tasks(service).find((t) => t.id === ID.unknown)!;
    assert.deepStrictEqual([odd.effort, odd.reviewEffort, odd.extra], ['high', 'low', {}]);
  });

  it('keeps an unknown status as written and warns at its line', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    assert.strictEqual(tasks(service).find((t) => t.id === ID.unknown)!.status, 'paused-by-human');
    const warning = service.diagnostics().find((d) => d.file.includes(ID.unknown));
    assert.ok(warning, 'a warning for the unknown status');
    assert.strictEqual(warning.severity, 'warning');
    assert.match(warning.message, /unknown status "paused-by-human"/);
    assert.strictEqual(warning.line, 7);
  });

  it('reads a fenced ## Handoff and ## Review as orange does (its parser does not skip code blocks) and warns at each', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    const fenced = tasks(service).find((t) => t.id === ID.fenced)!;
    assert.deepStrictEqual(fenced.sections.map((s) => s.name), ['Plan', 'Notes'], 'the sections a person reads');
    assert.strictEqual(fenced.verdict, 'FAIL', 'orange takes the quoted ## Review for the task\'s own');
    assert.strictEqual(fenced.handoff, true, 'and the quoted ## Handoff');
    assert.strictEqual(fenced.crashCount, 2);
    const found = service.diagnostics().filter((d) => d.file.includes(ID.fenced)).map((d) => `${d.line} ${d.severity} ${d.message}`);
    assert.strictEqual(found.length, 2, found.join('\n'));
    assert.match(found[0]!, /^25 warning this "## Handoff" is inside a code block, but orange does not skip code blocks: it reads this as the task's Handoff section \(a valid Handoff\)/);
    assert.match(found[1]!, /^29 warning this "## Review" is inside a code block, .* \(Verdict: FAIL\)/);
    // The review verdict is read case-insensitively.
    assert.strictEqual(tasks(service).find((t) => t.id === ID.failRound2)!.verdict, 'FAIL');
    assert.strictEqual(tasks(service).find((t) => t.id === ID.done)!.verdict, 'PASS');
  });

  it('turns clarification, stuck and reviewing tasks into decisions, with the clarification\'s questions', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    const decisions = service.decisions().filter((d) => d.system === 'orange');
    assert.deepStrictEqual(decisions.map((d) => [d.kind, d.id]), [['clarification', ID.clarify]]);
    const d = decisions[0]!;
    assert.ok(d.system === 'orange');
    assert.deepStrictEqual(d.questions.map((q) => [q.text, q.checked]), [['Server-side or client-side idle?', false], ['One timeout for everyone?', false]]);
    // No ## Plan yet, so resuming work is not offered.
    assert.deepStrictEqual(d.moves, ['planning', 'stuck', 'cancelled']);
  });
  it('takes file changes outside every workspace folder: a new task, a changed projects.json, a deleted task folder', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    assert.ok(service.watchPatterns().some((p) => p.base === home.orangeRoot), 'the home root is watched');
    const id = 'Nri7TxDy5IdMogTXjlTOL';
    const file = home.tmp.write(`home/orange/tasks/app/${id}/TASK.md`, '---\nstatus: pending\nsummary: Fresh\n---\n');
    const added = await service.fileChanged(file);
    assert.deepStrictEqual(added?.changed.map((i) => i.id), [id]);
    home.tmp.remove(`home/orange/tasks/app/${id}`);
    const removed = await service.fileChanged(path.dirname(file));
    assert.strictEqual(removed?.removed.length, 1);
    home.tmp.write('home/orange/projects.json', '[]');
    await service.fileChanged(path.join(home.orangeRoot, 'projects.json'));
    assert.deepStrictEqual(tasks(service), [], 'no project belongs to the folder any more');
  });
});

describe('orange reader on a broken home', () => {
  let tmp: TempWorkspace;
  afterEach(() => tmp?.dispose());

  it('reports every broken file at its line and still shows the rest', async () => {
    const home = orangeHome('broken');
    tmp = home.tmp;
    const service = await scanned(home.root, home.orangeRoot);
    const rel = (f: string) => path.relative(home.orangeRoot, f).split(path.sep).join('/');
    const found = service.diagnostics().map((d) => `${rel(d.file)}:${d.line ?? '-'} ${d.severity} ${d.message}`).sort();
    const has = (re: RegExp) => assert.ok(found.some((f) => re.test(f)), `no diagnostic like ${re} in\n${found.join('\n')}`);
    has(/^projects\.json:3 error project 2: `path`/);
    has(/^projects\.json:4 warning project "app" is listed twice/);
    has(/^workspaces\/\.pool\.json:1 error invalid JSON/);
    has(/oCOldaQrX1ZFCDf2ezR59\/TASK\.md:1 error TASK\.md must start with YAML frontmatter/);
    has(/9guHEuZMMESZmvEEnMuoO\/TASK\.md:4 error invalid YAML/);
    has(/OVhGgrUroZRgm2xttbiIy\/TASK\.md:27 warning ## Review starts with "Looks good to me.", not "Verdict: PASS" or "Verdict: FAIL", so orange cannot tell how the review ended/);
    // The Plan and the Handoff fail their gates too, but orange checks them only in planning and working.
    assert.ok(!found.some((f) => /OVhGgrUroZRgm2xttbiIy\/TASK\.md:(18|23) /.test(f)), 'no gate problem outside the status that checks it');
    has(/xTtjdkbv40yVAIV5BCmQc\/TASK\.md:8 error `review_round` should be a number/);
    has(/xTtjdkbv40yVAIV5BCmQc\/TASK\.md:14 error `created_at` is an unquoted timestamp, which orange's YAML reader turns into a date/);
    has(/xTtjdkbv40yVAIV5BCmQc\/history\.jsonl:2 warning not valid JSON .*`orange task show` shows none of it/);
    has(/xTtjdkbv40yVAIV5BCmQc\/history\.jsonl:3 warning an event without a `timestamp` text: `orange task show` fails on it/);
    has(/xTtjdkbv40yVAIV5BCmQc\/history\.jsonl:4 warning an event without a `timestamp`/);
    assert.ok(!found.some((f) => /history\.jsonl:5/.test(f)), 'a partial last line is a write in progress, not an error');
    assert.ok(!found.some((f) => f.startsWith('tasks/other/')), 'another project\'s broken files are not this folder\'s problems');
    const shown = tasks(service).map((t) => [t.id, t.status, t.verdict, t.reviewRound]);
    // The two TASK.md files that yield no frontmatter keep their rows (issue 17): unreadable, named by their folders.
    assert.deepStrictEqual(shown.sort(), [['9guHEuZMMESZmvEEnMuoO', 'unreadable', null, 0], ['OVhGgrUroZRgm2xttbiIy', 'agent-review', null, 0],
      ['oCOldaQrX1ZFCDf2ezR59', 'unreadable', null, 0], ['xTtjdkbv40yVAIV5BCmQc', 'working', null, 0]]);
    const broken = tasks(service).find((t) => t.id === '9guHEuZMMESZmvEEnMuoO')!;
    assert.strictEqual(broken.unreadable?.line, 4);
    assert.match(broken.unreadable!.message, /^invalid YAML/);
    assert.strictEqual(tasks(service).find((t) => t.id === 'oCOldaQrX1ZFCDf2ezR59')!.unreadable?.line, 1);
    assert.ok(!service.decisions().some((d) => d.system === 'orange' && d.status === 'unreadable'), 'a placeholder is never a decision');
  });

  it('checks each gate in the status where orange checks it, and reads sections, fields and verdicts as orange does', () => {
    const parse = (status: string, body: string) => parseTaskFile('/t/TASK.md', `---\nid: x\nproject: p\nbranch: b\nstatus: ${status}\ncreated_at: '2026-01-01T00:00:00.000Z'\n---\n${body}`, 'p', 'x');
    const messages = (status: string, body: string) => parse(status, body).diagnostics.map((d) => d.message);
    assert.deepStrictEqual(messages('planning', '\n## Plan\n\nAPPROACH: do it\n'), []);
    assert.deepStrictEqual(messages('planning', '\n## Plan\n\nTOUCHING: a.ts\n'), []);
    assert.match(messages('planning', '\n## Plan\n\nRISKS: many\n')[0]!, /## Plan has no line starting with APPROACH: or TOUCHING:/);
    assert.deepStrictEqual(messages('working', '\n## Plan\n\nRISKS: many\n'), [], 'orange checks the Plan only when it leaves planning');
    // orange's field parser: no indentation (but the section is trimmed first), and the value may stand on the next line.
    assert.match(messages('planning', '\n## Plan\n\nRISKS: r\n  APPROACH: indented\n')[0]!, /## Plan has no line starting with APPROACH:/);
    assert.deepStrictEqual(messages('planning', '\n## Plan\n\n  APPROACH: first line, so trimmed\n'), []);
    assert.strictEqual(parse('planning', '\n## Plan\n\nAPPROACH:\n  on the next line\n').record!.fields.APPROACH, 'on the next line');
    // A code block is no shelter: a field inside one counts.
    assert.strictEqual(parse('planning', '\n## Plan\n\n```\nAPPROACH: in code\n```\n').record!.plan, true);
    for (const field of ['DONE', 'REMAINING', 'DECISIONS', 'UNCERTAIN']) assert.deepStrictEqual(messages('working', `\n## Handoff\n\n${field}: x\n`), [], field);
    assert.match(messages('working', '\n## Handoff\n\nDONE:\n')[0]!, /## Handoff has no line starting with DONE:/);
    for (const line of ['Verdict: PASS', 'verdict: fail', 'VERDICT: Pass', 'Verdict:PASS  ']) assert.deepStrictEqual(messages('agent-review', `\n## Review\n\n${line}\n\nok\n`), [], line);
    assert.match(messages('agent-review', '\n## Review\n\nGreat work\nVerdict: PASS\n')[0]!, /## Review starts with "Great work", not "Verdict: PASS"/);
    assert.match(messages('agent-review', '\n## Review\n\n')[0]!, /## Review is empty/);
    assert.strictEqual(parse('done', '\n## Review\n\nverdict: fail\n').record!.verdict, 'FAIL');
    // Headings orange does not see: warned in the status that checks the gate, an info otherwise.
    const unseen = parse('agent-review', '\n## review\n\nVerdict: PASS\n');
    assert.deepStrictEqual([unseen.record!.verdict, unseen.diagnostics.map((d) => [d.line, d.severity])], [null, [[9, 'warning']]]);
    assert.match(unseen.diagnostics[0]!.message, /it looks for a line that is exactly "## Review"/);
    assert.deepStrictEqual(parse('done', '\n### Review\n\nVerdict: PASS\n').diagnostics.map((d) => d.severity), ['info']);
    // A `## ` line inside a code block ends orange's section: said only when that changes what orange concludes.
    const cut = parse('working', '\n## Handoff\n\n```sh\n## build\nmake\n```\n\nDONE: built\n');
    assert.strictEqual(cut.record!.handoff, false);
    assert.deepStrictEqual(cut.diagnostics.map((d) => [d.line, d.message.slice(0, 60)]), [[12, 'this "## " line is inside a code block, but orange does not '], [9, '## Handoff has no line starting with DONE:, REMAINING:, DECI']]);
    assert.deepStrictEqual(parse('working', '\n## Handoff\n\nDONE: built\n\n```sh\n## build\n```\n').diagnostics, [], 'harmless when the fields came first');
  });
});
