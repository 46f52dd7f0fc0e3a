import path from 'node:path';
import { rootForms } from '../../io/path-forms';
import type { Diagnostic } from '../../model/diagnostic';
import type { BrokenTaskRecord, OrangeDecision, OrangeItem, OrangeRecord, OrangeTask, PoolRecord, ProjectsRecord, TaskRecord } from './model';
import { appendAll } from '../../util/append';
import { classifyOrangePath, historyBeside } from './paths';
import { placeholderOrangeTask } from './placeholder-task';
import { resolveProjectPath } from './projects-file';
import { orangeRunsIn } from './runs-in';
import { allowedMoves } from './transitions';
import { NEEDS_YOU_STATUSES } from './vocabulary';

export interface OrangeLinkInput {
  readonly root: string;
  readonly orangeRoot: string;
  readonly files: ReadonlyMap<string, OrangeRecord>;
}

/**
 * Whether a project (by its resolved folder) belongs to the workspace folder: the same folder, or one inside the
 * other — as given or with links resolved (orange writes a project's real path, its git root through realpath; the
 * workspace may be open through a link).
 */
export function projectBelongs(projectPath: string, root: string, roots: readonly string[] = rootForms(root)): boolean {
  const inside = (child: string, parent: string) => { const rel = path.relative(parent, child); return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)); };
  const projects = rootForms(projectPath);
  return roots.some((r) => projects.some((p) => inside(r, p) || inside(p, r)));
}

/** The project whose orange worktree (`<orangeRoot>/workspaces/<project>--<n>`) the workspace folder is, if any. */
function worktreeProject(root: string, orangeRoot: string): string | undefined {
  const rel = path.relative(path.join(orangeRoot, 'workspaces'), root);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return /^(.+)--\d+$/.exec(rel.split(path.sep)[0]!)?.[1];
}

/**
 * What the previous link of one folder built, kept so that a relink after one TASK.md or history.jsonl changed
 * rebuilds only that task's item and hands every other item back as the very same object (the index tells
 * "unchanged" by identity). Anything else that changed (projects.json, the pool, a task added, removed or moved in
 * the order, its id) links everything again.
 */
export class OrangeLinkMemo {
  state: LinkState | undefined;
}

interface ShownTask {
  readonly file: string;
  readonly record: TaskRecord;
  readonly item: OrangeTask;
  readonly decision: OrangeDecision | undefined;
}

interface LinkState {
  readonly root: string;
  readonly orangeRoot: string;
  readonly mine: ReadonlyMap<string, string>;
  readonly pool: PoolRecord | undefined;
  /** This folder's readable tasks in the order shown, and where each TASK.md is in it. */
  readonly shown: ShownTask[];
  readonly at: ReadonlyMap<string, number>;
  /** The placeholders of unreadable TASK.md files (after the readable ones) and their problems. */
  readonly placeholders: readonly OrangeTask[];
  readonly placeholderProblems: readonly Diagnostic[];
}

export type OrangeLinkOutput = { items: OrangeItem[]; decisions: OrangeDecision[]; diagnostics: Diagnostic[] };

/**
 * orange's records → the tasks of the projects that belong to this workspace folder (through projects.json paths;
 * everything else under ~/orange is left out), and the tasks that wait on a person as decisions. With a memo and
 * the one file changed since its previous link, only that file's task is rebuilt when nothing else can move.
 */
export function linkOrange(input: OrangeLinkInput, memo?: OrangeLinkMemo, changed?: readonly string[]): OrangeLinkOutput {
  const previous = memo?.state;
  if (previous && changed?.length === 1 && previous.root === input.root && previous.orangeRoot === input.orangeRoot) {
    const state = relinkOneFile(previous, input, changed[0]!);
    if (state) { memo!.state = state; return outputOf(state, input.files); }
  }
  const state = fullLink(input);
  if (memo) memo.state = state;
  return outputOf(state, input.files);
}

function fullLink(input: OrangeLinkInput): LinkState {
  let projects: ProjectsRecord | undefined;
  let pool: PoolRecord | undefined;
  const tasks: [string, TaskRecord][] = [];
  const broken: [string, BrokenTaskRecord][] = [];
  for (const [file, record] of input.files) {
    if (record.kind === 'projects') projects = record;
    else if (record.kind === 'pool') pool = record;
    else if (record.kind === 'task') tasks.push([file, record]);
    else if (record.kind === 'broken-task') broken.push([file, record]);
  }
  const mine = new Map<string, string>();
  const roots = rootForms(input.root);
  for (const p of projects?.projects ?? []) {
    const resolved = resolveProjectPath(p.path, input.root);
    if (projectBelongs(resolved, input.root, roots)) mine.set(p.name, resolved);
  }
  const worktreeOf = worktreeProject(input.root, input.orangeRoot);
  if (worktreeOf && !mine.has(worktreeOf)) mine.set(worktreeOf, input.root);

  // Oldest first (ISO timestamps order by code unit), then by path in the user's collation, as orange lists them;
  // one shared collator, since localeCompare builds one per call.
  const order = tasks.filter(([, t]) => mine.has(t.folderProject)).sort(taskOrder);
  const ids = itemIds(order.map(([, t]) => t));
  const shown: ShownTask[] = [];
  const at = new Map<string, number>();
  for (const [file, record] of order) {
    const item = taskItem(input, file, record, ids.get(record)!, mine.get(record.folderProject)!, pool);
    at.set(file, shown.length);
    shown.push({ file, record, item, decision: NEEDS_YOU_STATUSES.includes(record.status) ? decisionFor(item) : undefined });
  }
  // A TASK.md that cannot be read keeps its row (issue 17: a broken file never hides its task), after the readable ones.
  const taken = new Set(shown.map((s) => s.item.id));
  const placeholders: OrangeTask[] = [];
  const placeholderProblems: Diagnostic[] = [];
  for (const [file, b] of broken.sort((x, y) => PATH_ORDER.compare(x[0], y[0]))) {
    const projectPath = mine.get(b.folderProject);
    if (projectPath === undefined) continue;
    appendAll(placeholderProblems, b.problems);
    const id = [b.folderId, `${b.folderProject}/${b.folderId}`].find((x) => !taken.has(x)) ?? `${b.folderProject}/${b.folderId}/${taken.size}`;
    taken.add(id);
    placeholders.push(placeholderOrangeTask(file, b, { root: input.root, orangeRoot: input.orangeRoot, projectPath, historyFile: historyBeside(file), id }));
  }
  return { root: input.root, orangeRoot: input.orangeRoot, mine, pool, shown, at, placeholders, placeholderProblems };
}

