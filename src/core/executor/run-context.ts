import type { ExecutorConfig } from './config';
import type { ExecutorEvent, ExecutorHost, RunRequest } from './contract';
import type { TaskContext } from './load-task';
import type { RunState } from './run-state';
import type { TokenLedger } from './token-ledger';
import type { TaskWorkspace } from './workspace';

/** Knobs for tests and hosts; the defaults suit real runs. */
export interface ExecutorOptions {
  /** How often `execution.last_heartbeat` is refreshed (default 30 s; orc calls a heartbeat older than 5 min stale). */
  readonly heartbeatMs?: number;
  /** Between SIGTERM and SIGKILL when a process group is ended (default 5 s). */
  readonly graceMs?: number;
  /** Extra environment for the Claude process and the project's commands. */
  readonly env?: NodeJS.ProcessEnv;
  /** Iterations for a phase whose plan sets no `max_iterations` (default 5). */
  readonly defaultMaxIterations?: number;
  readonly now?: () => Date;
}

/** What every step of a run shares. */
export interface RunContext {
  readonly request: RunRequest;
  readonly host: ExecutorHost;
  readonly task: TaskContext;
  readonly config: ExecutorConfig;
  readonly workspace: TaskWorkspace;
  readonly state: RunState;
  readonly ledger: TokenLedger;
  readonly signal: AbortSignal;
  readonly graceMs: number;
  readonly env: NodeJS.ProcessEnv;
  readonly defaultMaxIterations: number;
  readonly now: () => Date;
  readonly emit: (e: ExecutorEvent) => void;
}
