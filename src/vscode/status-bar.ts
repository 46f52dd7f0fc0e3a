import * as vscode from 'vscode';
import type { OrchestrationService } from '../core/service/orchestration-service';
import type { WorkItem } from '../core/service/work-item';
import { Disposable } from '../core/util/disposable';

/** The tasks of every folder, each once: with several folders, an Ultrawork session that names no folder is read by
 *  each folder's index. */
function tasksOnce(items: readonly WorkItem[]): WorkItem[] {
  const byFile = new Map<string, WorkItem>();
  for (const i of items) if (i.kind === 'task') byFile.set(`${i.system}\u0000${i.file}\u0000${i.id}`, i);
  return [...byFile.values()];
}

/** Counts that matter at a glance: tasks running, tasks blocked, questions waiting on the user. */
export class StatusBarCounts extends Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem('baton.counts', vscode.StatusBarAlignment.Left, 10));

  constructor(private readonly service: OrchestrationService) {
    super();
    this.item.name = 'Baton';
    this.item.command = 'baton.tasks.focus';
    this._register(service.onDidChange(() => this.update()));
  }

  /** What the status bar shows now (empty when hidden). */
  get text(): string {
    return this.visible ? this.item.text : '';
  }

  private visible = false;

  update(): void {
    const tasks = tasksOnce(this.service.items());
    this.visible = tasks.length > 0 || this.service.decisions().length > 0;
    if (!this.visible) { this.item.hide(); return; }
    const running = tasks.filter((t) => t.status === 'running').length;
    const blocked = tasks.filter((t) => t.status === 'blocked' || ('blocked' in t && t.blocked === true)).length;
    const needsYou = this.service.decisions().length;
    this.item.text = `$(sync) ${running} running  $(lock) ${blocked} blocked  $(bell) ${needsYou} needs you`;
    // With questions waiting, the click goes where they can be answered.
    this.item.command = needsYou ? 'baton.needsYou.focus' : 'baton.tasks.focus';
    this.item.tooltip = `Baton: ${running} running, ${blocked} blocked, ${needsYou} waiting for you. Click to show ${needsYou ? 'them' : 'the tasks'}.`;
    this.item.backgroundColor = needsYou ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }
}
