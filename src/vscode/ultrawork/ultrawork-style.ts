import * as vscode from 'vscode';
import type { StepState } from '../../core/formats/ultrawork/phases';

/*
 * Icons of the Ultrawork view. Phases follow the spec's transition table (EXPLORATION → PLANNING → EXECUTION →
 * VERIFICATION → COMPLETE, DOCUMENTATION in v7; FAILED and CANCELLED from anywhere). Values Ultrawork does not
 * list get a question mark and are shown as written.
 */

type Icon = [name: string, color?: string];

const PHASE_ICONS: Record<string, Icon> = {
  EXPLORATION: ['search', 'charts.blue'],
  PLANNING: ['list-tree', 'charts.blue'],
  EXECUTION: ['tools', 'charts.blue'],
  VERIFICATION: ['beaker', 'charts.purple'],
  DOCUMENTATION: ['book', 'charts.purple'],
  COMPLETE: ['pass-filled', 'testing.iconPassed'],
  FAILED: ['error', 'testing.iconFailed'],
  CANCELLED: ['circle-slash', 'disabledForeground'],
};

const TASK_ICONS: Record<string, Icon> = {
  open: ['circle-large-outline'],
  pending: ['circle-large-outline'],
  in_progress: ['sync', 'charts.green'],
  resolved: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  blocked: ['lock', 'list.warningForeground'],
};

const STEP_ICONS: Record<StepState, Icon> = {
  done: ['pass', 'testing.iconPassed'],
  current: ['arrow-right', 'charts.blue'],
  upcoming: ['circle-large-outline'],
  failed: ['error', 'testing.iconFailed'],
  cancelled: ['circle-slash', 'disabledForeground'],
  unknown: ['question'],
};

function icon([name, color]: Icon): vscode.ThemeIcon {
  return new vscode.ThemeIcon(name, color ? new vscode.ThemeColor(color) : undefined);
}

export function phaseIcon(phase: string | null): vscode.ThemeIcon {
  return icon(PHASE_ICONS[phase ?? ''] ?? ['question']);
}

export function taskIcon(status: string, blocked: boolean): vscode.ThemeIcon {
  if (blocked) return icon(['lock', 'list.warningForeground']);
  return icon(TASK_ICONS[status] ?? ['question']);
}

export function stepIcon(state: StepState): vscode.ThemeIcon {
  return icon(STEP_ICONS[state]);
}

export function criterionIcon(met: boolean): vscode.ThemeIcon {
  return met ? icon(['check', 'testing.iconPassed']) : icon(['circle-large-outline', 'list.warningForeground']);
}

/** "in_progress" → "in progress": values are shown as written, only made readable. */
export function readable(value: string): string {
  return value.replace(/_+/g, ' ').trim();
}

/** Text from files goes into Markdown tooltips: escape what Markdown would interpret. */
export function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => `\\${c}`);
}
