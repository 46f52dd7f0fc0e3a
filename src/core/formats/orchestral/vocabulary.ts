/**
 * Values Orchestral/Dure is known to write (spec 001 and the upstream code). Anything else is kept and shown
 * as written, with a warning, because these enums keep growing.
 */
export const PHASES = ['refine', 'build', 'verify', 'gate', 'waiting_human', 'ready_for_merge', 'completed', 'failed'];
export const AGENT_STATUSES = ['pending', 'running', 'completed', 'failed', 'waiting', 'skipped'];
export const VERDICTS = ['PASS', 'FAIL', 'MINOR_FAIL', 'NEEDS_HUMAN'];
export const CRP_STATUSES = ['pending', 'resolved'];
export const EVENT_LEVELS = ['debug', 'info', 'warn', 'warning', 'error'];

/** The agents in pipeline order; a run lists these first, then any other agent its state names. */
export const AGENTS = ['refiner', 'builder', 'verifier', 'gatekeeper'];

/** Phases after which nothing more happens in a run. */
export const FINISHED_PHASES = new Set(['completed', 'failed', 'ready_for_merge']);
