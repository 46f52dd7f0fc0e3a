import path from 'node:path';
import { containedPath } from '../../../io/contained-path';
import { readStateText } from '../../../io/read-text';
import { diagnostic, type Diagnostic } from '../../../model/diagnostic';
import { listItems, markdownSections, plain, tableRows } from './markdown-sections';

export interface SpecArtifact {
  readonly file: string;
  readonly title: string | null;
  readonly text: string;
  /** Success-criteria checkboxes: ticked / all. */
  readonly criteriaDone: number;
  readonly criteriaTotal: number;
}

export interface ReviewFindings {
  readonly severity: string;
  readonly items: readonly string[];
}

export interface ReviewArtifact {
  readonly file: string;
  readonly title: string | null;
  /** As written (APPROVED, CHANGES_REQUESTED, …); null when the file has no verdict. */
  readonly verdict: string | null;
  readonly findings: readonly ReviewFindings[];
  readonly tests: readonly string[];
  readonly text: string;
}

export interface FinalizationArtifact {
  readonly file: string;
  /** Low, Medium, High, Critical — as written in the Overall Risk row. */
  readonly risk: string | null;
  readonly readyForMerge: string | null;
  readonly recommendedAction: string | null;
  readonly summary: readonly (readonly [string, string])[];
  readonly text: string;
}

/** Where orc puts an artifact: `artifacts/<name>` (the executor) or the task folder itself (the layout in the spec). */
async function readArtifact(taskDir: string, name: string): Promise<{ file: string; text: string } | { file: string; error: string; refused?: true } | null> {
  for (const file of [path.join(taskDir, 'artifacts', name), path.join(taskDir, name)]) {
    // artifacts/ or the file may be a symbolic link: one whose target leaves the task folder is never read.
    const inside = await containedPath(taskDir, file, { what: 'the task folder' });
    if (!inside.ok) return { file, error: inside.reason, refused: true };
    const read = await readStateText(file);
    if (read.ok) return { file, text: read.text };
    if (!read.missing) return { file, error: read.reason };
  }
  return null;
}

export async function readArtifacts(taskDir: string): Promise<{ spec: SpecArtifact | null; review: ReviewArtifact | null;
  finalization: FinalizationArtifact | null; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const load = async <T>(name: string, parse: (file: string, text: string) => T): Promise<T | null> => {
    const found = await readArtifact(taskDir, name);
    if (!found) return null;
    // A link Baton refuses to follow is a note; a file that cannot be read is a problem.
    if ('error' in found) { diagnostics.push(diagnostic('orc', found.file, found.refused ? 'info' : 'warning', `${name} not readable: ${found.error}`)); return null; }
    return parse(found.file, found.text);
  };
  const [spec, review, finalization] = [await load('spec.md', parseSpec), await load('review.md', parseReview),
    await load('finalization-report.md', parseFinalization)];
  // Nothing reads a verdict out of review.md but Baton's view: without one it is shown without a verdict.
  if (review && review.verdict === null) diagnostics.push(diagnostic('orc', review.file, 'info', 'review.md has no "## Verdict:" line; shown without a verdict'));
  return { spec, review, finalization, diagnostics };
}

export function parseSpec(file: string, text: string): SpecArtifact {
  const sections = markdownSections(text);
  const criteria = sections.find((s) => /success criteria/i.test(s.title))?.body ?? [];
  const boxes = criteria.map((l) => /^\s*[-*]\s+\[([ xX])\]/.exec(l)?.[1]).filter((b): b is string => b !== undefined);
  const title = sections.find((s) => s.level === 1)?.title ?? null;
  return { file, text, title: title?.replace(/^Specification:\s*/i, '') ?? null,
    criteriaDone: boxes.filter((b) => b !== ' ').length, criteriaTotal: boxes.length };
}

/** `## Verdict: APPROVED`, or a `Verdict: …` / `**Verdict**: …` line. Findings are the lists under `## Findings`. */
export function parseReview(file: string, text: string): ReviewArtifact {
  const sections = markdownSections(text);
  let verdict: string | null = null;
  for (const s of sections) {
    const m = /^verdict\s*:\s*(.+)$/i.exec(plain(s.title));
    if (m) { verdict = m[1]!.trim(); break; }
  }
  if (verdict === null) {
    const line = text.split(/\r?\n/).map(plain).find((l) => /^verdict\s*:/i.test(l));
    verdict = line ? line.replace(/^verdict\s*:\s*/i, '').trim() || null : null;
  }
  const findingsAt = sections.findIndex((s) => /^findings$/i.test(plain(s.title)));
  const findings: ReviewFindings[] = [];
  if (findingsAt >= 0) {
    const top = sections[findingsAt]!;
    const subs = sections.slice(findingsAt + 1).filter((s, i, all) => s.level > top.level
      && all.slice(0, i).every((p) => p.level > top.level));
    for (const s of subs) findings.push({ severity: plain(s.title), items: listItems(s.body).filter((i) => !/^none\.?$/i.test(i)) });
    if (!subs.length) findings.push({ severity: 'Findings', items: listItems(top.body).filter((i) => !/^none\.?$/i.test(i)) });
  }
  const tests = listItems(sections.find((s) => /^tests?$/i.test(plain(s.title)))?.body ?? []);
  return { file, text, title: sections.find((s) => s.level === 1)?.title ?? null, verdict, findings, tests };
}

export function parseFinalization(file: string, text: string): FinalizationArtifact {
  const sections = markdownSections(text);
  let risk: string | null = null;
  for (const row of tableRows(sections.find((s) => /risk/i.test(s.title))?.body ?? [])) {
    if (/overall risk/i.test(plain(row[0] ?? ''))) risk = plain([...row].reverse().find((c) => plain(c)) ?? '') || null;
  }
  const field = (name: string) => {
    const re = new RegExp(`^${name}\\s*:\\s*(.+)$`, 'i');
    for (const l of text.split(/\r?\n/)) { const m = re.exec(plain(l)); if (m) return m[1]!.trim(); }
    return null;
  };
  risk ??= field('overall risk') ?? field('risk level');
  const summary = tableRows(sections.find((s) => /sync summary/i.test(s.title))?.body ?? [])
    .filter((r) => r.length >= 2 && !/^metric$/i.test(plain(r[0]!))).map((r) => [plain(r[0]!), plain(r[1]!)] as const);
  return { file, text, risk, readyForMerge: field('ready for merge'), recommendedAction: field('recommended action'), summary };
}
