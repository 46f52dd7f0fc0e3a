import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Emitter } from '../util/event';
import { checkOrphaned } from '../formats/orc/orphan';
import type { StateFields } from '../formats/orc/schemas';
import { loadExecutorConfig } from './config';
import type { ExecutorEvent, ExecutorHost, RunHandle, RunOutcome, RunRequest } from './contract';
import { checkClaudeCli } from './claude-cli';
import { checkFlagValue, SESSION_ID } from './flag-safe';
import { loadTaskContext } from './load-task';
import { runPhases } from './run-phases';
import type { ExecutorOptions, RunContext } from './run-context';
import { RunState } from './run-state';
import { TokenLedger } from './token-ledger';
import { prepareWorkspace } from './workspace';
import { YamlStore } from './yaml-store';

/**
 * Starts running a task's phases (or the one asked for) and returns at once; the run reports through
 * `onEvent` and settles `done`. Nothing is spawned when the request is invalid: the outcome is then `refused`
 * with the reason. Trust is the host's business (it checks before calling).
 */
export function startRun(request: RunRequest, host: ExecutorHost, options: ExecutorOptions = {}): RunHandle {
  const events = new Emitter<ExecutorEvent>();
  const abort = new AbortController();
  const emit = (e: ExecutorEvent) => events.fire(e);
  const done = new Promise<RunOutcome>((resolve) => {
    // Start on a later turn, so the host can subscribe to onEvent before the first event.
    setImmediate(() => {
      execute(request, host, options, abort.signal, emit)
        .catch((err: unknown): RunOutcome => ({ status: 'failed', message: `the executor failed: ${(err as Error).message ?? String(err)}`, phasesRun: [] }))
        .then((outcome) => {
          emit({ type: 'run-end', outcome });
          events.dispose();
          resolve(outcome);
        });
    });
  });
  return { taskId: request.taskId, onEvent: events.event, done, cancel: () => abort.abort() };
}

const refused = (message: string): RunOutcome => ({ status: 'refused', message, phasesRun: [] });

async function execute(request: RunRequest, host: ExecutorHost, options: ExecutorOptions, signal: AbortSignal,
  emit: (e: ExecutorEvent) => void): Promise<RunOutcome> {
  const root = path.resolve(request.root);
  if (!(await fs.stat(root).then((s) => s.isDirectory(), () => false))) return refused(`${request.root} is not a folder`);
  const loaded = await loadExecutorConfig(root, request.overrides, (asked) => host.allowRepositoryClaude?.(asked) ?? Promise.resolve(false));
  if ('error' in loaded) return refused(loaded.error);
  for (const text of loaded.ignored) emit({ type: 'notice', text });
  const task = await loadTaskContext(root, request.taskId);
  if ('error' in task) return refused(task.error);
  if (request.phase !== undefined && !task.phases.some((p) => p.name === request.phase)) {
    return refused(`${task.taskId}'s plan has no phase "${request.phase}" (phases: ${task.phases.map((p) => p.name).join(', ')})`);
  }
  const env = { ...process.env, ...options.env };
  // The file checked is the file spawned: a name is not looked up on PATH a second time.
  const claude = await checkClaudeCli(loaded.claudePath, loaded.claudeSource, env);
  if (!claude.ok) return { ...refused(claude.message), cause: 'claude-cli' };
  const config = { ...loaded, claudePath: claude.path };
  const timeout = request.overrides?.timeoutSeconds;
  if (timeout !== undefined && !(timeout > 0)) return refused(`timeout must be a positive number of seconds, not ${timeout}`);

  const state = await new YamlStore(task.stateFile).read().catch((err: Error) => err);
  if (state instanceof Error) return refused(`state.yaml of ${task.taskId} cannot be read: ${state.message}`);
  const now = options.now ?? (() => new Date());
  const live = checkOrphaned(typeof state.status === 'string' ? state.status : null, state as StateFields, now().getTime());
  if (state.status === 'running' && !live.orphaned) {
    const pid = (state.execution as { pid?: unknown } | undefined)?.pid;
    return refused(`${task.taskId} is already running (executor pid ${String(pid)}); cancel that run first`);
  }

  const plan = await planRun(request, task, state);
  if ('error' in plan) return refused(plan.error);

  const workspace = await prepareWorkspace(root, task.taskId, config, host);
  if ('error' in workspace) return refused(workspace.error);
  if (signal.aborted) return { status: 'cancelled', message: 'cancelled before it started', phasesRun: [] };

  const rc: RunContext = {
    request, host, task, config, workspace, signal, now, emit,
    state: new RunState(task.stateFile, task.taskFile, now),
    ledger: new TokenLedger(state),
    graceMs: options.graceMs ?? 5000,
    env: options.env ?? {},
    defaultMaxIterations: options.defaultMaxIterations ?? 5,
  };
  return runPhases(rc, plan.phases, plan.resume, options.heartbeatMs ?? 30_000);
}

type Plan = { phases: RunContext['task']['phases']; resume: { phase: string; sessionId: string; iterationsDone: number } | null };

/** Which phases this run takes on, and where a resumed one picks up. */
async function planRun(request: RunRequest, task: RunContext['task'], state: Record<string, unknown>): Promise<Plan | { error: string }> {
  const phaseState = (name: string) => ((state.phases ?? {}) as Record<string, { status?: unknown; iterations?: unknown } | null>)[name] ?? null;
  const done = (name: string) => ['completed', 'skipped'].includes(String(phaseState(name)?.status));
  if (request.resume) {
    const session = (state.session ?? {}) as { id?: unknown };
    const current = typeof state.current_phase === 'string' ? state.current_phase : null;
    if (typeof session.id !== 'string' || !current) return { error: `${task.taskId} has no interrupted session to resume (state.yaml records no session id or current phase)` };
    // The id goes to `claude --resume ID`: one like `--dangerously-skip-permissions` would be read as a flag.
    const badId = checkFlagValue('session id', session.id, SESSION_ID, `${task.taskId}'s state.yaml`);
    if (badId) return { error: badId };
    const index = task.phases.findIndex((p) => p.name === current);
    if (index < 0) return { error: `state.yaml's current phase "${current}" is not in ${task.taskId}'s plan` };
    if (request.phase !== undefined && request.phase !== current) return { error: `the interrupted phase is ${current}, not ${request.phase}` };
    if (done(current)) return { error: `phase ${current} of ${task.taskId} is already ${String(phaseState(current)?.status)}: nothing to resume` };
    const iterations = phaseState(current)?.iterations;
    const phases = request.phase !== undefined ? [task.phases[index]!] : task.phases.slice(index).filter((p) => p.name === current || !done(p.name));
    return { phases, resume: { phase: current, sessionId: session.id, iterationsDone: typeof iterations === 'number' ? iterations : 0 } };
  }
  const phases = request.phase !== undefined ? task.phases.filter((p) => p.name === request.phase) : task.phases.filter((p) => !done(p.name));
  return { phases, resume: null };
}
