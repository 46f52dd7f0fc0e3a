/**
 * What one read of an orc database gives the index: its rows, normalised but not interpreted (camelCase, the
 * empty strings orc's Go writers leave as null, SQLite's `datetime('now')` times as ISO 8601). Plain JSON, so the
 * index can cache it like any file's record. The row mappers (map-task.ts, map-initiative.ts) build the model.
 */
export interface OrcDbRecord {
  readonly kind: 'db';
  /** The engine that read it ('sqlite'). */
  readonly engine: string;
  /** Whether it has orc's `tasks` table (a file-era orc.db held only comments and search indexes). */
  readonly hasTasks: boolean;
  /** Highest `_migrations` version, null when the table is missing. */
  readonly schemaVersion: number | null;
  /** Why the database is shown read-only (a newer or half-migrated schema); null when its schema is the known one. */
  readonly readOnlyReason: string | null;
  readonly tasks: readonly DbTask[];
  /** [task, the task it depends on]; a blocker may no longer exist (no foreign key). */
  readonly dependencies: readonly (readonly [string, string])[];
  readonly phases: readonly DbPhase[];
  readonly gates: readonly DbGate[];
  readonly workflows: readonly DbWorkflow[];
  /**
   * Workflows the global database (~/.orc/orc.db) defines that tasks name and this database lacks: orc copies a
   * workflow into the project database when it first runs it, so a task never run finds its phases there.
   */
  readonly globalWorkflows?: readonly DbWorkflow[];
  /** Per task and phase, the phase of the task's latest workflow run (its iteration count is the real one). */
  readonly runPhases: readonly DbRunPhase[];
  readonly initiatives: readonly DbInitiative[];
  /** Per task: how many comments, transcript messages, attachments, and whether a spec was written. */
  readonly extras: Readonly<Record<string, DbTaskExtras>>;
}

export interface DbTask {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly weight: string | null;
  /** As written; orc's zero value '' is null here. */
  readonly status: string | null;
  readonly stateStatus: string | null;
  readonly currentPhase: string | null;
  readonly currentIteration: number | null;
  readonly branch: string | null;
  readonly targetBranch: string | null;
  readonly queue: string | null;
  readonly priority: string | null;
  readonly category: string | null;
  readonly initiativeId: string | null;
  readonly workflowId: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly totalCostUsd: number | null;
  /** orc's metadata map (JSON of string values); null when empty or not JSON (then `metadataProblem` says why). */
  readonly metadata: Readonly<Record<string, string>> | null;
  readonly metadataProblem: string | null;
  readonly executorPid: number | null;
  readonly executorHostname: string | null;
  readonly executorStartedAt: string | null;
  readonly lastHeartbeat: string | null;
  readonly isAutomation: boolean;
  readonly requiresUiTesting: boolean;
  readonly prUrl: string | null;
  readonly prNumber: number | null;
  readonly prStatus: string | null;
  readonly createdBy: string | null;
  readonly assignedTo: string | null;
  /** `worktree_path`: the git worktree orc runs the task in, as written (null when empty or the column is absent). */
  readonly worktreePath: string | null;
}

export interface DbPhase {
  readonly taskId: string;
  readonly phaseId: string;
  readonly status: string | null;
  readonly iterations: number | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly interruptedAt: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheCreationTokens: number;
  readonly cacheReadTokens: number;
  readonly totalTokens: number;
  readonly costUsd: number | null;
  readonly error: string | null;
  readonly commitSha: string | null;
  readonly skipReason: string | null;
  /** The provider's session id out of orc's `{"provider": …, "data": {"session_id": …}}`. */
  readonly sessionId: string | null;
  readonly provider: string | null;
}

/** One phase of a workflow run (workflow_run_phases), with its run's task. */
export interface DbRunPhase {
  readonly taskId: string;
  readonly phaseId: string;
  readonly runId: string;
  readonly status: string | null;
  readonly iterations: number | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
}

export interface DbGate {
  readonly taskId: string;
  readonly phase: string;
  readonly gateType: string | null;
  readonly approved: boolean;
  readonly reason: string | null;
  readonly decidedBy: string | null;
  readonly decidedAt: string | null;
}

export interface DbWorkflow {
  readonly id: string;
  readonly name: string | null;
  /** In orc's order (workflow_phases.sequence). */
  readonly phases: readonly DbWorkflowPhase[];
}

export interface DbWorkflowPhase {
  readonly id: string;
  readonly name: string | null;
  readonly type: string | null;
  readonly gateType: string | null;
  readonly maxIterations: number | null;
}

export interface DbInitiative {
  readonly id: string;
  readonly title: string;
  readonly status: string | null;
  readonly vision: string | null;
  readonly owner: { readonly initials: string | null; readonly displayName: string | null; readonly email: string | null } | null;
  readonly branchBase: string | null;
  readonly branchPrefix: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  /** initiative_tasks, by sequence. */
  readonly taskIds: readonly string[];
  readonly dependsOn: readonly string[];
  readonly decisions: readonly DbInitiativeDecision[];
}

export interface DbInitiativeDecision {
  readonly id: string;
  readonly decision: string;
  readonly rationale: string | null;
  readonly decidedBy: string | null;
  readonly decidedAt: string | null;
}

export interface DbTaskExtras {
  readonly comments: number;
  readonly transcripts: number;
  readonly attachments: number;
  readonly hasSpec: boolean;
}

/**
 * orc dropped the per-phase iteration limit on 2026-02-04 (4941bb2b "Remove MaxIterations"): no code has written
 * `phase_templates.max_iterations` or `workflow_phases.max_iterations_override` since, so they hold the schema's
 * default 20, which limits nothing. A review loop's bound is its `loop_config.max_loops`, another thing.
 */
export const NO_ITERATION_LIMIT = null;
