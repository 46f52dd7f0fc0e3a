import type { CrpContent, CrpOption, CrpQuestion } from './model';
import type { CrpFields, optionSchema } from './schemas';
import type { z } from 'zod';

export interface CrpProblem {
  readonly path: (string | number)[];
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
}

type OptionFields = z.infer<typeof optionSchema>;

/**
 * Normalises both CRP shapes — one `question/options/recommendation`, or a `questions[]` array — to a list of
 * questions, and says what is wrong with it. `fallbackId` names a CRP whose file has no crp_id.
 */
export function readCrp(fields: CrpFields, fallbackId: string): { content: CrpContent; problems: CrpProblem[] } {
  const problems: CrpProblem[] = [];
  const crpId = fields.crp_id ?? fallbackId;
  if (!fields.crp_id) {
    problems.push({ path: [], severity: 'warning',
      message: `CRP has no \`crp_id\`: Dure finds a CRP by its crp_id (pending_crp and a VCR's crp_id name it), so it cannot resume from this one; Baton calls it "${fallbackId}" after its file` });
  }
  let shape: 'single' | 'multi' = 'single';
  const questions: CrpQuestion[] = [];
  if (fields.questions && fields.questions.length) {
    shape = 'multi';
    // Dure's form and resume use questions[] too; only its TUI headline shows `question`.
    if (fields.question != null) problems.push({ path: ['question'], severity: 'info', message: 'CRP has both `question` and `questions[]`; the questions are asked, as Dure does' });
    const seen = new Set<string>();
    fields.questions.forEach((q, i) => {
      const id = q.id ?? `q${i + 1}`;
      // Dure's form keys such an answer "undefined"; Baton cannot name it in a VCR, so it does not offer the CRP.
      if (q.id == null) problems.push({ path: ['questions', i], severity: 'warning', message: `question ${i + 1} has no \`id\`: Dure records its answer under "undefined", and Baton cannot answer it` });
      if (seen.has(id)) problems.push({ path: ['questions', i, 'id'], severity: 'error', message: `two questions share the id "${id}"` });
      seen.add(id);
      questions.push(question(id, q.question, q.context ?? null, q.options ?? [], q.recommendation ?? null, q.required !== false, ['questions', i], problems));
    });
  } else if (fields.question != null || fields.options) {
    questions.push(question(null, fields.question, null, fields.options ?? [], fields.recommendation ?? null, true, [], problems));
  } else {
    problems.push({ path: [], severity: 'error', message: 'CRP has neither `question` nor `questions[]`: there is nothing to answer' });
  }
  return {
    content: {
      crpId, status: fields.status ?? 'pending', createdAt: fields.created_at ?? null, createdBy: fields.created_by ?? null,
      type: fields.type ?? null, context: fields.context ?? null, shape, questions,
    },
    problems,
  };
}

function question(id: string | null, text: string | null | undefined, context: string | null, rawOptions: readonly OptionFields[],
  recommendation: string | null, required: boolean, at: (string | number)[], problems: CrpProblem[]): CrpQuestion {
  // Still answerable (the options are there), but nobody can tell what is being asked.
  if (!text) problems.push({ path: [...at, 'question'], severity: 'warning', message: 'CRP question has no text (`question`)' });
  const options: CrpOption[] = [];
  const ids = new Set<string>();
  rawOptions.forEach((o, i) => {
    if (o.id == null || o.id === '') {
      problems.push({ path: [...at, 'options', i], severity: 'error', message: `option ${i + 1} has no \`id\`; it cannot be chosen` });
      return;
    }
    if (ids.has(o.id)) problems.push({ path: [...at, 'options', i, 'id'], severity: 'error', message: `two options share the id "${o.id}"` });
    ids.add(o.id);
    options.push({ id: o.id, label: o.label ?? o.id, description: o.description ?? null, risk: o.risk ?? null,
      pros: o.pros ?? [], cons: o.cons ?? [] });
  });
  if (!options.length) problems.push({ path: [...at, 'options'], severity: 'error', message: 'CRP question has no options to choose from' });
  if (recommendation != null && !ids.has(recommendation)) {
    // Dure's form then marks no option as recommended, and neither does Baton's.
    problems.push({ path: [...at, 'recommendation'], severity: 'info', message: `recommendation "${recommendation}" is not one of the options; none is marked as recommended` });
  }
  return { id, question: text ?? '(no question text)', context, options, recommendation, required };
}

/** One line for lists: the question, or the questions of a multi-question CRP joined. */
export function crpHeadline(content: CrpContent): string {
  return content.questions.map((q) => q.question).join(' · ') || content.crpId;
}
