import path from 'node:path';
import type { Diagnostic } from '../../model/diagnostic';
import type { BrokenTaskRecord, HistoryRecord, OrangeDecision, OrangeItem, OrangeRecord, OrangeTask, PoolRecord, ProjectsRecord, TaskRecord } from './model';
import { historyBeside } from './paths';
import { placeholderOrangeTask } from './placeholder-task';
import { resolveProjectPath } from './projects-file';
import { allowedMoves } from './transitions';
import { NEEDS_YOU_STATUSES } from './vocabulary';

export interface OrangeLinkInput {
  readonly root: string;
  readonly orangeRoot: string;
  readonly files: ReadonlyMap<string, OrangeRecord>;
}

/** Whether a project (by its resolved folder) belongs to the workspace folder: the same folder, or one inside the other. */
export function projectBelongs(projectPath: string, root: string): boolean {
  const inside = (child: string, parent: string) => { const rel = path.relative(parent, child); return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)); };
  return inside(root, projectPath) || inside(projectPath, root);
}

/** The project whose orange worktree (`<orangeRoot>/workspaces/<project>--<n>`) the workspace folder is, if any. */
function worktreeProject(root: string, orangeRoot: string): string | undefined {
  const rel = path.relative(path.join(orangeRoot, 'workspaces'), root);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return /^(.+)--\d+$/.exec(rel.split(path.sep)[0]!)?.[1];
}

/**
 * orange's records → the tasks of the projects that belong to this workspace folder (through projects.json paths;
 * everything else under ~/orange is left out), and the tasks that wait on a person as decisions.
 */
export function linkOrange(input: OrangeLinkInput): { items: OrangeItem[]; decisions: OrangeDecision[]; diagnostics: Diagnostic[] } {
  let projects: ProjectsRecord | undefined;
  let pool: PoolRecord | undefined;
  const tasks: [string, TaskRecord][] = [];
  const histories = new Map<string, HistoryRecord>();
  const broken: [string, BrokenTaskRecord][] = [];
  for (const [file, record] of input.files) {
    if (record.kind === 'projects') projects = record;
    else if (record.kind === 'pool') pool = record;
    else if (record.kind === 'task') tasks.push([file, record]);
    else if (record.kind === 'broken-task') broken.push([file, record]);
    else histories.set(file, record);
  }
  const mine = new Map<string, string>();
  for (const p of projects?.projects ?? []) {
    const resolved = resolveProjectPath(p.path, input.root);
    if (projectBelongs(resolved, input.root)) mine.set(p.name, resolved);
  }
  const worktreeOf = worktreeProject(input.root, input.orangeRoot);
  if (worktreeOf && !mine.has(worktreeOf)) mine.set(worktreeOf, input.root);

  const items: OrangeTask[] = [];
  const decisions: OrangeDecision[] = [];
  // Another project's broken files are its own business: only this folder's projects report problems.
  const diagnostics: Diagnostic[] = [];
  for (const h of histories.values()) if (mine.has(h.project)) diagnostics.push(...h.problems);
  // Oldest first (ISO timestamps order by code unit), then by path in the user's collation, as orange lists them;
  // one shared collator, since localeCompare builds one per call.
  const shown = tasks.filter(([, t]) => mine.has(t.folderProject))
    .sort((a, b) => byCodeUnit(a[1].createdAt ?? '', b[1].createdAt ?? '') || PATH_ORDER.compare(a[0], b[0]));
  const ids = itemIds(shown.map(([, t]) => t));
  for (const [file, t] of shown) {
    const projectPath = mine.get(t.folderProject)!;
    diagnostics.push(...t.problems);
    const historyFile = historyBeside(file);
    const { kind: _kind, folderProject: _p, folderId: _i, problems: _problems, ...fields } = t;
    const id = ids.get(t)!;
    const task: OrangeTask = {
      ...fields, id, system: 'orange', kind: 'task', title: taskTitle(t), file, root: input.root,
      projectPath, orangeRoot: input.orangeRoot, historyFile,
      poolStatus: pool?.workspaces.find((w) => w.name === t.workspace)?.status ?? null,
      recentHistory: histories.get(historyFile)?.events.slice(-10) ?? [],
    };
    items.push(task);
    if (NEEDS_YOU_STATUSES.includes(t.status)) decisions.push(decisionFor(task));
  }
  // A TASK.md that cannot be read keeps its row (issue 17: a broken file never hides its task), after the readable ones.
  const taken = new Set(items.map((i) => i.id));
  for (const [file, b] of broken.sort((x, y) => PATH_ORDER.compare(x[0], y[0]))) {
    const projectPath = mine.get(b.folderProject);
    if (projectPath === undefined) continue;
    diagnostics.push(...b.problems);
    const id = [b.folderId, `${b.folderProject}/${b.folderId}`].find((x) => !taken.has(x)) ?? `${b.folderProject}/${b.folderId}/${taken.size}`;
    taken.add(id);
    items.push(placeholderOrangeTask(file, b, { root: input.root, orangeRoot: input.orangeRoot, projectPath, historyFile: historyBeside(file), id }));
  }
  return { items, decisions, diagnostics };
}

