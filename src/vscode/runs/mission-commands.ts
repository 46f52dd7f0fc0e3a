import * as vscode from 'vscode';
import { approveMissionPlan, type PlanApprovalOutcome } from '../../core/formats/orchestral/approve-plan';
import type { OrchestralMission } from '../../core/formats/orchestral/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';
import { APPROVE_PLAN_COMMAND, MissionNode, missionSummary, REVEAL_RUN_COMMAND } from './mission-nodes';
import type { RunsTreeProvider, RunTreeNode } from './runs-tree';

/**
 * Commands of Dure's missions: approve a plan that waits for a person (as Dure's `mission approve` and its dashboard
 * do), and show the run a mission's task started.
 */
export function registerMissionCommands(service: OrchestrationService, tree: RunsTreeProvider, view: vscode.TreeView<RunTreeNode>): vscode.Disposable {
  const missions = () => service.items().filter((i): i is OrchestralMission => i.system === 'orchestral' && i.kind === 'mission' && !i.elsewhere);
  return vscode.Disposable.from(
    // `confirmed`: a caller that asked the person already (the tests); from the view and the palette, Baton asks.
    vscode.commands.registerCommand(APPROVE_PLAN_COMMAND, async (arg?: MissionNode | string, confirmed?: boolean): Promise<PlanApprovalOutcome | undefined> => {
      if (refusedWhenUntrusted('Approve the Mission\'s Plan') !== undefined) return undefined;
      let mission = arg instanceof MissionNode ? arg.mission : typeof arg === 'string' ? missions().find((m) => m.dir === arg || m.id === arg) : undefined;
      if (!mission) {
        const waiting = missions().filter((m) => m.awaitingApproval);
        if (!waiting.length) {
          void vscode.window.showInformationMessage('No mission plan waits for approval. Dure asks for one when its Critic does not approve a plan (the mission shows "plan waits for your approval" in the Runs view).');
          return undefined;
        }
        const picked = await vscode.window.showQuickPick(waiting.map((m) => ({ label: m.title, description: m.id, detail: missionSummary(m), mission: m })),
          { title: 'Approve a mission\'s plan' });
        mission = picked?.mission;
        if (!mission) return undefined;
      }
      // The mission as indexed now: its plan may have been approved (or changed) since the row was drawn.
      mission = missions().find((m) => m.dir === mission!.dir) ?? mission;
      if (!mission.awaitingApproval) {
        void vscode.window.showWarningMessage(`The plan of "${mission.title}" does not wait for approval (status ${mission.status || 'unknown'}, planning stage ${mission.planningStage ?? 'unknown'}); nothing to approve.`);
        return undefined;
      }
      if (!confirmed) {
        const c = mission.critique;
        const tasks = mission.phases.reduce((n, p) => n + p.tasks.length, 0);
        const detail = [`${mission.phases.length} phase${mission.phases.length === 1 ? '' : 's'}, ${tasks} task${tasks === 1 ? '' : 's'}${mission.draftFile ? ' (the newest draft)' : ''}.`,
          c ? `The Critic said ${c.verdict ?? 'nothing'}: ${c.counts.critical} critical, ${c.counts.major} major, ${c.counts.minor} minor.${c.summary ? ` ${c.summary}` : ''}` : '',
          `The mission becomes ready; Dure runs its tasks when you run \`dure mission run ${mission.id}\`.`].filter(Boolean).join('\n\n');
        const go = 'Approve the Plan';
        if (await vscode.window.showWarningMessage(`Approve the plan of "${mission.title}"?`, { modal: true, detail }, go) !== go) return undefined;
      }
      const outcome = await approveMissionPlan({ missionDir: mission.dir, shownHash: mission.hash, draftFile: mission.draftFile });
      if (!outcome.ok) {
        void vscode.window.showWarningMessage(`${outcome.message} Nothing else changed.`);
        return outcome;
      }
      for (const file of outcome.written) await service.fileChanged(file);
      void vscode.window.showInformationMessage(`Approved the plan of "${mission.title}": ${outcome.phases} phases, ${outcome.tasks} tasks; the mission is ready. Run it with \`dure mission run ${mission.id}\`.`);
      return outcome;
    }),
    vscode.commands.registerCommand(REVEAL_RUN_COMMAND, async (runDir?: string) => {
      const node = typeof runDir === 'string' ? tree.runNodeAt(runDir) : undefined;
      if (!node) { void vscode.window.showWarningMessage('That run is not in the runs folder any more.'); return; }
      await view.reveal(node, { select: true, focus: true, expand: true });
    }),
  );
}
