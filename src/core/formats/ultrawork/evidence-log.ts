import { countNewlines, linesFromEnd, type TailScan } from '../../io/tail-lines';
import type { UltraworkEvidence } from './model';
import { normalizeEvidence } from './evidence';
import { EVIDENCE_TYPES } from './vocabulary';

export interface EvidenceLogProblem {
  readonly severity: 'error' | 'warning' | 'info';
  /** Absolute 1-based line when the whole file was read, else null (then `fromEnd` places it). */
  readonly line: number | null;
  readonly fromEnd: number;
  readonly message: string;
}

export interface EvidenceLogTail {
  readonly size: number;
  readonly mtimeMs: number;
  /** Newest first. */
  readonly entries: UltraworkEvidence[];
  readonly problems: EvidenceLogProblem[];
  /** Every line was read. */
  readonly complete: boolean;
}

/**
 * The newest `limit` lines of `evidence/log.jsonl`, read backwards from its end: the log grows with every hook
 * call and can be huge, so the cost is the lines taken, never the file's size. A partial last line is a write
 * in progress, not an error.
 */
export async function readEvidenceLog(file: string, limit: number): Promise<EvidenceLogTail> {
  const scan: { value?: TailScan } = {};
  const seen: { fromEnd: number; entry?: UltraworkEvidence; problem?: string; severity?: 'error' | 'info' }[] = [];
  let oldest: { fromEnd: number; offset: number } | undefined;
  const unknownTypes = new Map<string, number>();
  let stopped = false;
  // Blank lines are skipped by the reader itself (counted, not yielded): a log padded with millions of them costs no more.
  for await (const line of linesFromEnd(file, scan, { maxBytes: 16 * 1024 * 1024, skipBlank: true })) {
    oldest = { fromEnd: line.fromEnd, offset: line.offset };
    if (!line.text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch (err) {
      // The plugin skips such a line too (with a warning), so its entry is lost: a real problem. A half-written last line is not.
      if (!line.unterminated) seen.push({ fromEnd: line.fromEnd, problem: `not valid JSON (${(err as Error).message})`, severity: 'error' });
      continue;
    }
    const entry = normalizeEvidence(value);
    // JSON that is not an object is no entry the plugin writes; nothing of it can be shown.
    seen.push(entry ? { fromEnd: line.fromEnd, entry } : { fromEnd: line.fromEnd, problem: 'not an evidence entry (a JSON object); skipped', severity: 'info' });
    // Unknown types are kept and shown as written; one info per type, at its oldest line read.
    if (entry?.type && !EVIDENCE_TYPES.includes(entry.type)) unknownTypes.set(entry.type, line.fromEnd);
    if (seen.length >= limit) { stopped = true; break; }
  }
  const state = scan.value!;
  // Lines are numbered from the end while reading; once the start was reached the absolute number is known.
  const complete = state.reachedStart && !stopped;
  // Only blank lines can precede the oldest line yielded; they are counted only when a problem needs a line number.
  const numbered = complete && oldest !== undefined && (oldest.offset === 0 || seen.some((x) => x.problem) || unknownTypes.size > 0);
  const total = numbered ? oldest!.fromEnd + (oldest!.offset === 0 ? 0 : await countNewlines(file, oldest!.offset)) : null;
  const problems: EvidenceLogProblem[] = seen.filter((s) => s.problem).map((s) => ({
    severity: s.severity ?? 'error', fromEnd: s.fromEnd, line: total === null ? null : total - s.fromEnd + 1, message: s.problem!,
  }));
  for (const [type, fromEnd] of unknownTypes) {
    problems.push({ severity: 'info', fromEnd, line: total === null ? null : total - fromEnd + 1,
      message: `unknown evidence type "${type}" (known: ${EVIDENCE_TYPES.join(', ')}); shown as written` });
  }
  // The plugin would read such a line; Baton does not, so its entry is missing from what is shown.
  for (const fromEnd of state.oversized) problems.push({ severity: 'warning', line: null, fromEnd, message: 'line is too long to read; skipped' });
  return { size: state.size, mtimeMs: state.mtimeMs, entries: seen.flatMap((s) => (s.entry ? [s.entry] : [])), problems,
    complete };
}
