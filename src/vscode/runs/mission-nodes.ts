import * as vscode from 'vscode';
import type { MissionPhase, MissionTask, OrchestralMission, OrchestralPlanDecision } from '../../core/formats/orchestral/model';
import { decisionKey } from '../../core/model/items';
import { unreadableTooltip, unreadableTreeItem } from '../unreadable-item';
import { OPEN_FILE_COMMAND } from './run-file-command';
import { escape, iconFor as icon, readable } from './run-style';

/*
 * The Runs view's mission rows (Dure's `.dure/missions/`): Missions → a mission → its phases → their tasks. A task
 * that started a run reveals that run below. contextValue: `missions`, `mission:orchestral:<status>[:approve]`,
 * `missionphase`, `missiontask:orchestral:<status>[:run]`.
 */

export const APPROVE_PLAN_COMMAND = 'baton.approveMissionPlan';
export const REVEAL_RUN_COMMAND = 'baton.runs.revealRun';

const MISSION_ICONS: Record<string, [icon: string, color?: string]> = {
  planning: ['lightbulb', 'charts.blue'],
  plan_review: ['bell-dot', 'list.warningForeground'],
  ready: ['circle-large-outline', 'charts.blue'],
  in_progress: ['sync', 'charts.green'],
  completed: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  cancelled: ['circle-slash'],
};

/** Dure's MissionTaskStatus and PhaseStatus words (its kanban's legend). */
const TASK_ICONS: Record<string, [icon: string, color?: string]> = {
  pending: ['circle-large-outline'],
  blocked: ['lock', 'charts.orange'],
  in_progress: ['sync', 'charts.green'],
  passed: ['pass', 'testing.iconPassed'],
  completed: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  skipped: ['debug-step-over'],
  needs_human: ['bell-dot', 'list.warningForeground'],
};

/** "Missions": the folder's Dure missions, above its runs. */
export class MissionsNode {
  constructor(readonly root: string, public missions: readonly OrchestralMission[]) {}
  getTreeItem(): vscode.TreeItem {
    const waiting = this.missions.filter((m) => m.awaitingApproval).length;
    // Open while a plan waits for a person, so it is seen without a click.
    const item = new vscode.TreeItem('Missions', waiting ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `missions:${this.root}:${waiting ? 'waiting' : 'quiet'}`;
    item.description = [`${this.missions.length} mission${this.missions.length === 1 ? '' : 's'}`,
      waiting && `${waiting} plan${waiting === 1 ? '' : 's'} ${waiting === 1 ? 'waits' : 'wait'} for you`].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('milestone');
    item.contextValue = 'missions';
    return item;
  }
}

export class MissionNode {
  constructor(public mission: OrchestralMission) {}

