import * as vscode from 'vscode';
import type { SessionState } from '../../core/formats/orange/session-state';
import { isKnownStatus, isLegacyStatus } from '../../core/formats/orange/vocabulary';
import { UNREADABLE_STATUS } from '../../core/model/items';

/** spec 004's session icons: ● green alive, ✗ red crashed (owed and gone), ○ gray no session expected; a plain circle when tmux cannot be asked. */
export function sessionIcon(state: SessionState): vscode.ThemeIcon {
  switch (state) {
    case 'active': return new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('testing.iconPassed'));
    case 'crashed': return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'inactive': return new vscode.ThemeIcon('circle-outline', new vscode.ThemeColor('disabledForeground'));
    default: return new vscode.ThemeIcon('circle-outline');
  }
}

export const SESSION_TEXT: Record<SessionState, string> = {
  active: 'tmux session alive',
  crashed: 'tmux session gone while an agent should be at work in it',
  inactive: 'no session expected (no agent should be at work)',
  unknown: 'session state unknown (tmux not found or not answering)',
};

/** A codicon per orange status; unknown statuses get a question mark. */
const STATUS_ICONS: Record<string, string> = {
  pending: 'circle-large-outline', planning: 'lightbulb', clarification: 'question', working: 'sync', 'agent-review': 'eye',
  reviewing: 'person', stuck: 'warning', done: 'pass', cancelled: 'circle-slash',
  // Statuses of older orange versions (vocabulary.ts LEGACY_STATUSES).
  needs_human: 'person', reviewed: 'verified', failed: 'error',
};

export function orangeStatusIcon(status: string): vscode.ThemeIcon {
  if (status === UNREADABLE_STATUS) return new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
  return new vscode.ThemeIcon(STATUS_ICONS[status] ?? 'question');
}

/** "agent-review" → "Agent review", "needs_human" → "Needs human (older orange)"; an unknown status is shown exactly as written. */
export function orangeStatusLabel(status: string): string {
  if (status === UNREADABLE_STATUS) return 'Unreadable';
  if (isLegacyStatus(status)) return `${capitalised(status)} (older orange)`;
  if (!isKnownStatus(status)) return status || '(no status)';
  return capitalised(status);
}

function capitalised(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '(no status)';
}
