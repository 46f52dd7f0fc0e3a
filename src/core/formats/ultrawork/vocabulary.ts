/*
 * Ultrawork's enum-like values (spec 002 and the upstream variants in specs/README.md). Values outside these
 * lists are kept and shown as written, with a warning: the plugin's vocabulary keeps growing.
 */

/** Session phases. DOCUMENTATION arrived with the newer (v7) sessions. */
export const PHASES = ['EXPLORATION', 'PLANNING', 'EXECUTION', 'VERIFICATION', 'DOCUMENTATION', 'COMPLETE', 'FAILED', 'CANCELLED'];

export const EXPLORATION_STAGES = ['not_started', 'overview', 'analyzing', 'targeted', 'complete'];

/** The spec's four, plus `pending` and `blocked` that the plugin's own types list. */
export const TASK_STATUSES = ['open', 'pending', 'in_progress', 'resolved', 'failed', 'blocked'];

/** `trivial` in the spec, `simple` in the plugin's code: both are read. */
export const COMPLEXITIES = ['trivial', 'simple', 'standard', 'complex'];

/** The spec's evidence types, `agent_completed` from its example, and the types the plugin's hooks record. */
export const EVIDENCE_TYPES = ['command_output', 'test_result', 'api_response', 'file_content', 'screenshot', 'manual',
  'agent_completed', 'command_execution', 'file_operation'];
