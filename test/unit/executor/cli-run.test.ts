import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { answerOrcGate } from '../../../src/core/formats/orc/answer-gate';
import { gateDecisionsOf } from '../../../src/core/formats/orc/gate-decisions';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { REPO } from '../helpers/temp-workspace';
import { assertStateConsistent, alive, complete, ExecutorRepo, runToEnd, TWO_PHASES } from './fixture';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(repo: ExecutorRepo, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: repo.root, encoding: 'utf8', env: { ...process.env, ...repo.env() }, timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function scanTask(root: string): Promise<OrcTask> {
  const service = new OrchestrationService({ folders: [{ root }] });
  await service.scan();
  const task = service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === 'TASK-001');
  assert.ok(task);
  return task;
}

/** Every file under the task folder with its content, ids, times, paths and shas replaced by placeholders. */
function normalisedTaskFiles(repo: ExecutorRepo): Record<string, string> {
  const dir = repo.ws.path('.orc/tasks/TASK-001');
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        out[path.relative(dir, full)] = readFileSync(full, 'utf8')
          .split(repo.root).join('<ROOT>')
          .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '<TIME>')
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<UUID>')
          .replace(/\b[0-9a-f]{40}\b/g, '<SHA>')
          .replace(/(duration|total_duration|\*\*Duration\*\*): .*/gi, '$1: <DURATION>');
      }
    }
  };
  walk(dir);
  return out;
}

