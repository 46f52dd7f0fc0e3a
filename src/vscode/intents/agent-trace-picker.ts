import * as vscode from 'vscode';
import { containedPath } from '../../core/io/contained-path';
import { existingIntentsFile } from '../../core/formats/intents/paths';
import { traceActionLabel } from '../../core/formats/intents/trace-entry';
import type { Intent, TraceEntry } from '../../core/formats/intents/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { batonSettings } from '../settings';
import { traceIcon } from './intent-nodes';
import { actionableIntents, intentItems } from './intent-pickers';


/**
 * "Show Agent Trace": the newest entries of a folder's agent_trace.jsonl, newest first, optionally for one intent,
 * in a quick pick that filters further as you type. Picking an entry opens its file (or the trace at its line).
 * Resolves to 'off' when `baton.systems` turns intents off in that folder: then nothing is read.
 */
export async function showAgentTrace(service: OrchestrationService, root: string, intent: Intent | null | undefined): Promise<'off' | undefined> {
  const settings = batonSettings(vscode.Uri.file(root));
  if (!settings.systems.intents) {
    void vscode.window.showInformationMessage('Baton does not read intents in this folder: the baton.systems setting turns them off.');
    return 'off';
  }
  if (intent === undefined) {
    const all = { label: '$(list-flat) All intents', intent: null as Intent | null };
    const intents = actionableIntents(service, root);
    const picked = await vscode.window.showQuickPick([all, ...intentItems(service, intents)], { title: 'Show the agent trace of…' });
    if (!picked) return;
    intent = picked.intent;
  }
  // As many entries as the index keeps (baton.intents.traceTail), read from the end: a huge log costs the same.
  const limit = settings.traceTail;
  const trace = await service.intents.readTrace(root, { limit, intentId: intent?.id });
  if (!trace.entries.length) {
    void vscode.window.showInformationMessage(intent ? `The newest part of agent_trace.jsonl has no entry for ${intent.id}.`
      : 'agent_trace.jsonl has no entries yet.');
    return;
  }
  const items = trace.entries.map((entry) => ({
    entry,
    label: `$(${traceIcon(entry).id}) ${traceActionLabel(entry)}${entry.status ? ` · ${entry.status}` : ''}`,
    description: [entry.intentId, entry.timestamp, entry.agentId].filter(Boolean).join(' · '),
    detail: [entry.summary ?? entry.command ?? entry.toolName, entry.files.length ? entry.files.join(', ') : null].filter(Boolean).join(' — ') || undefined,
  }));
  const scope = trace.complete ? 'all' : `newest ${trace.entries.length}`;
  const picked = await vscode.window.showQuickPick(items, {
    title: `Agent trace${intent ? ` of ${intent.id}` : ''} — ${scope} entries, newest first`,
    matchOnDescription: true, matchOnDetail: true,
  });
  if (picked) await openEntry(root, picked.entry);
}

async function openEntry(root: string, entry: TraceEntry): Promise<void> {
  const target = entry.files[0];
  if (target) {
    const inside = await containedPath(root, target, { what: 'the workspace folder' });
    if (!inside.ok) void vscode.window.showWarningMessage(`Baton will not open ${target}: ${inside.reason}. The trace line is shown instead.`);
    else {
      try {
        await vscode.window.showTextDocument(vscode.Uri.file(inside.absolute), { preview: true });
        return;
      } catch {
        // The file is gone: show the entry itself instead.
      }
    }
  }
  try {
    const doc = await vscode.workspace.openTextDocument(existingIntentsFile(root, 'trace'));
    // Counted from the end when the absolute number was not known (the file's final newline ends the last line).
    const line = entry.line !== null ? entry.line - 1 : Math.max(0, doc.lineCount - entry.fromEnd - 1);
    await vscode.window.showTextDocument(doc, { preview: true, selection: new vscode.Range(line, 0, line, 0) });
  } catch (err) {
    void vscode.window.showWarningMessage(`Baton could not open agent_trace.jsonl: ${(err as Error).message}`);
  }
}
