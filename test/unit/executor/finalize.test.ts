import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { assertStateConsistent, complete, ExecutorRepo, runToEnd } from './fixture';
import { filesRisk, linesRisk, overallRisk } from '../../../src/core/executor/finalize-report';
import { parseFinalization } from '../../../src/core/formats/orc/detail/artifacts';

const PHASES = [
  { name: 'implement', type: 'implement', max_iterations: 2, completion_criteria: ['claude_confirms'], checkpoint: true },
  { name: 'finalize', type: 'finalize', max_iterations: 2, completion_criteria: ['claude_confirms'], checkpoint: true },
];

describe('executor: finalize', function () {
  this.timeout(40_000);
  let repo: ExecutorRepo;
  afterEach(() => { try { assertStateConsistent(repo); } finally { repo.dispose(); } });

  const report = () => readFileSync(repo.ws.path('.orc/tasks/TASK-001/finalization-report.md'), 'utf8');

  it('merges the target branch in without Claude when nothing conflicts, and writes the report', async () => {
    repo = new ExecutorRepo({ phases: PHASES }).scenario({ calls: [[{ write: 'src/task.txt', content: 'one\ntwo\nthree\n' }, complete()]] });
    assert.equal((await runToEnd(repo, { phase: 'implement' })).outcome.status, 'completed');
    repo.ws.write('upstream.txt', 'from main\n');
    repo.git('add', 'upstream.txt');
    repo.git('commit', '-q', '-m', 'upstream change');
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'completed', outcome.message);
    assert.deepEqual(outcome.phasesRun, ['finalize']);
    assert.equal(repo.calls().length, 1, 'finalize needed no Claude');
    const r = report();
    assert.match(r, /^# Finalization Report: TASK-001/);
    assert.match(r, /\| Target Branch \| main \|/);
    assert.match(r, /\| Commits Behind \(before sync\) \| 1 \|/);
    assert.match(r, /\| Files Changed \(total\) \| 1 \|/);
    assert.match(r, /\| Lines Changed \(total\) \| 3 \|/);
    assert.match(r, /\| \*\*Overall Risk\*\* \| \| \*\*Low\*\* \|/);
    assert.match(r, /\*\*Ready for Merge\*\*: YES/);
    // The task detail's reader understands what the executor wrote.
    const read = parseFinalization('finalization-report.md', r);
    assert.deepEqual([read.risk, read.readyForMerge, read.recommendedAction], ['Low', 'YES', 'auto-merge']);
    assert.deepEqual(read.summary.find(([k]) => k === 'Target Branch'), ['Target Branch', 'main']);
    assert.equal(repo.git('show', 'orc/TASK-001:upstream.txt'), 'from main\n');
    const s = repo.state();
    assert.equal(s.phases.finalize.status, 'completed');
    assert.deepEqual(s.phases.finalize.files_changed, ['src/task.txt']);
    assert.equal(s.status, 'completed');
  });

  it('lets Claude resolve conflicts, then concludes the merge', async () => {
    repo = new ExecutorRepo({ phases: PHASES }).scenario({ calls: [
      [{ write: 'shared.txt', content: 'task line\n' }, complete()],
      [{ write: 'shared.txt', content: 'task line\nmain line\n' }, complete('Kept both sides.')],
    ] });
    assert.equal((await runToEnd(repo, { phase: 'implement' })).outcome.status, 'completed');
    repo.ws.write('shared.txt', 'main line\n');
    repo.git('add', 'shared.txt');
    repo.git('commit', '-q', '-m', 'upstream edits shared.txt');
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'completed', outcome.message);
    const calls = repo.calls();
    assert.equal(calls.length, 2);
    assert.match(calls[1]!.stdin, /Conflicted files \(merging main into orc\/TASK-001\):\n- shared\.txt/);
    assert.match(report(), /\| Conflicts Resolved \| 1 \|/);
    assert.match(report(), /\| shared\.txt \| Content \| Resolved by the finalize phase \| ✓ \|/);
    assert.equal(repo.git('show', 'orc/TASK-001:shared.txt'), 'task line\nmain line\n');
    assert.equal(repo.git('rev-list', '--parents', '-n', '1', 'orc/TASK-001').trim().split(' ').length, 3, 'the branch ends in the merge commit');
  });

  it('classifies risk as the spec says', () => {
    assert.deepEqual([filesRisk(5), filesRisk(6), filesRisk(16), filesRisk(31)], ['Low', 'Medium', 'High', 'Critical']);
    assert.deepEqual([linesRisk(99), linesRisk(100), linesRisk(501), linesRisk(1001)], ['Low', 'Medium', 'High', 'Critical']);
    assert.equal(overallRisk(['Low', 'High', 'Medium']), 'High');
  });
});
