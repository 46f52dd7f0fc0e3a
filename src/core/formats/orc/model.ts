import type { WorkItemBase } from '../../model/items';
import type { TokenTotals } from '../../model/tokens';
import type { InitiativeFields, PlanFields, StateFields, TaskFields } from './schemas';

/** A normalised gate record, whichever of the two shapes state.yaml used. */
export interface GateRecord {
  readonly phase: string | null;
  readonly type: string | null;
  readonly decision: string | null;
  readonly rationale: string | null;
  readonly timestamp: string | null;
}

/** Which of orc's layouts an item was read from: the YAML files of spec 000, or orc's database. */
export type OrcEra = 'file' | 'db';

export interface OrcTask extends WorkItemBase {
  readonly system: 'orc';
  readonly kind: 'task';
  readonly era: OrcEra;
  /** Folder name under .orc/tasks/ (the id orc uses on disk); the task id in the database era. */
  readonly dir: string;
  readonly description: string | null;
  readonly weight: string | null;
  readonly priority: string;
  readonly queue: string;
  readonly category: string;
  readonly initiativeId: string | null;
  readonly branch: string | null;
  readonly currentPhase: string | null;
  readonly blockedBy: readonly string[];
  readonly relatedTo: readonly string[];
  readonly blocks: readonly string[];
  readonly referencedBy: readonly string[];
  readonly blocked: boolean;
  readonly orphaned: boolean;
  readonly orphanReason: string | null;
  readonly requiresUiTesting: boolean;
  readonly resolved: boolean;
  readonly tokens: TokenTotals | null;
  readonly gates: readonly GateRecord[];
  readonly stateFile: string | null;
  readonly stateStatus: string | null;
  readonly planFile: string | null;
  /** The phase timeline: plan.yaml's phases merged with state.yaml's record of them. */
  readonly phases: readonly PhaseRow[];
  /**
   * Every field task.yaml holds that validated, unknown ones included. In the database era, the task row in
   * task.yaml's names (title, status, weight, queue, priority, category, initiative_id, branch, blocked_by, the
   * times, pr, metadata), so views read one shape.
   */
  readonly fields: TaskFields;
  /** state.yaml (file era; null in the database era, whose execution record is in `db`). */
  readonly state: StateFields | null;
  readonly plan: PlanFields | null;
  /** What only the database era has; null in the file era. */
  readonly db: OrcDbTaskFacts | null;
}

/** A database-era task's facts beyond the file era's fields. */
export interface OrcDbTaskFacts {
  readonly workflowId: string | null;
  /** tasks.total_cost_usd. */
  readonly costUsd: number | null;
  /** orc's own execution status column (state_status), as written. */
  readonly stateStatus: string | null;
  readonly currentIteration: number | null;
  readonly execution: { readonly pid: number | null; readonly hostname: string | null; readonly startedAt: string | null;
    readonly lastHeartbeat: string | null } | null;
  /** metadata.blocked_reason (`gate_pending`: waiting for a human gate). */
  readonly blockedReason: string | null;
  readonly comments: number;
  readonly transcripts: number;
  readonly attachments: number;
  readonly hasSpec: boolean;
  /** Why orc's database is shown read-only (a newer or half-migrated schema); null when it is not. */
  readonly readOnlyReason: string | null;
  /**
   * `tasks.worktree_path`: the git worktree orc runs the task in, as written (null when none). Only ever shown: never
   * opened, never handed to a command.
   */
  readonly worktreePath: string | null;
}

export interface OrcInitiative extends WorkItemBase {
  readonly system: 'orc';
  readonly kind: 'initiative';
  readonly era: OrcEra;
  readonly dir: string;
  readonly vision: string | null;
  readonly blockedBy: readonly string[];
  readonly blocks: readonly string[];
  readonly blocked: boolean;
  /** Tasks that name this initiative, and the ones its own `tasks` list names. */
  readonly taskIds: readonly string[];
  readonly progress: InitiativeProgress;
  /** Every initiative this one waits on, directly or not, blockers first, ending with this one. */
  readonly dependencyChain: readonly string[];
  /** Decisions in the spec's shape or orc's (`date`, `by`), normalised. */
  readonly decisions: readonly InitiativeDecision[];
  readonly fields: InitiativeFields;
}

export type OrcItem = OrcTask | OrcInitiative;

/** Token counts of one phase. Only `total` is sure: `by_phase` may hold a bare number. */
export interface PhaseTokens {
  readonly input: number | null;
  readonly output: number | null;
  readonly cacheCreation: number | null;
  readonly cacheRead: number | null;
  readonly effectiveInput: number | null;
  readonly total: number;
}

/** One row of a task's phase timeline: what plan.yaml says will run, merged with what state.yaml says happened. */
export interface PhaseRow {
  readonly name: string;
  readonly type: string | null;
  /** As written in state.yaml, else in plan.yaml (orc keeps a copy there); `pending` when neither says. */
  readonly status: string;
  readonly inPlan: boolean;
  readonly current: boolean;
  readonly iterations: number | null;
  readonly maxIterations: number | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly interruptedAt: string | null;
  /** As written (`13m`), or computed from the start and end when the file has none. */
  readonly duration: string | null;
  /** The checkpoint commit: `checkpoint`, orc's `commit_sha`, or the running phase's `last_checkpoint`. */
  readonly checkpoint: string | null;
  readonly artifacts: readonly string[];
  readonly filesChanged: readonly string[];
  readonly error: string | null;
  readonly timeout: string | null;
  readonly completionCriteria: readonly string[];
  readonly gateType: string | null;
  readonly gateCriteria: readonly string[];
  /** Gate decisions recorded for this phase, oldest first. */
  readonly gates: readonly GateRecord[];
  readonly tokens: PhaseTokens | null;
  readonly costUsd: number | null;
}

export interface InitiativeTaskRow {
  readonly id: string;
  readonly title: string;
  /** The task's own status when its task.yaml was read; else what the initiative's list says. */
  readonly status: string;
  /** The task exists in .orc/tasks/. */
  readonly known: boolean;
  readonly done: boolean;
}

export interface InitiativeProgress {
  readonly completed: number;
  readonly total: number;
  readonly tasks: readonly InitiativeTaskRow[];
}

/** A decision recorded in initiative.yaml, whichever names it used. */
export interface InitiativeDecision {
  readonly id: string | null;
  readonly timestamp: string | null;
  readonly decision: string | null;
  readonly rationale: string | null;
  readonly madeBy: string | null;
  readonly taskContext: string | null;
}
