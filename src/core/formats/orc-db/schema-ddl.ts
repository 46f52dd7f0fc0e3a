/**
 * orc's database schema as it stands after its last migration, written as our own DDL.
 *
 * Reproduces orc at commit a48c6caf (April 2026): the project database after migrations project_001 … project_073
 * and the global database (`~/.orc/orc.db`) after global_001 … global_013. Written from the facts of those
 * migrations (table and column names, their order, types, defaults, keys and the indexes and triggers orc's
 * writers depend on), not copied from them. Only the tables Baton reads and the ones orc's writers touch beside
 * them (workflow runs, sequences, event log, attention signals) are here; orc's other tables (threads, triggers,
 * metrics, agents …) are left out: Baton never reads them and their absence does not change what orc writes here.
 *
 * The statements are plain SQL that both better-sqlite3 and sql.js run. The FTS5 index on transcripts is apart
 * (ORC_PROJECT_FTS_DDL): real orc databases have it, but sql.js is built without FTS5.
 *
 * Timestamps: orc's Go writers store TEXT (RFC 3339, or SQLite's `datetime('now')` for defaults); transcripts
 * store Unix milliseconds. Booleans are INTEGER 0/1.
 */

// The versions live apart (schema-version.ts): the reader checks them without loading the whole schema script.
export { ORC_GLOBAL_SCHEMA_VERSION, ORC_PROJECT_SCHEMA_VERSION } from './schema-version';
import { ORC_GLOBAL_SCHEMA_VERSION, ORC_PROJECT_SCHEMA_VERSION } from './schema-version';

/** orc's migration ledger: one row per applied migration file, `version` = the file's number. */
export const ORC_MIGRATIONS_DDL = `CREATE TABLE IF NOT EXISTS _migrations (
  version INTEGER PRIMARY KEY,
  applied_at TEXT DEFAULT (datetime('now'))
)`;

const NOW = `(datetime('now'))`;

/** Workflow and phase definitions: the same three tables exist in the project and the global database. */
const phaseTemplateColumns = {
  project: `id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT,
  prompt_source TEXT DEFAULT 'embedded', prompt_content TEXT, prompt_path TEXT,
  input_variables TEXT, output_schema TEXT, produces_artifact BOOLEAN DEFAULT FALSE, artifact_type TEXT,
  max_iterations INTEGER DEFAULT 20, model_override TEXT, thinking_enabled BOOLEAN,
  gate_type TEXT DEFAULT 'auto', checkpoint BOOLEAN DEFAULT TRUE, retry_from_phase TEXT, retry_prompt_path TEXT,
  is_builtin BOOLEAN DEFAULT FALSE, created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW},
  output_var_name TEXT, output_type TEXT DEFAULT 'none', quality_checks TEXT, runtime_config TEXT, system_prompt TEXT,
  agent_id TEXT, sub_agents TEXT, gate_input_config TEXT, gate_output_config TEXT, gate_mode TEXT, gate_agent_id TEXT,
  type TEXT NOT NULL DEFAULT 'llm', provider TEXT DEFAULT ''`,
  // The global copy was created later with the same columns in another order.
  global: `id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT, agent_id TEXT, sub_agents TEXT,
  prompt_source TEXT DEFAULT 'embedded', prompt_content TEXT, prompt_path TEXT,
  input_variables TEXT, output_schema TEXT, produces_artifact BOOLEAN DEFAULT FALSE, artifact_type TEXT,
  output_var_name TEXT, output_type TEXT DEFAULT 'none', quality_checks TEXT,
  max_iterations INTEGER DEFAULT 20, model_override TEXT, thinking_enabled BOOLEAN,
  gate_type TEXT DEFAULT 'auto', checkpoint BOOLEAN DEFAULT TRUE, retry_from_phase TEXT, retry_prompt_path TEXT,
  system_prompt TEXT, runtime_config TEXT,
  is_builtin BOOLEAN DEFAULT FALSE, created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW},
  gate_input_config TEXT, gate_output_config TEXT, gate_mode TEXT, gate_agent_id TEXT,
  type TEXT NOT NULL DEFAULT 'llm', provider TEXT DEFAULT ''`,
};

