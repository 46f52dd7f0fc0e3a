/*
 * Ultrawork's enum-like values: spec 002 and what every version of the plugin writes
 * (mnthe/hardworker-marketplace, plugins/ultrawork: src/lib/types.js, session-update.js, task-create.js,
 * task-update.js, the hooks). Values outside these lists are kept and shown as written, with at most an info:
 * the plugin's vocabulary keeps growing and its bash scripts stored whatever they were given.
 */

/**
 * Session phases. The plugin starts every session in PLANNING (exploration is a stage of it) and never writes
 * EXPLORATION, which only the spec lists; DOCUMENTATION arrived with plugin 1.2 (7.0 sessions); `unknown` is in the
 * plugin's own phase type and accepted by its session-update script.
 */
export const PHASES = ['EXPLORATION', 'PLANNING', 'EXECUTION', 'VERIFICATION', 'DOCUMENTATION', 'COMPLETE', 'FAILED', 'CANCELLED', 'unknown'];

export const EXPLORATION_STAGES = ['not_started', 'overview', 'analyzing', 'targeted', 'complete'];

/** The spec's four, plus `pending` (the verify task, set by ultrawork-exec) and `blocked` (the plugin's own types). */
export const TASK_STATUSES = ['open', 'pending', 'in_progress', 'resolved', 'failed', 'blocked'];

/** `trivial` in the spec, `simple` in the plugin's JS scripts: both are read. */
export const COMPLEXITIES = ['trivial', 'simple', 'standard', 'complex'];

/**
 * The spec's evidence types, `agent_completed` from its example, and the types the plugin's hooks record:
 * `command_output` (bash hooks), `command_execution`, `file_operation`, `test_result` (JS hooks),
 * `agent_spawn_initiated` (the agent-lifecycle hook).
 */
export const EVIDENCE_TYPES = ['command_output', 'test_result', 'api_response', 'file_content', 'screenshot', 'manual',
  'agent_completed', 'agent_spawn_initiated', 'command_execution', 'file_operation'];
