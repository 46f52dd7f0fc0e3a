import * as assert from 'node:assert';
import path from 'node:path';
import { GitMetadataPoll, gitMetadataStamp } from '../../../src/core/places/git-metadata-stamp';
import { GitRepos, git } from './git-repos';

/** A second passes between writes: file systems with coarse timestamps still tell them apart. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('places: the stamp of git\'s refs, for moves the watchers missed', function () {
  this.timeout(60_000);
  let repos: GitRepos;
  before(() => { repos = new GitRepos(); });
  after(() => repos?.dispose());

  const commonDir = () => path.join(repos.clone, '.git');

  it('changes when a branch moves, a branch is made, refs are packed or a worktree is added; not when git only reads or writes its index', async () => {
    let stamp = await gitMetadataStamp(commonDir());
    const moved = async (what: string, change: () => void, expected: boolean) => {
      await tick();
      change();
      const now = await gitMetadataStamp(commonDir());
      assert.strictEqual(now !== stamp, expected, what);
      stamp = now;
    };
    const head = git(repos.clone, ['rev-parse', 'HEAD']).trim();
    await moved('git status (writes the index, no ref)', () => git(repos.clone, ['status', '--porcelain']), false);
    await moved('a new branch', () => git(repos.clone, ['branch', 'stamp-a']), true);
    await moved('a branch moved by update-ref', () => git(repos.clone, ['update-ref', 'refs/heads/stamp-a', git(repos.clone, ['commit-tree', `${head}^{tree}`, '-p', head, '-m', 'x']).trim()]), true);
    await moved('refs packed', () => git(repos.clone, ['pack-refs', '--all']), true);
    await moved('a worktree added', () => git(repos.clone, ['worktree', 'add', '-q', '--detach', path.join(repos.base, 'wt-stamp')]), true);
    await moved('nothing', () => undefined, false);
  });

  it('the poll calls back on first sight of a repository and when its stamp changes, not while it stays', async () => {
    let calls = 0;
    const poll = new GitMetadataPoll(() => [commonDir()], () => { calls++; });
    await poll.tick();
    assert.strictEqual(calls, 1, 'first sight');
    await poll.tick();
    assert.strictEqual(calls, 1, 'unchanged');
    await tick();
    git(repos.clone, ['branch', 'stamp-b']);
    await poll.tick();
    assert.strictEqual(calls, 2, 'a branch made');
  });
});
