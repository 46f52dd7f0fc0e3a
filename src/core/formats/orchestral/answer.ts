import { promises as fs } from 'node:fs';
import path from 'node:path';
import { containedPath } from '../../io/contained-path';
import { crashPoint } from '../../io/crash-point';
import { createFileAtomic } from '../../io/create-atomic';
import { takeClaim } from '../../io/exclusive-claim';
import { makeFolder } from '../../io/make-folder';
import { readCurrent, replaceCurrent, type CurrentText } from '../../io/read-current';
import { ReplaceConflict } from '../../io/replace-if-unchanged';
import { TargetRefused, writeTarget } from '../../io/target-file';
import { editJsonText } from '../common/json-edit';
import { loadJsonObject } from '../common/json-file';
import { lenientCrp } from './crp-file';
import type { CrpContent } from './model';
import { nextVcrId, usedVcrIds, vcrFileAnswering } from './vcr-ids';
import { resolveAnswered } from './complete-answer';

/** What a person chose, as the form (or `baton answer`) collected it. */
export interface CrpAnswer {
  /** The chosen option id (one-question CRP), or question id → option id (`questions[]`). */
  readonly decision: string | Readonly<Record<string, string>>;
  readonly rationale: string;
  readonly additionalNotes: string;
  readonly appliesToFuture: boolean;
}

/** Which CRP, and the fingerprints (`contentHash`) of the CRP and the run's state.json as they were shown. */
export interface CrpTarget {
  readonly crpFile: string;
  readonly crpId: string;
  readonly runDir: string;
  readonly shownCrpHash: string;
  /** null: the run had no state.json when the CRP was shown. */
  readonly shownStateHash: string | null;
}

export type AnswerOutcome =
  /** `completed`: the VCR was written earlier by an answer cut short, and only the CRP's status was set now. */
  | { readonly ok: true; readonly vcrId: string; readonly vcrFile: string; readonly completed?: { readonly decision: unknown } }
  | { readonly ok: false; readonly reason: 'changed' | 'not-pending' | 'invalid-answer' | 'unreadable'; readonly message: string };

/**
 * The VCR as spec 001 shapes it and as Dure's own respond route writes it: a `questions[]` answer is also given
 * as `decisions` (Dure's resume reads `decision`, its dashboard `decisions`). Key order is the spec's.
 */
export interface VcrJson {
  vcr_id: string;
  crp_id: string;
  created_at: string;
  decision: string | Record<string, string>;
  decisions?: Record<string, string>;
  rationale: string;
  additional_notes: string;
  applies_to_future: boolean;
}

/**
 * Answers a pending CRP exactly as Dure's own answer path does (its respond route and RunManager.saveVCR): writes
 * `vcr/<vcr_id>.json` with `vcr_id` = `vcr-<epoch ms>`, and sets the CRP's `status` to `resolved`. state.json is
 * left alone: Dure's resume needs `phase: waiting_human` and the `pending_crp` to find the CRP and restart the agent
 * that asked; it clears `pending_crp` and moves `phase` on itself. Each write is atomic and changes nothing else in
 * its file. Refused — with nothing written — when the CRP or state.json is not what was shown, the CRP is no longer
 * pending, or the answer does not fit its questions. A write that finds its file changed at the last moment undoes
 * the VCR. The whole answer holds the CRP's claim (`.<crp file>.claim`); a VCR found beside a CRP still pending is an
 * answer cut short by a kill, and is completed (`completed` in the outcome) rather than answered twice.
 */
export async function answerCrp(target: CrpTarget, answer: CrpAnswer, now = new Date()): Promise<AnswerOutcome> {
  const stateFile = path.join(target.runDir, 'state.json');
  const crpName = path.relative(target.runDir, target.crpFile);
  // Every file this answer reads or writes must really lie in the run's folder: a link (vcr/ → elsewhere) is refused.
  for (const file of [target.crpFile, stateFile, path.join(target.runDir, 'vcr')]) {
    const inside = await containedPath(target.runDir, file, { what: 'the run folder' });
    if (!inside.ok) return { ok: false, reason: 'unreadable', message: `Nothing was written: ${inside.reason}` };
  }
  // One answer of a CRP at a time, across processes: two answers at once (or a retry racing a slow first try)
  // must never leave two VCRs for one CRP. A claim left by a killed answer is taken over.
  const claim = await takeClaim(target.crpFile);
  if (!claim) return { ok: false, reason: 'changed', message: `${target.crpId} is being answered by another process right now. Nothing was written.` };
  try {
    crashPoint('answer-claimed');
    return await answerClaimed(target, answer, now, stateFile, crpName);
  } finally {
    await claim.release();
  }
}

