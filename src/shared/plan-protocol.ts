import * as z from 'zod';

/*
 * The Dure mission-plan member of the decision forms (src/shared/decisions-protocol.ts): the Critic did not approve
 * the Planner's draft, so the mission waits for a person to approve the plan (Dure has no reject: a plan not wanted
 * is re-planned or the mission deleted, in Dure).
 */

export const planAnswerPayload = z.object({
  form: z.literal('plan'),
  decision: z.literal('approved'),
}).strict();

export interface PlanTaskView {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly dependsOn: readonly string[];
}

export interface PlanFormView {
  readonly form: 'plan';
  readonly missionId: string;
  readonly missionTitle: string;
  readonly description: string | null;
  /** The draft the plan comes from (workspace-relative), or null when it is the mission's own. */
  readonly draft: string | null;
  readonly critique: {
    readonly verdict: string | null;
    readonly summary: string | null;
    readonly rationale: string | null;
    readonly counts: { readonly critical: number; readonly major: number; readonly minor: number; readonly suggestion: number };
    readonly items: readonly { readonly severity: string | null; readonly title: string; readonly description: string | null; readonly suggestion: string | null }[];
  } | null;
  readonly phases: readonly { readonly title: string; readonly description: string | null; readonly tasks: readonly PlanTaskView[] }[];
}
