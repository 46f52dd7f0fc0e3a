import * as vscode from 'vscode';
import type { ExecutorEvent, RunHandle, RunOutcome, RunRequest } from '../../core/executor/contract';
import { renderEvent } from '../../core/executor/render';
import type { TokenTotals } from '../../core/model/tokens';
import { Disposable } from '../../core/util/disposable';
import { RunTerminal } from './run-terminal';

export type SessionState = 'running' | 'waiting' | 'finished';

/**
 * One run started from this window: the executor's handle, its terminal, and what the status bar shows (phase,
 * elapsed time, tokens). It renders every event into the terminal as it comes, ends with the outcome and the
 * time taken, and closes nothing by itself: the terminal stays so the person can read it.
 */
export class RunSession extends Disposable {
  readonly terminal: RunTerminal;
  readonly startedAt = Date.now();
  state: SessionState = 'running';
  phase: string | null = null;
  taskTokens: TokenTotals | null = null;
  costUsd: number | null = null;
  outcome: RunOutcome | undefined;
  /** Every event so far, in order (tests and the status bar read them). */
  readonly events: ExecutorEvent[] = [];
  private readonly changeEmitter = this._register(new vscode.EventEmitter<ExecutorEvent | undefined>());
  /** An event arrived, or the run ended (undefined). */
  readonly onDidChange = this.changeEmitter.event;
  readonly done: Promise<RunOutcome>;

  constructor(readonly request: RunRequest, readonly handle: RunHandle) {
    super();
    this.terminal = this._register(new RunTerminal(terminalName(request)));
    this._register(handle.onEvent((e) => this.onEvent(e)));
    this.done = handle.done.then((outcome) => outcome, (err: unknown) => {
      const message = `the executor stopped with an error: ${(err as Error)?.message ?? String(err)}`;
      this.terminal.writeLines(['', `=== run failed: ${message}`]);
      return { status: 'failed' as const, message, phasesRun: [] };
    }).then((outcome) => {
      this.outcome = outcome;
      this.state = 'finished';
      this.terminal.writeLines([`    (${formatElapsed(Date.now() - this.startedAt)} in all; this terminal can be closed)`]);
      this.changeEmitter.fire(undefined);
      return outcome;
    });
  }

  get taskId(): string {
    return this.request.taskId;
  }

  get running(): boolean {
    return this.state !== 'finished';
  }

  cancel(): void {
    if (this.running) this.handle.cancel();
  }

  private onEvent(e: ExecutorEvent): void {
    this.events.push(e);
    switch (e.type) {
      case 'phase-start': this.phase = e.phase; this.state = 'running'; break;
      case 'usage': this.taskTokens = e.taskTokens; this.costUsd = e.costUsd; break;
      case 'gate-waiting': this.state = 'waiting'; break;
      case 'gate': this.state = 'running'; break;
    }
    this.terminal.writeLines(renderEvent(e));
    this.changeEmitter.fire(e);
  }
}

function terminalName(request: RunRequest): string {
  const what = request.phase ? `${request.taskId} ${request.phase}` : request.taskId;
  return `Baton: ${request.resume ? 'resume ' : ''}${what}`;
}

/** `42s`, `3m 07s`, `1h 02m`. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}
