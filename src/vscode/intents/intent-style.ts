import * as vscode from 'vscode';
import { UNREADABLE_STATUS } from '../../core/model/items';
import { intentStatusKind, type IntentStatusKind } from '../../core/formats/intents/vocabulary';

/** A codicon per kind of intent status (vocabulary.ts: the spec's words and the forks', any case). */
const ICONS: Record<IntentStatusKind, [icon: string, color?: string]> = {
  active: ['sync', 'charts.green'],
  blocked: ['lock', 'charts.orange'],
  pending: ['circle-large-outline'],
  draft: ['edit'],
  none: ['circle-large-outline'],
  other: ['question'],
  done: ['pass', 'testing.iconPassed'],
  dropped: ['circle-slash'],
};

export function intentStatusIcon(status: string): vscode.ThemeIcon {
  if (status === UNREADABLE_STATUS) return new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
  const [icon, color] = ICONS[intentStatusKind(status)];
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
