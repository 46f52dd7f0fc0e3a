import type { UltraworkCriterion } from './model';

/*
 * Ultrawork's tasks list success criteria and, separately, evidence strings; nothing says which evidence proves
 * which criterion (the plugin's verifier judges that). Baton checks each criterion against the evidence by the
 * words they share, so a person sees at a glance which criteria have no evidence at all. The evidence that
 * matched is shown beside the criterion, so the judgement can be checked.
 */

const STOP_WORDS = new Set(('the and for with that this are was were each one all any not never from into when then its has have '
  + 'had but our out per via can should must will does did done same still only both also more than after before there '
  + 'their them they what which who how use used using run runs without within under over exactly least most').split(' '));

/** Lower-case word stems of a text (plural and verb endings folded: "passes", "passed" → "pass"). */
export function stems(text: string): Set<string> {
  const out = new Set<string>();
  // camelCase names count word by word: "listFamilies" shares "families" with "tokenFamilies".
  for (const word of text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/)) {
    if (word.length < 3 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    out.add(stem(word));
  }
  return out;
}

/** A crude English stem, enough to make "pass", "passes" and "passed" (or "test", "tests") the same word. */
function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ied')) return w.slice(0, -3) + 'y';
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (/(?:ss|ch|sh|x)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Evidence that reports a failure ("3 failed", "FAIL", "exit code 1") proves nothing met. */
const FAILURE = /\b[1-9]\d*\s+(?:failed|failing|failures?|errors?)\b|\bFAIL(?:ED)?\b|\bexit(?:_| )code:?\s*[1-9]/;

/**
 * A piece of evidence as the criteria see it: its text; whether its own fields record a failure (a non-zero exit
 * code, `passed: false`); and the criterion it names, when an agent wrote `{criterion, description}` into the task
 * (the plugin's task summary ticks exactly those).
 */
export interface CriterionEvidence {
  readonly text: string;
  readonly failed?: boolean;
  readonly criterion?: string | null;
}

export function checkCriteria(criteria: readonly string[], evidence: readonly (string | CriterionEvidence)[]): UltraworkCriterion[] {
  const items = evidence.map((e) => (typeof e === 'string' ? { text: e } : e));
  const candidates = items.filter((e) => e.text.trim() && !e.failed && !FAILURE.test(e.text)).map((e) => ({ ...e, stems: stems(e.text) }));
  return criteria.map((text) => {
    const named = candidates.find((c) => c.criterion?.trim() === text.trim());
    if (named) return { text, met: true, evidence: named.text };
    const wanted = stems(text);
    // One shared word is enough for a one-word criterion; otherwise two, so "tests" alone does not prove "API tests pass".
    const needed = Math.min(2, wanted.size);
    let best: { text: string; score: number } | undefined;
    for (const c of candidates) {
      let score = 0;
      for (const w of wanted) if (c.stems.has(w)) score++;
      if (score >= needed && score > 0 && (!best || score > best.score)) best = { text: c.text, score };
    }
    return { text, met: best !== undefined, evidence: best?.text ?? null };
  });
}
