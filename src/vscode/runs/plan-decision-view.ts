import * as vscode from 'vscode';
import { decisionVersion } from '../../core/decisions/answer-decision';
import type { OrchestralPlanDecision } from '../../core/formats/orchestral/model';
import type { DecisionView } from '../../shared/decisions-protocol';

/**
 * A Dure mission's plan waiting for approval, as the inbox form shows it: the mission, the Critic's review (why a
 * person is asked), and the plan's phases and tasks. `version` is mission.json's hash: the approval is refused when
 * the mission changed since it was shown.
 */
export function planDecisionView(d: OrchestralPlanDecision, key: string, source: string): Omit<DecisionView, 'folder'> {
  const c = d.critique;
  return {
    key, version: decisionVersion(d), system: d.system, title: d.missionTitle, taskTitle: d.missionTitle,
    subtitle: `Dure mission ${d.mission} · plan waits for your approval`, source,
    form: {
      form: 'plan', missionId: d.mission, missionTitle: d.missionTitle, description: d.description,
      draft: d.draftFile ? vscode.workspace.asRelativePath(d.draftFile, false) : null,
      critique: c ? { verdict: c.verdict, summary: c.summary, rationale: c.rationale, counts: c.counts, items: c.items } : null,
      phases: d.phases.map((p) => ({ title: `Phase ${p.number ?? ''}${p.number !== null ? ': ' : ''}${p.title}`, description: p.description,
        tasks: p.tasks.map((t) => ({ id: t.taskId, title: t.title, description: t.description, dependsOn: t.dependsOn })) })),
    },
  };
}

export function planDecisionLabel(d: OrchestralPlanDecision): { label: string; description: string; detail: string } {
  return { label: d.mission, description: `Dure mission plan · ${d.missionTitle}`, detail: d.question };
}
