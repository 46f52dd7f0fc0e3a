import type { WorkItemBase } from '../../model/items';

/** One evidence entry, from session.json's `evidence_log` or from `evidence/log.jsonl`. */
export interface UltraworkEvidence {
  readonly timestamp: string | null;
  /** As written (unknown types are kept). */
  readonly type: string | null;
  readonly agentId: string | null;
  readonly taskId: string | null;
  readonly status: string | null;
  /** One line to show: the summary, else the description, command, path or first output line. */
  readonly summary: string;
  /** Everything searchable in the entry (summary, command, output), bounded: what criteria are checked against. */
  readonly text: string;
  /**
   * The entry records a failure (a command's non-zero `exit_code`, a test result with `passed: false`, the bash
   * hooks' `context.success: false`, an agent that `status: "failed"`): it proves no criterion.
   */
  readonly failed: boolean;
}

/** A success criterion of a task and what the evidence says about it. */
export interface UltraworkCriterion {
  readonly text: string;
  readonly met: boolean;
  /** The evidence that meets it (null when unmet). */
  readonly evidence: string | null;
}

export interface UltraworkDocument {
  readonly kind: 'design' | 'exploration';
  /** `design`, or the exploration file's name without `.md` (`overview`, `exp-1`). */
  readonly name: string;
  /** The explorer's hint from context.json, else the document's first heading. */
  readonly title: string | null;
  readonly file: string;
}

export interface UltraworkContext {
  readonly file: string;
  /** `file` is null when none is named or it leads out of the session folder (`outside` says why; shown, never opened). */
  readonly explorers: readonly { id: string; hint: string | null; summary: string | null; file: string | null; outside: string | null }[];
  readonly expectedExplorers: readonly string[];
  readonly explorationComplete: boolean | null;
  readonly keyFiles: readonly string[];
  readonly patterns: readonly string[];
  readonly constraints: readonly string[];
}

/**
 * Where a session belongs: `workspace` when its `working_dir`/`original_dir` (or worktree) is this folder or
 * inside it; `unassigned` when it names no folder (v5 sessions, or a session.json that cannot be read).
 */
export type SessionAssignment = 'workspace' | 'unassigned';

/** An agent the plugin's SubagentStop hook recorded in `workers` (one per agent, its task and how it ended). */
export interface UltraworkWorker {
  readonly agentId: string | null;
  readonly taskId: string | null;
  readonly status: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly failureReason: string | null;
}

export interface UltraworkSession extends WorkItemBase {
  readonly system: 'ultrawork';
  readonly kind: 'session';
  /** Absolute path of the session folder. */
  readonly dir: string;
  readonly version: string | null;
  /** What the user asked for: the session's title (the plugin's status script prints it as the session's name). */
  readonly goal: string | null;
  /** A naming slug the plugin derives from the goal for branches and files (`session-<id prefix>` for non-ASCII goals). */
  readonly goalBrief: string | null;
  /** As written (null when session.json is missing or unreadable). */
  readonly phase: string | null;
  readonly explorationStage: string | null;
  readonly iteration: number | null;
  readonly planApprovedAt: string | null;
  /** `plan.design_doc`: the design document in the project (path as written). */
  readonly designDoc: string | null;
  readonly planningTier: string | null;
  readonly options: Readonly<Record<string, unknown>> | null;
  readonly workingDir: string | null;
  readonly originalDir: string | null;
  readonly worktree: { branch: string | null; path: string | null } | null;
  readonly verifierPassed: boolean | null;
  /** `documenter_completed` (7.0 with the DOCUMENTATION phase); null when the file does not have it. */
  readonly documenterCompleted: boolean | null;
  /** `failure_reason` of a FAILED session. */
  readonly failureReason: string | null;
  /** `agentType` is what the hooks write (`ultrawork:worker`); `role`/`taskId` what older files may hold. */
  readonly activeAgents: readonly { agentId: string | null; agentType: string | null; role: string | null; taskId: string | null; startedAt: string | null }[];
  readonly workers: readonly UltraworkWorker[];
  readonly startedAt: string | null;
  readonly updatedAt: string | null;
  readonly cancelledAt: string | null;
  readonly assignment: SessionAssignment;
  readonly context: UltraworkContext | null;
  readonly documents: readonly UltraworkDocument[];
  /** Newest first, bounded (see EVIDENCE_SHOWN). */
  readonly recentEvidence: readonly UltraworkEvidence[];
  /** Entries counted: session.json's log plus the lines of log.jsonl that were read. */
  readonly evidenceCount: number;
  /** log.jsonl was larger than what was read: `evidenceCount` is a lower bound. */
  readonly evidencePartial: boolean;
  readonly evidenceFile: string | null;
  /** Task ids in display order. */
  readonly taskIds: readonly string[];
  /** Every file the session was read from. */
  readonly files: readonly string[];
}

export interface UltraworkTask extends WorkItemBase {
  readonly system: 'ultrawork';
  readonly kind: 'task';
  /** `<session id>/<task id>` (CLI.md); `taskId` is the task's own id. */
  readonly taskId: string;
  readonly sessionId: string;
  readonly sessionDir: string;
  readonly description: string | null;
  readonly complexity: string | null;
  /** `approach` (`tdd` or `standard`, task-create.js 0.9+), with a TDD task's `test_file` and `test_scope`. */
  readonly approach: string | null;
  readonly testFile: string | null;
  readonly testScope: string | null;
  /** From `blockedBy` or `blocked_by` (both when a file has both). */
  readonly blockedBy: readonly string[];
  /** Blockers that are not resolved yet (missing ones included). */
  readonly waitingOn: readonly string[];
  readonly blocked: boolean;
  readonly criteria: readonly UltraworkCriterion[];
  /** The task file's own evidence strings. */
  readonly evidence: readonly string[];
  /** Entries of the session's evidence log that name this task, newest first (bounded). */
  readonly logEvidence: readonly UltraworkEvidence[];
  readonly assignment: SessionAssignment;
}

export type UltraworkItem = UltraworkSession | UltraworkTask;

/** How many evidence entries a session keeps for display, and how many lines of log.jsonl are read. */
export const EVIDENCE_SHOWN = 50;
export const EVIDENCE_LOG_LINES = 2000;
