import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ExecutorEvent, ExecutorHost, GateAnswer, RunOutcome, RunRequest } from '../../../src/core/executor/contract';
import { startRun } from '../../../src/core/executor/start-run';
import type { ExecutorOptions } from '../../../src/core/executor/run-context';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';

export const FAKE_CLAUDE = path.join(FIXTURES, 'bin', 'claude');

export type Step = Record<string, unknown>;
export interface Scenario { calls?: Step[][]; rules?: { match: string; steps: Step[] }[] }

export interface RepoOptions {
  readonly worktrees?: boolean;
  readonly title?: string;
  readonly phases?: readonly Record<string, unknown>[];
  readonly gates?: Record<string, unknown>;
  readonly extraFiles?: Record<string, string>;
  /** More lines under orc.yaml's `claude:` (`path: ./tools/claude`, `permission_mode: …`). */
  readonly claude?: readonly string[];
}

export const TWO_PHASES = [
  { name: 'spec', type: 'spec', max_iterations: 3, completion_criteria: ['claude_confirms'], checkpoint: true, gate: { type: 'auto' } },
  { name: 'implement', type: 'implement', max_iterations: 3, completion_criteria: ['claude_confirms'], checkpoint: true, gate: { type: 'auto' } },
];

/**
 * A real git repository with orc.yaml, one task and its plan; the fake's files beside it, and the fake itself as
 * `claude` on the PATH of env() (a repository does not choose the program: the person's PATH does).
 */
export class ExecutorRepo {
  readonly ws: TempWorkspace;
  readonly side: string;
  readonly scenarioFile: string;
  readonly logFile: string;
  /** Holds `claude` (the fake): first on env()'s PATH. */
  readonly binDir: string;

