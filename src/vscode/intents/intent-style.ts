import * as vscode from 'vscode';

/** A codicon per intent status (spec words and the forks'); a question mark for words nobody listed. */
const ICONS: Record<string, [icon: string, color?: string]> = {
  IN_PROGRESS: ['sync', 'charts.green'],
  ACTIVE: ['sync', 'charts.green'],
  BLOCKED: ['lock', 'charts.orange'],
  PENDING: ['circle-large-outline'],
  DRAFT: ['edit'],
  COMPLETED: ['pass', 'testing.iconPassed'],
  ABANDONED: ['circle-slash'],
  ABORTED: ['circle-slash'],
};

export function intentStatusIcon(status: string): vscode.ThemeIcon {
  const [icon, color] = ICONS[status.toUpperCase()] ?? ['question'];
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}

/** "IN_PROGRESS" → "In progress": shown as written, made readable. */
export function intentStatusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '(no status)';
}

/** Text from files is shown as text in Markdown tooltips: no link, image or HTML gets through. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~$&]/g, '\\$&');
}