const WORKFLOWS_DDL = `CREATE TABLE workflows (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT, default_model TEXT,
  default_thinking BOOLEAN DEFAULT FALSE, is_builtin BOOLEAN DEFAULT FALSE, based_on TEXT,
  created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW}, triggers TEXT,
  completion_action TEXT DEFAULT '', target_branch TEXT DEFAULT '', default_provider TEXT DEFAULT '',
  FOREIGN KEY (based_on) REFERENCES workflows(id) ON DELETE SET NULL
)`;

const workflowPhaseColumns = {
  project: `id INTEGER PRIMARY KEY AUTOINCREMENT, workflow_id TEXT NOT NULL, phase_template_id TEXT NOT NULL,
  sequence INTEGER NOT NULL, depends_on TEXT, max_iterations_override INTEGER, model_override TEXT,
  thinking_override BOOLEAN, gate_type_override TEXT, condition TEXT, quality_checks_override TEXT, loop_config TEXT,
  runtime_config_override TEXT, position_x REAL, position_y REAL, agent_override TEXT, sub_agents_override TEXT,
  before_triggers TEXT, type_override TEXT DEFAULT '', provider_override TEXT DEFAULT ''`,
  global: `id INTEGER PRIMARY KEY AUTOINCREMENT, workflow_id TEXT NOT NULL, phase_template_id TEXT NOT NULL,
  sequence INTEGER NOT NULL, depends_on TEXT, agent_override TEXT, sub_agents_override TEXT,
  max_iterations_override INTEGER, model_override TEXT, thinking_override BOOLEAN, gate_type_override TEXT,
  condition TEXT, quality_checks_override TEXT, loop_config TEXT, runtime_config_override TEXT,
  position_x REAL, position_y REAL, before_triggers TEXT, type_override TEXT DEFAULT '', provider_override TEXT DEFAULT ''`,
};

function definitions(era: 'project' | 'global'): string[] {
  return [
    `CREATE TABLE phase_templates (\n  ${phaseTemplateColumns[era]}\n)`,
    `CREATE INDEX idx_phase_templates_builtin ON phase_templates(is_builtin)`,
    WORKFLOWS_DDL,
    `CREATE INDEX idx_workflows_builtin ON workflows(is_builtin)`,
    `CREATE TABLE workflow_phases (
  ${workflowPhaseColumns[era]},
  UNIQUE (workflow_id, phase_template_id),
  FOREIGN KEY (workflow_id) REFERENCES workflows(id) ON DELETE CASCADE,
  FOREIGN KEY (phase_template_id) REFERENCES phase_templates(id) ON DELETE RESTRICT
)`,
    ...(era === 'global' ? [`CREATE INDEX idx_workflow_phases_workflow ON workflow_phases(workflow_id)`,
      `CREATE INDEX idx_workflow_phases_sequence ON workflow_phases(workflow_id, sequence)`] : []),
  ];
}