  constructor(readonly opts: RepoOptions = {}) {
    this.side = mkdtempSync(path.join(os.tmpdir(), 'baton-fake-claude-'));
    this.scenarioFile = path.join(this.side, 'scenario.json');
    this.logFile = path.join(this.side, 'calls.jsonl');
    this.binDir = path.join(this.side, 'bin');
    mkdirSync(this.binDir);
    symlinkSync(FAKE_CLAUDE, path.join(this.binDir, 'claude'));
    this.ws = new TempWorkspace({
      'orc.yaml': [
        '# project config',
        'version: 1',
        'claude:',
        ...(opts.claude ?? []).map((line) => `  ${line}`),
        ...(opts.claude?.some((line) => line.startsWith('model:')) ? [] : ['  model: claude-fake-1']),
        '  timeout: 60',
        ...(opts.gates ? ['gates:', ...Object.entries(opts.gates).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`)] : []),
        'git:',
        '  branch_prefix: orc/',
        '  checkpoint_prefix: "[orc]"',
        `  worktrees: ${opts.worktrees ?? true}`,
        '',
      ].join('\n'),
      '.orc/tasks/TASK-001/task.yaml': [
        'id: TASK-001',
        `title: ${JSON.stringify(opts.title ?? 'Add a greeting')}`,
        'description: Print hello.',
        'weight: small',
        'status: planned',
        '',
      ].join('\n'),
      '.orc/tasks/TASK-001/plan.yaml': `task_id: TASK-001\nweight: small\nphases: ${JSON.stringify(opts.phases ?? TWO_PHASES)}\n`,
      '.orc/tasks/TASK-001/state.yaml': '# executor state\nstatus: planned\n',
      'README.md': '# demo\n',
      ...(opts.extraFiles ?? {}),
    });
    this.git('init', '-q', '-b', 'main');
    this.git('config', 'user.email', 'test@example.com');
    this.git('config', 'user.name', 'Test');
    this.git('add', '-A');
    this.git('commit', '-q', '-m', 'initial');
  }

  get root(): string { return this.ws.root; }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.root, encoding: 'utf8' });
  }

  scenario(s: Scenario): this {
    writeFileSync(this.scenarioFile, JSON.stringify(s));
    return this;
  }

  env(): NodeJS.ProcessEnv {
    return { FAKE_CLAUDE_SCENARIO_FILE: this.scenarioFile, FAKE_CLAUDE_LOG: this.logFile, PATH: `${this.binDir}${path.delimiter}${process.env.PATH ?? ''}` };
  }

  calls(): { argv: string[]; stdin: string; cwd: string; pid: number; sessionId: string }[] {
    if (!existsSync(this.logFile)) return [];
    return readFileSync(this.logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as never);
  }

  state(): Record<string, any> { // eslint-disable-line @typescript-eslint/no-explicit-any
    return parseYaml(readFileSync(this.ws.path('.orc/tasks/TASK-001/state.yaml'), 'utf8')) as Record<string, unknown>;
  }

  task(): Record<string, unknown> {
    return parseYaml(readFileSync(this.ws.path('.orc/tasks/TASK-001/task.yaml'), 'utf8')) as Record<string, unknown>;
  }

  stateText(): string {
    return readFileSync(this.ws.path('.orc/tasks/TASK-001/state.yaml'), 'utf8');
  }

  dispose(): void {
    try { execFileSync('git', ['worktree', 'prune'], { cwd: this.root }); } catch { /* the repo may be gone */ }
    this.ws.dispose();
    rmSync(this.side, { recursive: true, force: true });
  }
}

export interface HostScript {
  dirty?: boolean;
  gate?: GateAnswer | 'stop';
}

export function scriptedHost(script: HostScript = {}): ExecutorHost & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    confirmDirtyCheckout: async (_root, files) => { asked.push(`dirty:${files.join(',')}`); return script.dirty ?? false; },
    waitForHumanGate: async (gate) => { asked.push(`gate:${gate.phase}`); return script.gate ?? 'stop'; },
  };
}

export const FAST: ExecutorOptions = { heartbeatMs: 50, graceMs: 300 };

/** Runs to the end, collecting every event. */
export async function runToEnd(repo: ExecutorRepo, request: Partial<RunRequest> = {}, host: ExecutorHost = scriptedHost(),
  options: ExecutorOptions = {}): Promise<{ outcome: RunOutcome; events: ExecutorEvent[] }> {
  const events: ExecutorEvent[] = [];
  const handle = startRun({ root: repo.root, taskId: 'TASK-001', ...request }, host, { ...FAST, env: repo.env(), ...options });
  handle.onEvent((e) => events.push(e));
  const outcome = await handle.done;
  return { outcome, events };
}

/** Is any process with this pid still there? */
export function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}

export const complete = (text = 'All done.'): Step => ({ result: 'success', text: `${text} <phase_complete>true</phase_complete>` });
export const notYet = (text = 'Partly done.'): Step => ({ result: 'success', text });

const KNOWN_PHASE_STATUSES = new Set(['pending', 'running', 'completed', 'failed', 'paused', 'interrupted', 'skipped']);

/**
 * What must hold of state.yaml after any run that ended: the executor is gone from it, statuses are orc's,
 * tokens add up (the four kinds to the total, phases to by_phase), every gate record is complete, each phase
 * with iterations has its transcripts, and every checkpoint is a commit with the prefix.
 */
export function assertStateConsistent(repo: ExecutorRepo): void {
  let s: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  try { s = repo.state(); } catch { return; } // a test that broke state.yaml on purpose checks it was left alone
  const where = `state.yaml:\n${repo.stateText()}`;
  if (s.status === undefined || s.status === 'planned') return; // refused before anything was written
  assert.notEqual(s.status, 'running', where);
  assert.equal(s.execution, undefined, where);
  const t = s.tokens;
  if (t) {
    assert.equal(t.input_tokens + t.output_tokens + t.cache_creation_input_tokens + t.cache_read_input_tokens, t.total_tokens, where);
    const byPhase = Object.values(t.by_phase ?? {}) as number[];
    assert.equal(byPhase.reduce((a, b) => a + b, 0), t.total_tokens, where);
  }
  const transcripts = existsSync(repo.ws.path('.orc/tasks/TASK-001/transcripts')) ? readdirSync(repo.ws.path('.orc/tasks/TASK-001/transcripts')) : [];
  for (const [name, p] of Object.entries((s.phases ?? {}) as Record<string, Record<string, any>>)) { // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!p) continue;
    assert.ok(KNOWN_PHASE_STATUSES.has(p.status), `${name}: ${p.status}`);
    if (p.tokens) {
      const sum = p.tokens.input_tokens + p.tokens.output_tokens + p.tokens.cache_creation_input_tokens + p.tokens.cache_read_input_tokens;
      assert.equal(t?.by_phase?.[name] ?? 0, sum, `${name} tokens vs by_phase`);
    }
    const mine = transcripts.filter((f) => new RegExp(`^\\d\\d-${name}-(\\d{3})\\.md$`).test(f));
    if ((p.iterations ?? 0) > 0) assert.ok(mine.length >= 1, `${name} has transcripts`);
    for (const f of mine) assert.ok(Number(/-(\d{3})\.md$/.exec(f)![1]) <= p.iterations, `${f} within ${p.iterations} iterations`);
    for (const sha of [p.checkpoint, p.last_checkpoint].filter(Boolean) as string[]) {
      assert.match(repo.git('log', '-1', '--format=%s', sha), /^\[orc\] TASK-001: /);
    }
  }
  for (const g of (s.gates ?? []) as Record<string, unknown>[]) {
    for (const key of ['phase', 'type', 'decision', 'timestamp']) assert.equal(typeof g[key], 'string', `gate ${JSON.stringify(g)} has ${key}`);
    assert.ok(['approved', 'rejected', 'pending'].includes(g.decision as string));
  }
}