async function answerClaimed(target: CrpTarget, answer: CrpAnswer, now: Date, stateFile: string, crpName: string): Promise<AnswerOutcome> {
  let crp: CurrentText, state: CurrentText;
  try {
    [crp, state] = await Promise.all([readCurrent(target.crpFile), readCurrent(stateFile)]);
  } catch (err) {
    return { ok: false, reason: 'unreadable', message: `Nothing was written: ${(err as Error).message}` };
  }
  if (!crp.exists) return changed(`${crpName} no longer exists`);
  if (crp.hash !== target.shownCrpHash) return changed(`${crpName} changed since it was shown`);
  const stateHash = state.exists ? state.hash : null;
  if (stateHash !== target.shownStateHash) return changed(`state.json of ${path.basename(target.runDir)} changed since the CRP was shown`);

  const content = readContent(target.crpFile, crp.text);
  if (typeof content === 'string') return { ok: false, reason: 'unreadable', message: `Nothing was written: ${content}` };
  if (content.crpId !== target.crpId) return changed(`${crpName} is now ${content.crpId}, not ${target.crpId}`);
  if (content.status !== 'pending') {
    return { ok: false, reason: 'not-pending', message: `${target.crpId} is ${content.status}, not pending: it was already answered. Nothing was written.` };
  }
  const invalid = checkAnswer(content, answer.decision);
  if (invalid) return { ok: false, reason: 'invalid-answer', message: `${invalid}. Nothing was written.` };
  // Dure goes on with the first VCR that names the CRP: a second answer would be written and never read. A VCR
  // beside a CRP still pending is an answer cut short (killed between its two writes): it is completed instead.
  const earlier = await vcrFileAnswering(target.runDir, target.crpId);
  if (earlier) {
    const done = await resolveAnswered(target.crpFile, crp, earlier, (f, t, h) => replaced(f, t, h, target.runDir));
    if (done === 'changed') return changed(`${crpName} changed while the answer was being written`);
    return { ok: true, vcrId: done.vcrId, vcrFile: done.vcrFile, completed: { decision: done.decision } };
  }

  // A CRP that cannot be replaced (read-only, a link leaving the run) is refused before the VCR is written.
  try {
    await writeTarget(target.crpFile, target.runDir);
  } catch (err) {
    if (err instanceof TargetRefused) return { ok: false, reason: 'unreadable', message: `Nothing was written: ${err.message}` };
    throw err;
  }

  // 1. The VCR: a new file under a fresh id (another writer taking the id first just moves us to the next).
  const baseDir = path.dirname(path.dirname(target.runDir));
  const vcrDir = path.join(target.runDir, 'vcr');
  await makeFolder(vcrDir);
  const used = await usedVcrIds(baseDir);
  let vcrId = nextVcrId(used, now);
  let vcrFile = path.join(vcrDir, `${vcrId}.json`);
  const vcrText = (id: string) => JSON.stringify(vcrJson(id, target.crpId, answer, content, now), null, 2) + '\n';
  for (let attempt = 0; !(await createFileAtomic(vcrFile, vcrText(vcrId))); attempt++) {
    if (attempt > 50) return { ok: false, reason: 'unreadable', message: `Could not find a free VCR id in ${vcrDir}. Nothing was written.` };
    used.add(vcrId);
    vcrId = nextVcrId(used, now);
    vcrFile = path.join(vcrDir, `${vcrId}.json`);
  }
  crashPoint('answer-vcr-written');

  // 2. The CRP's status, checked against what was shown one last time right before the rename.
  const resolvedCrp = withBom(crp.bom, editJsonText(crp.text, [{ path: ['status'], value: 'resolved' }]));
  if (!(await replaced(target.crpFile, resolvedCrp, crp.hash, target.runDir))) {
    await fs.rm(vcrFile, { force: true });
    return changed(`${crpName} changed while the answer was being written`);
  }
  crashPoint('answer-crp-resolved');
  return { ok: true, vcrId, vcrFile };
}

