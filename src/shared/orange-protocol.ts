import * as z from 'zod';
import type { MdNode } from './markdown-nodes';

/*
 * The orange member of the decision forms (src/shared/decisions-protocol.ts): what the "Needs you" form of an
 * orange task sends, and what the host shows in it.
 */

/** An orange task resolved from the inbox: the status to move to, answers per `## Questions` item, a note. */
export const orangeAnswerPayload = z.object({
  form: z.literal('orange'),
  to: z.string().min(1).max(40).regex(/^[a-z][a-z-]*$/),
  answers: z.array(z.string().max(20_000)).max(100),
  note: z.string().max(20_000),
}).strict();

export interface OrangeMoveView {
  readonly status: string;
  readonly label: string;
  /** done and cancelled end the task (no move leads out of them): the form asks to confirm. */
  readonly irreversible: boolean;
}

export interface OrangeFormView {
  readonly form: 'orange';
  /** clarification, stuck or reviewing */
  readonly kind: string;
  readonly project: string;
  readonly branch: string | null;
  readonly questions: readonly { readonly text: string; readonly checked: boolean | null; readonly md: { readonly text: MdNode[] } }[];
  /** `## Questions` written as prose (no list). */
  readonly questionsText: string | null;
  /** The Markdown fields parsed by the host (`pageMarkdown`): the page renders these. */
  readonly md: { readonly questionsText: MdNode[] | null };
  readonly verdict: string | null;
  readonly reviewRound: number;
  readonly prUrl: string | null;
  /** Nothing is preselected: the person picks the move. */
  readonly moves: readonly OrangeMoveView[];
  /** A move out of stuck or reviewing needs a reason (history.jsonl records it); the host refuses one without. */
  readonly reasonRequired: boolean;
  /** orange moves tasks on by itself only while its dashboard runs: the form says so. */
  readonly note: string;
}
