import * as assert from 'node:assert';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OrangeTask } from '../../../src/core/formats/orange/model';
import { itemJson } from '../../../src/core/report/scan-report';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { otherPlaces } from '../../../src/core/places/places-service';
import { git, write } from '../places/git-repos';

function taskMd(id: string, branch: string, workspace: string | null, created: string): string {
  return `---\nid: ${id}\nproject: proj\nbranch: ${branch}\nharness: claude\nreview_harness: claude\nstatus: working\nreview_round: 0\n`
    + `crash_count: 0\nsummary: Task ${id}\nworkspace: ${workspace === null ? 'null' : JSON.stringify(workspace)}\ntmux_session: null\npr_url: null\n`
    + `created_at: '${created}'\nupdated_at: '${created}'\n---\n\n## Context\n\nWork.\n`;
}

/**
 * An orange home whose project `proj` is a real git repository with two pool worktrees made by `git worktree add`
 * (`<orange>/workspaces/proj--1`, `proj--2`), as orange makes them, and four tasks: one bound through TASK.md's
 * `workspace`, one only through the pool, one bound nowhere, one whose `workspace` tries to leave the pool.
 */
describe('orange: the worktree each task runs in (issue 20)', function () {
  let base: string;
  let project: string;
  let orange: string;
  let service: OrchestrationService | undefined;

  before(() => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'baton-orange-wt-')));
    project = path.join(base, 'proj');
    orange = path.join(base, 'orange');
    git(base, ['init', '-q', project]);
    write(project, 'README.md', 'proj\n');
    git(project, ['add', '-A']);
    git(project, ['commit', '-q', '-m', 'init']);
    for (const n of [1, 2]) git(project, ['worktree', 'add', '-q', '-b', `pool-${n}`, '--', path.join(orange, 'workspaces', `proj--${n}`)]);
    write(orange, 'projects.json', JSON.stringify([{ name: 'proj', path: project, default_branch: 'main', pool_size: 2 }]));
    write(orange, 'workspaces/.pool.json', JSON.stringify({ workspaces: {
      'proj--1': { status: 'bound', task: 'proj/feat-a' }, 'proj--2': { status: 'bound', task: 'proj/feat-b' } } }));
    write(orange, 'tasks/proj/aaaaaaaaaaaaaaaaaaaaa/TASK.md', taskMd('aaaaaaaaaaaaaaaaaaaaa', 'feat-a', 'proj--1', '2026-02-01T10:00:00Z'));
    write(orange, 'tasks/proj/bbbbbbbbbbbbbbbbbbbbb/TASK.md', taskMd('bbbbbbbbbbbbbbbbbbbbb', 'feat-b', null, '2026-02-01T11:00:00Z'));
    write(orange, 'tasks/proj/ccccccccccccccccccccc/TASK.md', taskMd('ccccccccccccccccccccc', 'feat-c', null, '2026-02-01T12:00:00Z'));
    write(orange, 'tasks/proj/ddddddddddddddddddddd/TASK.md', taskMd('ddddddddddddddddddddd', 'feat-d', '../../../etc', '2026-02-01T13:00:00Z'));
  });
  after(() => rmSync(base, { recursive: true, force: true }));
  afterEach(() => { service?.dispose(); service = undefined; });

  async function open(root: string): Promise<OrchestrationService> {
    const s = new OrchestrationService({ folders: [{ root, orangeRoot: orange }],
      places: otherPlaces({ trusted: true, worktrees: true, refs: [] }) });
    await s.scan();
    return s;
  }

  const runsIn = (s: OrchestrationService) => Object.fromEntries(s.items().filter((i): i is OrangeTask => i.system === 'orange')
    .map((t) => [t.branch, t.runsIn && `${t.runsIn.name} ${t.runsIn.via}${t.runsIn.here ? ' here' : ''}`]));

  it('from the project folder: each task names its worktree (TASK.md first, then the pool), shown once', async () => {
    service = await open(project);
    assert.deepStrictEqual(runsIn(service), { 'feat-a': 'proj--1 task', 'feat-b': 'proj--2 pool', 'feat-c': null, 'feat-d': null });
    const a = service.items().find((i): i is OrangeTask => i.system === 'orange' && i.branch === 'feat-a')!;
    assert.strictEqual(a.runsIn!.path, path.join(orange, 'workspaces', 'proj--1'));
    // The JSON says where it runs, without CLI.md's place field: the task is the project's, not another worktree's.
    const json = itemJson(project, a);
    assert.deepStrictEqual(json.runsIn, { worktree: path.join(orange, 'workspaces', 'proj--1'), name: 'proj--1', via: 'task', here: false });
    assert.strictEqual(json.worktree, undefined);
    // The pool's worktrees are other worktrees of the repository: read as places, and no orange task is repeated there.
    assert.deepStrictEqual(service.places.placesOf(project).map((p) => path.basename(p.elsewhere.worktree!)), ['proj--1', 'proj--2']);
    assert.deepStrictEqual(service.places.elsewhere(project).items.filter((i) => i.system === 'orange'), []);
    assert.strictEqual(service.items().filter((i) => i.system === 'orange').length, 4);
  });

  it('from one of the pool\'s worktrees: its own tasks say so, the others name theirs', async () => {
    service = await open(path.join(orange, 'workspaces', 'proj--1'));
    assert.deepStrictEqual(runsIn(service), { 'feat-a': 'proj--1 task here', 'feat-b': 'proj--2 pool', 'feat-c': null, 'feat-d': null });
  });
});
