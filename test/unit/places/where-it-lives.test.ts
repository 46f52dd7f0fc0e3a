import * as assert from 'node:assert';
import { attentionCounts, elsewhereCounts } from '../../../src/core/service/attention';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { otherPlaces } from '../../../src/core/places/places-service';
import { readOnlyReason, shortWhere, whereSentence } from '../../../src/core/places/where';
import { orcBoard } from '../../../src/vscode/board/orc-board-cards';
import { GitRepos } from './git-repos';

/** Issue 20 item 2: where a task of another worktree or ref lives, as the detail, the board and the status bar say it. */
describe('where a task lives: detail sentence, board cards, status bar counts (issue 20)', function () {
  this.timeout(60_000);
  let repos: GitRepos;
  let service: OrchestrationService;
  before(async () => {
    repos = new GitRepos();
    service = new OrchestrationService({ folders: [{ root: repos.clone, systems: ['orc', 'orchestral', 'intents'] }],
      places: otherPlaces({ trusted: true, worktrees: true, refs: ['origin/*'] }) });
    await service.scan();
  });
  after(() => { service.dispose(); repos.dispose(); });

  it('says where a task lives in one sentence, and why it is read-only there', () => {
    assert.strictEqual(whereSentence({ worktree: '/w/wt-b' }, 'agent-b'), 'In the worktree /w/wt-b (branch agent-b)');
    assert.strictEqual(whereSentence({ worktree: '/w/wt-b' }, null), 'In the worktree /w/wt-b (detached HEAD)');
    assert.strictEqual(whereSentence({ worktree: '/w/wt-b' }), 'In the worktree /w/wt-b');
    assert.strictEqual(whereSentence({ ref: 'origin/feature-a' }), 'Committed on origin/feature-a — read from git, nothing checked out');
    assert.deepStrictEqual([shortWhere({ ref: 'origin/x' }), shortWhere({ worktree: '/w/wt-b' })], ['on origin/x', 'in worktree wt-b']);
    assert.match(readOnlyReason({ ref: 'origin/x' }, 'TASK-001'), /^Read-only: TASK-001 is shown as committed on origin\/x.*this folder's own TASK-001.*not read from git/);
    assert.match(readOnlyReason({ worktree: '/w/wt-b' }, 'TASK-9'), /^Read-only: TASK-9 belongs to the checkout in \/w\/wt-b.*Open that worktree \(wt-b\)/);
  });

  it("the board shows only the folder's own cards, and with the other places each of theirs saying where and locked", () => {
    const own = orcBoard(service.items(), () => 'clone', false);
    assert.deepStrictEqual(own.cards.map((c) => [c.id, c.where ?? null, c.locked]), [['TASK-001', null, null]]);
    const all = orcBoard(service.items(), () => 'clone', false, [{ folder: repos.clone, items: service.places.elsewhere(repos.clone).items }]);
    const shown = all.cards.map((c) => `${c.id} ${c.where ?? 'here'} ${c.title}`).sort();
    assert.deepStrictEqual(shown, ['TASK-001 here Base', 'TASK-001 on origin/feature-b Base, renamed on feature-b',
      'TASK-010 on origin/feature-a Feature A', 'TASK-020 in worktree wt-a Agent A task']);
    // Two TASK-001 cards, two keys: a move or an open names one, never the other.
    assert.strictEqual(new Set(all.cards.map((c) => c.key)).size, all.cards.length);
    for (const c of all.cards.filter((x) => x.where)) assert.match(c.locked ?? '', /read-only here/, `${c.id} ${c.where} is locked`);
    assert.match(all.cards.find((c) => c.where === 'on origin/feature-b')!.locked!, /moving it would change this folder's own TASK-001/);
    assert.match(all.cards.find((c) => c.where === 'in worktree wt-a')!.locked!, new RegExp(`in the worktree ${repos.wtA.replace(/[/\\.]/g, '\\$&')}`));
  });

  it("counts the decisions and tasks of the other places apart from the folder's own, and sums them over folders", () => {
    const elsewhere = service.places.elsewhere(repos.clone);
    const counts = elsewhereCounts([elsewhere]);
    // The pending CRP run on origin/feature-a and in wt-b; the three tasks of the other places are "running" in their files.
    assert.strictEqual(counts.decisions, 2);
    assert.strictEqual(counts.running + counts.orphaned, 3);
    assert.strictEqual(counts.unreadable, 0);
    assert.deepStrictEqual(elsewhereCounts([elsewhere, elsewhere]).decisions, 4, 'a sum over folders');
    // The folder's own counts do not include them.
    assert.strictEqual(attentionCounts(service.items(), service.decisions()).decisions, 0);
  });
});
