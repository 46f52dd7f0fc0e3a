import * as vscode from 'vscode';

/** A codicon per orc task status (and a question mark for values orc's spec does not list). */
const STATUS_ICONS: Record<string, [icon: string, color?: string]> = {
  created: ['circle-large-outline'],
  classifying: ['search', 'charts.blue'],
  planned: ['checklist', 'charts.blue'],
  running: ['sync~spin', 'charts.green'],
  paused: ['debug-pause', 'charts.yellow'],
  blocked: ['lock', 'charts.orange'],
  finalizing: ['git-merge', 'charts.purple'],
  completed: ['pass', 'testing.iconPassed'],
  finished: ['pass-filled', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  // Not orc's: a task whose task.yaml cannot be read (core/formats/orc/placeholder-task.ts).
  unreadable: ['error', 'list.errorForeground'],
};

export function statusIcon(status: string): vscode.ThemeIcon {
  const [icon, color] = STATUS_ICONS[status] ?? ['question'];
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}

/** "in_progress" → "In progress": statuses are shown as written, just made readable. */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '(no status)';
}
