import path from 'node:path';
import * as vscode from 'vscode';
import type { ExecutorEvent, ExecutorHost, RunHandle, RunRequest } from '../../core/executor/contract';
import type { OrcTask } from '../../core/formats/orc/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { EditorExecutorHost } from './executor-host';
import { executorOverrides } from './executor-settings';
import { RunSession } from './run-session';
import { refusedWhenUntrusted } from '../trust';
import { showClaudeMissing } from './claude-check';

/** The core's entry point (src/core/executor/start-run.ts); passed in so tests and the CLI share one executor. */
export type StartRun = (request: RunRequest, host: ExecutorHost) => RunHandle;

/** Events after which orc's files of the task have changed: the views re-read them at once. */
const WRITES_FILES = new Set<ExecutorEvent['type']>(['run-start', 'phase-start', 'iteration-end', 'checkpoint', 'gate', 'gate-waiting', 'phase-end', 'run-end']);

/**
 * The runs started from this window, at most one per task. A run's session (terminal, phase, tokens) stays after
 * it ends, until the person closes its terminal or starts the task again, so its rendering can still be read.
 */
export class ActiveRuns extends Disposable {
  private readonly sessions = new Map<string, RunSession>();
  private readonly changeEmitter = this._register(new vscode.EventEmitter<RunSession>());
  /** A run started, moved on (an event) or ended. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly service: OrchestrationService, private readonly startRun: StartRun, private readonly workspaceState: vscode.Memento) {
    super();
    this._register({ dispose: () => { for (const s of this.sessions.values()) { s.cancel(); s.dispose(); } this.sessions.clear(); } });
  }

  /** The newest session of a task (running or not). */
  session(task: { root: string; id: string }): RunSession | undefined {
    return this.sessions.get(key(task.root, task.id));
  }

  running(): RunSession[] {
    return [...this.sessions.values()].filter((s) => s.running);
  }

  all(): RunSession[] {
    return [...this.sessions.values()];
  }

  /** Starts a run (the caller checked workspace trust). A task already running here just shows its terminal. */
  start(task: OrcTask, options: { readonly phase?: string; readonly resume?: boolean }): RunSession | undefined {
    // The one place a run's processes start: refused here too, so a caller that forgot the check still starts nothing.
    if (refusedWhenUntrusted('Run') !== undefined) return undefined;
    // Baton's executor writes task.yaml and state.yaml: a task of orc's database runs only through `orc run`.
    if (task.era === 'db') {
      void vscode.window.showWarningMessage(`Baton: ${task.id} is in orc's database; it runs through orc run, not Baton's executor: use Run Task, which opens orc run in a terminal.`);
      return undefined;
    }
    const k = key(task.root, task.id);
    const existing = this.sessions.get(k);
    if (existing?.running) {
      existing.terminal.show(false);
      void vscode.window.showInformationMessage(`Baton: ${task.id} is already running in this window.`);
      return existing;
    }
    existing?.dispose();
    const request: RunRequest = { root: task.root, taskId: task.id, ...(options.phase ? { phase: options.phase } : {}),
      ...(options.resume ? { resume: true } : {}), overrides: executorOverrides(vscode.Uri.file(task.root)) };
    let handle: RunHandle;
    try {
      handle = this.startRun(request, new EditorExecutorHost(this.service, task.id, this.workspaceState));
    } catch (err) {
      void vscode.window.showErrorMessage(`Baton could not start ${task.id}: ${(err as Error).message}`);
      return undefined;
    }
    const session = new RunSession(request, handle);
    this.sessions.set(k, session);
    const files = ['task.yaml', 'state.yaml', 'plan.yaml'].map((f) => path.join(task.root, '.orc', 'tasks', task.dir, f));
    session.onDidChange((e) => {
      if (!e || WRITES_FILES.has(e.type)) void this.reread(files);
      this.changeEmitter.fire(session);
    });
    session.terminal.onDidClose(() => void this.closed(k, session));
    // A run refused because its Claude CLI cannot run (the program chosen through the consent question, which the
    // commands' own check could not know) leaves no terminal behind: the notification says what to do.
    void session.done.then((outcome) => {
      if (outcome.status !== 'refused' || outcome.cause !== 'claude-cli') return;
      showClaudeMissing(outcome.message);
      this.forget(k, session);
    });
    session.terminal.show(true);
    this.changeEmitter.fire(session);
    return session;
  }

  /** The person closed a run's terminal: a finished run is forgotten; a running one asks whether to stop. */
  private async closed(k: string, session: RunSession): Promise<void> {
    if (!session.running) { this.forget(k, session); return; }
    const stop = 'Cancel Run';
    const picked = await vscode.window.showWarningMessage(
      `Baton: ${session.taskId} is still running. Cancel it? (Keep it running and reopen its terminal from the status bar.)`,
      stop, 'Keep Running');
    if (picked === stop) { session.cancel(); await session.done; this.forget(k, session); }
  }

  private forget(k: string, session: RunSession): void {
    if (this.sessions.get(k) === session) this.sessions.delete(k);
    session.dispose();
    this.changeEmitter.fire(session);
  }

  private async reread(files: readonly string[]): Promise<void> {
    for (const file of files) await this.service.fileChanged(file).catch(() => undefined);
  }
}

function key(root: string, id: string): string {
  return `${root}\u0000${id}`;
}
