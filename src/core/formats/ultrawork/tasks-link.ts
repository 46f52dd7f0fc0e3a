import { problemOf } from '../../model/item-problem';
import { UNREADABLE_STATUS } from '../../model/items';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { YamlLocator } from '../../yaml/locate';
import { findCycles } from '../common/graph';
import { cycleText } from '../common/id-list';
import { checkCriteria, type CriterionEvidence } from './criteria';
import { normalizeEvidence } from './evidence';
import type { SessionAssignment, UltraworkEvidence, UltraworkTask } from './model';
import type { TaskFields } from './schemas';

/** Evidence entries kept per task for display. */
const TASK_LOG_EVIDENCE = 20;

export interface TaskFile {
  readonly file: string;
  readonly name: string;
  readonly fields: TaskFields | undefined;
  /** The file's own problems: the first error is an unreadable task's (fields undefined) reason. */
  readonly problems?: readonly Diagnostic[];
}

export interface SessionTasksInput {
  readonly root: string;
  readonly sessionId: string;
  readonly sessionDir: string;
  readonly assignment: SessionAssignment;
  readonly tasks: readonly TaskFile[];
  /** The session's evidence (session.json's log and log.jsonl), newest first. */
  readonly evidence: readonly UltraworkEvidence[];
  readonly locator: (file: string) => YamlLocator | undefined;
}

/**
 * A session's task files → task items: the blockers of both spellings, whether a task waits on one that is not
 * resolved (a blocker with no task file counts as unresolved), criteria checked against the task's evidence and
 * the log entries that name it; self-blocks, unknown blockers and cycles (the plugin would never start such a
 * task) become diagnostics. A task is known by its file name, as the plugin's scripts address it.
 */
export function linkSessionTasks(input: SessionTasksInput): { tasks: UltraworkTask[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const at = (file: string, path: (string | number)[]) => input.locator(file)?.locate(path) ?? null;
  const byId = new Map<string, TaskFile>();
  for (const t of [...input.tasks].sort((a, b) => a.file.localeCompare(b.file))) byId.set(t.name, t);
  const blockersOf = (t: TaskFile) => [...new Set([...(t.fields?.blockedBy ?? []), ...(t.fields?.blocked_by ?? [])].filter((b) => b !== ''))];
  const tasks: UltraworkTask[] = [];
  for (const [taskId, t] of byId) {
    const f = t.fields;
    const blockedBy = blockersOf(t);
    const field = f?.blockedBy ? 'blockedBy' : 'blocked_by';
    for (const b of blockedBy) {
      if (b === taskId) diagnostics.push(diagnostic('ultrawork', t.file, 'warning', `task "${taskId}" lists itself as a blocker; it can never start`, at(t.file, [field])));
      else if (!byId.has(b)) diagnostics.push(diagnostic('ultrawork', t.file, 'warning', `blocker "${b}" has no task file in this session; counted as not resolved`, at(t.file, [field])));
    }
    const waitingOn = blockedBy.filter((b) => b !== taskId && byId.get(b)?.fields?.status !== 'resolved');
    // A readable file without a status is open to the plugin (task-list's default); an unreadable one is shown as
    // such, with its problem (issue 17: a broken file never hides its task).
    const status = f ? f.status ?? 'open' : UNREADABLE_STATUS;
    const own = (f?.evidence ?? []).map(taskEvidence);
    const logEvidence = input.evidence.filter((e) => e.taskId === taskId);
    tasks.push({
      system: 'ultrawork', kind: 'task', id: `${input.sessionId}/${taskId}`, taskId, title: f?.subject?.trim() || `Task ${taskId}`,
      status, file: t.file, root: input.root, sessionId: input.sessionId, sessionDir: input.sessionDir,
      ...(f ? {} : { unreadable: problemOf(t.problems ?? [], 'the task file cannot be read') }),
      description: f?.description ?? null, complexity: f?.complexity ?? null,
      approach: f?.approach ?? null, testFile: f?.test_file ?? null, testScope: f?.test_scope ?? null, blockedBy, waitingOn,
      blocked: status === 'blocked' || (status !== 'resolved' && status !== 'failed' && waitingOn.length > 0),
      // The bash scripts split "a | b" at the bar without trimming.
      criteria: checkCriteria((f?.criteria ?? []).map((c) => c.trim()).filter(Boolean), [...own, ...logEvidence]),
      evidence: own.map((e) => e.text), logEvidence: logEvidence.slice(0, TASK_LOG_EVIDENCE), assignment: input.assignment,
    });
  }
  for (const cycle of findCycles([...byId.keys()], (id) => blockersOf(byId.get(id)!).filter((b) => b !== id && byId.has(b)))) {
    const first = byId.get(cycle[0]!)!;
    diagnostics.push(diagnostic('ultrawork', first.file, 'error', `tasks block each other in a cycle${cycleText(cycle, 'tasks')}`,
      at(first.file, [first.fields?.blockedBy ? 'blockedBy' : 'blocked_by'])));
  }
  return { tasks: tasks.sort(compareTasks), diagnostics };
}

/** A task's own evidence: a string as written, or an object an agent wrote (its text, its failure, the criterion it names). */
function taskEvidence(e: string | Record<string, unknown>): CriterionEvidence {
  if (typeof e === 'string') return { text: e };
  const n = normalizeEvidence(e);
  const text = n?.text || n?.summary || JSON.stringify(e);
  return { text, failed: n?.failed ?? false, criterion: typeof e.criterion === 'string' ? e.criterion : null };
}

/** Numbered tasks in number order, named ones after them, `verify` last (it runs after the others). */
function compareTasks(a: UltraworkTask, b: UltraworkTask): number {
  const rank = (t: UltraworkTask) => (t.taskId === 'verify' ? 2 : /^\d+$/.test(t.taskId) ? 0 : 1);
  return rank(a) - rank(b) || (rank(a) === 0 ? Number(a.taskId) - Number(b.taskId) : a.taskId.localeCompare(b.taskId));
}
