import type { Diagnostic } from '../../model/diagnostic';
import type { DecisionBase, WorkItemBase } from '../../model/items';
import type { Verdict } from './section-rules';

/*
 * What each orange file contributes to the index (plain JSON, so it can be cached), and the task item and
 * decisions the views consume.
 */

export interface OrangeProject {
  readonly name: string;
  /** As written in projects.json. */
  readonly path: string;
  readonly defaultBranch: string | null;
  readonly poolSize: number | null;
}

export interface ProjectsRecord {
  readonly kind: 'projects';
  readonly projects: readonly OrangeProject[];
}

export interface PoolWorkspace {
  readonly name: string;
  /** `bound` or `available` as written (other values kept). */
  readonly status: string | null;
  /** `<project>/<branch>` or `<project>/<task id>` of the bound task. */
  readonly task: string | null;
}

export interface PoolRecord {
  readonly kind: 'pool';
  readonly workspaces: readonly PoolWorkspace[];
}

export interface QuestionRecord {
  readonly text: string;
  readonly checked: boolean | null;
  /** 1-based line in TASK.md. */
  readonly line: number;
}

export interface TaskFields {
  readonly id: string;
  readonly project: string;
  readonly branch: string | null;
  /** As orange reads it: `claude` when the field is missing (tasks from before January 29 2026 have none). */
  readonly harness: string;
  readonly reviewHarness: string;
  /** The agents' reasoning effort (orange since March 2026), null for the harness's default. */
  readonly effort: string | null;
  readonly reviewEffort: string | null;
  /** As written; '' when TASK.md has no status. */
  readonly status: string;
  readonly reviewRound: number;
  readonly crashCount: number;
  readonly summary: string;
  readonly workspace: string | null;
  readonly tmuxSession: string | null;
  readonly prUrl: string | null;
  /** The PR's last state orange saved on a terminal move: OPEN, CLOSED or MERGED (orange since February 23 2026). */
  readonly prState: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  /** Frontmatter fields orange's Task does not have (a legacy `description`, anything newer), as written. */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** What TASK.md's body says, as the record holds it and the item shows it. */
export interface TaskBody {
  /** Body sections as a person reads the Markdown, in file order: name and 1-based line. */
  readonly sections: readonly { readonly name: string; readonly line: number }[];
  /** The first line of the body's first paragraph: what describes a task that has no summary. */
  readonly lead: string | null;
  readonly plan: boolean | null;
  readonly handoff: boolean | null;
  readonly verdict: Verdict | null;
  readonly hasReview: boolean;
  readonly fields: Readonly<Record<string, string>>;
  readonly questions: readonly QuestionRecord[];
  /** `## Questions` text when it holds no list (one question in prose). */
  readonly questionsText: string | null;
  /** sha256 (hex) of the bytes parsed: an edit is refused when TASK.md no longer has it. */
  readonly textHash: string;
}

export interface TaskRecord extends TaskFields, TaskBody {
  readonly kind: 'task';
  /** The task's folder names (tasks/<project>/<id>/). */
  readonly folderProject: string;
  readonly folderId: string;
  /** The file's problems, reported only when the task's project belongs to the workspace folder. */
  readonly problems: readonly Diagnostic[];
}

/** A TASK.md that could not be read (no frontmatter, broken YAML): only its problems, reported like a task's. */
export interface BrokenTaskRecord {
  readonly kind: 'broken-task';
  readonly folderProject: string;
  readonly folderId: string;
  readonly problems: readonly Diagnostic[];
}

export interface HistoryEvent {
  /** As written ('' when the line has none). */
  readonly type: string;
  readonly timestamp: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly reason: string | null;
  /** Every other field of the line, as written (`task_id`, `url`, `crash_count`, `changes`, `outcome`, …). */
  readonly details: Readonly<Record<string, unknown>>;
}

export interface HistoryRecord {
  readonly kind: 'history';
  readonly project: string;
  readonly taskId: string;
  /** The newest events, oldest first. */
  readonly events: readonly HistoryEvent[];
  /** Every line of the file was read. */
  readonly complete: boolean;
  readonly problems: readonly Diagnostic[];
}

export type OrangeRecord = ProjectsRecord | PoolRecord | TaskRecord | BrokenTaskRecord | HistoryRecord;

/** Where an orange task runs: one worktree of its project's pool (`<orangeRoot>/workspaces/<project>--<n>`). */
export interface OrangeWorktree {
  /** `<project>--<n>`. */
  readonly name: string;
  /** `<orangeRoot>/workspaces/<name>`: text to show, never opened or handed to a command. */
  readonly path: string;
  /** `task`: TASK.md's `workspace`; `pool`: the binding in workspaces/.pool.json. */
  readonly via: 'task' | 'pool';
  /** The workspace folder is this worktree (or inside it). */
  readonly here: boolean;
}

/** An orange task, shown when its project's path is (or holds, or is inside) the workspace folder. */
export interface OrangeTask extends WorkItemBase, TaskFields, TaskBody {
  readonly system: 'orange';
  readonly kind: 'task';
  /** The project's path, resolved (null when projects.json does not list the project). */
  readonly projectPath: string;
  readonly orangeRoot: string;
  readonly historyFile: string;
  /** The pool's record for the task's workspace, if the pool names it. */
  readonly poolStatus: string | null;
  /** The git worktree of the project's pool the task runs in (runs-in.ts); null when neither TASK.md nor the pool names one. */
  readonly runsIn: OrangeWorktree | null;
  readonly recentHistory: readonly HistoryEvent[];
}

export type OrangeItem = OrangeTask;

/** orange tasks that wait on a person: a clarification to answer, a stuck task, a reviewed task to accept. */
export interface OrangeDecision extends DecisionBase {
  readonly system: 'orange';
  readonly kind: 'clarification' | 'stuck' | 'reviewing';
  readonly project: string;
  readonly summary: string;
  readonly branch: string | null;
  readonly questions: readonly QuestionRecord[];
  readonly questionsText: string | null;
  readonly verdict: Verdict | null;
  readonly reviewRound: number;
  readonly prUrl: string | null;
  /** The statuses the person may move the task to from here. */
  readonly moves: readonly string[];
  readonly textHash: string;
  readonly historyFile: string;
}
