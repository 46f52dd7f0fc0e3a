import type { TokenTotals } from '../model/tokens';
import type { Event } from '../util/event';

/**
 * The contract between the orc phase executor (core, also used headless by `baton run`) and its hosts (the
 * editor's terminal, status bar and inbox; the CLI's stdout). The executor spawns Claude, keeps orc's files as
 * orc keeps them, and reports what happens as ExecutorEvents; hosts only render events and answer questions.
 */

export interface RunRequest {
  /** The workspace folder holding orc.yaml (or .orc/config.yaml) and .orc/tasks/. */
  readonly root: string;
  readonly taskId: string;
  /** Run only this phase; otherwise every remaining phase of the task's plan.yaml, in order. */
  readonly phase?: string;
  /** Continue an interrupted or orphaned run, with `--resume <the session id state.yaml recorded>`. */
  readonly resume?: boolean;
  /**
   * The person's choices, which win over orc.yaml's `claude.*`: the editor's settings (`baton.claude.path` is
   * machine-scoped, so a workspace cannot set it), `baton run --claude` / `BATON_CLAUDE`.
   */
  readonly overrides?: ExecutorOverrides;
}

export interface ExecutorOverrides {
  readonly claudePath?: string;
  readonly model?: string;
  readonly timeoutSeconds?: number;
  /** The project's test command for `all_tests_pass` / `coverage_above` (argument array, never a shell string). */
  readonly testCommand?: readonly string[];
  /** The project's lint command for `no_lint_errors` (argument array); default: package.json `scripts.lint`, Makefile `lint:`. */
  readonly lintCommand?: readonly string[];
}

/**
 * What a repository's config asks for that only the person may grant: its own Claude program (resolved path, or a
 * name looked up on PATH) and a permission mode that widens what Claude may do without approval. null: not asked.
 */
export interface RepositoryPrivileges {
  /** orc.yaml or .orc/config.yaml, relative to the root. */
  readonly configFile: string;
  readonly claudePath: string | null;
  readonly permissionMode: string | null;
}

/** A human gate the run is waiting on. It is also recorded in state.yaml, so the inbox and the CLI see it. */
export interface PendingGate {
  readonly root: string;
  readonly taskId: string;
  readonly phase: string;
  readonly stateFile: string;
}

export type GateAnswer =
  | { readonly decision: 'approved'; readonly rationale?: string }
  | { readonly decision: 'rejected'; readonly rationale: string };

/** What the executor asks of whoever started it. */
export interface ExecutorHost {
  /** Worktrees off and the checkout has uncommitted changes: go on anyway? (The CLI refuses: returns false.) */
  confirmDirtyCheckout(root: string, changedFiles: readonly string[]): Promise<boolean>;
  /**
   * A `human` gate: resolve with the person's answer, or 'stop' to end the run here, leaving the gate pending in
   * state.yaml (the CLI stops with exit status 3; a later run picks the answer up from state.yaml).
   */
  waitForHumanGate(gate: PendingGate, signal: AbortSignal): Promise<GateAnswer | 'stop'>;
  /**
   * The repository's config names its own Claude program or a widening permission mode: may it? Asked at most once
   * per run, before anything is spawned; absent, the answer is no (the person's `claude` runs, with acceptEdits).
   */
  allowRepositoryClaude?(asked: RepositoryPrivileges): Promise<boolean>;
}

export type PhaseEndStatus = 'completed' | 'failed' | 'blocked' | 'cancelled' | 'waiting';

/** Everything a host shows, in order. Text fields are plain text: hosts render them as text, never as markup. */
export type ExecutorEvent =
  /** Something the run did not do as the repository's files asked (a claude.path or permission mode ignored). */
  | { readonly type: 'notice'; readonly text: string }
  | { readonly type: 'run-start'; readonly taskId: string; readonly phases: readonly string[]; readonly cwd: string; readonly branch: string | null }
  | { readonly type: 'phase-start'; readonly phase: string; readonly iteration: number; readonly sessionId: string; readonly resumed: boolean }
  | { readonly type: 'assistant-text'; readonly phase: string; readonly text: string }
  | { readonly type: 'tool-use'; readonly phase: string; readonly name: string; readonly target: string | null }
  | { readonly type: 'tool-result'; readonly phase: string; readonly brief: string; readonly isError: boolean }
  /** Running totals of the phase and the whole task so far, after each message that carried usage. */
  | { readonly type: 'usage'; readonly phase: string; readonly phaseTokens: TokenTotals; readonly taskTokens: TokenTotals; readonly costUsd: number }
  | { readonly type: 'stderr'; readonly phase: string; readonly text: string }
  | { readonly type: 'iteration-end'; readonly phase: string; readonly iteration: number; readonly outcome: 'complete' | 'continue' | 'blocked' | 'error'; readonly message: string | null; readonly transcript: string | null }
  | { readonly type: 'checkpoint'; readonly phase: string; readonly sha: string; readonly message: string }
  | { readonly type: 'gate'; readonly phase: string; readonly gateType: string; readonly decision: string; readonly rationale: string | null }
  | { readonly type: 'gate-waiting'; readonly gate: PendingGate }
  | { readonly type: 'phase-end'; readonly phase: string; readonly status: PhaseEndStatus; readonly message: string | null; readonly exitCode: number | null; readonly signal: string | null }
  | { readonly type: 'run-end'; readonly outcome: RunOutcome };

export interface RunOutcome {
  /** completed: every phase asked for completed; waiting: stopped at a pending human gate. */
  readonly status: 'completed' | 'failed' | 'blocked' | 'cancelled' | 'waiting' | 'refused';
  readonly message: string;
  readonly phasesRun: readonly string[];
  /** A refusal because the Claude CLI cannot be run (missing, not executable): the editor offers its setting and the install page. */
  readonly cause?: 'claude-cli';
}

/** A started run: its events, a way to cancel it (SIGTERM to the process group, SIGKILL after a grace period). */
export interface RunHandle {
  readonly taskId: string;
  readonly onEvent: Event<ExecutorEvent>;
  readonly done: Promise<RunOutcome>;
  cancel(): void;
}
