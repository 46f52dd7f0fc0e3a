import { contentHash } from '../../io/content-hash';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { issueDiagnostics, loadYamlMapping } from '../common/yaml-file';
import { YamlLocator } from '../../yaml/locate';
import { parseLenient } from '../common/lenient';
import { frontmatterProblems } from './frontmatter-checks';
import { splitTaskFile } from './frontmatter';
import type { QuestionRecord, TaskRecord } from './model';
import { frontmatterSchema, type FrontmatterFields } from './schemas';
import { checkSections } from './section-rules';
import { findSection, markdownOutline } from './sections';

/** The frontmatter fields orange's Task type has (every version's, `description` excepted: it is shown from `extra`). */
const ORANGE_FIELDS = new Set(['id', 'project', 'branch', 'harness', 'review_harness', 'effort', 'review_effort', 'status', 'review_round',
  'crash_count', 'summary', 'workspace', 'tmux_session', 'pr_url', 'pr_state', 'created_at', 'updated_at']);

/**
 * Reads one TASK.md as orange does (gray-matter: YAML frontmatter, then the body): every frontmatter field any
 * orange version wrote, unknown ones kept as written; a missing field reads as orange reads it (harness `claude`,
 * rounds 0, nothing else invented). The body's gates and verdict are what orange's own parser derives
 * (section-rules.ts); its questions and sections are the Markdown a person reads.
 */
export function parseTaskFile(file: string, text: string, folderProject: string, folderId: string): { record: Omit<TaskRecord, 'problems'> | undefined; diagnostics: Diagnostic[] } {
  const split = splitTaskFile(text);
  if (!split) {
    return { record: undefined, diagnostics: [diagnostic('orange', file, 'error',
      'TASK.md must start with YAML frontmatter between two `---` lines: orange reads a task without it as one with no id, status or dates', { line: 1, column: 1 })] };
  }
  const shift = (d: Diagnostic): Diagnostic => (d.line === null ? d : { ...d, line: d.line + split.yamlLine - 1 });
  const loaded = loadYamlMapping('orange', file, split.yaml, 'the frontmatter');
  if (!loaded.ok) return { record: undefined, diagnostics: loaded.diagnostics.map(shift) };
  const { data, issues } = parseLenient(frontmatterSchema, loaded.value);
  const diagnostics = issueDiagnostics('orange', file, new YamlLocator(split.yaml), issues).map(shift);
  const f: Partial<FrontmatterFields> = data ?? {};
  diagnostics.push(...frontmatterProblems({ file, yaml: split.yaml, yamlLine: split.yamlLine, raw: loaded.value, fields: f, folderProject, folderId }));
  const status = f.status ?? '';

  const outline = markdownOutline(split.body);
  const bodyLine = (l: number) => split.bodyLine + l;
  const checked = checkSections(split.body, status, outline, bodyLine);
  for (const p of checked.problems) diagnostics.push(diagnostic('orange', file, p.severity, p.message, { line: bodyLine(p.line), column: 1 }));
  const questionsSection = findSection(outline.sections, 'Questions');
  const questions: QuestionRecord[] = questionsSection?.items.map((q) => ({ text: q.text, checked: q.checked, line: bodyLine(q.line) })) ?? [];
  const questionsText = questionsSection && !questions.length ? questionsSection.lines.join('\n').trim() || null : null;

  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(loaded.value)) if (!ORANGE_FIELDS.has(k)) extra[k] = v;
  const record: Omit<TaskRecord, 'problems'> = {
    kind: 'task', folderProject, folderId,
    // orange names a task by its frontmatter (it finds it by scanning folders); the folder stands in when a field is missing.
    id: f.id ?? folderId, project: f.project ?? folderProject, branch: f.branch ?? null,
    harness: f.harness ?? 'claude', reviewHarness: f.review_harness ?? 'claude', effort: f.effort ?? null, reviewEffort: f.review_effort ?? null,
    status, reviewRound: f.review_round ?? 0, crashCount: f.crash_count ?? 0,
    summary: f.summary ?? '', workspace: f.workspace ?? null, tmuxSession: f.tmux_session ?? null, prUrl: f.pr_url ?? null, prState: f.pr_state ?? null,
    createdAt: f.created_at ?? null, updatedAt: f.updated_at ?? null, extra,
    sections: outline.sections.map((s) => ({ name: s.name, line: bodyLine(s.headingLine) })), lead: outline.lead,
    plan: checked.state.plan, handoff: checked.state.handoff, verdict: checked.state.verdict, hasReview: checked.state.hasReview,
    fields: checked.state.fields, questions, questionsText, textHash: contentHash(text),
  };
  return { record, diagnostics };
}