/**
 * Each task's item id: the id orange knows it by (its frontmatter `id`). When two folders name the same task — an
 * old folder and the copy orange saved under `tasks/<project>/<id>/` — the one in the folder of that name keeps it
 * and the other is known by its folder, so each stays its own row.
 */
function itemIds(tasks: readonly TaskRecord[]): Map<TaskRecord, string> {
  const out = new Map<TaskRecord, string>();
  const taken = new Set<string>();
  const claim = (t: TaskRecord, id: string) => { out.set(t, id); taken.add(id); };
  for (const t of tasks) if (t.id === t.folderId && !taken.has(t.id)) claim(t, t.id);
  for (const t of tasks) {
    if (out.has(t)) continue;
    claim(t, [t.id, t.folderId, `${t.folderProject}/${t.folderId}`].find((id) => !taken.has(id)) ?? `${t.folderProject}/${t.folderId}/${out.size}`);
  }
  return out;
}

const TITLE_MAX = 120;

/**
 * What a task is called: its summary; a task without one (created with an empty summary, or written before orange
 * had the field) is described by its legacy `description` field (January 31 2026) or by its body's first line —
 * until January 31 the body was the description — and only then by its branch or id.
 */
export function taskTitle(t: Pick<TaskRecord, 'summary' | 'extra' | 'lead' | 'branch' | 'id'>): string {
  const description = typeof t.extra.description === 'string' ? t.extra.description.trim() : '';
  if (t.summary.trim() || description) return t.summary.trim() || description;
  const lead = t.lead?.replace(/\s+/g, ' ') ?? '';
  if (lead) return lead.length > TITLE_MAX ? `${lead.slice(0, TITLE_MAX - 1)}…` : lead;
  return t.branch || t.id;
}

function decisionFor(t: OrangeTask): OrangeDecision {
  const kind = t.status as OrangeDecision['kind'];
  const question = kind === 'clarification'
    ? (t.questions.map((q) => q.text).join(' · ') || t.questionsText || 'The agent is waiting for your input (no ## Questions written).')
    : kind === 'stuck' ? `Stuck${t.verdict === 'FAIL' ? ` after review round ${t.reviewRound} failed` : ''}: ${t.title}`
      : `Review passed${t.reviewRound ? ` (round ${t.reviewRound})` : ''}: accept ${t.title}?`;
  return {
    system: 'orange', kind, id: t.id, ref: `${t.project}/${t.id}`, status: t.status, question, file: t.file, root: t.root,
    project: t.project, summary: t.summary, branch: t.branch, questions: t.questions, questionsText: t.questionsText,
    verdict: t.verdict, reviewRound: t.reviewRound, prUrl: t.prUrl, moves: allowedMoves(t), textHash: t.textHash, historyFile: t.historyFile,
  };
}

const PATH_ORDER = new Intl.Collator();

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
