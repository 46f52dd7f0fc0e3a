import * as vscode from 'vscode';
import type { GateAnswer, PendingGate } from '../../core/executor/contract';
import type { GateRecord, OrcTask } from '../../core/formats/orc/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';

/**
 * Waits for a person to answer a `human` gate. The executor has recorded the gate as pending in state.yaml, so it
 * shows in the "Needs you" inbox (and `baton answer` can answer it too); whoever answers writes the decision into
 * state.yaml. This resolves when the task's gate record for that phase turns from pending into approved or
 * rejected — whichever view or tool wrote it — or with 'stop' when the run is cancelled.
 */
export function waitForGateAnswer(service: OrchestrationService, gate: PendingGate, signal: AbortSignal): Promise<GateAnswer | 'stop'> {
  const before = decided(findTask(service, gate), gate.phase).length;
  return new Promise((resolve) => {
    const finish = (answer: GateAnswer | 'stop') => { sub.dispose(); signal.removeEventListener('abort', onAbort); resolve(answer); };
    const check = () => {
      const answers = decided(findTask(service, gate), gate.phase);
      if (answers.length > before) finish(toAnswer(answers[answers.length - 1]!));
    };
    const onAbort = () => finish('stop');
    const sub = service.onDidChange((change) => { if (change.root === gate.root) check(); });
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) { finish('stop'); return; }
    void announce(gate);
  });
}

function findTask(service: OrchestrationService, gate: PendingGate): OrcTask | undefined {
  return service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.root === gate.root && i.id === gate.taskId);
}

/** The gate records of a phase that carry a decision, oldest first. */
function decided(task: OrcTask | undefined, phase: string): GateRecord[] {
  return (task?.gates ?? []).filter((g) => g.phase === phase && (g.decision === 'approved' || g.decision === 'rejected'));
}

function toAnswer(g: GateRecord): GateAnswer {
  return g.decision === 'approved' ? { decision: 'approved', ...(g.rationale ? { rationale: g.rationale } : {}) }
    : { decision: 'rejected', rationale: g.rationale ?? '' };
}

/** A notification that points at the inbox; it never answers by itself (the inbox form does, with a reason). */
async function announce(gate: PendingGate): Promise<void> {
  const open = 'Open Needs You';
  const picked = await vscode.window.showInformationMessage(
    `Baton: ${gate.taskId} waits for your approval after the ${gate.phase} phase.`, open);
  if (picked === open) await vscode.commands.executeCommand('baton.needsYou.focus');
}