describe('baton run', function () {
  this.timeout(60_000);
  const repos: ExecutorRepo[] = [];
  const make = (...args: ConstructorParameters<typeof ExecutorRepo>) => { const r = new ExecutorRepo(...args); repos.push(r); return r; };
  afterEach(() => {
    for (const r of repos.splice(0)) {
      for (const c of r.calls()) if (alive(c.pid)) { try { process.kill(-c.pid, 'SIGKILL'); } catch { /* gone */ } }
      try { assertStateConsistent(r); } finally { r.dispose(); }
    }
  });

  it('leaves the same files as startRun, and prints the rendering', async () => {
    const scenario = { calls: [[{ text: 'Spec.' }, { write: 'spec-notes.md', content: 'a\nb\n' }, { result: 'success', text: 'Not yet.' }], [complete('Spec done.')], [{ write: 'src/hello.ts', content: 'export const hi = 1;\n' }, complete()]] };
    const viaCore = make().scenario(scenario);
    const viaCli = make().scenario(scenario);
    const { outcome } = await runToEnd(viaCore);
    assert.equal(outcome.status, 'completed');
    const r = baton(viaCli, 'run', 'TASK-001', '--dir', viaCli.root);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^=== TASK-001: phases spec, implement$/m);
    assert.match(r.stdout, /> Write src\/hello\.ts/);
    assert.match(r.stdout, /=== run completed: TASK-001: spec, implement completed/);
    assert.deepEqual(normalisedTaskFiles(viaCli), normalisedTaskFiles(viaCore));
    const subjects = (repo: ExecutorRepo) => repo.git('log', '--format=%s', 'orc/TASK-001');
    assert.equal(subjects(viaCli), subjects(viaCore));
    assert.match(subjects(viaCli), /^\[orc\] TASK-001: implement complete\n\[orc\] TASK-001: spec complete\ninitial\n$/);
  });

  it('a killed executor leaves the task orphaned; resume continues the same Claude session', async () => {
    const repo = make().scenario({ calls: [[{ text: 'Working.' }, { hang: true }], [complete('Resumed and done.')], [complete()]] });
    const child = spawn(process.execPath, [CLI, 'run', 'TASK-001', '--dir', repo.root], { env: { ...process.env, ...repo.env() }, stdio: 'ignore' });
    const deadline = Date.now() + 20_000;
    while (!(repo.calls().length && /status: running/.test(safeRead(repo)))) {
      assert.ok(Date.now() < deadline, 'the run started');
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(repo.state().execution.pid, child.pid);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // The executor is gone; its Claude (a process group of its own) is ended too, as a person would.
    process.kill(-repo.calls()[0]!.pid, 'SIGKILL');

    const orphan = await scanTask(repo.root);
    assert.equal(orphan.orphaned, true);
    assert.match(orphan.orphanReason ?? '', new RegExp(`executor process ${child.pid} is not running`));

    const { outcome, events } = await runToEnd(repo, { resume: true });
    assert.equal(outcome.status, 'completed', outcome.message);
    const calls = repo.calls();
    const first = calls[0]!.argv[calls[0]!.argv.indexOf('--session-id') + 1];
    assert.equal(calls[1]!.argv[calls[1]!.argv.indexOf('--resume') + 1], first);
    assert.match(calls[1]!.stdin, /interrupted during iteration 1/);
    const start = events.find((e) => e.type === 'phase-start');
    assert.ok(start?.type === 'phase-start' && start.resumed && start.iteration === 2 && start.sessionId === first);
    const s = repo.state();
    assert.equal(s.phases.spec.iterations, 2);
    assert.equal(s.phases.spec.status, 'completed');
    assert.equal(s.status, 'completed');
    assert.equal((await scanTask(repo.root)).orphaned, false);
  });

  it('stops at a human gate with exit 3; the gate is a decision in a scan; answering it lets the next run go on', async () => {
    const phases = [{ ...TWO_PHASES[0]!, gate: { type: 'human' } }, TWO_PHASES[1]!];
    const repo = make({ phases }).scenario({ calls: [[complete('Spec written.')], [complete('Implemented.')]] });
    const first = baton(repo, 'run', 'TASK-001');
    assert.equal(first.status, 3, first.stderr);
    assert.match(first.stdout, /baton answer TASK-001:spec --option approve/);
    assert.match(first.stderr, /waiting for a human to approve the gate after spec/);
    let s = repo.state();
    assert.equal(s.status, 'paused');
    assert.deepEqual(s.gates.map((g: Record<string, unknown>) => [g.phase, g.type, g.decision]), [['spec', 'human', 'pending']]);

    // The inbox sees it from the files alone: a Decision of the service, and in `baton scan --json`.
    const service = new OrchestrationService({ folders: [{ root: repo.root }] });
    await service.scan();
    const inbox = service.decisions().filter((d) => d.system === 'orc');
    assert.deepEqual(inbox.map((d) => [d.kind, d.id, d.status]), [['gate', 'TASK-001:spec', 'pending']]);
    const scan = JSON.parse(baton(repo, 'scan', repo.root, '--json').stdout) as { decisions: Record<string, unknown>[] };
    assert.deepEqual(scan.decisions.map((d) => [d.system, d.kind, d.id, d.phase, d.file]), [['orc', 'gate', 'TASK-001:spec', 'spec', '.orc/tasks/TASK-001/state.yaml']]);
    const decisions = gateDecisionsOf([await scanTask(repo.root)]);
    assert.equal(decisions.length, 1);
    assert.equal(decisions[0]!.id, 'TASK-001:spec');
    assert.equal(decisions[0]!.nextPhase, 'implement');
    assert.equal(decisions[0]!.phaseStatus, 'completed');

    // A stale fingerprint and a reasonless rejection are refused; nothing is written.
    const before = repo.stateText();
    assert.equal((await answerOrcGate(decisions[0]!.file, 'spec', 'stale', { decision: 'approved', rationale: '' })).ok, false);
    assert.equal((await answerOrcGate(decisions[0]!.file, 'spec', decisions[0]!.fingerprint, { decision: 'rejected', rationale: ' ' })).ok, false);
    assert.equal(repo.stateText(), before);

    const answered = baton(repo, 'answer', 'TASK-001:spec', '--option', 'approve', '--rationale', 'Spec reads well');
    assert.equal(answered.status, 0, answered.stderr);
    s = repo.state();
    assert.deepEqual(s.gates.map((g: Record<string, unknown>) => [g.phase, g.decision, g.rationale]), [['spec', 'approved', 'Spec reads well']]);
    // orc's file-era code reads {gate_type, approved, reason} and saves to .orc/tasks/<task_id>/: both are there.
    assert.deepEqual(s.gates.map((g: Record<string, unknown>) => [g.gate_type, g.approved, g.reason]), [['human', true, 'Spec reads well']]);
    assert.match(repo.stateText(), /^# executor state\ntask_id: TASK-001\n/);
    // Each phase's tokens carry their total, as the task's do (orc's own reader shows 0 without one).
    assert.equal(s.phases.spec.tokens.total_tokens, ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens']
      .reduce((n: number, k: string) => n + (s.phases.spec.tokens[k] as number), 0));
    assert.ok(s.phases.spec.tokens.total_tokens > 0);
    assert.equal(gateDecisionsOf([await scanTask(repo.root)]).length, 0);
    assert.equal(baton(repo, 'answer', 'TASK-001:spec', '--option', 'approve').status, 1, 'no longer pending');

    const second = baton(repo, 'run', 'TASK-001');
    assert.equal(second.status, 0, second.stderr);
    s = repo.state();
    assert.equal(s.status, 'completed');
    assert.equal(s.phases.implement.status, 'completed');
    assert.equal(repo.calls().length, 2, 'spec was not run again');
  });

  it('a rejected gate marks the phase failed, so the next run redoes it', async () => {
    const phases = [{ ...TWO_PHASES[0]!, gate: { type: 'human' } }];
    const repo = make({ phases }).scenario({ calls: [[complete()]] });
    assert.equal(baton(repo, 'run', 'TASK-001').status, 3);
    assert.equal(baton(repo, 'answer', 'TASK-001:spec', '--option', 'reject').status, 2, 'a rejection needs a reason');
    const r = baton(repo, 'answer', 'TASK-001:spec', '--option', 'reject', '--rationale', 'Missing the error cases');
    assert.equal(r.status, 0, r.stderr);
    const s = repo.state();
    assert.equal(s.phases.spec.status, 'failed');
    assert.equal(s.phases.spec.error, 'rejected at the gate: Missing the error cases');
  });

  it('Ctrl-C (SIGINT) ends Claude\'s process group and leaves the run paused', async () => {
    const repo = make().scenario({ calls: [[{ text: 'Working.' }, { hang: true }]] });
    const child = spawn(process.execPath, [CLI, 'run', 'TASK-001', '--dir', repo.root], { env: { ...process.env, ...repo.env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    const deadline = Date.now() + 20_000;
    while (!stdout.includes('Working.')) {
      assert.ok(Date.now() < deadline, 'Claude started');
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    assert.equal(code, 1);
    assert.match(stdout, /=== run cancelled/);
    assert.ok(!alive(repo.calls()[0]!.pid));
    const s = repo.state();
    assert.equal(s.status, 'paused');
    assert.equal(s.phases.spec.status, 'interrupted');
  });

  it('refuses a dirty checkout without worktrees, and a task or phase that does not exist (usage: exit 2)', () => {
    const repo = make({ worktrees: false }).scenario({ calls: [[complete()]] });
    repo.ws.write('README.md', '# changed\n');
    const dirty = baton(repo, 'run', 'TASK-001');
    assert.equal(dirty.status, 1);
    assert.match(dirty.stderr, /uncommitted changes \(README\.md\)/);
    assert.equal(repo.calls().length, 0, 'nothing was spawned');
    assert.equal(baton(repo, 'run', 'TASK-404').status, 1);
    assert.match(baton(repo, 'run', 'TASK-001', '--phase', 'nope').stderr, /no phase "nope"/);
    assert.equal(baton(repo, 'run').status, 2);
  });
});

function safeRead(repo: ExecutorRepo): string {
  try { return readFileSync(repo.ws.path('.orc/tasks/TASK-001/state.yaml'), 'utf8'); } catch { return ''; }
}
