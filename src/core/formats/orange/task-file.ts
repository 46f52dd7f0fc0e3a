import { contentHash } from '../../io/content-hash';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { unknownValueWarnings } from '../common/enum-check';
import { issueDiagnostics, loadYamlMapping } from '../common/yaml-file';
import { parseLenient } from '../common/lenient';
import { splitTaskFile } from './frontmatter';
import type { QuestionRecord, TaskRecord } from './model';
import { frontmatterSchema } from './schemas';
import { checkSections } from './section-rules';
import { bodySections, findSection } from './sections';
import { ORANGE_STATUSES } from './vocabulary';

const SPEC_FIELDS = new Set(['id', 'project', 'branch', 'harness', 'review_harness', 'status', 'review_round', 'crash_count',
  'summary', 'workspace', 'tmux_session', 'pr_url', 'created_at', 'updated_at']);

/**
 * Reads one TASK.md: the YAML frontmatter (every field of spec 004's schema; unknown fields kept as written) and
 * the body's sections through markdown-it, with orange's section gates as diagnostics. A missing value takes the
 * spec's default; an unknown status is kept and warned about.
 */
export function parseTaskFile(file: string, text: string, folderProject: string, folderId: string): { record: Omit<TaskRecord, 'problems'> | undefined; diagnostics: Diagnostic[] } {
  const split = splitTaskFile(text);
  if (!split) {
    return { record: undefined, diagnostics: [diagnostic('orange', file, 'error',
      'TASK.md must start with YAML frontmatter between two `---` lines', { line: 1, column: 1 })] };
  }
  const shift = (d: Diagnostic): Diagnostic => (d.line === null ? d : { ...d, line: d.line + split.yamlLine - 1 });
  const loaded = loadYamlMapping('orange', file, split.yaml, 'the frontmatter');
  if (!loaded.ok) return { record: undefined, diagnostics: loaded.diagnostics.map(shift) };
  const { data, issues } = parseLenient(frontmatterSchema, loaded.value);
  const diagnostics = issueDiagnostics('orange', file, split.yaml, issues).map(shift);
  const f = data ?? {};
  const status = f.status ?? 'pending';
  diagnostics.push(...unknownValueWarnings('orange', file, split.yaml, [{ path: ['status'], value: f.status, known: ORANGE_STATUSES, what: 'status' }]).map(shift));
  const id = f.id ?? folderId;
  const project = f.project ?? folderProject;
  if (id !== folderId) diagnostics.push(diagnostic('orange', file, 'warning', `id "${id}" differs from its folder name "${folderId}"; Baton uses the folder's`, { line: split.yamlLine, column: 1 }));
  if (project !== folderProject) diagnostics.push(diagnostic('orange', file, 'warning', `project "${project}" differs from its folder "tasks/${folderProject}/"`, { line: split.yamlLine, column: 1 }));

  const sections = bodySections(split.body);
  const bodyLine = (l: number) => split.bodyLine + l;
  const checked = checkSections(sections);
  for (const p of checked.problems) diagnostics.push(diagnostic('orange', file, 'warning', p.message, { line: bodyLine(p.line), column: 1 }));
  const questionsSection = findSection(sections, 'Questions');
  const questions: QuestionRecord[] = questionsSection?.items.map((q) => ({ text: q.text, checked: q.checked, line: bodyLine(q.line) })) ?? [];
  const questionsText = questionsSection && !questions.length ? questionsSection.lines.join('\n').trim() || null : null;

  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(loaded.value)) if (!SPEC_FIELDS.has(k)) extra[k] = v;
  const record: Omit<TaskRecord, 'problems'> = {
    kind: 'task', folderProject, folderId,
    id: folderId, project: folderProject, branch: f.branch ?? `orange-tasks/${folderId}`, harness: f.harness ?? null,
    reviewHarness: f.review_harness ?? null, status, reviewRound: f.review_round ?? 0, crashCount: f.crash_count ?? 0,
    summary: f.summary ?? '', workspace: f.workspace ?? null, tmuxSession: f.tmux_session ?? null, prUrl: f.pr_url ?? null,
    createdAt: f.created_at ?? null, updatedAt: f.updated_at ?? null, extra,
    sections: sections.map((s) => ({ name: s.name, line: bodyLine(s.headingLine) })),
    plan: checked.state.plan, handoff: checked.state.handoff, verdict: checked.state.verdict, hasReview: checked.state.hasReview,
    fields: checked.state.fields, questions, questionsText, textHash: contentHash(text),
  };
  return { record, diagnostics };
}