/**
 * The link after one TASK.md or history.jsonl was re-read, when only its own task's item can differ: the task was
 * shown and still is, with the same id and creation time (its place in the order and every item id stay). Undefined
 * when a full link is needed.
 */
function relinkOneFile(previous: LinkState, input: OrangeLinkInput, file: string): LinkState | undefined {
  const kind = classifyOrangePath(input.orangeRoot, file);
  if (kind?.kind !== 'task' && kind?.kind !== 'history') return undefined;
  const taskMd = kind.kind === 'task' ? file : path.join(path.dirname(file), 'TASK.md');
  const record = input.files.get(taskMd);
  const index = previous.at.get(taskMd);
  if (index === undefined) {
    // Not one of this folder's readable tasks, and not becoming one: a history beside another project's task (or a
    // placeholder, which shows no history) changes no item.
    const shownNow = record?.kind === 'task' && previous.mine.has(record.folderProject);
    const placeholder = previous.placeholders.some((p) => p.file === taskMd);
    return kind.kind === 'history' && !shownNow && !placeholder ? previous : undefined;
  }
  const old = previous.shown[index]!;
  if (record?.kind !== 'task' || record.id !== old.record.id || record.createdAt !== old.record.createdAt) return undefined;
  const item = taskItem(input, taskMd, record, old.item.id, old.item.projectPath, previous.pool);
  const shown = previous.shown.slice();
  shown[index] = { file: taskMd, record, item, decision: NEEDS_YOU_STATUSES.includes(record.status) ? decisionFor(item) : undefined };
  return { ...previous, shown };
}

/** Items, decisions and problems of a link; the problems are gathered again (cheap) in the full link's order. */
function outputOf(state: LinkState, files: ReadonlyMap<string, OrangeRecord>): OrangeLinkOutput {
  const items: OrangeItem[] = [];
  const decisions: OrangeDecision[] = [];
  // Another project's broken files are its own business: only this folder's projects report problems.
  const diagnostics: Diagnostic[] = [];
  for (const record of files.values()) if (record.kind === 'history' && state.mine.has(record.project)) appendAll(diagnostics, record.problems);
  for (const s of state.shown) {
    items.push(s.item);
    if (s.decision) decisions.push(s.decision);
    appendAll(diagnostics, s.record.problems);
  }
  appendAll(items, state.placeholders);
  appendAll(diagnostics, state.placeholderProblems);
  return { items, decisions, diagnostics };
}

function taskOrder(a: readonly [string, TaskRecord], b: readonly [string, TaskRecord]): number {
  return byCodeUnit(a[1].createdAt ?? '', b[1].createdAt ?? '') || PATH_ORDER.compare(a[0], b[0]);
}

/**
 * One task's item. Its fields are listed one by one, in the order a spread of the record gave them (the record's
 * own fields, then Baton's): a spread of the 30-field record cost about 30 µs a task.
 */
function taskItem(input: OrangeLinkInput, file: string, t: TaskRecord, id: string, projectPath: string, pool: PoolRecord | undefined): OrangeTask {
  const historyFile = historyBeside(file);
  const history = input.files.get(historyFile);
  return {
    id, project: t.project, branch: t.branch, harness: t.harness, reviewHarness: t.reviewHarness, effort: t.effort,
    reviewEffort: t.reviewEffort, status: t.status, reviewRound: t.reviewRound, crashCount: t.crashCount, summary: t.summary,
    workspace: t.workspace, tmuxSession: t.tmuxSession, prUrl: t.prUrl, prState: t.prState, createdAt: t.createdAt,
    updatedAt: t.updatedAt, extra: t.extra, sections: t.sections, lead: t.lead, plan: t.plan, handoff: t.handoff,
    verdict: t.verdict, hasReview: t.hasReview, fields: t.fields, questions: t.questions, questionsText: t.questionsText,
    textHash: t.textHash,
    system: 'orange', kind: 'task', title: taskTitle(t), file, root: input.root,
    projectPath, orangeRoot: input.orangeRoot, historyFile,
    poolStatus: pool?.workspaces.find((w) => w.name === t.workspace)?.status ?? null,
    runsIn: orangeRunsIn(t, pool, input.orangeRoot, input.root),
    recentHistory: history?.kind === 'history' ? history.events.slice(-10) : [],
  };
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
