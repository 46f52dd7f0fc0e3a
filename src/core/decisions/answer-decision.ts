import path from 'node:path';
import { answerOrangeDecision, type OrangeAnswer } from '../formats/orange/answer';
import { answerOrcGate, type GateAnswerInput } from '../formats/orc/answer-gate';
import { answerCrp, type CrpAnswer } from '../formats/orchestral/answer';
import { approveMissionPlan } from '../formats/orchestral/approve-plan';
import { commandLine } from '../orc-cli/command-line';
import type { Decision } from '../service/work-item';

/** An answer to any pending decision; `form` says which system's form produced it. */
export type DecisionAnswer = ({ readonly form: 'crp' } & CrpAnswer) | ({ readonly form: 'orange' } & OrangeAnswer)
  | ({ readonly form: 'gate' } & GateAnswerInput) | { readonly form: 'plan'; readonly decision: 'approved' };

export type DecisionOutcome =
  | { readonly ok: true; readonly message: string; readonly written: readonly string[] }
  | { readonly ok: false; readonly message: string };

/**
 * The fingerprint of a decision as shown: the content hashes of the files an answer would rewrite. A form sends
 * it back with the answer, and the writer refuses when the files no longer match it.
 */
export function decisionVersion(d: Decision): string {
  switch (d.system) {
    case 'orchestral': return d.kind === 'plan' ? d.hash : `${d.crpHash}:${d.stateHash ?? ''}`;
    case 'orange': return d.textHash;
    case 'orc': return d.fingerprint;
  }
}

/** What happens next in Dure: its own resume restarts the agent that asked (Baton leaves state.json to it). */
function resumeNote(agent: string | null): string {
  return `Dure goes on when it resumes the run${agent ? ` (it restarts the ${agent})` : ''}.`;
}

/** Answers a decision in its own system's format (the inbox form, the panel and the commands all come here). */
export async function answerDecision(d: Decision, shownVersion: string, answer: DecisionAnswer): Promise<DecisionOutcome> {
  switch (d.system) {
    case 'orchestral': {
      if (d.kind === 'plan') {
        if (answer.form !== 'plan') return { ok: false, message: `${d.id} is a mission's plan; this answer is for a ${answer.form}` };
        const outcome = await approveMissionPlan({ missionDir: d.missionDir, shownHash: shownVersion, draftFile: d.draftFile });
        if (!outcome.ok) return outcome;
        return { ok: true, written: outcome.written,
          message: `${d.mission}: the plan is approved: ${outcome.phases} phases, ${outcome.tasks} tasks; the mission is ready. Dure runs it with \`dure mission run ${d.mission}\`.` };
      }
      if (answer.form !== 'crp') return { ok: false, message: `${d.id} is a CRP; this answer is for a ${answer.form}` };
      const [crpHash = '', stateHash = ''] = shownVersion.split(':');
      const outcome = await answerCrp({ crpFile: d.file, crpId: d.id, runDir: d.runDir, shownCrpHash: crpHash, shownStateHash: stateHash || null }, answer);
      if (!outcome.ok) return { ok: false, message: outcome.message };
      return {
        ok: true,
        message: `${d.id} answered: ${outcome.vcrId} written to ${path.basename(d.runDir)}/vcr/, the CRP resolved; ${resumeNote(d.createdBy)}`,
        written: [outcome.vcrFile, d.file],
      };
    }
    case 'orange': {
      if (answer.form !== 'orange') return { ok: false, message: `${d.id} is an orange task; this answer is for a ${answer.form}` };
      const outcome = await answerOrangeDecision(d, shownVersion, answer);
      if (!outcome.ok) return outcome;
      return { ok: true, message: `${d.id} moved from ${outcome.from} to ${outcome.to}${d.kind === 'clarification' ? ', the answers written under ## Questions' : ''}.`, written: outcome.written };
    }
    case 'orc': {
      if (answer.form !== 'gate') return { ok: false, message: `${d.id} is an orc gate; this answer is for a ${answer.form}` };
      // orc's database is written only by orc: such a gate is answered with `orc approve` / `orc reject` (the
      // editor runs them through src/core/orc-cli), never by this writer.
      if (d.era === 'db') {
        const command = commandLine(answer.decision === 'approved' ? ['approve', d.taskId]
          : ['reject', d.taskId, ...(answer.rationale.trim() ? ['--reason', answer.rationale.trim()] : [])]);
        return { ok: false, message: `${d.taskId} waits in orc's database, which only orc writes: run ${command}` };
      }
      const outcome = await answerOrcGate(d.file, d.phase, shownVersion, { decision: answer.decision, rationale: answer.rationale });
      if (!outcome.ok) return outcome;
      return { ok: true, message: `${d.taskId}: ${outcome.message}${answer.decision === 'approved' ? '; a run waiting on it goes on' : ''}.`, written: [d.file] };
    }
  }
}
