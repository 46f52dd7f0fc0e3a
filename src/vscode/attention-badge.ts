import * as vscode from 'vscode';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { viewState, viewStateKeys } from '../core/service/view-state';
import { Disposable } from '../core/util/disposable';
import { evaluateWhen } from '../core/util/when-clause';
import { ContextKeys, contextKeyValues, setContext, setViewKeys } from './context-keys';

/** A Baton view as package.json contributes it. */
export interface ContributedView {
  readonly id: string;
  readonly when?: string;
}

/**
 * The activity-bar badge (decisions waiting) from activation on, and the context keys that hide the views of
 * systems with no state.
 *
 * Why a tree view carries the badge: the badge belongs to Needs You, but that view is a webview, and a
 * `WebviewView` exists only once the sidebar shows it — its badge cannot be set before. A `TreeView` exists from
 * `createTreeView` at activation, and the workbench adds its badge to the view container's (the Baton icon) at once.
 * The workbench counts only a view whose `when` holds, so the badge sits on the first tree view shown under the
 * keys set here (Tasks, else Runs, …); it moves when the keys change. One carrier, so the count is never doubled.
 */
export class AttentionBadge extends Disposable {
  private carrier: vscode.TreeView<unknown> | undefined;
  private pending: Promise<void> = Promise.resolve();
  private value: vscode.ViewBadge | undefined;

  constructor(private readonly service: OrchestrationService, private readonly trees: ReadonlyMap<string, vscode.TreeView<unknown>>,
    private readonly contributed: readonly ContributedView[]) {
    super();
    this._register(service.onDidChange(() => void this.update()));
    // A view shows the other worktrees' items too (issue 20): one whose items are only there is shown.
    this._register(service.places.onDidChange(() => void this.update()));
  }

  /** The badge shown (undefined with nothing waiting). */
  get badge(): vscode.ViewBadge | undefined {
    return this.value;
  }

  /** The badge as the carrying tree view holds it (what the workbench was given). */
  get carrierBadge(): vscode.ViewBadge | undefined {
    return this.carrier?.badge;
  }

  /** The id of the view carrying the badge. */
  get carrierId(): string | undefined {
    return this.carrier && [...this.trees].find(([, v]) => v === this.carrier)?.[0];
  }

  /** Keys first, then the badge: the workbench shows a view's badge only once the view's `when` holds. */
  update(): Promise<void> {
    this.value = this.badgeNow(); // what the badge says is known at once; where it sits waits for the keys
    this.pending = this.pending.then(() => this.apply(), () => this.apply());
    return this.pending;
  }

  private badgeNow(): vscode.ViewBadge | undefined {
    const count = this.service.decisions().length;
    return count ? { value: count, tooltip: `${count} decision${count === 1 ? '' : 's'} waiting for you` } : undefined;
  }

  private async apply(): Promise<void> {
    const items = this.service.items();
    // Which views show: the folder's own state and what other worktrees and refs add (an Ultrawork session that ran in
    // another worktree is in the Ultrawork view, even when the folder has none of its own). The badge stays the folder's.
    const elsewhere = this.service.places.active ? this.service.folders.flatMap((root) => this.service.places.elsewhere(root).items) : [];
    // A system set up in a folder with nothing to show yet (a clone's .orc/config.yaml or .dure/config/) is state too.
    const ownFiles = this.service.systemsWithOwnFiles();
    await Promise.all([setViewKeys(viewStateKeys(viewState(elsewhere.length ? [...items, ...elsewhere] : items, this.service.diagnostics(), ownFiles))),
      setContext(ContextKeys.hasState, items.length > 0 || ownFiles.size > 0)]);
    const keys = contextKeyValues();
    const shown = this.contributed.find((v) => this.trees.has(v.id) && evaluateWhen(v.when, keys));
    const next = shown ? this.trees.get(shown.id) : this.trees.values().next().value;
    this.value = this.badgeNow();
    if (this.carrier && this.carrier !== next) this.carrier.badge = undefined;
    this.carrier = next;
    if (next) next.badge = this.value;
  }

  override dispose(): void {
    if (this.carrier) this.carrier.badge = undefined;
    super.dispose();
  }
}
