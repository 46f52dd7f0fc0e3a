import type { OrcDbSource } from './engine';
import { ORC_PROJECT_SCHEMA_VERSION } from './schema-version';

/** The tables and columns the queries read (queries.ts selects exactly these; a missing one reads as NULL). */
export const COLUMNS_READ: Readonly<Record<string, readonly string[]>> = {
  tasks: ['id', 'title', 'description', 'weight', 'status', 'state_status', 'current_phase', 'current_iteration', 'branch',
    'target_branch', 'queue', 'priority', 'category', 'initiative_id', 'workflow_id', 'created_at', 'updated_at', 'started_at',
    'completed_at', 'total_cost_usd', 'metadata', 'executor_pid', 'executor_hostname', 'executor_started_at', 'last_heartbeat',
    'is_automation', 'requires_ui_testing', 'pr_url', 'pr_number', 'pr_status', 'created_by', 'assigned_to'],
  task_dependencies: ['task_id', 'depends_on'],
  phases: ['task_id', 'phase_id', 'status', 'iterations', 'started_at', 'completed_at', 'interrupted_at', 'input_tokens',
    'output_tokens', 'cache_creation_tokens', 'cache_read_tokens', 'total_tokens', 'cost_usd', 'error_message', 'commit_sha',
    'skip_reason', 'session_id'],
  gate_decisions: ['id', 'task_id', 'phase', 'gate_type', 'approved', 'reason', 'decided_by', 'decided_at'],
  workflows: ['id', 'name'],
  workflow_phases: ['workflow_id', 'phase_template_id', 'sequence', 'gate_type_override', 'type_override'],
  phase_templates: ['id', 'name', 'type', 'gate_type'],
  initiatives: ['id', 'title', 'status', 'vision', 'owner_initials', 'owner_display_name', 'owner_email', 'branch_base',
    'branch_prefix', 'created_at', 'updated_at'],
  initiative_tasks: ['initiative_id', 'task_id', 'sequence'],
  initiative_dependencies: ['initiative_id', 'depends_on'],
  initiative_decisions: ['id', 'initiative_id', 'decision', 'rationale', 'decided_by', 'decided_at'],
  task_comments: ['task_id'],
  transcripts: ['task_id'],
  task_attachments: ['task_id'],
  phase_outputs: ['task_id', 'output_var_name'],
};

/**
 * Tables read when they are there, never missed when they are not (an older orc): the workflow runs, whose phases
 * count a phase's iterations (orc leaves `phases.iterations` at 0 for a phase that ran once).
 */
export const OPTIONAL_COLUMNS_READ: Readonly<Record<string, readonly string[]>> = {
  // Where orc runs the task (its git worktree): shown when the column is there; a database without it is not half-migrated.
  tasks: ['worktree_path'],
  workflow_runs: ['id', 'task_id', 'created_at'],
  workflow_run_phases: ['id', 'workflow_run_id', 'phase_template_id', 'status', 'iterations', 'started_at', 'completed_at'],
};

/**
 * The project migration that brought each required table or column the database era's first schema (version 12) did
 * not have yet (orc a48c6caf's migrations, applied one by one). A database whose ledger is older lacks them as the
 * orc that wrote it does: complete for that orc, read as it is (a missing column reads as NULL), not half-migrated.
 */
export const SINCE_VERSION: Readonly<Record<string, number>> = {
  'tasks.target_branch': 13, 'tasks.is_automation': 13, 'initiatives.branch_base': 13, 'initiatives.branch_prefix': 13,
  'tasks.updated_at': 17, 'phases.session_id': 25, workflows: 28, workflow_phases: 28, phase_templates: 28, phase_outputs: 29,
  'tasks.current_iteration': 31, 'tasks.workflow_id': 35, 'tasks.assigned_to': 57, 'workflow_phases.type_override': 62,
  'phase_templates.type': 62,
};

/** The columns read from a table (required or optional). */
export function columnsToRead(table: string): readonly string[] {
  return [...(COLUMNS_READ[table] ?? []), ...(OPTIONAL_COLUMNS_READ[table] ?? [])];
}

export interface SchemaCheck {
  /** Highest `_migrations` version; null without the table. */
  readonly version: number | null;
  /** Why what is shown is read-only, in one sentence; null for the schema Baton knows. */
  readonly readOnlyReason: string | null;
  /** Nothing can be read (no tasks table). */
  readonly unreadable: boolean;
}

/**
 * Compares the database with the schema Baton knows (orc a48c6caf, project migration 73). A newer orc, a database
 * orc is migrating at this moment, or one an older orc left is still read, as far as its tables allow; the one
 * sentence this returns says what differs (the adapter makes it the database's one diagnostic).
 */
export function checkOrcSchema(src: OrcDbSource): SchemaCheck {
  let version: number | null = null;
  if (src.columnsOf('_migrations')) {
    const row = src.all('SELECT MAX(version) AS v FROM _migrations')[0];
    version = typeof row?.v === 'number' ? row.v : null;
  }
  const missing: string[] = [];
  // What the orc that wrote this ledger had not made yet is not missing (SINCE_VERSION); without a ledger, all is due.
  const due = (name: string) => version === null || version >= (SINCE_VERSION[name] ?? 0);
  for (const [table, columns] of Object.entries(COLUMNS_READ)) {
    const have = src.columnsOf(table);
    if (!have) {
      if (due(table)) missing.push(table);
      continue;
    }
    const absent = columns.filter((c) => !have.includes(c) && due(`${table}.${c}`));
    if (absent.length) missing.push(`${table}.${absent.join(`, ${table}.`)}`);
  }
  const unreadable = missing.includes('tasks');
  const known = ORC_PROJECT_SCHEMA_VERSION;
  const where = version === null ? 'it has no _migrations table' : `its schema version is ${version}`;
  let reason: string | null = null;
  if (version !== null && version > known) {
    reason = `written by a newer orc (schema version ${version}; Baton knows orc's schema up to version ${known}): shown read-only` +
      (missing.length ? `; not found: ${missing.join(', ')}` : '');
  } else if (missing.length) {
    reason = `orc's schema is incomplete (${where}, Baton knows version ${known}; orc may be migrating it, or an older orc wrote it): ` +
      `not found: ${missing.join(', ')}; shown read-only${unreadable ? ', and no task can be read' : ''}`;
  }
  return { version, readOnlyReason: reason, unreadable };
}
