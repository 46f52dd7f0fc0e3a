import * as vscode from 'vscode';
import { Disposable } from '../../core/util/disposable';
import type { ActiveRuns } from './active-runs';
import { formatElapsed, type RunSession } from './run-session';

/** The elapsed time moves once a second while something runs; nothing ticks when nothing does. */
const TICK_MS = 1000;

/**
 * The run in progress at a glance: task, phase, elapsed time and tokens so far; a click shows its terminal.
 * With several runs it shows the newest and says how many more there are.
 */
export class RunStatusBar extends Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem('baton.run', vscode.StatusBarAlignment.Left, 9));
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly runs: ActiveRuns) {
    super();
    this.item.name = 'Baton Run';
    this.item.command = 'baton.orc.showRunTerminal';
    this._register(runs.onDidChange(() => this.update()));
    this._register({ dispose: () => clearInterval(this.timer) });
  }

  /** What the item shows now ('' when hidden): tests read it. */
  get text(): string {
    return this.shown ? this.item.text : '';
  }

  private shown = false;

  update(): void {
    const running = this.runs.running();
    const current = running.at(-1);
    if (!current) {
      this.shown = false;
      this.item.hide();
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    this.timer ??= setInterval(() => this.update(), TICK_MS);
    this.item.text = statusText(current, running.length - 1);
    this.item.tooltip = `Baton: ${current.taskId}${current.phase ? `, phase ${current.phase}` : ''}` +
      `${current.state === 'waiting' ? ' waits for approval in Needs You' : ' is running'}` +
      `${current.costUsd !== null ? ` (cost so far $${current.costUsd.toFixed(4)})` : ''}. Click to show its terminal.`;
    this.item.backgroundColor = current.state === 'waiting' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.shown = true;
    this.item.show();
  }
}

export function statusText(s: RunSession, others: number): string {
  const icon = s.state === 'waiting' ? '$(bell)' : '$(sync~spin)';
  const tokens = s.taskTokens ? ` · ${compact(s.taskTokens.total)} tokens` : '';
  return `${icon} ${s.taskId}${s.phase ? ` ${s.phase}` : ''} · ${formatElapsed(Date.now() - s.startedAt)}${tokens}${others ? ` (+${others})` : ''}`;
}

/** 950, 12.3k, 4.1M */
function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
