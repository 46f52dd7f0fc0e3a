import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { otherPlaces, type PlacesSettings } from '../../../src/core/places/places-service';
import { itemKey } from '../../../src/core/model/items';
import { once } from '../../../src/core/util/event';
import { GitRepos, git, intentsYaml, taskYaml, write } from './git-repos';

const ALL: PlacesSettings = { trusted: true, worktrees: true, refs: ['origin/*'] };

async function opened(root: string, places: PlacesSettings): Promise<OrchestrationService> {
  const service = new OrchestrationService({ folders: [{ root, systems: ['orc', 'orchestral', 'intents'] }], places: otherPlaces(places) });
  await service.scan();
  return service;
}

/** `id @ where` for each item found elsewhere, sorted: what a test compares. */
function where(items: readonly { id: string; elsewhere?: { worktree?: string; ref?: string } }[]): string[] {
  return items.map((i) => `${i.id} @ ${i.elsewhere?.ref ?? i.elsewhere?.worktree ?? 'here'}`).sort();
}

describe('places: other worktrees and refs (issue 20)', function () {
  let repos: GitRepos;
  let service: OrchestrationService | undefined;
  before(() => { repos = new GitRepos(); });
  after(() => repos.dispose());
  afterEach(() => { service?.dispose(); service = undefined; });

  it('reads each other worktree (uncommitted files) and each matching ref, marking where, and repeats nothing the folder has', async () => {
    const before = repos.snapshot();
    service = await opened(repos.clone, ALL);
    const own = service.items().map((i) => i.id).sort();
    assert.deepStrictEqual(own, ['INT-001', 'TASK-001']);
    const elsewhere = service.places.elsewhere(repos.clone);
    // main's TASK-001 and INT-001 are everywhere and identical: not repeated. feature-b renamed TASK-001: listed there.
    assert.deepStrictEqual(where(elsewhere.items), [
      'INT-002 @ origin/feature-a', 'INT-003 @ ' + repos.wtA, 'TASK-001 @ origin/feature-b', 'TASK-010 @ origin/feature-a', 'TASK-020 @ ' + repos.wtA,
      'run-20260201120000 @ origin/feature-a', 'run-20260201120000 @ ' + repos.wtB,
    ].sort());
    // A ref's files are named as they would be under the folder; a worktree's are in the worktree.
    const t10 = elsewhere.items.find((i) => i.id === 'TASK-010')!;
    assert.strictEqual(t10.file, path.join(repos.clone, '.orc', 'tasks', 'TASK-010', 'task.yaml'));
    const t20 = elsewhere.items.find((i) => i.id === 'TASK-020')!;
    assert.strictEqual(t20.file, path.join(repos.wtA, '.orc', 'tasks', 'TASK-020', 'task.yaml'));
    assert.strictEqual(service.places.elsewhere(repos.clone).items.find((i) => i.id === 'TASK-001')!.title, 'Base, renamed on feature-b');
    // What the editor opens for a ref's item: the file as committed there, not the working file of the same name.
    assert.match((await service.places.refFileText(repos.clone, 'origin/feature-b', path.join(repos.clone, '.orc', 'tasks', 'TASK-001', 'task.yaml')))!, /renamed on feature-b/);
    assert.strictEqual(await service.places.refFileText(repos.clone, 'origin/feature-b', path.join(repos.clone, 'nope.yaml')), undefined);
    // Keys tell a ref's item from the folder's own.
    const keys = new Set([...service.items(), ...elsewhere.items].map(itemKey));
    assert.strictEqual(keys.size, service.items().length + elsewhere.items.length);
    // The pending CRP in the worktree and on the ref are decisions, each saying where it waits.
    assert.deepStrictEqual(where(elsewhere.decisions), ['crp-001 @ origin/feature-a', `crp-001 @ ${repos.wtB}`].sort());
    assert.deepStrictEqual(service.decisions(), []);
    assert.strictEqual(repos.snapshot(), before);
  });

  it('reports two active intents of different places that claim overlapping scope, once per pair, naming both places', async () => {
    service = await opened(repos.clone, ALL);
    const conflicts = service.places.elsewhere(repos.clone).diagnostics.filter((d) => d.message.includes('overlapping scope'));
    assert.strictEqual(conflicts.length, 1, conflicts.map((c) => c.message).join('\n'));
    const [c] = conflicts;
    assert.match(c!.message, /INT-003 "Session tokens" in worktree .*wt-a/);
    assert.match(c!.message, /INT-002 "Login page" on origin\/feature-a/);
    assert.strictEqual(c!.severity, 'warning');
    // INT-001 is claimed in the folder and, identical, in every place that holds INT-002 or INT-003 beside it: no conflict.
    assert.ok(!conflicts.some((d) => d.message.includes('INT-001')));
  });

  it('names owners elsewhere with where they are, leaving out the claims the folder itself gives', async () => {
    service = await opened(repos.clone, ALL);
    const own = service.intents.ownersOf(repos.clone, 'src/auth/login.ts');
    assert.deepStrictEqual(own.map((o) => o.intent), ['INT-001']);
    const others = service.places.ownersElsewhere(repos.clone, 'src/auth/login.ts');
    assert.deepStrictEqual(others.map((o) => `${o.intent} ${o.via} ${o.elsewhere.ref ?? o.elsewhere.worktree}`).sort(),
      [`INT-002 owned_scope origin/feature-a`, `INT-003 owned_scope ${repos.wtA}`]);
    assert.deepStrictEqual(service.places.ownersElsewhere(repos.clone, 'src/session/x.ts').map((o) => o.intent), ['INT-003']);
    assert.deepStrictEqual(service.places.ownersElsewhere(repos.clone, 'README.md'), []);
  });

  it('reads nothing elsewhere, and runs no git, when off or when the workspace is not trusted', async () => {
    // A git stand-in first on PATH records every start, then hands over to the real git.
    const bin = path.join(repos.base, 'bin');
    const log = path.join(repos.base, 'git-starts.log');
    const real = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    write(bin, 'git', `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`);
    chmodSync(path.join(bin, 'git'), 0o755);
    const pathBefore = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${pathBefore}`;
    try {
      service = await opened(repos.clone, { trusted: false, worktrees: true, refs: ['origin/*'] });
      await service.places.update();
      assert.ok(!existsSync(log), 'git ran in an untrusted workspace');
      service.dispose();
      service = await opened(repos.clone, { trusted: true, worktrees: false, refs: [] });
      assert.ok(!existsSync(log), 'git ran with nothing asked');
      // The stand-in is really in the way: trusted and asked, git runs.
      await service.places.configure({ trusted: true, worktrees: true, refs: [] });
      assert.match(readFileSync(log, 'utf8'), /worktree list/);
    } finally {
      process.env.PATH = pathBefore;
      rmSync(log, { force: true });
    }
    service.dispose();
    service = await opened(repos.clone, { trusted: false, worktrees: true, refs: ['origin/*'] });
    assert.deepStrictEqual(service.places.elsewhere(repos.clone).items, []);
    assert.deepStrictEqual(service.places.placesOf(repos.clone), []);
    assert.deepStrictEqual(service.places.gitWatchPatterns(), []);
    service.dispose();
    service = await opened(repos.clone, { trusted: true, worktrees: false, refs: [] });
    assert.deepStrictEqual(service.places.placesOf(repos.clone), []);
    assert.deepStrictEqual(service.watchPatterns().filter((p) => !p.base.startsWith(repos.clone)), []);
  });

  it('turns places on and off live, and follows a worktree\'s file changes', async () => {
    service = await opened(repos.clone, { trusted: true, worktrees: false, refs: [] });
    assert.deepStrictEqual(service.places.elsewhere(repos.clone).items, []);
    const on = once(service.places.onDidChange);
    await service.places.configure({ trusted: true, worktrees: true, refs: [] });
    await on;
    assert.deepStrictEqual(where(service.places.elsewhere(repos.clone).items).filter((w) => w.startsWith('TASK')), [`TASK-020 @ ${repos.wtA}`]);
    // The worktree's folders are watched like the folder's own, and a change there is read.
    assert.ok(service.watchPatterns().some((p) => p.base === repos.wtA));
    const file = path.join(repos.wtA, '.orc', 'tasks', 'TASK-021', 'task.yaml');
    write(repos.wtA, '.orc/tasks/TASK-021/task.yaml', taskYaml('TASK-021', 'Written while watched'));
    const changed = once(service.places.onDidChange);
    await service.fileChanged(file);
    await changed;
    assert.ok(where(service.places.elsewhere(repos.clone).items).includes(`TASK-021 @ ${repos.wtA}`));
    await service.places.configure({ trusted: true, worktrees: false, refs: [] });
    assert.deepStrictEqual(service.places.elsewhere(repos.clone).items, []);
    assert.ok(!service.watchPatterns().some((p) => p.base === repos.wtA));
    repos.commit(repos.wtA, 'agent a'); // leaves wt-a clean for the tests after (its snapshot is taken fresh)
  });

  it('drops the other worktrees when only they are turned off (the refs stay), and says so', async () => {
    service = await opened(repos.clone, ALL);
    const kinds = () => service!.places.placesOf(repos.clone).map((p) => (p.elsewhere.ref !== undefined ? 'ref' : 'worktree'));
    assert.ok(kinds().includes('worktree') && kinds().includes('ref'));
    const changed = once(service.places.onDidChange);
    await service.places.configure({ ...ALL, worktrees: false });
    await changed;
    assert.ok(!kinds().includes('worktree') && kinds().includes('ref'));
    assert.deepStrictEqual(service.places.elsewhere(repos.clone).items.filter((i) => i.elsewhere?.worktree !== undefined), []);
  });

  it('asks git again where the folder\'s repository is when the settings change (a folder made a repository of its own)', async () => {
    const inner = path.join(repos.base, 'outer', 'inner');
    write(inner, '.orchestration/active_intents.yaml', intentsYaml([{ id: 'INT-100', name: 'Inner', status: 'PENDING', scope: ['a/**'] }]));
    service = await opened(inner, { trusted: true, worktrees: true, refs: [] });
    assert.strictEqual(service.places.gitWatchPatterns().length, 0, 'not in a repository yet');
    git(inner, ['init', '-q', '-b', 'main']);
    repos.commit(inner, 'inner');
    git(inner, ['checkout', '-q', '-b', 'feature/x']);
    write(inner, '.orchestration/active_intents.yaml', intentsYaml([{ id: 'INT-101', name: 'On the branch', status: 'PENDING', scope: ['b/**'] }]));
    repos.commit(inner, 'branch');
    git(inner, ['checkout', '-q', 'main']);
    await service.places.configure({ trusted: true, worktrees: true, refs: ['feature/*'] });
    assert.deepStrictEqual(where(service.places.elsewhere(inner).items), ['INT-101 @ feature/x']);
    rmSync(path.join(repos.base, 'outer'), { recursive: true, force: true });
  });

  it('reads in the other places only the systems the folder reads (baton.systems), and watches nothing of the others', async () => {
    service = new OrchestrationService({ folders: [{ root: repos.clone, systems: ['intents'] }], places: otherPlaces(ALL) });
    await service.scan();
    assert.ok(service.places.placesOf(repos.clone).length > 0);
    assert.deepStrictEqual(service.places.elsewhere(repos.clone).items.filter((i) => i.system !== 'intents').map((i) => i.id), []);
    assert.ok(!service.watchPatterns().some((p) => p.glob.includes('.orc/') || p.glob.includes('.orchestral')), JSON.stringify(service.watchPatterns()));
  });

  it('reads a ref again only when its tree moved, and then only the blobs that changed', async () => {
    service = await opened(repos.clone, { trusted: true, worktrees: false, refs: ['origin/*'] });
    const first = service.places.blobsRead;
    assert.ok(first > 0);
    assert.deepStrictEqual(await service.places.update(), []);
    assert.strictEqual(service.places.blobsRead, first, 'nothing moved: no blob read');
    // A fetch brings one changed file on feature-b.
    const other = path.join(repos.base, 'other');
    git(repos.base, ['clone', '-q', '-b', 'feature-b', repos.origin, other]);
    write(other, '.orc/tasks/TASK-001/task.yaml', taskYaml('TASK-001', 'Renamed again', 'completed'));
    git(other, ['commit', '-q', '-am', 'again']);
    git(other, ['push', '-q', 'origin', 'feature-b']);
    git(repos.clone, ['fetch', '-q']);
    assert.deepStrictEqual(await service.places.update(), [repos.clone]);
    assert.strictEqual(service.places.blobsRead, first + 1, 'one blob changed: one blob read');
    assert.strictEqual(service.places.elsewhere(repos.clone).items.find((i) => i.id === 'TASK-001')!.title, 'Renamed again');
  });

  it('gives a place problem, not a failure, for a folder outside any repository and for a pattern git refuses', async () => {
    const outside = path.join(repos.base, 'not-a-repo');
    write(outside, '.orc/tasks/TASK-001/task.yaml', taskYaml('TASK-001', 'x'));
    service = new OrchestrationService({ folders: [{ root: outside, systems: ['orc'] }], places: otherPlaces({ ...ALL, refs: [] }) });
    await service.scan();
    // /tmp may itself be inside a repository on some machines: then this folder is, and there is simply nothing elsewhere.
    const problems = service.places.elsewhere(outside).diagnostics;
    assert.ok(problems.length === 0 || /not in a git repository/.test(problems[0]!.message));
    service.dispose();
    service = await opened(repos.clone, { trusted: true, worktrees: false, refs: ['origin/**/x', 'origin/*'] });
    const elsewhere = service.places.elsewhere(repos.clone);
    assert.ok(elsewhere.diagnostics.some((d) => /origin\/\*\*\/x/.test(d.message)));
    assert.ok(elsewhere.items.some((i) => i.elsewhere?.ref === 'origin/feature-a'));
  });

  it('keeps an intent conflict to one place pair even when the same claim is on many refs', async () => {
    const c = repos.clone;
    for (const branch of ['copy-1', 'copy-2', 'copy-3']) git(c, ['update-ref', `refs/remotes/origin/${branch}`, 'refs/remotes/origin/feature-a']);
    write(repos.wtB, '.orchestration/active_intents.yaml', intentsYaml([{ id: 'INT-009', name: 'Docs', status: 'IN_PROGRESS', scope: ['docs/**'] },
      { id: 'INT-004', name: 'Auth rewrite', status: 'ACTIVE', scope: ['src/auth/login.ts'] }]));
    try {
      service = await opened(c, ALL);
      const conflicts = service.places.elsewhere(c).diagnostics.filter((d) => d.message.includes('overlapping scope'));
      // INT-004 (wt-b) against INT-002 (feature-a and its 3 copies): one problem, saying how many places hold INT-002.
      const int4 = conflicts.filter((d) => d.message.includes('INT-004'));
      // Against INT-002, INT-003 (wt-a) and INT-001 (wt-b's own file no longer has INT-001): one each.
      assert.strictEqual(int4.length, 3, int4.map((d) => d.message).join('\n'));
      assert.ok(int4.some((d) => /INT-003 "Session tokens" in worktree .*wt-a/.test(d.message)));
      assert.ok(int4.some((d) => /INT-002 "Login page" on origin\/(copy-1|feature-a) \(and 3 other places\)/.test(d.message)), int4.map((d) => d.message).join('\n'));
      assert.ok(int4.some((d) => /INT-001 "Auth" in this folder/.test(d.message)));
    } finally {
      for (const branch of ['copy-1', 'copy-2', 'copy-3']) git(c, ['update-ref', '-d', `refs/remotes/origin/${branch}`]);
      git(repos.wtB, ['checkout', '-q', '--', '.']);
      git(repos.wtB, ['clean', '-q', '-f', '--', '.orchestration']);
    }
  });
});
