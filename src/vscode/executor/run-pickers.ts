import * as vscode from 'vscode';
import type { OrcTask } from '../../core/formats/orc/model';
import { formatElapsed, type RunSession } from './run-session';

/** One phase of the task's plan.yaml, with where it stands; the plan's order is kept. */
export async function pickPhase(task: OrcTask): Promise<string | undefined> {
  const phases = task.phases.filter((p) => p.inPlan);
  if (!phases.length) {
    void vscode.window.showInformationMessage(`Baton: ${task.id} has no plan.yaml phases to run yet: orc writes plan.yaml when it plans the task; Run Task then runs them.`);
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(phases.map((p) => ({
    label: p.name, description: [p.status, p.current ? 'current' : '', p.iterations ? `${p.iterations} iteration(s)` : ''].filter(Boolean).join(' · '),
    detail: p.completionCriteria.length ? `done when: ${p.completionCriteria.join(', ')}` : undefined,
  })), { placeHolder: `Run which phase of ${task.id}?`, matchOnDescription: true });
  return picked?.label;
}

/** A run of this window; none to pick from says so instead of showing an empty list. */
export async function pickSession(sessions: readonly RunSession[], placeHolder: string): Promise<RunSession | undefined> {
  if (!sessions.length) { void vscode.window.showInformationMessage('Baton: nothing is running in this window; start a run with Baton: Run Task.'); return undefined; }
  if (sessions.length === 1) return sessions[0];
  const picked = await vscode.window.showQuickPick(sessions.map((s) => ({
    label: s.taskId, description: `${s.phase ?? ''} · ${s.state} · ${formatElapsed(Date.now() - s.startedAt)}`, session: s,
  })), { placeHolder });
  return picked?.session;
}
