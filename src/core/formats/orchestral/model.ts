import type { DecisionBase, WorkItemBase } from '../../model/items';
import type { TokenTotals } from '../../model/tokens';
import type { RunEvent } from './events';
import type { Base } from './paths';

/** One answer choice of a CRP question. */
export interface CrpOption {
  readonly id: string;
  readonly label: string;
  readonly description: string | null;
  readonly risk: string | null;
  readonly pros: readonly string[];
  readonly cons: readonly string[];
}

/** A CRP question; a single-question CRP has one, with `id` null (its VCR decision is a plain option id). */
export interface CrpQuestion {
  readonly id: string | null;
  readonly question: string;
  readonly context: string | null;
  readonly options: readonly CrpOption[];
  readonly recommendation: string | null;
  /** false: Dure's respond route accepts the CRP without an answer to this question. */
  readonly required: boolean;
}

/** A CRP as read: either shape, normalised to a list of questions. */
export interface CrpContent {
  readonly crpId: string;
  readonly status: string;
  readonly createdAt: string | null;
  readonly createdBy: string | null;
  readonly type: string | null;
  readonly context: string | null;
  /** `single`: question/options/recommendation at the top; `multi`: a `questions[]` array. */
  readonly shape: 'single' | 'multi';
  readonly questions: readonly CrpQuestion[];
}

/** A pending CRP: an agent of a run waits for a person to choose. Identified by run + crp_id, never file name. */
export interface OrchestralCrpDecision extends DecisionBase, CrpContent {
  readonly system: 'orchestral';
  readonly kind: 'crp';
  /** The run folder name (e.g. run-20260115143022). */
  readonly run: string;
  readonly runTitle: string;
  readonly base: Base;
  /** Absolute path of the run folder. */
  readonly runDir: string;
  readonly stateFile: string | null;
  /** Fingerprints of the CRP and state.json as read, so an answer is refused if either changed since. */
  readonly crpHash: string;
  readonly stateHash: string | null;
}

/**
 * A Dure mission whose plan waits for a person (status `plan_review`, planning stage `needs_human`): the Critic did
 * not approve the Planner's draft. Answered by approving it (Dure's `mission approve`); identified by the mission.
 */
export interface OrchestralPlanDecision extends DecisionBase {
  readonly system: 'orchestral';
  readonly kind: 'plan';
  /** The mission folder's name. */
  readonly mission: string;
  readonly missionTitle: string;
  readonly description: string | null;
  readonly base: Base;
  readonly missionDir: string;
  /** Content hash of mission.json as read: the approval is refused when it changed since. */
  readonly hash: string;
  readonly draftFile: string | null;
  readonly critique: MissionCritique | null;
  /** The plan to approve (the newest draft's phases). */
  readonly phases: readonly MissionPhase[];
}

export type OrchestralDecision = OrchestralCrpDecision | OrchestralPlanDecision;

/** Tokens and cost of one agent or a whole run, as Dure's UsageTracker counts them. */
export interface RunUsage {
  /** Claude's `input_tokens` exclude the cache, so `total` = input + output + cache writes + cache reads. */
  readonly tokens: TokenTotals;
  readonly costUsd: number | null;
}

export interface RunAgent {
  readonly name: string;
  /** As written in state.json (null when state.json does not name the agent). */
  readonly status: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  /** `timeout_at`: when Dure gives up on the agent. */
  readonly timeoutAt: string | null;
  /** state.json's `error` for the agent (Dure records why it failed, e.g. `stopped_by_user`). */
  readonly stateError: string | null;
  /** `agents.<name>.usage` (null before the agent's first run finished). */
  readonly usage: RunUsage | null;
  /** The model Dure's ModelSelector gave the agent (haiku, sonnet, opus), when the run records it. */
  readonly model: string | null;
  /** The content of `<agent>/done.flag` (a timestamp), when the flag exists. */
  readonly done: string | null;
  /**
   * What `<agent>/error.flag` says went wrong, when the flag exists ('' for an empty flag): Dure writes a JSON
   * `{ error_type, message, … }`, shown as "error_type: message"; any other content is shown as it is.
   */
  readonly error: string | null;
  readonly doneFile: string | null;
  readonly errorFile: string | null;
}

