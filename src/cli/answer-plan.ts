import { answerDecision } from '../core/decisions/answer-decision';
import type { OrchestralPlanDecision } from '../core/formats/orchestral/model';
import { printable, printableRow } from '../core/util/printable';
import { UsageError } from './args';
import { openService } from './open-service';
import type { CliOutput } from './output';

/** Dure names its missions `mission-<timestamp>` (and lists no other folder); CRP ids are `crp-…`. */
export function isMissionId(id: string): boolean {
  return id.startsWith('mission-');
}

/**
 * `baton answer MISSION-ID --option approve`: approves a Dure mission's plan that waits for a person exactly as the
 * inbox does (and as Dure's `mission approve`): checked against mission.json as this scan read it. Exit 0 when
 * written, 1 when refused. Dure has no reject.
 */
export async function answerPlan(id: string, options: readonly string[], dir: string | undefined, out: CliOutput): Promise<number> {
  if (options.length !== 1 || options[0] !== 'approve') {
    throw new UsageError(printableRow`${id}` + " is a Dure mission: give --option approve (Dure has no reject; re-plan the mission in Dure to change it)");
  }
  const { root, service } = await openService({ dir, home: undefined, noCache: true });
  const pending = service.decisions().filter((d): d is OrchestralPlanDecision => d.system === 'orchestral' && d.kind === 'plan' && d.root === root);
  const target = pending.find((d) => d.id === id);
  if (!target) {
    out.error(printableRow`baton answer: no mission plan ${id} waits for approval under ${root}` +
      (pending.length ? printableRow` (waiting: ${pending.map((d) => d.id).join(', ')})` : '') + '.');
    return 1;
  }
  const outcome = await answerDecision(target, target.hash, { form: 'plan', decision: 'approved' });
  if (!outcome.ok) {
    out.error(`baton answer: ${printable(outcome.message)}`);
    return 1;
  }
  out.line(printable(outcome.message));
  return 0;
}
