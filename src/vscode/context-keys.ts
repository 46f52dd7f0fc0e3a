import * as vscode from 'vscode';
import { SYSTEMS, type SystemId } from '../core/model/system';

/**
 * Every context key Baton sets, in one place (package.json `when` clauses read them):
 * - `baton.scanned`: the first scan has finished (welcome views wait for it, so they do not flash).
 * - `baton.hasState`: some orchestrator state was found in an open folder: an item, or a system's own file (its config).
 * - `baton.orc.withoutTasks`: an open folder is an orc project with no task (its config or database found, no task:
 *   core/formats/orc-eras/without-tasks.ts); the empty Tasks view says so instead of offering to create a project.
 * - `baton.off.<system>` (`baton.off.orc`, `baton.off.ultrawork`, …): `baton.systems` turns that system off in every
 *   open folder, so its empty view can say why it is empty. One boolean per system: a when clause's `x in list` looks
 *   `x` up as a context key, so a list of names cannot be tested with a literal.
 * - `baton.has.<system>` and `baton.has.orcInitiatives` (core/service/view-state.ts): that system has state in an open
 *   folder. A view's `when` shows it only then (or when its system is turned off, so it can say so): a workspace with
 *   only orc shows Needs You and Tasks.
 * - `baton.tasks.filtered`: the Tasks view shows only the tasks in one state (a status bar item's click); its title
 *   bar then offers Clear Filter.
 * - `baton.orc.hasFailedTask`, `baton.orc.hasClaudeSession`, `baton.orc.hasResumableTask`, `baton.orange.hasPullRequest`,
 *   `baton.orange.hasTmuxSession`: some item qualifies for Resolve, Open in Claude Code, Resume Run, Open Pull Request,
 *   Attach (set by command-context.ts from core/actions/command-targets.ts); the palette hides the command otherwise.
 *
 * Tree items carry a segmented `contextValue`, matched by regex in menus:
 * `task:orc:<status>[:blocked][:orphaned][:state]` (a task.yaml task), `task:orc:db:<status>[:blocked][:orphaned][:gate]` (a
 * task of orc's database, changed through orc; `gate`: waiting at a human gate), `initiative:orc[:db]:<status>[:blocked]`,
 * `group:orc:<status>`;
 * `intent:intents:<STATUS>[:active]`, `group:intents:<STATUS>`, and `section:`/`scope:`/`file:`/`trace:intents` for
 * the rows under an intent.
 */
export const ContextKeys = {
  scanned: 'baton.scanned',
  hasState: 'baton.hasState',
  orcWithoutTasks: 'baton.orc.withoutTasks',
  tasksFiltered: 'baton.tasks.filtered',
} as const;

/** Every key's last value as set here: what the views' `when` clauses see (the badge's carrier is chosen by it). */
const current: Record<string, unknown> = {};

export function contextKeyValues(): Readonly<Record<string, unknown>> {
  return current;
}

/** Sets `baton.off.<system>` for every system: true for those turned off in every open folder. */
export function setSystemsOff(off: readonly SystemId[]): Thenable<unknown> {
  return Promise.all(SYSTEMS.map((system) => setKey(`baton.off.${system}`, off.includes(system))));
}

/** Sets the `baton.has.*` keys (see above); resolves when the workbench has them. */
export function setViewKeys(keys: Readonly<Record<string, boolean>>): Thenable<unknown> {
  return Promise.all(Object.entries(keys).map(([key, value]) => setKey(key, value)));
}

export function setContext(key: (typeof ContextKeys)[keyof typeof ContextKeys], value: unknown): Thenable<unknown> {
  return setKey(key, value);
}

function setKey(key: string, value: unknown): Thenable<unknown> {
  // Most keys are set again on every change of the index: a value the workbench already has is not sent again.
  if (Object.prototype.hasOwnProperty.call(current, key) && current[key] === value) return Promise.resolve();
  current[key] = value;
  return vscode.commands.executeCommand('setContext', key, value);
}