/** Dure's ModelSelector result: the models per agent and why (state.json `model_selection` or model-selection.json). */
export interface RunModelSelection {
  readonly method: string | null;
  readonly level: string | null;
  readonly score: number | null;
  readonly reasoning: string | null;
  readonly models: Readonly<Record<string, string>>;
}

/**
 * A run a person has answered that Dure has not picked up yet. Dure's own answer path writes the VCR and marks the
 * CRP resolved, then its orchestrator resumes the run: it needs `phase: waiting_human` and the `pending_crp` to
 * know which agent asked, clears `pending_crp` itself and moves `phase` back to that agent's phase.
 */
export interface RunResumeWait {
  /** The answered CRP (`pending_crp`), null when state.json names none. */
  readonly crpId: string | null;
  /** The VCR that answers it, when one does. */
  readonly vcrId: string | null;
  /** The agent Dure restarts (the CRP's `created_by`). */
  readonly agent: string | null;
}

export interface RunVerdict {
  readonly verdict: string;
  readonly iteration: number | null;
  readonly reason: string | null;
  readonly issues: readonly string[];
  readonly file: string;
  /**
   * The verdict of an earlier iteration than the run's: after a FAIL, Dure starts the next iteration's build and
   * leaves gatekeeper/verdict.json (and the agents' done flags, verifier/results.json) in place until it is rewritten.
   */
  readonly previous: boolean;
}

export interface RunTestResults {
  readonly total: number | null;
  readonly passed: number | null;
  readonly failed: number | null;
  readonly skipped: number | null;
  readonly coverage: number | null;
  readonly file: string;
  /** From an earlier iteration: state.json has the verifier pending or running again (see RunVerdict.previous). */
  readonly previous: boolean;
}

export interface RunMrp {
  /** evidence.json, or the older mrp.json. */
  readonly file: string;
  readonly legacy: boolean;
  /** The MRPGenerator's copy of the run's usage totals. */
  readonly usage: RunUsage | null;
  readonly tests: { total: number | null; passed: number | null; failed: number | null; coverage: number | null } | null;
  readonly filesChanged: readonly string[];
  readonly decisions: readonly string[];
  readonly iterations: number | null;
  readonly logs: Readonly<Record<string, string>>;
}

export interface RunCrpSummary {
  readonly crpId: string;
  readonly status: string;
  readonly question: string;
  readonly createdBy: string | null;
  /** The first VCR (by created_at, as Dure picks it) whose crp_id names this CRP. */
  readonly answeredBy: string | null;
  readonly file: string;
}

export interface RunVcr {
  readonly vcrId: string;
  readonly crpId: string | null;
  readonly createdAt: string | null;
  /** `decision`, or Dure's `decisions` map when `decision` is missing. */
  readonly decision: string | Readonly<Record<string, string>> | null;
  /** Dure's `decisions` map (question id → option id), as written. */
  readonly decisions: Readonly<Record<string, string>> | null;
  readonly rationale: string | null;
  readonly additionalNotes: string | null;
  readonly appliesToFuture: boolean | null;
  readonly file: string;
}

export interface OrchestralRun extends WorkItemBase {
  readonly system: 'orchestral';
  readonly kind: 'run';
  readonly base: Base;
  /** Absolute path of the run folder. */
  readonly dir: string;
  /** `run_id` as state.json writes it (may differ in form from the folder name). */
  readonly runId: string | null;
  readonly phase: string | null;
  readonly iteration: number | null;
  readonly maxIterations: number | null;
  /** Gatekeeper MINOR_FAIL fixes tried in this iteration, and how many Dure allows before a full rebuild. */
  readonly minorFixAttempts: number | null;
  readonly maxMinorFixAttempts: number | null;
  readonly startedAt: string | null;
  readonly updatedAt: string | null;
  readonly agents: readonly RunAgent[];
  readonly pendingCrp: string | null;
  /** Answered, waiting for Dure to resume the run (not waiting for a person any more). */
  readonly awaitingResume: RunResumeWait | null;
  readonly modelSelection: RunModelSelection | null;
  /** state.json `errors` (Dure appends "agent: message" as agents fail). */
  readonly errors: readonly string[];
  readonly lastEvent: { readonly type: string; readonly agent: string | null; readonly timestamp: string | null } | null;
  readonly crps: readonly RunCrpSummary[];
  readonly vcrs: readonly RunVcr[];
  readonly verdict: RunVerdict | null;
  readonly results: RunTestResults | null;
  readonly mrp: RunMrp | null;
  /** state.json `usage` totals (Dure's `total_*`), or the sum of the agents' usage when the totals are missing. */
  readonly tokens: TokenTotals | null;
  readonly costUsd: number | null;
  readonly events: { count: number; warnings: number; errors: number; recent: readonly RunEvent[] } | null;
  /** An agent left an error.flag (or the run failed): the tree marks the run. */
  readonly hasError: boolean;
  readonly stateFile: string | null;
  readonly eventsFile: string | null;
  /** Every file the run was read from (a change to any of them changes the run). */
  readonly files: readonly string[];
}

