/**
 * The command that opens one of a run's files (a file inside a workspace folder, else refused): the Runs view's rows
 * and the MRP viewer's `command:` links both use it. No `vscode` import, so the MRP page builder stays unit-testable.
 */
export const OPEN_FILE_COMMAND = 'baton.runs.openFile';
