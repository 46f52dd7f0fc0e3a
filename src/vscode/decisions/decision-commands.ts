import * as vscode from 'vscode';
import * as z from 'zod';
import { decisionVersion } from '../../core/decisions/answer-decision';
import { decisionKey } from '../../core/model/items';
import type { Decision } from '../../core/service/work-item';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { crpAnswerPayload } from '../../shared/decisions-protocol';
import { performAnswer, type AnswerOutcome } from './answer-action';
import type { DecisionPanels } from './decision-panels';
import { folderName } from '../folder-item';
import { decisionLabel } from './decision-views';

/**
 * `baton.answerDecision` arguments, for keybindings, scripts and tests: which decision (its key, or its id and
 * run) and, optionally, the answer itself. Without an answer the form opens; without a target, a quick pick.
 */
const answerArgs = z.object({
  key: z.string().max(4096).optional(),
  id: z.string().max(200).optional(),
  run: z.string().max(200).optional(),
  decision: crpAnswerPayload.shape.decision.optional(),
  rationale: z.string().max(20_000).optional(),
  additionalNotes: z.string().max(20_000).optional(),
  appliesToFuture: z.boolean().optional(),
}).strict();

/** A tree row (Runs view) that stands for a decision. */
export interface DecisionNodeLike {
  readonly decisionKey: string;
}

export function registerDecisionCommands(service: OrchestrationService, panels: DecisionPanels): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('baton.answerDecision', (raw?: unknown) => answerCommand(service, panels, raw)),
    vscode.commands.registerCommand('baton.openDecision', (arg?: DecisionNodeLike | string) => {
      const key = typeof arg === 'string' ? arg : arg?.decisionKey;
      if (key) panels.open(key);
      else void answerCommand(service, panels, undefined);
    }),
  );
}

async function answerCommand(service: OrchestrationService, panels: DecisionPanels, raw: unknown): Promise<AnswerOutcome | undefined> {
  const parsed = raw === undefined ? { success: true as const, data: {} } : answerArgs.safeParse(raw);
  if (!parsed.success) {
    const message = `Baton: Answer Decision got arguments it does not understand: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`;
    void vscode.window.showErrorMessage(message);
    return { ok: false, message };
  }
  const args = parsed.data;
  // Right after the window opens the first scan may still be running: answer from what it finds.
  await whenScanned(service);
  const pending = service.decisions();
  let target: Decision | undefined;
  if (args.key || args.id) {
    const matches = pending.filter((d) => (args.key ? decisionKey(d) === args.key : d.id === args.id && (!args.run || (d.system === 'orchestral' && d.kind === 'crp' && d.run === args.run))));
    if (matches.length !== 1) {
      const message = matches.length
        ? `${matches.length} pending decisions are named ${args.id}; say which run (run: …).`
        : `No pending decision ${args.key ? 'with that key' : args.id}${args.run ? ` in ${args.run}` : ''}: Baton: Answer Decision… lists the pending ones.`;
      void vscode.window.showWarningMessage(message);
      return { ok: false, message };
    }
    target = matches[0];
  } else {
    target = await pick(pending);
    if (!target) return undefined;
  }
  if (args.decision === undefined) {
    panels.open(decisionKey(target!));
    return undefined;
  }
  const outcome = await performAnswer(service, decisionKey(target!), decisionVersion(target!), {
    form: 'crp', decision: args.decision, rationale: args.rationale ?? '', additionalNotes: args.additionalNotes ?? '',
    appliesToFuture: args.appliesToFuture ?? false,
  });
  if (outcome.ok) void vscode.window.showInformationMessage(outcome.message);
  else void vscode.window.showWarningMessage(outcome.message);
  return outcome;
}

async function pick(pending: readonly Decision[]): Promise<Decision | undefined> {
  if (!pending.length) {
    void vscode.window.showInformationMessage('Nothing needs you: no agent is waiting on a decision.');
    return undefined;
  }
  const several = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const items = pending.map((d) => {
    const line = decisionLabel(d);
    return { ...line, label: `$(comment-discussion) ${line.label}`, description: several ? `${line.description} · ${folderName(d.root)}` : line.description, decision: d };
  });
  const chosen = await vscode.window.showQuickPick(items, { title: 'Answer a decision', placeHolder: 'Which question do you want to answer?', matchOnDescription: true, matchOnDetail: true });
  return chosen?.decision;
}

/** Resolves once the first scan has finished (its last change event fires just before the flag is set). */
function whenScanned(service: OrchestrationService): Promise<void> {
  if (service.hasScanned) return Promise.resolve();
  return new Promise((resolve) => {
    const sub = service.onDidChange(() => queueMicrotask(() => {
      if (service.hasScanned) { sub.dispose(); resolve(); }
    }));
  });
}