/** One task of a Dure mission's phase: it runs as a Dure run of its own (`run_id`) once started. */
export interface MissionTask {
  readonly taskId: string;
  readonly title: string;
  readonly description: string | null;
  /** As written (pending, blocked, in_progress, passed, failed, skipped, needs_human, or a newer word). */
  readonly status: string;
  readonly dependsOn: readonly string[];
  /**
   * The tasks it depends on that Dure does not count as met yet (its areDependenciesMet: a task of the same phase
   * that passed; a skipped one, or one of another phase, never counts).
   */
  readonly waitingOn: readonly string[];
  readonly runId: string | null;
  /** The run folder `run_id` names, when that run is there (absolute). */
  readonly runDir: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly error: string | null;
  readonly briefingPath: string | null;
}

export interface MissionPhase {
  readonly phaseId: string;
  readonly number: number | null;
  readonly title: string;
  readonly description: string | null;
  readonly status: string;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly tasks: readonly MissionTask[];
}

/** The Critic agent's latest review of the plan: why a plan waits for a person, or why it was approved. */
export interface MissionCritique {
  readonly version: number | null;
  readonly verdict: string | null;
  readonly summary: string | null;
  readonly rationale: string | null;
  readonly counts: { readonly critical: number; readonly major: number; readonly minor: number; readonly suggestion: number };
  readonly items: readonly { readonly severity: string | null; readonly title: string; readonly description: string | null; readonly suggestion: string | null }[];
}

/**
 * A Dure mission (`.dure/missions/<mission-id>/mission.json`): a Planner/Critic plan of phases whose tasks each
 * run as a Dure run. `status` `plan_review` (planning stage `needs_human`) waits for a person to approve the plan.
 */
export interface OrchestralMission extends WorkItemBase {
  readonly system: 'orchestral';
  readonly kind: 'mission';
  readonly base: Base;
  /** Absolute path of the mission folder. */
  readonly dir: string;
  /** `mission_id` as written (Dure saves the mission to the folder of this id). */
  readonly missionId: string | null;
  readonly description: string | null;
  readonly planningStage: string | null;
  readonly planningIterations: number | null;
  /** The phases of the plan: the mission's own once approved; while only drafted, the newest draft's. */
  readonly phases: readonly MissionPhase[];
  /** The phases come from a draft plan (none approved yet). */
  readonly drafted: boolean;
  readonly critique: MissionCritique | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly completedAt: string | null;
  readonly currentPhase: number | null;
  /** Tasks counted from the phases (Dure's own `stats` can lag behind a retry). */
  readonly taskCounts: { readonly total: number; readonly passed: number; readonly failed: number; readonly running: number; readonly needsHuman: number };
  /** Waits for a person to approve the plan (Dure's approvePlan accepts only planning stage `needs_human`). */
  readonly awaitingApproval: boolean;
  /** Content hash of mission.json as read: an approval is refused when the file changed since. */
  readonly hash: string;
  /** The draft the phases come from (`planning/draft-v<N>.json`), when they come from one. */
  readonly draftFile: string | null;
  /** Every file the mission was read from (mission.json and its drafts). */
  readonly files: readonly string[];
}

export type OrchestralItem = OrchestralRun | OrchestralMission;
