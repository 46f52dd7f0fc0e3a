/**
 * Values Orchestral/Dure is known to write (spec 001 and Dure's own type lists in src/types/index.ts). Anything
 * else is kept and shown as written, with an info, because these enums keep growing.
 */
export const PHASES = ['refine', 'build', 'verify', 'gate', 'waiting_human', 'ready_for_merge', 'completed', 'failed'];
/** Dure's AgentStatus: `waiting_test_execution` (the external test runner) and `timeout` came with later versions. */
export const AGENT_STATUSES = ['pending', 'running', 'waiting_test_execution', 'completed', 'failed', 'timeout', 'waiting_human'];
export const VERDICTS = ['PASS', 'FAIL', 'MINOR_FAIL', 'NEEDS_HUMAN'];
export const CRP_STATUSES = ['pending', 'resolved'];
export const EVENT_LEVELS = ['debug', 'info', 'warn', 'warning', 'error'];

/** The agents in pipeline order; a run lists these first, then any other agent its state names. */
export const AGENTS = ['refiner', 'builder', 'verifier', 'gatekeeper'];

/** The phase Dure moves a run back to when it resumes the agent that asked (its orchestrator's agentToPhase). */
export const AGENT_PHASE: Readonly<Record<string, string>> = { refiner: 'refine', builder: 'build', verifier: 'verify', gatekeeper: 'gate' };

/** Phases after which nothing more happens in a run. */
export const FINISHED_PHASES = new Set(['completed', 'failed', 'ready_for_merge']);

/** Dure's mission words (its src/types/mission.ts): MissionStatus, PlanningStage, PhaseStatus, MissionTaskStatus. */
export const MISSION_STATUSES = ['planning', 'plan_review', 'ready', 'in_progress', 'completed', 'failed', 'cancelled'];
export const PLANNING_STAGES = ['planner_v1', 'critic_v1', 'planner_v2', 'critic_v2', 'approved', 'needs_human'];
export const MISSION_PHASE_STATUSES = ['pending', 'in_progress', 'completed', 'failed', 'needs_human'];
export const MISSION_TASK_STATUSES = ['pending', 'blocked', 'in_progress', 'passed', 'failed', 'skipped', 'needs_human'];
