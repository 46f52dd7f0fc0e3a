import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { assertStateConsistent, complete, ExecutorRepo, runToEnd, scriptedHost } from './fixture';

describe('executor: gates, criteria, prompts, checkout', function () {
  this.timeout(40_000);
  let repo: ExecutorRepo;
  afterEach(() => { try { assertStateConsistent(repo); } finally { repo.dispose(); } });

  it('an ai gate runs a short review with the same CLI and records its verdict; a rejection fails the phase', async () => {
    const phases = [{ name: 'spec', type: 'spec', completion_criteria: ['claude_confirms'], gate: { type: 'ai', criteria: ['spec_complete'] } },
      { name: 'implement', type: 'implement', completion_criteria: ['claude_confirms'] }];
    repo = new ExecutorRepo({ phases }).scenario({
      calls: [[complete('Spec.')], [complete('Code.')]],
      rules: [{ match: 'gate reviewer for phase "spec"', steps: [{ result: 'success', text: '<gate_decision>rejected</gate_decision><gate_rationale>No success criteria.</gate_rationale>' }] }],
    });
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.message, /the gate after spec rejected it: No success criteria\./);
    const s = repo.state();
    // The spec's keys, and orc's own (gate_type, approved, reason) that its file-era code reads and keeps on a rewrite.
    assert.deepEqual(s.gates, [{ phase: 'spec', type: 'ai', decision: 'rejected', rationale: 'No success criteria.', timestamp: s.gates[0].timestamp,
      gate_type: 'ai', approved: false, reason: 'No success criteria.' }]);
    assert.equal(s.phases.spec.status, 'failed');
    assert.equal(s.phases.implement, undefined);
    assert.equal(s.tokens.by_phase.spec, 470 * 2, 'the review counts for the phase');
    const review = repo.calls()[1]!;
    assert.match(review.stdin, /spec_complete/);
  });

  it('records skip gates and gates from orc.yaml (weight_overrides win over the phase default)', async () => {
    const phases = [{ name: 'spec', type: 'spec', completion_criteria: ['claude_confirms'] }, { name: 'docs', type: 'docs', completion_criteria: ['claude_confirms'] }];
    repo = new ExecutorRepo({ phases, gates: { spec: 'ai', docs: 'skip', weight_overrides: { small: { spec: 'human' } } } })
      .scenario({ calls: [[complete()]] });
    const host = scriptedHost({ gate: { decision: 'approved', rationale: 'fine by me' } });
    const { outcome, events } = await runToEnd(repo, {}, host);
    assert.equal(outcome.status, 'completed', outcome.message);
    assert.deepEqual(host.asked, ['gate:spec']);
    assert.ok(events.some((e) => e.type === 'gate-waiting' && e.gate.phase === 'spec'));
    const gates = repo.state().gates.map((g: Record<string, unknown>) => [g.phase, g.type, g.decision, g.rationale]);
    assert.deepEqual(gates, [['spec', 'human', 'approved', 'fine by me'], ['docs', 'skip', 'approved', 'gate skipped (plan/orc.yaml gate type skip)']]);
  });

  it('all_tests_pass runs the project test command; the next iteration hears the failure; coverage comes from report.json', async () => {
    const phases = [{ name: 'test', type: 'test', max_iterations: 3, completion_criteria: ['all_tests_pass', { coverage_above: 80 }] }];
    repo = new ExecutorRepo({ phases, extraFiles: { 'package.json': JSON.stringify({ name: 'demo', scripts: { test: 'node check.js' } }),
      'check.js': "const fs = require('fs'); if (!fs.existsSync('fixed.txt')) { console.error('1 failing: fixed.txt missing'); process.exit(1); }\n" } })
      .scenario({ calls: [
        [{ result: 'success', text: 'Tests written. <phase_complete>true</phase_complete>' }],
        [{ write: 'fixed.txt', content: 'ok\n' }, { write: '.orc/tasks/TASK-001/test-results/report.json', content: '' }, complete()],
      ] });
    // Coverage lives in the task folder of the main checkout: written there before the second iteration ends.
    repo.ws.write('.orc/tasks/TASK-001/test-results/report.json', JSON.stringify({ coverage: { percentage: 85.5 } }));
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'completed', outcome.message);
    const calls = repo.calls();
    assert.equal(calls.length, 2);
    assert.match(calls[1]!.stdin, /`npm test` failed \(exit 1\)/);
    assert.match(calls[1]!.stdin, /fixed\.txt missing/);
  });

  it('uses a prompt template from prompts.directory, filled in one pass', async () => {
    repo = new ExecutorRepo({ title: 'Title with {{SPEC}} inside', phases: [{ name: 'spec', type: 'spec', completion_criteria: ['claude_confirms', 'future_thing'] }], extraFiles: {
      '.orc/prompts/spec.md': 'CUSTOM {{TASK_ID}} / {{TASK_TITLE}} / {{PHASE}} / {{UNKNOWN}}\n',
    } }).scenario({ calls: [[complete()]] });
    const orc = repo.ws.path('orc.yaml');
    repo.ws.write('orc.yaml', `${readFileSync(orc, 'utf8')}prompts:\n  directory: .orc/prompts\n`);
    repo.git('commit', '-qam', 'prompts');
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'completed', outcome.message);
    assert.equal(repo.calls()[0]!.stdin, 'CUSTOM TASK-001 / Title with {{SPEC}} inside / spec / {{UNKNOWN}}\n');
    const transcript = readFileSync(repo.ws.path('.orc/tasks/TASK-001/transcripts/01-spec-001.md'), 'utf8');
    assert.match(transcript, /- future_thing: not checked/, 'an unknown criterion neither blocks nor disappears');
  });

  it('without worktrees: a dirty checkout is used only when the host agrees; checkpoints land on the current branch', async () => {
    repo = new ExecutorRepo({ worktrees: false, phases: [{ name: 'spec', type: 'spec', checkpoint: true }] }).scenario({ calls: [[{ write: 'notes.md', content: 'n\n' }, complete()]] });
    repo.ws.write('README.md', '# edited by hand\n');
    const refusing = scriptedHost({ dirty: false });
    const refused = await runToEnd(repo, {}, refusing);
    assert.equal(refused.outcome.status, 'refused');
    assert.deepEqual(refusing.asked, ['dirty:README.md']);
    assert.equal(repo.calls().length, 0);
    const { outcome } = await runToEnd(repo, {}, scriptedHost({ dirty: true }));
    assert.equal(outcome.status, 'completed', outcome.message);
    assert.equal(repo.calls()[0]!.cwd, repo.root);
    assert.equal(repo.git('log', '-1', '--format=%s', 'main').trim(), '[orc] TASK-001: spec complete');
    assert.equal(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean).sort().join(','), 'README.md,notes.md');
  });

  it('keeps going over a hand-edited state.yaml (null phase, scalar tokens), keeping its comments and unknown fields', async () => {
    repo = new ExecutorRepo({ phases: [{ name: 'spec', type: 'spec' }] }).scenario({ calls: [[complete()]] });
    repo.ws.write('.orc/tasks/TASK-001/state.yaml', '# hand-edited\nstatus: planned  # set by hand\nphases:\n  spec: ~\n  old: {status: completed, tokens: {input_tokens: 7}}\ntokens: 5\nmy_field: {keep: me}\n');
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'completed', outcome.message);
    const text = repo.stateText();
    assert.match(text, /^# hand-edited\n/);
    assert.match(text, /status: completed +# set by hand/);
    const s = repo.state();
    assert.deepEqual(s.my_field, { keep: 'me' });
    assert.equal(s.phases.spec.status, 'completed');
    assert.equal(s.phases.old.tokens.input_tokens, 7);
    assert.equal(s.tokens.total_tokens, 470 + 7, 'a scalar `tokens` is rebuilt from the phases\' counts');
    assert.deepEqual(Object.keys(s.tokens).at(-1), 'by_phase');
  });

  it('checkpoints every checkpoint_frequency iterations, and a person rejecting a live human gate fails the phase', async () => {
    const phases = [{ name: 'implement', type: 'implement', max_iterations: 3, checkpoint_frequency: 1, gate: { type: 'human' } }, { name: 'docs', type: 'docs' }];
    repo = new ExecutorRepo({ phases }).scenario({ calls: [[{ write: 'a.txt', content: '1\n' }, { stderr: 'warning: something odd' }, { result: 'success', text: 'more to do' }], [{ write: 'b.txt', content: '2\n' }, complete()]] });
    const host = scriptedHost({ gate: { decision: 'rejected', rationale: 'b.txt is not wanted' } });
    const { outcome, events } = await runToEnd(repo, {}, host);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.message, /the gate after implement rejected it: b\.txt is not wanted/);
    assert.ok(events.some((e) => e.type === 'stderr' && e.text.includes('warning: something odd')));
    assert.deepEqual(repo.git('log', '--format=%s', 'orc/TASK-001').trim().split('\n'),
      ['[orc] TASK-001: implement complete', '[orc] TASK-001: implement iteration 1', 'initial']);
    const s = repo.state();
    assert.equal(s.phases.implement.status, 'failed');
    assert.equal(s.phases.implement.error, 'rejected at the gate: b.txt is not wanted');
    assert.deepEqual(s.gates.map((g: Record<string, unknown>) => [g.phase, g.type, g.decision, g.rationale]), [['implement', 'human', 'rejected', 'b.txt is not wanted']]);
    assert.equal(s.phases.docs, undefined);
  });

  it('refuses a state.yaml that is not valid YAML and leaves it as it is', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[complete()]] });
    const broken = 'status: [unclosed\n';
    repo.ws.write('.orc/tasks/TASK-001/state.yaml', broken);
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'refused');
    assert.match(outcome.message, /state\.yaml of TASK-001 cannot be read/);
    assert.equal(repo.stateText(), broken);
    assert.equal(repo.calls().length, 0);
  });

  it('refuses invalid requests without spawning anything', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[complete()]] });
    for (const [request, message] of [
      [{ taskId: '../../etc' }, /is not a task id/],
      [{ taskId: 'TASK-404' }, /no task TASK-404/],
      [{ phase: 'nope' }, /no phase "nope"/],
      [{ resume: true }, /no interrupted session to resume/],
      [{ overrides: { timeoutSeconds: -1 } }, /timeout must be a positive number/],
      [{ root: '/nonexistent/baton' }, /is not a folder/],
      [{ overrides: { claudePath: './no/such/claude' } }, /the Claude Code CLI ".*no\/such\/claude" \(from your settings\) was not found/],
      [{ overrides: { claudePath: 'no-such-claude-on-path' } }, /"no-such-claude-on-path" \(from your settings\) was not found/],
    ] as const) {
      const { outcome } = await runToEnd(repo, request as never);
      assert.equal(outcome.status, 'refused', JSON.stringify(request));
      assert.match(outcome.message, message);
    }
    assert.equal(repo.calls().length, 0);
  });
});
