import * as z from 'zod';
import type { MdNode } from './markdown-nodes';
import { gateAnswerPayload, type GateFormView } from './gate-protocol';
import { orangeAnswerPayload, type OrangeFormView } from './orange-protocol';
import { planAnswerPayload, type PlanFormView } from './plan-protocol';
import { readyMessage } from './protocol';

/*
 * Messages between the host and the decision forms (the "Needs you" sidebar view and the full-editor panel).
 * Everything a form sends is untrusted and goes through `parseFromWebview(fromDecisionsWebview, …)` before it
 * can cause a write. The inbox is open: each system adds its form kind (`form`) to `answerPayload` and to
 * `FormView`.
 */

/** decisionKey() of a decision: the host looks it up among the pending decisions; nothing else is trusted. */
const decisionKey = z.string().min(1).max(4096);
/** Names that must never become object keys (a map decision is copied into an object). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const answerId = z.string().min(1).max(200).refine((s) => !UNSAFE_KEYS.has(s), 'reserved name');

/** A CRP answer: one option id, or one per question of a `questions[]` CRP. */
export const crpAnswerPayload = z.object({
  form: z.literal('crp'),
  decision: z.union([answerId, z.record(answerId, answerId).refine((m) => Object.keys(m).length >= 1 && Object.keys(m).length <= 100,
    'between 1 and 100 answers')]),
  rationale: z.string().max(20_000),
  additionalNotes: z.string().max(20_000),
  appliesToFuture: z.boolean(),
}).strict();

export const answerPayload = z.discriminatedUnion('form', [crpAnswerPayload, orangeAnswerPayload, gateAnswerPayload, planAnswerPayload]);
export type AnswerPayload = z.infer<typeof answerPayload>;

/** Submit: `version` is the fingerprint of what the form showed; the write is refused if the files moved on. */
export const answerMessage = z.object({
  type: z.literal('answer'),
  requestId: z.string().min(1).max(64),
  key: decisionKey,
  version: z.string().min(1).max(400),
  answer: answerPayload,
}).strict();

/** Open the decision's own file (the host resolves the key; no path comes from the webview). */
export const openSourceMessage = z.object({ type: z.literal('openSource'), key: decisionKey }).strict();
/** Open the full-editor form for a decision. */
export const openPanelMessage = z.object({ type: z.literal('openPanel'), key: decisionKey }).strict();

export const fromDecisionsWebview = z.discriminatedUnion('type', [readyMessage, answerMessage, openSourceMessage, openPanelMessage]);
export type FromDecisionsWebview = z.infer<typeof fromDecisionsWebview>;

// ---- host → webview (built by the host; typed, not validated) ----

export interface OptionView {
  readonly id: string;
  readonly label: string;
  readonly description: string | null;
  readonly risk: string | null;
  readonly pros: readonly string[];
  readonly cons: readonly string[];
  /** The Markdown fields parsed by the host (`pageMarkdown`): the page renders these, the text stays for reading. */
  readonly md: { readonly description: MdNode[] | null; readonly risk: MdNode[] | null; readonly pros: MdNode[][]; readonly cons: MdNode[][] };
}

export interface QuestionView {
  /** null for a one-question CRP (its answer is a plain option id). */
  readonly id: string | null;
  readonly question: string;
  readonly context: string | null;
  readonly options: readonly OptionView[];
  readonly recommendation: string | null;
  readonly md: { readonly question: MdNode[]; readonly context: MdNode[] | null };
}

export interface CrpFormView {
  readonly form: 'crp';
  readonly type: string | null;
  readonly createdBy: string | null;
  readonly createdAt: string | null;
  readonly context: string | null;
  readonly questions: readonly QuestionView[];
  readonly md: { readonly context: MdNode[] | null };
}

export type FormView = CrpFormView | OrangeFormView | GateFormView | PlanFormView;

export interface DecisionView {
  readonly key: string;
  readonly version: string;
  readonly system: string;
  /** e.g. "crp-001" */
  readonly title: string;
  /** e.g. the run's title and id */
  readonly subtitle: string;
  /** The title of the task (or run) the decision is about: the announcement after an answer names it. */
  readonly taskTitle: string;
  /** Workspace-relative path of the decision's file, for display. */
  readonly source: string;
  readonly form: FormView;
  /** The workspace folder the decision belongs to when the window has several (the inbox puts each folder's
   *  decisions under a heading with its name); null with one folder. */
  readonly folder: FolderView | null;
}

/** A workspace folder as VS Code names it, and its path (shown on hover). */
export interface FolderView {
  readonly name: string;
  readonly path: string;
}

export type ToDecisionsWebview =
  | { readonly type: 'decisions'; readonly decisions: readonly DecisionView[]; readonly trusted: boolean;
      /** `inbox`: every pending decision; `single`: the panel of one decision (`focus`). */
      readonly mode: 'inbox' | 'single'; readonly focus: string | null }
  | { readonly type: 'answerResult'; readonly requestId: string; readonly key: string; readonly ok: boolean; readonly message: string };
