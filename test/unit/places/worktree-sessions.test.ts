import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { otherPlaces, type PlacesSettings } from '../../../src/core/places/places-service';
import { itemJson } from '../../../src/core/report/scan-report';
import { REPO } from '../helpers/temp-workspace';
import { GitRepos, git, write } from './git-repos';

const WORKTREES: PlacesSettings = { trusted: true, worktrees: true, refs: [] };

/** One Ultrawork session folder under `sessions`, run in `dir` (working_dir and original_dir), with one task. */
function session(sessions: string, id: string, dir: string, extra: Record<string, unknown> = {}): void {
  write(sessions, `${id}/session.json`, JSON.stringify({ version: '7.0', session_id: id, working_dir: dir, original_dir: dir,
    goal: `Goal of ${id}`, phase: 'EXECUTION', started_at: '2026-04-10T07:40:12.008Z', updated_at: '2026-04-10T09:31:55.742Z', ...extra }, null, 2));
  write(sessions, `${id}/tasks/1.json`, JSON.stringify({ id: '1', subject: `Task of ${id}`, status: 'open', blocked_by: [], criteria: [], evidence: [] }));
}

/** `id @ where` of the Ultrawork items a folder shows and its places add. */
function ultrawork(service: OrchestrationService, root: string): { own: string[]; elsewhere: string[] } {
  const name = (i: { id: string; elsewhere?: { worktree?: string } }) => `${i.id} @ ${i.elsewhere?.worktree ?? 'here'}`;
  return {
    own: service.items().filter((i) => i.system === 'ultrawork' && i.root === root).map(name).sort(),
    elsewhere: service.places.elsewhere(root).items.filter((i) => i.system === 'ultrawork').map(name).sort(),
  };
}

