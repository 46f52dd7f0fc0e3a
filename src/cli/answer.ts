import path from 'node:path';
import { answerCrp, replaced, type CrpAnswer } from '../core/formats/orchestral/answer';
import { completeCutShortAnswer } from '../core/formats/orchestral/complete-answer';
import type { OrchestralCrpDecision } from '../core/formats/orchestral/model';
import { printable, printableRow } from '../core/util/printable';
import { answerGate, isGateId } from './answer-gate';
import { answerPlan, isMissionId } from './answer-plan';
import { parse, UsageError } from './args';
import { openService } from './open-service';
import type { CliOutput } from './output';


/**
 * `baton answer`: answers a pending Orchestral/Dure CRP exactly as the inbox form does, and as Dure's own answer
 * path does (VCR written, CRP resolved; state.json is left to Dure's resume, which needs its pending_crp). Exit 0
 * when written, 1 when refused, 2 for a usage error.
 */
export async function answerCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, {
    option: { type: 'string', multiple: true }, rationale: { type: 'string' }, notes: { type: 'string' },
    'applies-to-future': { type: 'boolean' }, run: { type: 'string' }, dir: { type: 'string' }, 'no-cache': { type: 'boolean' },
    home: { type: 'string' },
  });
  const crpId = positionals[0];
  if (!crpId || positionals.length > 1) throw new UsageError('answer needs exactly one CRP_ID');
  const options = values.option ?? [];
  if (isGateId(crpId)) return answerGate(crpId, options, values.rationale, values.dir, values.home, out);
  if (isMissionId(crpId)) return answerPlan(crpId, options, values.dir, out);
  if (!options.length) throw new UsageError('give the chosen option with --option ID (or QUESTION_ID=OPTION_ID per question)');

  // Never the cache: the answer must be checked against the files as they are now.
  const { root, service } = await openService({ dir: values.dir, home: undefined, noCache: true });
  const crps = service.decisions().filter((d): d is OrchestralCrpDecision => d.system === 'orchestral' && d.kind === 'crp');
  const named = crps.filter((d) => d.id === crpId && (!values.run || d.run === values.run));
  if (!named.length) {
    const runs = service.items().filter((i) => i.system === 'orchestral' && i.kind === 'run' && (!values.run || i.id === values.run));
    const cutShort = runs.flatMap((r) => (r.system === 'orchestral' && r.kind === 'run'
      ? r.crps.filter((c) => c.crpId === crpId && c.status === 'pending' && c.answeredBy).map((c) => ({ run: r, crp: c })) : []));
    if (cutShort.length === 1) return completeEarlierAnswer(cutShort[0]!.run.dir, cutShort[0]!.run.id, cutShort[0]!.crp.file, crpId, options, root, out);
    const answered = runs.flatMap((r) => (r.system === 'orchestral' && r.kind === 'run' ? r.crps.filter((c) => c.crpId === crpId).map((c) => `${r.id} (${c.status})`) : []));
    refuse(out, answered.length
      ? printableRow`${crpId} is not pending in ${answered.join(', ')}; nothing to answer.`
      : printableRow`no pending CRP ${crpId}` + (values.run ? printableRow` in ${values.run}` : '') + printableRow` under ${root}` +
        (crps.length ? printableRow` (pending: ${crps.map((d) => `${d.id} in ${d.run}`).join(', ')})` : '') + '.');
    return 1;
  }
  if (named.length > 1) {
    throw new UsageError(printableRow`${named.length} pending CRPs are named ${crpId} (in ${named.map((d) => d.run).join(', ')}): say which with --run RUN`);
  }
  const target = named[0]!;
  const decision = decisionFromOptions(target, options);
  const answer: CrpAnswer = {
    decision, rationale: values.rationale ?? '', additionalNotes: values.notes ?? '', appliesToFuture: !!values['applies-to-future'],
  };
  const outcome = await answerCrp({ crpFile: target.file, crpId: target.id, runDir: target.runDir,
    shownCrpHash: target.crpHash, shownStateHash: target.stateHash }, answer);
  if (!outcome.ok) {
    refuse(out, printable(outcome.message));
    return 1;
  }
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  if (outcome.completed) return reportCompleted(crpId, target.run, rel(outcome.vcrFile), rel(target.file), outcome.completed.decision, decision, out);
  out.line(printableRow`${crpId} of ${target.run} answered: ${rel(outcome.vcrFile)} written, ${rel(target.file)} resolved. ` +
    `The run waits for Dure to resume it${target.createdBy ? printableRow` (it restarts the ${target.createdBy})` : ''}.`);
  return 0;
}

/** A CRP the readers show as answered (a VCR names it) whose file still says pending: the answer was cut short. */
async function completeEarlierAnswer(runDir: string, run: string, crpFile: string, crpId: string, options: readonly string[], root: string,
  out: CliOutput): Promise<number> {
  const outcome = await completeCutShortAnswer(runDir, crpFile, crpId, (f, t, h) => replaced(f, t, h, runDir));
  if (!outcome.ok) { refuse(out, printable(outcome.message)); return 1; }
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const given = options.length === 1 && !options[0]!.includes('=') ? options[0]! : Object.fromEntries(options.map((o) => o.split('=')));
  return reportCompleted(crpId, run, rel(outcome.completed.vcrFile), rel(crpFile), outcome.completed.decision, given, out);
}

/**
 * An earlier answer was cut short (its VCR written, the CRP not yet resolved) and was completed now. The same
 * answer again is a successful retry; another one was not written (Dure goes on with the first VCR): refused.
 */
function reportCompleted(crpId: string, run: string, vcr: string, crp: string, earlier: unknown, given: unknown, out: CliOutput): number {
  const what = printableRow`${crpId} of ${run} was already answered by ${vcr}, but the answer was cut short before ${crp} was resolved: resolved it now.`;
  if (sameDecision(earlier, given)) { out.line(what); return 0; }
  refuse(out, `${what} Your answer differs and was not written (Dure goes on with the first answer).`);
  return 1;
}

function sameDecision(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => JSON.stringify(v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y))) : v);
  return norm(a) === norm(b);
}

/** A refusal goes to stderr with its reason; stdout carries only what was written. */
function refuse(out: CliOutput, message: string): void {
  out.error(`baton answer: ${message}`);
}

/** `--option B` for a one-question CRP; `--option q1=A --option q2=B` for a `questions[]` CRP. */
function decisionFromOptions(d: OrchestralCrpDecision, options: readonly string[]): string | Record<string, string> {
  const pairs = options.map((o) => o.split('='));
  if (d.shape === 'single') {
    if (options.length !== 1 || pairs[0]!.length !== 1) {
      throw new UsageError(printableRow`${d.id} has one question: give one --option with an option id (${d.questions[0]!.options.map((o) => o.id).join(', ')})`);
    }
    return options[0]!;
  }
  const map: Record<string, string> = {};
  for (const [i, pair] of pairs.entries()) {
    if (pair.length !== 2 || !pair[0] || !pair[1]) {
      throw new UsageError(printableRow`${d.id} has ${d.questions.length} questions (${d.questions.map((q) => q.id).join(', ')}): ` +
        printableRow`give --option QUESTION_ID=OPTION_ID for each, not "${options[i]}"`);
    }
    if (map[pair[0]] !== undefined) throw new UsageError(printableRow`question ${pair[0]} is answered twice`);
    map[pair[0]] = pair[1];
  }
  return map;
}
