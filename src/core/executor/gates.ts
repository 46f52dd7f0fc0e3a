import crypto from 'node:crypto';
import type { GateAnswer, PendingGate } from './contract';
import type { PlannedPhase } from './load-task';
import { fillTemplate, GATE_TEMPLATE } from './prompt-templates';
import { promptValues } from './prompts';
import { invokeClaude } from './invoke';
import type { RunContext } from './run-context';
import { stamp } from './time-format';

/**
 * The gate after a phase. The plan's `gate.type` wins (orc wrote it for this task); otherwise orc.yaml's
 * `gates.weight_overrides.<weight>.<phase>`, then `gates.<phase>`; a phase nobody names has an `auto` gate.
 */
export function gateTypeFor(phase: PlannedPhase, weight: string | null | undefined, gates: Readonly<Record<string, unknown>>): string {
  const planned = phase.fields.gate?.type;
  if (planned) return planned;
  const overrides = gates.weight_overrides;
  if (weight && typeof overrides === 'object' && overrides !== null) {
    const forWeight = (overrides as Record<string, unknown>)[weight];
    if (typeof forWeight === 'object' && forWeight !== null) {
      const v = (forWeight as Record<string, unknown>)[phase.name] ?? (forWeight as Record<string, unknown>)[phase.type];
      if (typeof v === 'string') return v;
    }
  }
  const byPhase = gates[phase.name] ?? gates[phase.type];
  return typeof byPhase === 'string' ? byPhase : 'auto';
}

export type GateOutcome =
  | { readonly decision: 'approved' | 'rejected'; readonly rationale: string }
  | { readonly decision: 'waiting' | 'cancelled'; readonly rationale: null };

/** Runs the gate after a completed phase and records the decision in state.yaml's `gates`. */
export async function passGate(rc: RunContext, phase: PlannedPhase, type: string, summary: string, criteria: readonly string[]): Promise<GateOutcome> {
  const record = async (decision: 'approved' | 'rejected', rationale: string): Promise<GateOutcome> => {
    await rc.state.recordGate({ phase: phase.name, type, decision, rationale, timestamp: stamp(rc.now()) });
    rc.emit({ type: 'gate', phase: phase.name, gateType: type, decision, rationale });
    return { decision, rationale };
  };
  switch (type) {
    case 'skip': return record('approved', 'gate skipped (plan/orc.yaml gate type skip)');
    case 'auto': return record('approved', `completion criteria met: ${criteria.join('; ')}`);
    case 'ai': {
      const verdict = await aiReview(rc, phase, summary, criteria);
      if (verdict === null) return { decision: 'cancelled', rationale: null };
      return record(verdict.decision, verdict.rationale);
    }
    case 'human': {
      await rc.state.recordGate({ phase: phase.name, type: 'human', decision: 'pending', timestamp: stamp(rc.now()) });
      return waitForHuman(rc, phase.name);
    }
    default:
      // An unknown gate type is treated as the safest known one: a person decides.
      await rc.state.recordGate({ phase: phase.name, type, decision: 'pending', timestamp: stamp(rc.now()) });
      return waitForHuman(rc, phase.name, type);
  }
}

/** Asks the host about a pending human gate (new, or left pending by an earlier run) and records the answer. */
export async function waitForHuman(rc: RunContext, phase: string, type = 'human'): Promise<GateOutcome> {
  const gate: PendingGate = { root: rc.task.root, taskId: rc.task.taskId, phase, stateFile: rc.task.stateFile };
  rc.emit({ type: 'gate-waiting', gate });
  let answer: GateAnswer | 'stop';
  try {
    answer = await rc.host.waitForHumanGate(gate, rc.signal);
  } catch {
    answer = 'stop';
  }
  if (rc.signal.aborted) return { decision: 'cancelled', rationale: null };
  if (answer === 'stop') return { decision: 'waiting', rationale: null };
  const rationale = answer.rationale ?? (answer.decision === 'approved' ? 'approved by a person' : 'rejected');
  await rc.state.answerPendingGate(phase, answer.decision, rationale);
  rc.emit({ type: 'gate', phase, gateType: type, decision: answer.decision, rationale });
  return { decision: answer.decision, rationale };
}

const DECISION = /<gate_decision>\s*(approved|rejected)\s*<\/gate_decision>/i;
const RATIONALE = /<gate_rationale>([\s\S]*?)<\/gate_rationale>/i;

/** A short review run with the same CLI (its own session); a reply without a verdict rejects. Null when cancelled. */
async function aiReview(rc: RunContext, phase: PlannedPhase, summary: string, criteria: readonly string[]):
  Promise<{ decision: 'approved' | 'rejected'; rationale: string } | null> {
  const gateCriteria = [...criteria, ...(phase.fields.gate?.criteria ?? [])];
  const prompt = fillTemplate(GATE_TEMPLATE, promptValues(rc.task, phase, { iteration: 1, previous: [summary], criteria: gateCriteria }));
  const exit = await invokeClaude(rc, { phase: phase.name, session: { id: crypto.randomUUID(), resume: false }, prompt, timeoutMs: 5 * 60_000 });
  rc.ledger.settle(phase.name, exit.usage, exit.result?.costUsd ?? null);
  await rc.state.saveTokens(rc.ledger);
  if (exit.cancelled) return null;
  const text = `${exit.result?.result ?? ''}\n${exit.text}`;
  const decision = DECISION.exec(text)?.[1]?.toLowerCase() as 'approved' | 'rejected' | undefined;
  const rationale = RATIONALE.exec(text)?.[1]?.trim();
  if (!decision) {
    const why = exit.timedOut ? 'the review timed out' : exit.result ? 'the review gave no <gate_decision>' : `the review ended without a result (${exit.spawnError ?? `exit ${exit.exitCode ?? exit.signal}`})`;
    return { decision: 'rejected', rationale: `AI gate: ${why}` };
  }
  return { decision, rationale: rationale || `AI review: ${decision}` };
}
