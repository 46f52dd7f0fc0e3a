import { SYSTEMS, type SystemId } from '../model/system';
import type { Diagnostic } from '../model/diagnostic';
import type { WorkItem } from './work-item';

/**
 * Which systems have state in the open folders — an item, a file of theirs with a problem (a broken file is state
 * too), or a file of theirs inside a folder itself (`ownFiles`: a system set up there with nothing to show yet, such as
 * a clone's `.dure/config/` without its git-ignored runs) — and whether orc has initiatives. The views of the others
 * are hidden (package.json `when` clauses on the `baton.has.*` context keys), so a workspace with only orc tasks shows
 * Needs You and Tasks, and one set up for Dure shows its empty Runs view, which says how runs appear.
 */
export interface ViewState {
  readonly systems: ReadonlySet<SystemId>;
  readonly orcInitiatives: boolean;
}

export function viewState(items: readonly WorkItem[], diagnostics: readonly Diagnostic[], ownFiles: ReadonlySet<SystemId> = new Set()): ViewState {
  const systems = new Set<SystemId>(ownFiles);
  let orcInitiatives = false;
  for (const i of items) {
    systems.add(i.system);
    if (i.system === 'orc' && i.kind === 'initiative') orcInitiatives = true;
  }
  for (const d of diagnostics) systems.add(d.system);
  return { systems, orcInitiatives };
}

/** The context keys of a view state: `baton.has.<system>` for every system, and `baton.has.orcInitiatives`. */
export function viewStateKeys(state: ViewState): Record<string, boolean> {
  const keys: Record<string, boolean> = {};
  for (const s of SYSTEMS) keys[`baton.has.${s}`] = state.systems.has(s);
  keys['baton.has.orcInitiatives'] = state.orcInitiatives;
  return keys;
}
