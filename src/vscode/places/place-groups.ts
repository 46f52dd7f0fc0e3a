import path from 'node:path';
import * as vscode from 'vscode';
import type { Elsewhere } from '../../core/model/items';
import type { PlaceState } from '../../core/places/places';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import type { WorkItem } from '../../core/service/work-item';

/** One other place of a folder that has items a view shows (differing from the folder's own). */
export interface PlaceGroup<T extends WorkItem> {
  /** `worktree:/abs/path` or `ref:origin/feature-a`: stable across refreshes (tree ids). */
  readonly key: string;
  /** "worktree: wt-b (agent-b)" or "origin/feature-a", as the group row shows it. */
  readonly label: string;
  readonly elsewhere: Elsewhere;
  readonly items: readonly T[];
}

export function placeKey(e: Elsewhere): string {
  return e.ref !== undefined ? `ref:${e.ref}` : `worktree:${e.worktree}`;
}

/** A worktree by its folder's name and branch ("worktree: wt-b (agent-b)"), a ref by its name. */
export function placeLabel(place: Pick<PlaceState, 'elsewhere'> & { branch?: string | null }): string {
  const e = place.elsewhere;
  if (e.ref !== undefined) return e.ref;
  return `worktree: ${path.basename(e.worktree)} (${place.branch ?? 'detached HEAD'})`;
}

/** Where an item from another place is, for its row's description: "on origin/feature-a", "in worktree wt-b". */
export { shortWhere } from '../../core/places/where';

/**
 * The other places of a folder with items of the kind a view shows (`keep`), in the places' order (worktrees by
 * path, then refs by name); places with none are left out. Empty when nothing is elsewhere: the view stays as it was.
 */
export function placeGroups<T extends WorkItem>(service: OrchestrationService, root: string, keep: (item: WorkItem) => item is T): PlaceGroup<T>[] {
  if (!service.places.active) return [];
  const items = service.places.elsewhere(root).items.filter(keep);
  if (!items.length) return [];
  const byPlace = new Map<string, T[]>();
  for (const item of items) {
    if (!item.elsewhere) continue;
    const key = placeKey(item.elsewhere);
    (byPlace.get(key) ?? byPlace.set(key, []).get(key)!).push(item);
  }
  return service.places.placesOf(root).flatMap((place) => {
    const key = placeKey(place.elsewhere);
    const found = byPlace.get(key);
    return found ? [{ key, label: placeLabel(place as PlaceState & { branch?: string | null }), elsewhere: place.elsewhere, items: found }] : [];
  });
}

/** The "This folder" row above the folder's own groups when other places have items too. */
export function thisFolderTreeItem(id: string, contextValue: string, count: number, noun: string): vscode.TreeItem {
  const item = new vscode.TreeItem('This folder', vscode.TreeItemCollapsibleState.Expanded);
  item.id = id;
  item.iconPath = new vscode.ThemeIcon('root-folder');
  item.description = String(count);
  item.tooltip = `The ${noun} of this folder's own files`;
  item.contextValue = contextValue;
  item.accessibilityInformation = { label: `This folder, ${count} ${noun}` };
  return item;
}

/** The row of another worktree or ref: folded, its items under it, where it is on hover. */
export function placeTreeItem(id: string, contextValue: string, group: PlaceGroup<WorkItem>, noun: string): vscode.TreeItem {
  const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = id;
  const e = group.elsewhere;
  item.iconPath = new vscode.ThemeIcon(e.ref !== undefined ? 'git-branch' : 'repo-clone');
  item.description = String(group.items.length);
  item.tooltip = e.ref !== undefined
    ? `The ${noun} committed on ${e.ref} that differ from this folder's (read from git; nothing checked out)`
    : `The ${noun} in the worktree ${e.worktree} that differ from this folder's (files as on disk, uncommitted changes included)`;
  item.contextValue = contextValue;
  item.accessibilityInformation = { label: `${group.label}, ${group.items.length} ${noun} differing from this folder` };
  return item;
}

/**
 * A tree's place rows, one node per folder and place, kept across refreshes (a node that stays keeps its row's state,
 * folded or unfolded): each listing gives the node the place's new group.
 */
export class PlaceNodes<T extends WorkItem, N extends { group: PlaceGroup<T> }> {
  private readonly nodes = new Map<string, N>();

  constructor(private readonly service: OrchestrationService, private readonly keep: (item: WorkItem) => item is T,
    private readonly make: (root: string, group: PlaceGroup<T>) => N) {}

  /** The place rows of a folder (none when nothing elsewhere differs). */
  of(root: string): N[] {
    return placeGroups(this.service, root, this.keep).map((group) => {
      const key = `${root}\u0000${group.key}`;
      const node = this.nodes.get(key) ?? this.nodes.set(key, this.make(root, group)).get(key)!;
      node.group = group;
      return node;
    });
  }

  /** Every place row made so far. */
  all(): N[] {
    return [...this.nodes.values()];
  }

  clear(): void {
    this.nodes.clear();
  }
}

