import * as z from 'zod';

/*
 * The orc human-gate member of the decision forms (src/shared/decisions-protocol.ts): a run of the executor waits
 * after a phase whose gate is `human`; the person approves, or rejects with a reason.
 */

/** Approve (a reason is optional) or reject (a reason is required: the executor records it and the agent reads it). */
export const gateAnswerPayload = z.object({
  form: z.literal('gate'),
  decision: z.enum(['approved', 'rejected']),
  rationale: z.string().max(20_000),
}).strict().refine((a) => a.decision === 'approved' || a.rationale.trim().length > 0,
  { message: 'a rejection needs a reason', path: ['rationale'] });

export interface GateFormView {
  readonly form: 'gate';
  readonly taskId: string;
  readonly taskTitle: string | null;
  /** The phase that just ran; the run continues with the next one once approved. */
  readonly phase: string;
  readonly nextPhase: string | null;
  readonly gateType: string;
  readonly requestedAt: string | null;
  /** What the phase left behind, for the person to check before approving. */
  readonly phaseStatus: string | null;
  readonly checkpoint: string | null;
  readonly filesChanged: readonly string[];
  readonly artifacts: readonly string[];
  readonly criteria: readonly string[];
  /**
   * Who records the answer: Baton itself into state.yaml (orc's file era), or orc's own commands for a task of its
   * database, shown so the person knows what runs. orc's approve takes no reason: the form asks for one only to reject.
   */
  readonly answeredBy: { readonly by: 'baton' } | { readonly by: 'orc'; readonly approve: string; readonly reject: string };
}
