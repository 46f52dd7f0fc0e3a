import * as vscode from 'vscode';
import type { SourceContext } from '../core/model/adapter';
import { parseBatonSettings, sourceContextOf, type BatonSettings } from '../core/settings/baton-settings';

export type { BatonSettings } from '../core/settings/baton-settings';

/** The Baton output channel, where settings that cannot be used as written are reported. */
let log: vscode.LogOutputChannel | undefined;
/** Problems already reported (the accessor runs for every CodeLens request: each wrong value is said once). */
const reported = new Set<string>();
/** Every line reported in this window, in order (tests read it through BatonApi.settingsProblems). */
const reportedLines: string[] = [];

/**
 * The one reader of `baton.*`: every setting typed, validated and with its default, for a folder (or a file in
 * one: resource-scoped settings may differ per folder). A value of the wrong type gives the default and is
 * reported once in the Baton output channel; nothing throws.
 */
export function batonSettings(scope?: vscode.WorkspaceFolder | vscode.Uri): BatonSettings {
  const uri = scope instanceof vscode.Uri ? scope : scope?.uri;
  const config = vscode.workspace.getConfiguration('baton', uri);
  const { settings, problems } = parseBatonSettings((key) => config.get(key));
  for (const p of problems) {
    const line = `Setting ${p.key}${uri ? ` (${vscode.workspace.asRelativePath(uri, true) || uri.fsPath})` : ''}: ${p.message}`;
    if (reported.has(line)) continue;
    reported.add(line);
    reportedLines.push(line);
    log?.warn(line);
  }
  return settings;
}

/** The settings problems reported to the Baton output channel so far. */
export function reportedSettingsProblems(): readonly string[] {
  return [...reportedLines];
}

/** Where a workspace folder's state lives and which systems are read there (`${workspaceFolder}` and `~` expanded). */
export function sourceContext(folder: vscode.WorkspaceFolder): SourceContext {
  return sourceContextOf(batonSettings(folder), folder.uri.fsPath);
}

/** Calls `listener` when any `baton.*` setting changes (in any folder); readers then ask batonSettings again. */
export function onDidChangeBatonSettings(listener: (e: vscode.ConfigurationChangeEvent) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('baton')) listener(e); });
}

/** Sends settings problems to the Baton output channel; a changed setting may be wrong again, and is said again. */
export function setSettingsLog(channel: vscode.LogOutputChannel): vscode.Disposable {
  log = channel;
  const sub = onDidChangeBatonSettings(() => reported.clear());
  return { dispose: () => { sub.dispose(); if (log === channel) log = undefined; } };
}
