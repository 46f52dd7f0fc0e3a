import type { Intent, TraceEntry } from './model';
import { traceActionLabel } from './trace-entry';

/** Everything an agent needs to work on an intent, as one object and as text ready to paste into a prompt. */
export interface IntentContextBlock {
  readonly intent: Intent;
  readonly constraints: readonly string[];
  readonly acceptanceCriteria: readonly string[];
  readonly ownedScope: readonly string[];
  /** Files the intent map says this intent owns. */
  readonly ownedFiles: readonly string[];
  readonly recentTrace: readonly TraceEntry[];
  readonly text: string;
}

export function intentContextBlock(intent: Intent, recentTrace: readonly TraceEntry[]): IntentContextBlock {
  const ownedFiles = intent.mapRows.filter((r) => r.owner === intent.id).map((r) => r.file);
  const lines = [`<intent_context id="${intent.id}">`, `# ${intent.id}: ${intent.title}`, '', `Status: ${intent.status || '(none)'}`];
  if (intent.assignedAgent) lines.push(`Assigned agent: ${intent.assignedAgent}`);
  if (intent.description) lines.push('', intent.description.trim());
  const section = (title: string, items: readonly string[]) => {
    if (items.length) lines.push('', `## ${title}`, ...items.map((i) => `- ${i}`));
  };
  section('Constraints', intent.constraints);
  section('Acceptance criteria', intent.acceptanceCriteria);
  section('Owned scope (you may change only files matching these)', intent.ownedScope);
  section('Owned files (intent map)', ownedFiles);
  section('Related specs', intent.relatedSpecs);
  section('Recent trace (newest first)', recentTrace.map(traceLine));
  lines.push('</intent_context>');
  return { intent, constraints: intent.constraints, acceptanceCriteria: intent.acceptanceCriteria, ownedScope: intent.ownedScope,
    ownedFiles, recentTrace, text: lines.join('\n') + '\n' };
}

/** One trace entry as a short line: when, what, outcome, on which files. */
export function traceLine(t: TraceEntry): string {
  const parts = [t.timestamp ?? '(no time)', traceActionLabel(t)];
  if (t.status) parts.push(t.status);
  const what = t.summary ?? t.command ?? t.toolName;
  let line = parts.join(' ');
  if (what) line += `: ${what}`;
  if (t.files.length && !(t.summary ?? '').includes(t.files[0]!)) line += ` [${t.files.join(', ')}]`;
  return line;
}