/**
 * The VCR object in the spec's key order, with Dure's `decisions` after `decision` for a `questions[]` answer
 * (questions in the CRP's order; one left unanswered because it is not `required` is left out, as Dure does).
 * `created_at` is the full ISO time, as Dure writes it.
 */
export function vcrJson(vcrId: string, crpId: string, answer: CrpAnswer, content: CrpContent, now: Date): VcrJson {
  const head = { vcr_id: vcrId, crp_id: crpId, created_at: now.toISOString() };
  const tail = { rationale: answer.rationale, additional_notes: answer.additionalNotes, applies_to_future: answer.appliesToFuture };
  if (typeof answer.decision === 'string') return { ...head, decision: answer.decision, ...tail };
  const chosen = answer.decision;
  const map = Object.fromEntries(content.questions.filter((q) => Object.prototype.hasOwnProperty.call(chosen, q.id!))
    .map((q) => [q.id!, chosen[q.id!]!]));
  return { ...head, decision: map, decisions: { ...map }, ...tail };
}

/** Why an answer does not fit the CRP's questions, or null when it does. */
export function checkAnswer(content: CrpContent, decision: CrpAnswer['decision']): string | null {
  const ids = (q: CrpContent['questions'][number]) => q.options.map((o) => o.id);
  if (content.shape === 'single') {
    const q = content.questions[0];
    if (!q) return `${content.crpId} has no question to answer`;
    if (typeof decision !== 'string') return `${content.crpId} has one question: answer it with one option id (${ids(q).join(', ')})`;
    if (!ids(q).includes(decision)) return `"${decision}" is not an option of ${content.crpId} (options: ${ids(q).join(', ')})`;
    return null;
  }
  if (typeof decision === 'string') {
    return `${content.crpId} has ${content.questions.length} questions: answer each as QUESTION_ID=OPTION_ID (${content.questions.map((q) => q.id).join(', ')})`;
  }
  for (const key of Object.keys(decision)) {
    if (!content.questions.some((q) => q.id === key)) return `${content.crpId} has no question "${key}" (questions: ${content.questions.map((q) => q.id).join(', ')})`;
  }
  for (const q of content.questions) {
    const chosen = Object.prototype.hasOwnProperty.call(decision, q.id!) ? decision[q.id!] : undefined;
    if (chosen === undefined && !q.required) continue;
    if (chosen === undefined) return `question ${q.id} of ${content.crpId} has no answer`;
    if (!ids(q).includes(chosen)) return `"${chosen}" is not an option of question ${q.id} (options: ${ids(q).join(', ')})`;
  }
  return null;
}

function readContent(file: string, text: string): CrpContent | string {
  const loaded = loadJsonObject('orchestral', file, text, 'the CRP');
  if (!loaded.ok) return `${path.basename(file)}: ${loaded.diagnostics[0]?.message ?? 'unreadable'}`;
  return lenientCrp(loaded.value, path.basename(file, '.json'));
}

/**
 * Replaces a file only while it still holds the version with this hash, checked at the rename itself; false when
 * it changed, or became a file Baton will not replace (read-only, a link out of `root`) since it was checked.
 */
export async function replaced(file: string, text: string, hash: string, root: string): Promise<boolean> {
  try {
    await replaceCurrent(file, text, hash, root);
    return true;
  } catch (err) {
    if (err instanceof ReplaceConflict || err instanceof TargetRefused) return false;
    throw err;
  }
}

function withBom(bom: boolean, text: string): string {
  return bom ? '\ufeff' + text : text;
}

function changed(what: string): AnswerOutcome {
  return { ok: false, reason: 'changed', message: `Refused: ${what}. Nothing was written; look at it again and answer the current version.` };
}
