import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assertStateConsistent, alive, complete, ExecutorRepo, notYet, runToEnd, scriptedHost } from './fixture';
import { renderEvent } from '../../../src/core/executor/render';
import { startRun } from '../../../src/core/executor/start-run';
import { readTranscripts } from '../../../src/core/formats/orc/detail/transcripts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The value after a flag in an argv. */
function flag(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv[i + 1];
}

describe('executor: phases and iterations', function () {
  this.timeout(30_000);
  let repo: ExecutorRepo;
  afterEach(() => {
    const left = repo.calls().filter((c) => alive(c.pid));
    for (const c of left) { try { process.kill(-c.pid, 'SIGKILL'); } catch { /* gone */ } }
    try { assertStateConsistent(repo); } finally { repo.dispose(); }
    assert.deepEqual(left.map((c) => c.pid), [], 'no Claude process is left running');
  });

  it('completes a phase in two iterations of one session, then stops at the next phase when Claude is blocked', async () => {
    repo = new ExecutorRepo().scenario({ calls: [
      [{ text: 'Writing the spec.' }, { write: 'hello.txt', content: 'hello\nworld\n' }, notYet('Spec half written.')],
      [{ tool: 'Bash', input: { command: 'npm test' }, output: 'ok\n3 passing' }, complete('Spec done.')],
      [{ text: 'Looking at it.' }, { result: 'success', text: 'I need an API key. <phase_blocked>needs the OAuth client secret</phase_blocked>' }],
    ] });
    const { outcome, events } = await runToEnd(repo);
    assert.equal(outcome.status, 'blocked', outcome.message);
    assert.match(outcome.message, /implement blocked: needs the OAuth client secret/);
    assert.deepEqual(outcome.phasesRun, ['spec', 'implement']);

    // The Claude calls: stream-json with --verbose, a new session per phase, --resume within it, prompt on stdin.
    const calls = repo.calls();
    assert.equal(calls.length, 3);
    for (const c of calls) {
      assert.deepEqual(c.argv.slice(0, 4), ['-p', '--output-format', 'stream-json', '--verbose']);
      assert.equal(c.cwd, path.join(repo.root, '.orc', 'worktrees', 'TASK-001'));
      assert.ok(!c.argv.some((a) => a.includes('Add a greeting')), 'the prompt never goes in argv');
    }
    const first = flag(calls[0]!.argv, '--session-id')!;
    assert.match(first, UUID);
    assert.equal(flag(calls[1]!.argv, '--resume'), first);
    assert.equal(flag(calls[1]!.argv, '--session-id'), undefined);
    assert.match(flag(calls[2]!.argv, '--session-id')!, UUID);
    assert.notEqual(flag(calls[2]!.argv, '--session-id'), first);
    assert.match(calls[0]!.stdin, /TASK-001: Add a greeting/);
    assert.match(calls[0]!.stdin, /<phase_complete>true<\/phase_complete>/);
    assert.match(calls[1]!.stdin, /Spec half written\./, 'the next iteration hears how the last one ended');

    const s = repo.state();
    assert.equal(s.status, 'blocked');
    assert.equal(s.current_phase, 'implement');
    assert.equal(s.execution, undefined, 'no executor is recorded once the run ended');
    assert.equal(s.phases.spec.status, 'completed');
    assert.equal(s.phases.spec.iterations, 2);
    assert.deepEqual(s.phases.spec.files_changed, ['hello.txt']);
    assert.equal(s.phases.implement.status, 'paused');
    assert.equal(s.phases.implement.iterations, 1);
    assert.equal(s.phases.implement.error, 'blocked: needs the OAuth client secret');
    assert.equal(repo.task().status, 'blocked');
    assert.match(repo.stateText(), /^# executor state/, 'comments are kept');

    // Tokens: every assistant message of the fake carries 100/50/20/300; per phase and in total.
    const perMessage = { input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 20, cache_read_input_tokens: 300 };
    const messages = { spec: 2 + 1 + 1 + 1, implement: 2 };
    for (const [phase, n] of Object.entries(messages)) {
      for (const [k, v] of Object.entries(perMessage)) assert.equal(s.phases[phase].tokens[k], v * n, `${phase} ${k}`);
      assert.equal(s.tokens.by_phase[phase], 470 * n);
    }
    assert.equal(s.tokens.total_tokens, 470 * 7);
    assert.equal(s.tokens.input_tokens + s.tokens.output_tokens + s.tokens.cache_creation_input_tokens + s.tokens.cache_read_input_tokens, s.tokens.total_tokens);
    assert.equal(s.cost.total_cost_usd, 0.03);
    assert.equal(s.session.id, flag(calls[2]!.argv, '--session-id'));
    assert.equal(s.session.turn_count, 2);

    // Gates, transcripts, checkpoints.
    assert.deepEqual(s.gates.map((g: Record<string, unknown>) => [g.phase, g.type, g.decision]), [['spec', 'auto', 'approved']]);
    const transcripts = readdirSync(repo.ws.path('.orc/tasks/TASK-001/transcripts')).sort();
    assert.deepEqual(transcripts, ['01-spec-001.md', '01-spec-002.md', '02-implement-001.md']);
    const t1 = readFileSync(repo.ws.path('.orc/tasks/TASK-001/transcripts/01-spec-001.md'), 'utf8');
    assert.match(t1, /^# Transcript: TASK-001 \/ spec \/ iteration 1\n/);
    assert.match(t1, /\*\*Tokens\*\*: 1410\n/);
    assert.match(t1, /## Prompt\n\nYou are working on task TASK-001/);
    assert.match(t1, /## Response\n\nWriting the spec\./);
    assert.match(t1, /## Completion\n\n- Phase complete: no \(continuing to next iteration\)\n\n---/);
    assert.match(t1, /\| hello\.txt \| created \| \+2 \|/);
    // The task detail's reader lists them in run order with their header fields.
    const listed = (await readTranscripts(repo.ws.path('.orc/tasks/TASK-001'))).transcripts;
    assert.deepEqual(listed.map((l) => [l.sequence, l.phase, l.iteration, l.tokens, l.status]),
      [[1, 'spec', 1, 1410, 'running'], [1, 'spec', 2, 470 * 2, 'completed'], [2, 'implement', 1, 470 * 2, 'blocked']]);
    const log = repo.git('log', '--format=%H %s', 'orc/TASK-001').trim().split('\n');
    assert.equal(log[0], `${s.phases.spec.checkpoint} [orc] TASK-001: spec complete`);
    assert.equal(repo.git('status', '--porcelain', '--', '.', ':(exclude).orc/tasks').trim(), '', 'the checkout shows no worktree (info/exclude)');
    assert.equal(repo.git('show', 'orc/TASK-001:hello.txt'), 'hello\nworld\n');

    // Events in order, and their rendering.
    const kinds = events.map((e) => e.type);
    assert.equal(kinds[0], 'run-start');
    assert.equal(kinds.at(-1), 'run-end');
    const ends = events.filter((e) => e.type === 'iteration-end').map((e) => e.type === 'iteration-end' && e.outcome);
    assert.deepEqual(ends, ['continue', 'complete', 'blocked']);
    const text = events.flatMap(renderEvent).join('\n');
    assert.match(text, /> Write hello\.txt/);
    assert.match(text, /> Bash npm test/);
    assert.match(text, /ok: ok \(\+1 lines\)/);
    assert.match(text, /checkpoint [0-9a-f]{10}: \[orc\] TASK-001: spec complete/);
    assert.match(text, /=== run blocked/);
    for (const c of calls) assert.ok(!alive(c.pid), `claude ${c.pid} is gone`);
  });

  it('fails the phase on an error result (error_max_turns) with its message and exit status', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[{ text: 'Working.' }, { result: 'error_max_turns', errors: ['Reached maximum number of turns (25)'] }]] });
    const { outcome, events } = await runToEnd(repo);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.message, /spec failed: error_max_turns: Reached maximum number of turns \(25\)/);
    const end = events.find((e) => e.type === 'phase-end');
    assert.ok(end && end.type === 'phase-end');
    assert.equal(end.exitCode, 1);
    const s = repo.state();
    assert.equal(s.status, 'failed');
    assert.equal(s.phases.spec.status, 'failed');
    assert.match(s.phases.spec.error, /^error_max_turns: Reached maximum/);
    assert.equal(s.phases.implement, undefined, 'the next phase never started');
    assert.equal(s.tokens.total_tokens, 470, 'the failed iteration still counts its tokens');
    assert.equal(s.errors.length, 1);
    assert.ok(existsSync(repo.ws.path('.orc/tasks/TASK-001/transcripts/01-spec-001.md')));
    assert.equal(repo.task().status, 'failed');
  });

  it('fails the phase when Claude crashes in the middle of a line', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[{ text: 'Starting.' }, { crash: '{"type":"assistant","message":{"id":"m' }]] });
    const { outcome, events } = await runToEnd(repo);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.message, /claude was killed by SIGKILL without a result \(its last output line was cut off: \{"type":"assistant"/);
    const end = events.find((e) => e.type === 'phase-end');
    assert.ok(end?.type === 'phase-end' && end.signal === 'SIGKILL');
    assert.equal(repo.state().phases.spec.status, 'failed');
    assert.equal(repo.state().tokens.total_tokens, 470, 'the message before the crash is counted');
  });

  it('ends a hanging Claude at the timeout: SIGTERM ignored, SIGKILL after the grace period, heartbeat meanwhile', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[{ text: 'Thinking…' }, { hang: true, ignoreTerm: true }]] });
    const beats: string[] = [];
    const host = scriptedHost();
    const started = Date.now();
    const handle = startRun({ root: repo.root, taskId: 'TASK-001', overrides: { timeoutSeconds: 1.2 } }, host, { heartbeatMs: 100, graceMs: 300, env: repo.env() });
    let poll: NodeJS.Timeout | undefined;
    handle.onEvent((e) => {
      if (e.type === 'assistant-text') {
        poll = setInterval(() => {
          const s = repo.state();
          if (s.execution?.last_heartbeat) beats.push(`${s.execution.pid}@${s.execution.hostname}:${s.execution.last_heartbeat}`);
        }, 150);
      }
    });
    const outcome = await handle.done;
    clearInterval(poll);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.message, /timed out after 1\.2s/);
    assert.ok(Date.now() - started < 10_000);
    assert.ok(beats.length >= 2, `state.yaml showed the executor while it ran (${beats.length} reads)`);
    assert.ok(beats.every((b) => b.startsWith(`${process.pid}@`)));
    const [call] = repo.calls();
    assert.ok(!alive(call!.pid), 'the hanging claude was killed');
    assert.equal(repo.state().phases.spec.status, 'failed');
  });

  it('cancels: the process group is ended and the phase is interrupted', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[{ text: 'Working on it.' }, { hang: true }]] });
    const handle = startRun({ root: repo.root, taskId: 'TASK-001' }, scriptedHost(), { heartbeatMs: 100, graceMs: 300, env: repo.env() });
    handle.onEvent((e) => { if (e.type === 'assistant-text') handle.cancel(); });
    const outcome = await handle.done;
    assert.equal(outcome.status, 'cancelled');
    const s = repo.state();
    assert.equal(s.status, 'paused');
    assert.equal(s.phases.spec.status, 'interrupted');
    assert.equal(s.execution, undefined);
    assert.equal(repo.task().status, 'paused');
    assert.ok(!alive(repo.calls()[0]!.pid));
  });

  it('passes a hostile title to Claude only as prompt text (no shell anywhere)', async () => {
    const title = '"; rm -rf ~ # $(touch pwned) `touch pwned2`';
    repo = new ExecutorRepo({ title }).scenario({ calls: [[complete()]] });
    const { outcome } = await runToEnd(repo, { phase: 'spec' });
    assert.equal(outcome.status, 'completed');
    const [call] = repo.calls();
    assert.ok(call!.stdin.includes(`TASK-001: ${title}`));
    assert.ok(call!.argv.every((a) => !a.includes('rm -rf') && !a.includes('pwned')));
    assert.ok(!existsSync(path.join(call!.cwd, 'pwned')) && !existsSync(path.join(repo.root, 'pwned')));
  });

  it('runs only the phase asked for; state says paused while others remain', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[complete()]] });
    const { outcome } = await runToEnd(repo, { phase: 'implement' });
    assert.equal(outcome.status, 'completed');
    assert.deepEqual(outcome.phasesRun, ['implement']);
    const s = repo.state();
    assert.equal(s.phases.implement.status, 'completed');
    assert.equal(s.phases.spec, undefined);
    assert.equal(s.status, 'paused');
  });

  it('an internal failure (the worktree\'s git broken under it) fails the run and the phase, never leaves it running', async () => {
    repo = new ExecutorRepo().scenario({ calls: [[{ write: '.git', content: 'not a gitdir\n' }, complete()]] });
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.message, /^the executor failed: /);
    const s = repo.state();
    assert.equal(s.status, 'failed');
    assert.equal(s.phases.spec.status, 'failed');
    assert.match(s.phases.spec.error, /the executor failed/);
    const transcript = readFileSync(repo.ws.path('.orc/tasks/TASK-001/transcripts/01-spec-001.md'), 'utf8');
    assert.match(transcript, /## Files Changed\n\n\(unknown: /);
  });

  it('fails a phase that is not complete after max_iterations', async () => {
    repo = new ExecutorRepo({ phases: [{ name: 'spec', type: 'spec', max_iterations: 2, completion_criteria: ['claude_confirms'] }] })
      .scenario({ calls: [[notYet('still going')]] });
    const { outcome } = await runToEnd(repo);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.message, /not complete after 2 iterations \(max_iterations\)/);
    assert.equal(repo.calls().length, 2);
    assert.equal(repo.state().phases.spec.iterations, 2);
  });
});
