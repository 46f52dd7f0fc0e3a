import * as vscode from 'vscode';
import { attentionCounts, elsewhereCounts, type AttentionCounts, type TaskState } from '../core/service/attention';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';
import { batonSettings } from './settings';

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

const INCLUDE_OTHER_PLACES = 'baton.statusBar.includeOtherPlaces';
const includeOtherPlaces = () => batonSettings().statusBarIncludeOtherPlaces;
const NONE: AttentionCounts = { decisions: 0, running: 0, orphaned: 0, blocked: 0, unreadable: 0 };

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
 *
 * The counts are the folders' own. With `baton.statusBar.includeOtherPlaces` on, the decisions and the running,
 * orphaned and blocked tasks of the folders' other worktrees and refs are added, and each label says how many of
 * its count are there.
 */
export class StatusBarCounts extends Disposable {
  private readonly items = new Map<keyof AttentionCounts, vscode.StatusBarItem>();
  private counts: AttentionCounts = { decisions: 0, running: 0, orphaned: 0, blocked: 0, unreadable: 0 };
  /** The part of `counts` from other worktrees and refs (all zero unless the setting is on). */
  private others: AttentionCounts = this.counts;

  constructor(private readonly service: OrchestrationService) {
    super();
    COUNT_ITEMS.forEach((c, i) => {
      const item = this._register(vscode.window.createStatusBarItem(`baton.counts.${c.key}`, vscode.StatusBarAlignment.Left, 10 - i / 10));
      item.name = `Baton: ${c.sentence(2).replace(/^2 /, '')}`;
      this.items.set(c.key, item);
    });
    this._register(service.onDidChange(() => this.update()));
    this._register(service.places.onDidChange(() => { if (includeOtherPlaces()) this.update(); }));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration(INCLUDE_OTHER_PLACES)) this.update(); }));
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
    const own = attentionCounts(this.service.items(), this.service.decisions());
    this.others = includeOtherPlaces() && this.service.places.active
      ? elsewhereCounts(this.service.folders.map((f) => this.service.places.elsewhere(f))) : NONE;
    this.counts = { decisions: own.decisions + this.others.decisions, running: own.running + this.others.running,
      orphaned: own.orphaned + this.others.orphaned, blocked: own.blocked + this.others.blocked, unreadable: own.unreadable };
    for (const c of COUNT_ITEMS) {
      const item = this.items.get(c.key)!;
      const n = this.counts[c.key];
      if (!n) { item.hide(); continue; }
      const elsewhere = this.others[c.key];
      const sentence = `${c.sentence(n)}${elsewhere ? `, ${elsewhere} in other worktrees or branches` : ''}`;
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