describe('places: Ultrawork sessions of other worktrees (issue 20)', function () {
  let repos: GitRepos;
  let home: string;
  let sessions: string;
  let unrelated: string;
  let service: OrchestrationService | undefined;

  before(() => {
    repos = new GitRepos();
    home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'baton-uw-home-')));
    sessions = path.join(home, '.claude', 'ultrawork', 'sessions');
    unrelated = path.join(home, 'elsewhere-project');
    git(home, ['init', '-q', unrelated]);
    session(sessions, 'in-wt-a', repos.wtA);
    session(sessions, 'in-wt-b-sub', path.join(repos.wtB, 'src'));
    session(sessions, 'own', repos.clone);
    session(sessions, 'unrelated', unrelated);
    // Ultrawork's own worktree mode: started from the folder (original_dir), working in a worktree: the folder's own.
    session(sessions, 'started-here', repos.wtA, { original_dir: repos.clone, worktree: { enabled: true, branch: 'agent-a', path: repos.wtA } });
  });
  after(() => { repos.dispose(); rmSync(home, { recursive: true, force: true }); });
  afterEach(() => { service?.dispose(); service = undefined; });

  async function open(root: string, places: PlacesSettings): Promise<OrchestrationService> {
    const s = new OrchestrationService({ folders: [{ root, ultraworkSessions: sessions }], places: otherPlaces(places) });
    await s.scan();
    return s;
  }

  it('shows a session that ran in another worktree as an item of that worktree, with its tasks; an unrelated one stays hidden', async () => {
    service = await open(repos.clone, WORKTREES);
    const found = ultrawork(service, repos.clone);
    assert.deepStrictEqual(found.own, ['own @ here', 'own/1 @ here', 'started-here @ here', 'started-here/1 @ here']);
    assert.deepStrictEqual(found.elsewhere, [`in-wt-a @ ${repos.wtA}`, `in-wt-a/1 @ ${repos.wtA}`,
      `in-wt-b-sub @ ${repos.wtB}`, `in-wt-b-sub/1 @ ${repos.wtB}`].sort());
    // Under the worktree's node: the same `elsewhere` as the worktree's own items, and its copy of the folder as root.
    const place = service.places.placesOf(repos.clone).find((p) => p.elsewhere.worktree === repos.wtA)!;
    const item = service.places.elsewhere(repos.clone).items.find((i) => i.id === 'in-wt-a')!;
    assert.deepStrictEqual(item.elsewhere, place.elsewhere);
    assert.strictEqual(item.root, place.root);
    // The JSON says where (CLI.md's `worktree`, the place's path); session.json's own `worktree` stays as `sessionWorktree`.
    const json = itemJson(repos.clone, item);
    assert.strictEqual(json.worktree, repos.wtA);
    assert.strictEqual(json.sessionWorktree, null);
    const own = itemJson(repos.clone, service.items().find((i) => i.id === 'started-here')!);
    assert.deepStrictEqual([own.worktree, own.sessionWorktree], [{ branch: 'agent-a', path: repos.wtA }, { branch: 'agent-a', path: repos.wtA }]);
    assert.ok(!JSON.stringify(service.places.elsewhere(repos.clone)).includes('unrelated'));
  });

  it('baton scan --json --worktrees --home: the session of another worktree carries `worktree`, nothing else moves', function () {
    const cli = path.join(REPO, 'dist', 'cli.js');
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
    const run = (args: string[]) => {
      const r = spawnSync(process.execPath, [cli, 'scan', '--json', '--no-cache', '--home', home, ...args], { cwd: repos.clone, encoding: 'utf8' });
      assert.ok(r.status === 0 || r.status === 1, r.stderr);
      return (JSON.parse(r.stdout) as { items: { id: string; system: string; worktree?: unknown; sessionWorktree?: unknown }[] }).items
        .filter((i) => i.system === 'ultrawork');
    };
    const withWorktrees = run(['--worktrees']);
    assert.deepStrictEqual(withWorktrees.map((i) => `${i.id} @ ${typeof i.worktree === 'string' ? i.worktree : 'here'}`).sort(), [
      'in-wt-a @ ' + repos.wtA, 'in-wt-a/1 @ ' + repos.wtA, 'in-wt-b-sub @ ' + repos.wtB, 'in-wt-b-sub/1 @ ' + repos.wtB,
      'own @ here', 'own/1 @ here', 'started-here @ here', 'started-here/1 @ here'].sort());
    assert.deepStrictEqual(withWorktrees.find((i) => i.id === 'started-here')!.worktree, { branch: 'agent-a', path: repos.wtA });
    assert.deepStrictEqual(run([]).map((i) => i.id).sort(), ['own', 'own/1', 'started-here', 'started-here/1']);
  });

  it('with worktrees off, or in an untrusted workspace, a session of another worktree stays hidden', async () => {
    for (const settings of [{ ...WORKTREES, worktrees: false }, { ...WORKTREES, trusted: false }]) {
      service = await open(repos.clone, settings);
      const found = ultrawork(service, repos.clone);
      assert.deepStrictEqual(found.elsewhere, [], JSON.stringify(settings));
      assert.ok(!found.own.some((i) => i.startsWith('in-wt')), JSON.stringify(settings));
      service.dispose();
    }
    service = undefined;
  });

  it('follows settings and files live: worktrees turned off hide the sessions, a session that moves to a worktree appears there', async () => {
    service = await open(repos.clone, WORKTREES);
    assert.strictEqual(ultrawork(service, repos.clone).elsewhere.length, 4);
    await service.places.configure({ ...WORKTREES, worktrees: false });
    assert.deepStrictEqual(ultrawork(service, repos.clone).elsewhere, []);
    await service.places.configure(WORKTREES);
    assert.strictEqual(ultrawork(service, repos.clone).elsewhere.length, 4);
    // A new session in worktree wt-a, reported by the watcher: the places say so (one change event) and show it.
    session(sessions, 'new-in-wt-a', repos.wtA);
    const changes: string[] = [];
    const sub = service.places.onDidChange((c) => changes.push(c.root));
    for (const f of ['new-in-wt-a/session.json', 'new-in-wt-a/tasks/1.json']) await service.fileChanged(path.join(sessions, f));
    sub.dispose();
    assert.ok(changes.includes(repos.clone));
    assert.ok(ultrawork(service, repos.clone).elsewhere.includes(`new-in-wt-a @ ${repos.wtA}`));
    rmSync(path.join(sessions, 'new-in-wt-a'), { recursive: true });
    for (const f of ['new-in-wt-a/session.json', 'new-in-wt-a/tasks/1.json']) await service.fileChanged(path.join(sessions, f));
    assert.ok(!ultrawork(service, repos.clone).elsewhere.some((i) => i.startsWith('new-in-wt-a')));
  });

  it('from a linked worktree, a session of the main worktree is an item of the main worktree', async () => {
    service = await open(repos.wtA, WORKTREES);
    const found = ultrawork(service, repos.wtA);
    assert.deepStrictEqual(found.own, ['in-wt-a @ here', 'in-wt-a/1 @ here', 'started-here @ here', 'started-here/1 @ here']);
    assert.ok(found.elsewhere.includes(`own @ ${repos.clone}`), found.elsewhere.join('\n'));
    assert.ok(found.elsewhere.includes(`in-wt-b-sub @ ${repos.wtB}`), found.elsewhere.join('\n'));
    assert.ok(!found.elsewhere.some((i) => i.startsWith('started-here') || i.startsWith('in-wt-a')));
  });

  it('a session in a worktree nested inside the folder stays the folder\'s own, shown once', async () => {
    const nested = path.join(repos.clone, '.worktrees', 'nested');
    git(repos.clone, ['worktree', 'add', '-q', '-b', 'nested', '--', nested]);
    session(sessions, 'in-nested', nested);
    try {
      service = await open(repos.clone, WORKTREES);
      const found = ultrawork(service, repos.clone);
      assert.ok(found.own.includes('in-nested @ here'));
      assert.ok(!found.elsewhere.some((i) => i.startsWith('in-nested')), found.elsewhere.join('\n'));
    } finally {
      rmSync(path.join(sessions, 'in-nested'), { recursive: true });
      git(repos.clone, ['worktree', 'remove', '--force', nested]);
      git(repos.clone, ['branch', '-q', '-D', 'nested']);
    }
  });
});
