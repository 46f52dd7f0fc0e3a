import * as vscode from 'vscode';

/**
 * Every context key Baton sets, in one place (package.json `when` clauses read them):
 * - `baton.scanned`: the first scan has finished (welcome views wait for it, so they do not flash).
 * - `baton.hasState`: some orchestrator state was found in an open folder.
 * - `baton.systemsOff`: the systems `baton.systems` turns off in every open folder (`'orc' in baton.systemsOff`), so
 *   an empty view can say why it is empty.
 *
 * Tree items carry a segmented `contextValue`, matched by regex in menus:
 * `task:orc:<status>[:blocked][:orphaned][:state]`, `initiative:orc:<status>`, `group:orc:<status>`;
 * `intent:intents:<STATUS>[:active]`, `group:intents:<STATUS>`, and `section:`/`scope:`/`file:`/`trace:intents` for
 * the rows under an intent.
 */
export const ContextKeys = {
  scanned: 'baton.scanned',
  hasState: 'baton.hasState',
  systemsOff: 'baton.systemsOff',
} as const;

export function setContext(key: (typeof ContextKeys)[keyof typeof ContextKeys], value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}
