import * as vscode from 'vscode';

/** A codicon per run phase (values Orchestral/Dure does not list get a question mark and are shown as written). */
const PHASE_ICONS: Record<string, [icon: string, color?: string]> = {
  refine: ['edit', 'charts.blue'],
  build: ['tools', 'charts.blue'],
  verify: ['beaker', 'charts.blue'],
  gate: ['law', 'charts.purple'],
  waiting_human: ['bell-dot', 'list.warningForeground'],
  ready_for_merge: ['git-pull-request', 'charts.green'],
  completed: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
};

/** Dure's AgentStatus list (src/types/index.ts), plus two words earlier Baton fixtures used. */
const AGENT_ICONS: Record<string, [icon: string, color?: string]> = {
  pending: ['circle-large-outline'],
  running: ['sync~spin', 'charts.green'],
  waiting_test_execution: ['beaker', 'charts.yellow'],
  completed: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  timeout: ['clock', 'testing.iconFailed'],
  waiting_human: ['bell-dot', 'list.warningForeground'],
  waiting: ['watch', 'charts.yellow'],
  skipped: ['debug-step-over'],
};

const VERDICT_ICONS: Record<string, [icon: string, color?: string]> = {
  PASS: ['verified-filled', 'testing.iconPassed'],
  MINOR_FAIL: ['warning', 'list.warningForeground'],
  FAIL: ['error', 'testing.iconFailed'],
  NEEDS_HUMAN: ['bell-dot', 'list.warningForeground'],
};

function icon([name, color]: [string, string?]): vscode.ThemeIcon {
  return new vscode.ThemeIcon(name, color ? new vscode.ThemeColor(color) : undefined);
}

/** The icon a table gives a status word; a word it does not list gets a question mark (shown as written). */
export function iconFor(table: Readonly<Record<string, [icon: string, color?: string]>>, status: string): vscode.ThemeIcon {
  return icon(table[status] ?? ['question']);
}

/** An answered run waiting for Dure to pick the answer up no longer asks for attention: no warning colour. */
export function phaseIcon(phase: string | null, hasError: boolean, awaitingResume = false): vscode.ThemeIcon {
  if (hasError) return icon(['error', 'testing.iconFailed']);
  if (awaitingResume) return icon(['debug-pause', 'charts.blue']);
  return icon(PHASE_ICONS[phase ?? ''] ?? ['question']);
}

export function agentIcon(status: string | null, error: boolean): vscode.ThemeIcon {
  if (error) return icon(['error', 'testing.iconFailed']);
  return icon(AGENT_ICONS[status ?? 'pending'] ?? ['question']);
}

export function verdictIcon(verdict: string): vscode.ThemeIcon {
  return icon(VERDICT_ICONS[verdict] ?? ['question']);
}

/** "waiting_human" → "waiting human": values are shown as written, only made readable. */
export function readable(value: string): string {
  return value.replace(/[_]+/g, ' ').trim();
}

/** Text from files goes into Markdown tooltips: escape what Markdown would interpret. */
export function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => `\\${c}`);
}