/** The project database (`orc.db` of one project), in an order that creates every referenced table first. */
export const ORC_PROJECT_DDL: readonly string[] = [
  ORC_MIGRATIONS_DDL,
  // tasks: the task-level token columns exist but orc no longer writes them (tokens live in `phases`).
  `CREATE TABLE tasks (
  id TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT, weight TEXT, status TEXT, current_phase TEXT,
  branch TEXT, worktree_path TEXT, created_at TEXT DEFAULT ${NOW}, started_at TEXT, completed_at TEXT,
  total_cost_usd REAL DEFAULT 0, queue TEXT DEFAULT 'active', priority TEXT DEFAULT 'normal',
  category TEXT DEFAULT 'feature', pr_url TEXT, pr_number INTEGER, pr_status TEXT, pr_checks_status TEXT,
  pr_mergeable INTEGER DEFAULT 1, pr_review_count INTEGER DEFAULT 0, pr_approval_count INTEGER DEFAULT 0,
  pr_merged INTEGER DEFAULT 0, pr_merged_at TEXT, pr_merge_commit_sha TEXT, pr_target_branch TEXT,
  pr_last_checked_at TEXT, testing_requirements TEXT, requires_ui_testing INTEGER DEFAULT 0, tags TEXT,
  initiative_id TEXT, executor_pid INTEGER, executor_hostname TEXT, executor_started_at TEXT, last_heartbeat TEXT,
  session_id TEXT, session_model TEXT, session_status TEXT, session_created_at TEXT, session_last_activity TEXT,
  session_turn_count INTEGER DEFAULT 0, input_tokens INTEGER DEFAULT 0, output_tokens INTEGER DEFAULT 0,
  cache_creation_tokens INTEGER DEFAULT 0, cache_read_tokens INTEGER DEFAULT 0, total_tokens INTEGER DEFAULT 0,
  retry_context TEXT, state_status TEXT DEFAULT 'pending', created_by TEXT, metadata_source TEXT, metadata TEXT,
  target_branch TEXT, is_automation INTEGER DEFAULT 0, trigger_id TEXT, updated_at TEXT, quality TEXT,
  current_iteration INTEGER DEFAULT 0, workflow_id TEXT, branch_name TEXT, pr_draft INTEGER, pr_labels TEXT,
  pr_reviewers TEXT, pr_labels_set INTEGER DEFAULT 0, pr_reviewers_set INTEGER DEFAULT 0, assigned_to TEXT,
  claimed_by TEXT, claimed_at TEXT
)`,
  ...['status', 'created_at DESC:created', 'queue', 'queue, priority:queue_priority', 'category', 'pr_status',
    'initiative_id:initiative', 'executor_pid, executor_hostname:executor', 'is_automation:automation',
    'trigger_id:trigger', 'is_automation, status:automation_status', 'workflow_id:workflow', 'completed_at',
    'updated_at'].map(tasksIndex),
  // orc stamps updated_at on every update that does not set it itself.
  `CREATE TRIGGER tasks_updated_at AFTER UPDATE ON tasks
WHEN NEW.updated_at = OLD.updated_at OR NEW.updated_at IS NULL
BEGIN
  UPDATE tasks SET updated_at = datetime('now') WHERE id = NEW.id;
END`,
  // No foreign key: deleting a blocker leaves its rows behind (a dangling dependency).
  `CREATE TABLE task_dependencies (
  task_id TEXT NOT NULL, depends_on TEXT NOT NULL,
  PRIMARY KEY (task_id, depends_on)
)`,
  `CREATE INDEX idx_task_deps_task ON task_dependencies(task_id)`,
  `CREATE INDEX idx_task_deps_dep ON task_dependencies(depends_on)`,
  // One row per (task, phase); session_id holds JSON {"provider": …, "data": {"session_id": …}}.
  `CREATE TABLE phases (
  task_id TEXT NOT NULL, phase_id TEXT NOT NULL, status TEXT DEFAULT 'pending', iterations INTEGER DEFAULT 0,
  started_at TEXT, completed_at TEXT, input_tokens INTEGER DEFAULT 0, output_tokens INTEGER DEFAULT 0,
  cost_usd REAL DEFAULT 0, error_message TEXT, artifacts TEXT, commit_sha TEXT,
  cache_creation_tokens INTEGER DEFAULT 0, cache_read_tokens INTEGER DEFAULT 0, total_tokens INTEGER DEFAULT 0,
  interrupted_at TEXT, skip_reason TEXT, session_id TEXT, executed_by TEXT,
  PRIMARY KEY (task_id, phase_id),
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  // Decided gates only; a pending human gate is a blocked task (metadata.blocked_reason = "gate_pending").
  `CREATE TABLE gate_decisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL, phase TEXT NOT NULL, gate_type TEXT NOT NULL,
  approved INTEGER NOT NULL, reason TEXT, decided_by TEXT, decided_at TEXT DEFAULT ${NOW},
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_gate_decisions_task ON gate_decisions(task_id)`,
  `CREATE INDEX idx_gate_decisions_phase ON gate_decisions(task_id, phase)`,
  `CREATE TABLE initiatives (
  id TEXT PRIMARY KEY, title TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'draft', owner_initials TEXT,
  owner_display_name TEXT, owner_email TEXT, vision TEXT, created_at TEXT DEFAULT ${NOW},
  updated_at TEXT DEFAULT ${NOW}, branch_base TEXT, branch_prefix TEXT, merge_status TEXT DEFAULT '',
  merge_commit TEXT, created_by TEXT, owned_by TEXT
)`,
  `CREATE INDEX idx_initiatives_status ON initiatives(status)`,
  `CREATE TABLE initiative_tasks (
  initiative_id TEXT NOT NULL, task_id TEXT NOT NULL, sequence INTEGER DEFAULT 0,
  PRIMARY KEY (initiative_id, task_id),
  FOREIGN KEY (initiative_id) REFERENCES initiatives(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_initiative_tasks_init ON initiative_tasks(initiative_id)`,
  `CREATE TABLE initiative_dependencies (
  initiative_id TEXT NOT NULL, depends_on TEXT NOT NULL,
  PRIMARY KEY (initiative_id, depends_on),
  FOREIGN KEY (initiative_id) REFERENCES initiatives(id) ON DELETE CASCADE,
  FOREIGN KEY (depends_on) REFERENCES initiatives(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_initiative_deps_init ON initiative_dependencies(initiative_id)`,
  `CREATE INDEX idx_initiative_deps_dep ON initiative_dependencies(depends_on)`,
  `CREATE TABLE initiative_decisions (
  id TEXT NOT NULL, initiative_id TEXT NOT NULL, decision TEXT NOT NULL, rationale TEXT, decided_by TEXT,
  decided_at TEXT DEFAULT ${NOW},
  PRIMARY KEY (id, initiative_id),
  FOREIGN KEY (initiative_id) REFERENCES initiatives(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_initiative_decisions_init ON initiative_decisions(initiative_id)`,
  `CREATE TABLE task_comments (
  id TEXT PRIMARY KEY, task_id TEXT NOT NULL, author TEXT NOT NULL, author_type TEXT DEFAULT 'human',
  content TEXT NOT NULL, phase TEXT, created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW},
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_task_comments_task ON task_comments(task_id)`,
  `CREATE INDEX idx_task_comments_created ON task_comments(task_id, created_at)`,
  `CREATE INDEX idx_task_comments_author_type ON task_comments(author_type)`,
  ...definitions('project'),
  `CREATE TABLE workflow_runs (
  id TEXT PRIMARY KEY, workflow_id TEXT NOT NULL, context_type TEXT NOT NULL, context_data TEXT NOT NULL,
  task_id TEXT, prompt TEXT NOT NULL, instructions TEXT, status TEXT DEFAULT 'pending', current_phase TEXT,
  started_at TEXT, completed_at TEXT, variables_snapshot TEXT, total_cost_usd REAL DEFAULT 0,
  total_input_tokens INTEGER DEFAULT 0, total_output_tokens INTEGER DEFAULT 0, error TEXT,
  created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW}, started_by TEXT,
  FOREIGN KEY (workflow_id) REFERENCES workflows(id) ON DELETE RESTRICT,
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE SET NULL
)`,
  `CREATE INDEX idx_workflow_runs_task ON workflow_runs(task_id)`,
  `CREATE INDEX idx_workflow_runs_status ON workflow_runs(status)`,
  `CREATE INDEX idx_workflow_runs_workflow ON workflow_runs(workflow_id)`,
  `CREATE INDEX idx_workflow_runs_created ON workflow_runs(created_at DESC)`,
  `CREATE TABLE workflow_run_phases (
  id INTEGER PRIMARY KEY AUTOINCREMENT, workflow_run_id TEXT NOT NULL, phase_template_id TEXT NOT NULL,
  status TEXT DEFAULT 'pending', iterations INTEGER DEFAULT 0, started_at TEXT, completed_at TEXT, commit_sha TEXT,
  input_tokens INTEGER DEFAULT 0, output_tokens INTEGER DEFAULT 0, cost_usd REAL DEFAULT 0, content TEXT,
  error TEXT, session_id TEXT,
  UNIQUE (workflow_run_id, phase_template_id),
  FOREIGN KEY (workflow_run_id) REFERENCES workflow_runs(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_workflow_run_phases_run ON workflow_run_phases(workflow_run_id)`,
  `CREATE INDEX idx_workflow_run_phases_status ON workflow_run_phases(status)`,
  // Claude's messages, one row each; timestamp is Unix milliseconds.
  `CREATE TABLE transcripts (
  id INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL, phase TEXT NOT NULL, session_id TEXT NOT NULL,
  message_uuid TEXT NOT NULL UNIQUE, parent_uuid TEXT, type TEXT NOT NULL, role TEXT, content TEXT NOT NULL,
  model TEXT, input_tokens INTEGER DEFAULT 0, output_tokens INTEGER DEFAULT 0,
  cache_creation_tokens INTEGER DEFAULT 0, cache_read_tokens INTEGER DEFAULT 0, tool_calls TEXT,
  tool_results TEXT, timestamp INTEGER NOT NULL,
  workflow_run_id TEXT REFERENCES workflow_runs(id) ON DELETE SET NULL,
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_transcripts_task ON transcripts(task_id)`,
  `CREATE INDEX idx_transcripts_session ON transcripts(session_id)`,
  `CREATE INDEX idx_transcripts_timestamp ON transcripts(task_id, timestamp)`,
  `CREATE INDEX idx_transcripts_phase ON transcripts(task_id, phase)`,
  `CREATE INDEX idx_transcripts_task_id ON transcripts(task_id, id)`,
  `CREATE INDEX idx_transcripts_run ON transcripts(workflow_run_id)`,
  // A phase's output per run; the spec is the row whose output_var_name is 'SPEC_CONTENT'.
  `CREATE TABLE phase_outputs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, workflow_run_id TEXT NOT NULL, phase_template_id TEXT NOT NULL,
  task_id TEXT, content TEXT NOT NULL, content_hash TEXT, output_var_name TEXT NOT NULL, artifact_type TEXT,
  source TEXT, iteration INTEGER DEFAULT 1, created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW},
  UNIQUE (workflow_run_id, phase_template_id),
  FOREIGN KEY (workflow_run_id) REFERENCES workflow_runs(id) ON DELETE CASCADE,
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE SET NULL
)`,
  `CREATE INDEX idx_phase_outputs_run ON phase_outputs(workflow_run_id)`,
  `CREATE INDEX idx_phase_outputs_task ON phase_outputs(task_id)`,
  `CREATE INDEX idx_phase_outputs_var ON phase_outputs(output_var_name)`,
  `CREATE TABLE task_attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL, filename TEXT NOT NULL, content_type TEXT,
  size_bytes INTEGER, data BLOB, is_image INTEGER DEFAULT 0, created_at TEXT DEFAULT ${NOW},
  UNIQUE (task_id, filename),
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_attachments_task ON task_attachments(task_id)`,
  `CREATE TABLE event_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL, phase TEXT, iteration INTEGER,
  event_type TEXT NOT NULL, data TEXT, source TEXT DEFAULT 'executor', created_at TEXT DEFAULT ${NOW},
  duration_ms INTEGER, workflow_run_id TEXT REFERENCES workflow_runs(id) ON DELETE SET NULL,
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_event_log_task ON event_log(task_id)`,
  `CREATE INDEX idx_event_log_task_created ON event_log(task_id, created_at DESC)`,
  `CREATE INDEX idx_event_log_created ON event_log(created_at DESC)`,
  `CREATE INDEX idx_event_log_event_type ON event_log(event_type)`,
  `CREATE INDEX idx_event_log_timeline ON event_log(task_id, event_type, created_at DESC)`,
  `CREATE INDEX idx_event_log_created_id ON event_log(created_at DESC, id DESC)`,
  `CREATE INDEX idx_event_log_run ON event_log(workflow_run_id)`,
  // orc's writers insert events with OR IGNORE: an identical event (NULLs compared as equal) is written once.
  `CREATE UNIQUE INDEX idx_event_log_dedup ON event_log(task_id, event_type, COALESCE(phase, ''),
  COALESCE(iteration, -1), COALESCE(source, ''), created_at, COALESCE(data, ''))`,
  `CREATE TABLE attention_signals (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, status TEXT NOT NULL, reference_type TEXT NOT NULL,
  reference_id TEXT NOT NULL, title TEXT NOT NULL, summary TEXT, created_at TEXT NOT NULL DEFAULT ${NOW},
  updated_at TEXT NOT NULL DEFAULT ${NOW}, resolved_at TEXT, resolved_by TEXT
)`,
  `CREATE INDEX idx_attention_signals_created ON attention_signals(created_at DESC)`,
  `CREATE INDEX idx_attention_signals_reference ON attention_signals(reference_type, reference_id)`,
  `CREATE INDEX idx_attention_signals_active ON attention_signals(status, resolved_at, updated_at DESC)`,
  // At most one unresolved signal of a kind per referenced object.
  `CREATE UNIQUE INDEX idx_attention_signals_active_unique ON attention_signals(kind, reference_type, reference_id)
  WHERE resolved_at IS NULL`,
  // Counters behind orc's ids (TASK-001, RUN-001 …); the migration that made it seeds these five at 0.
  `CREATE TABLE sequences (name TEXT PRIMARY KEY, current_value INTEGER NOT NULL DEFAULT 0)`,
  `INSERT INTO sequences (name, current_value) VALUES ('workflow_run', 0), ('task', 0), ('initiative', 0),
  ('auto_task', 0), ('note', 0)`,
  // Written by orc before workflows replaced plans; still present, no longer written.
  `CREATE TABLE plans (
  task_id TEXT PRIMARY KEY, version INTEGER NOT NULL DEFAULT 1, weight TEXT NOT NULL, description TEXT,
  phases TEXT NOT NULL, created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW},
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  `CREATE TABLE review_comments (
  id TEXT PRIMARY KEY, task_id TEXT NOT NULL, review_round INTEGER NOT NULL DEFAULT 1, file_path TEXT,
  line_number INTEGER, content TEXT NOT NULL, severity TEXT DEFAULT 'suggestion', status TEXT DEFAULT 'open',
  created_at TEXT DEFAULT ${NOW}, resolved_at TEXT, resolved_by TEXT,
  FOREIGN KEY (task_id) REFERENCES tasks(id) ON DELETE CASCADE
)`,
  `CREATE INDEX idx_review_comments_task ON review_comments(task_id)`,
  `CREATE INDEX idx_review_comments_status ON review_comments(status)`,
  `CREATE INDEX idx_review_comments_file ON review_comments(task_id, file_path)`,
];

/** `idx_tasks_<name>` over the given columns ("cols:name", or a single column whose name is the index's). */
function tasksIndex(spec: string): string {
  const [columns, name] = spec.split(':') as [string, string | undefined];
  return `CREATE INDEX idx_tasks_${name ?? columns} ON tasks(${columns})`;
}

/** The full-text index over transcripts kept in step by triggers (needs SQLite with FTS5: not sql.js). */
export const ORC_PROJECT_FTS_DDL: readonly string[] = [
  `CREATE VIRTUAL TABLE transcripts_fts USING fts5(content, task_id UNINDEXED, phase UNINDEXED,
  session_id UNINDEXED, content=transcripts, content_rowid=id)`,
  `CREATE TRIGGER transcripts_ai AFTER INSERT ON transcripts BEGIN
  INSERT INTO transcripts_fts(rowid, content, task_id, phase, session_id)
  VALUES (NEW.id, NEW.content, NEW.task_id, NEW.phase, NEW.session_id);
END`,
  `CREATE TRIGGER transcripts_ad AFTER DELETE ON transcripts BEGIN
  INSERT INTO transcripts_fts(transcripts_fts, rowid, content, task_id, phase, session_id)
  VALUES ('delete', OLD.id, OLD.content, OLD.task_id, OLD.phase, OLD.session_id);
END`,
  `CREATE TRIGGER transcripts_au AFTER UPDATE ON transcripts BEGIN
  INSERT INTO transcripts_fts(transcripts_fts, rowid, content, task_id, phase, session_id)
  VALUES ('delete', OLD.id, OLD.content, OLD.task_id, OLD.phase, OLD.session_id);
  INSERT INTO transcripts_fts(rowid, content, task_id, phase, session_id)
  VALUES (NEW.id, NEW.content, NEW.task_id, NEW.phase, NEW.session_id);
END`,
];

/** The global database `~/.orc/orc.db`: registered projects, the cost ledger and the shared definitions. */
export const ORC_GLOBAL_DDL: readonly string[] = [
  ORC_MIGRATIONS_DDL,
  `CREATE TABLE projects (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT UNIQUE NOT NULL, language TEXT, created_at TEXT DEFAULT ${NOW}
)`,
  `CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT UNIQUE NOT NULL, email TEXT, created_at TEXT DEFAULT ${NOW})`,
  `CREATE INDEX idx_users_name ON users(name)`,
  // One row per phase run; project_id is the project's path, not its registry id. No foreign keys.
  `CREATE TABLE cost_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT, task_id TEXT, phase TEXT, cost_usd REAL,
  input_tokens INTEGER, output_tokens INTEGER, timestamp TEXT DEFAULT ${NOW}, model TEXT DEFAULT '',
  iteration INTEGER DEFAULT 0, cache_creation_tokens INTEGER DEFAULT 0, cache_read_tokens INTEGER DEFAULT 0,
  total_tokens INTEGER DEFAULT 0, initiative_id TEXT DEFAULT '', duration_ms INTEGER DEFAULT 0, user_id TEXT,
  provider TEXT DEFAULT 'claude'
)`,
  ...[['project', 'project_id'], ['timestamp', 'timestamp'], ['model', 'model'], ['model_timestamp', 'model, timestamp'],
    ['initiative', 'initiative_id'], ['project_timestamp', 'project_id, timestamp'], ['duration', 'duration_ms'],
    ['log_user', 'user_id'], ['log_project_user', 'project_id, user_id'], ['provider', 'provider'],
    ['provider_timestamp', 'provider, timestamp']].map(([name, columns]) => `CREATE INDEX idx_cost_${name} ON cost_log(${columns})`),
  `CREATE TABLE cost_aggregates (
  id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL, model TEXT DEFAULT '', phase TEXT DEFAULT '',
  date TEXT NOT NULL, total_cost_usd REAL DEFAULT 0, total_input_tokens INTEGER DEFAULT 0,
  total_output_tokens INTEGER DEFAULT 0, total_cache_tokens INTEGER DEFAULT 0, turn_count INTEGER DEFAULT 0,
  task_count INTEGER DEFAULT 0, created_at TEXT DEFAULT ${NOW},
  UNIQUE (project_id, model, phase, date)
)`,
  `CREATE INDEX idx_cost_agg_project_date ON cost_aggregates(project_id, date)`,
  `CREATE INDEX idx_cost_agg_model_date ON cost_aggregates(model, date)`,
  `CREATE TABLE cost_budgets (
  id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT UNIQUE NOT NULL, monthly_limit_usd REAL,
  alert_threshold_percent INTEGER DEFAULT 80, current_month TEXT DEFAULT '', current_month_spent REAL DEFAULT 0,
  created_at TEXT DEFAULT ${NOW}, updated_at TEXT DEFAULT ${NOW}
)`,
  // orc's global copies also reference its `agents` table (left out here); those keys only matter when set.
  ...definitions('global'),
];

/** The `_migrations` rows of a database migrated up to `version` (orc applies every file in order). */
export function migrationRowsSql(version: number): string {
  const rows = Array.from({ length: Math.max(0, version) }, (_, i) => `(${i + 1})`);
  return rows.length ? `INSERT INTO _migrations (version) VALUES ${rows.join(', ')}` : '';
}

/** Runs one SQL statement (better-sqlite3's `db.exec`, sql.js's `db.run`). */
export type ExecSql = (sql: string) => unknown;

export interface CreateOrcDbOptions {
  /** Also create the FTS5 index on transcripts, as real orc databases have (not with sql.js). Default false. */
  readonly fullTextSearch?: boolean;
  /** The migration version recorded in `_migrations` (default: the newest this schema reproduces). */
  readonly migratedTo?: number;
}

/** Creates orc's project schema in an empty database through `exec`, with its `_migrations` rows. */
export function createOrcProjectDb(exec: ExecSql, options: CreateOrcDbOptions = {}): void {
  for (const statement of ORC_PROJECT_DDL) exec(statement);
  if (options.fullTextSearch) for (const statement of ORC_PROJECT_FTS_DDL) exec(statement);
  const rows = migrationRowsSql(options.migratedTo ?? ORC_PROJECT_SCHEMA_VERSION);
  if (rows) exec(rows);
}

/** Creates orc's global schema in an empty database through `exec`, with its `_migrations` rows. */
export function createOrcGlobalDb(exec: ExecSql, options: Pick<CreateOrcDbOptions, 'migratedTo'> = {}): void {
  for (const statement of ORC_GLOBAL_DDL) exec(statement);
  const rows = migrationRowsSql(options.migratedTo ?? ORC_GLOBAL_SCHEMA_VERSION);
  if (rows) exec(rows);
}
