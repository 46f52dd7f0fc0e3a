import * as vscode from 'vscode';
import { attentionCounts, type AttentionCounts, type TaskState } from '../core/service/attention';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';

/** One status bar item per count. `state` items open the Tasks view filtered to that state. */
interface CountItem {
  readonly key: keyof AttentionCounts;
  readonly icon: string;
  /** The visible word after the number. */
  readonly word: string;
  /** The sentence a screen reader hears, e.g. "2 decisions waiting". */
  readonly sentence: (n: number) => string;
  readonly state?: TaskState;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** In the order shown, most urgent first. */
const COUNT_ITEMS: readonly CountItem[] = [
  { key: 'decisions', icon: 'bell', word: 'waiting', sentence: (n) => `${plural(n, 'decision', 'decisions')} waiting` },
  { key: 'unreadable', icon: 'error', word: 'unreadable', state: 'unreadable', sentence: (n) => `${plural(n, 'task file', 'task files')} unreadable` },
  { key: 'running', icon: 'sync', word: 'running', state: 'running', sentence: (n) => `${plural(n, 'task', 'tasks')} running` },
  { key: 'orphaned', icon: 'warning', word: 'orphaned', state: 'orphaned', sentence: (n) => `${plural(n, 'task', 'tasks')} orphaned` },
  { key: 'blocked', icon: 'lock', word: 'blocked', state: 'blocked', sentence: (n) => `${plural(n, 'task', 'tasks')} blocked` },
];

/**
 * Counts that matter at a glance, one item each, from the same function the Tasks view filters with
 * (core/service/attention.ts): decisions waiting (click: Needs You; the only item with the warning background,
 * since only it needs the user), and tasks unreadable, running (a live executor), orphaned and blocked (click: the
 * Tasks view filtered to that state). An item whose count is zero is hidden.
 */
export class StatusBarCounts extends Disposable {
  private readonly items = new Map<keyof AttentionCounts, vscode.StatusBarItem>();
  private counts: AttentionCounts = { decisions: 0, running: 0, orphaned: 0, blocked: 0, unreadable: 0 };

  constructor(private readonly service: OrchestrationService) {
    super();
    COUNT_ITEMS.forEach((c, i) => {
      const item = this._register(vscode.window.createStatusBarItem(`baton.counts.${c.key}`, vscode.StatusBarAlignment.Left, 10 - i / 10));
      item.name = `Baton: ${c.sentence(2).replace(/^2 /, '')}`;
      this.items.set(c.key, item);
    });
    this._register(service.onDidChange(() => this.update()));
  }

  /** What the status bar shows now, items joined by two spaces (empty when none is shown). */
  get text(): string {
    return COUNT_ITEMS.filter((c) => this.counts[c.key] > 0).map((c) => this.items.get(c.key)!.text).join('  ');
  }

  /** Each shown item's accessible label, command and whether it has the warning background. */
  get shown(): { label: string; command: vscode.Command; warning: boolean }[] {
    return COUNT_ITEMS.filter((c) => this.counts[c.key] > 0).map((c) => {
      const item = this.items.get(c.key)!;
      return { label: item.accessibilityInformation!.label, command: item.command as vscode.Command, warning: item.backgroundColor !== undefined };
    });
  }

  update(): void {
    this.counts = attentionCounts(this.service.items(), this.service.decisions());
    for (const c of COUNT_ITEMS) {
      const item = this.items.get(c.key)!;
      const n = this.counts[c.key];
      if (!n) { item.hide(); continue; }
      const sentence = c.sentence(n);
      item.text = `$(${c.icon}) ${n} ${c.word}`;
      item.accessibilityInformation = { label: sentence };
      item.tooltip = c.state ? `Baton: ${sentence}. Click to show them in the Tasks view.` : `Baton: ${sentence} for you. Click to answer in Needs You.`;
      item.command = c.state
        ? { command: 'baton.tasks.filterByState', title: `Show ${c.word} tasks`, arguments: [c.state] }
        : { command: 'baton.needsYou.focus', title: 'Show Needs You' };
      item.backgroundColor = c.key === 'decisions' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
      item.show();
    }
  }
}