  getTreeItem(): vscode.TreeItem {
    const m = this.mission;
    if (m.unreadable) {
      const item = unreadableTreeItem(`mission:${m.dir}`, { ...m, unreadable: m.unreadable }, 'mission.json', m.title);
      item.contextValue = 'mission:orchestral:unreadable';
      return item;
    }
    const item = new vscode.TreeItem(m.title, m.phases.length || m.awaitingApproval ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `mission:${m.dir}`;
    item.description = missionSummary(m);
    item.iconPath = icon(MISSION_ICONS, m.status);
    item.contextValue = `mission:orchestral:${m.status}${m.awaitingApproval ? ':approve' : ''}`;
    return item;
  }

  tooltip(): vscode.MarkdownString {
    const m = this.mission;
    if (m.unreadable) return unreadableTooltip(m.title, 'mission.json', m.unreadable, 'mission\'s plan and tasks');
    const md = new vscode.MarkdownString('', true);
    md.appendMarkdown(`**${escape(m.title)}**\n\n\`${m.id}\` in \`${m.base}/missions/\`\n\n`);
    md.appendMarkdown(`Status: **${escape(m.status || 'unknown')}**${m.planningStage ? ` · planning stage ${escape(m.planningStage)}` : ''}\n\n`);
    if (m.awaitingApproval) md.appendMarkdown('The plan waits for your approval (Approve the Mission\'s Plan, or `dure mission approve`).\n\n');
    const c = m.critique;
    if (c) {
      md.appendMarkdown(`Critic: **${escape(c.verdict ?? '—')}** · ${c.counts.critical} critical, ${c.counts.major} major, ${c.counts.minor} minor`);
      md.appendMarkdown(`${c.summary ? ` — ${escape(c.summary)}` : ''}\n\n`);
    }
    if (m.description) md.appendMarkdown(`${escape(m.description.slice(0, 600))}\n\n`);
    if (m.updatedAt) md.appendMarkdown(`Updated ${escape(m.updatedAt)}\n`);
    return md;
  }
}

/**
 * "Needs you: approve the plan" under a mission whose plan waits: opens its form (the Critic's review, the plan, the
 * Approve button), as a CRP's row does; the mission's own button approves it after a confirmation.
 */
export class ApprovePlanNode {
  readonly decisionKey: string | undefined;
  constructor(readonly mission: OrchestralMission, decision: OrchestralPlanDecision | undefined) {
    this.decisionKey = decision && decisionKey(decision);
  }
  getTreeItem(): vscode.TreeItem {
    const m = this.mission;
    const item = new vscode.TreeItem('Needs you: approve the plan', vscode.TreeItemCollapsibleState.None);
    item.id = `approve:${m.dir}`;
    const c = m.critique;
    item.description = c ? `Critic: ${c.verdict ?? '—'} · ${c.counts.critical} critical, ${c.counts.major} major` : 'the Critic did not approve it';
    item.tooltip = [c?.summary, c?.rationale, ...(c?.items ?? []).map((i) => `• ${i.severity ?? 'note'}: ${i.title}`), '',
      this.decisionKey ? 'Click to review the plan and approve it.' : 'Click to approve (you are asked to confirm).']
      .filter((x) => x !== undefined && x !== null).join('\n');
    item.iconPath = new vscode.ThemeIcon('bell-dot', new vscode.ThemeColor('list.warningForeground'));
    item.contextValue = 'mission:approve';
    item.command = this.decisionKey ? { command: 'baton.openDecision', title: 'Review the Plan', arguments: [this.decisionKey] }
      : { command: APPROVE_PLAN_COMMAND, title: 'Approve the Mission\'s Plan', arguments: [m.dir] };
    return item;
  }
}

export class MissionPhaseNode {
  constructor(readonly mission: OrchestralMission, readonly phase: MissionPhase, readonly index: number) {}
  getTreeItem(): vscode.TreeItem {
    const p = this.phase;
    const item = new vscode.TreeItem(`Phase ${p.number ?? this.index + 1}: ${p.title}`, p.tasks.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `missionphase:${this.mission.dir}:${this.index}`;
    const passed = p.tasks.filter((t) => t.status === 'passed').length;
    const tasks = this.mission.drafted ? `${p.tasks.length} task${p.tasks.length === 1 ? '' : 's'}` : `${passed}/${p.tasks.length} passed`;
    item.description = [this.mission.drafted ? 'draft' : readable(p.status), p.tasks.length && tasks].filter(Boolean).join(' · ');
    item.tooltip = p.description ?? undefined;
    item.iconPath = this.mission.drafted ? new vscode.ThemeIcon('list-tree') : icon(TASK_ICONS, p.status);
    item.contextValue = 'missionphase';
    return item;
  }
}

export class MissionTaskNode {
  constructor(readonly mission: OrchestralMission, readonly task: MissionTask, readonly phaseIndex: number) {}
  getTreeItem(): vscode.TreeItem {
    const t = this.task;
    const item = new vscode.TreeItem(t.title, vscode.TreeItemCollapsibleState.None);
    item.id = `missiontask:${this.mission.dir}:${this.phaseIndex}:${t.taskId}`;
    item.description = [t.taskId, this.mission.drafted ? '' : readable(t.status), t.waitingOn.length && !this.mission.drafted ? `waits on ${t.waitingOn.join(', ')}` : '',
      t.runId ?? ''].filter(Boolean).join(' · ');
    item.tooltip = [t.description, t.error && `Error: ${t.error}`, t.dependsOn.length ? `Depends on ${t.dependsOn.join(', ')}` : '',
      t.runDir ? 'Click to show its run.' : t.runId ? `Its run ${t.runId} is not in the runs folder.` : ''].filter(Boolean).join('\n\n') || undefined;
    item.iconPath = this.mission.drafted ? new vscode.ThemeIcon('circle-large-outline') : icon(TASK_ICONS, t.status);
    item.contextValue = `missiontask:orchestral:${t.status}${t.runDir ? ':run' : ''}`;
    item.command = t.runDir ? { command: REVEAL_RUN_COMMAND, title: 'Show the Run', arguments: [t.runDir] }
      : { command: OPEN_FILE_COMMAND, title: 'Open mission.json', arguments: [this.mission.file] };
    return item;
  }
}

export type MissionTreeNode = MissionsNode | MissionNode | ApprovePlanNode | MissionPhaseNode | MissionTaskNode;

/** "in progress · 3/7 tasks passed · 1 failed" — or that the plan waits for the person. */
export function missionSummary(m: OrchestralMission): string {
  const c = m.taskCounts;
  return [
    m.awaitingApproval ? 'plan waits for your approval' : readable(m.status || 'no status'),
    c.total && !m.drafted ? `${c.passed}/${c.total} tasks passed` : c.total ? `${c.total} tasks planned` : '',
    c.running && `${c.running} running`, c.failed && `${c.failed} failed`, c.needsHuman && `${c.needsHuman} need${c.needsHuman === 1 ? 's' : ''} a person`,
  ].filter(Boolean).join(' · ');
}
