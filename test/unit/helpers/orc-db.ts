import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createOrcGlobalDb, createOrcProjectDb, type CreateOrcDbOptions } from '../../../src/core/formats/orc-db/schema-ddl';

/**
 * orc databases for the tests, built at test time from our schema script and written the way orc's Go code
 * writes them: WAL, synchronous NORMAL, a busy timeout, foreign keys on; timestamps as Go's RFC 3339 (seconds,
 * `Z` in UTC), empty Go strings as '' rather than NULL.
 */
export type OrcDb = Database.Database;

/** Opens (or creates) a database with orc's pragmas. */
export function openOrcWriter(file: string, busyTimeoutMs = 5000): OrcDb {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  return db;
}

/** A fresh project database at `file` with orc's full schema (FTS included, as real orc databases have). */
export function createProjectDbFile(file: string, options: CreateOrcDbOptions = {}): OrcDb {
  const db = openOrcWriter(file);
  db.transaction(() => createOrcProjectDb((sql) => db.exec(sql), { fullTextSearch: true, ...options }))();
  return db;
}

export function createGlobalDbFile(file: string): OrcDb {
  const db = openOrcWriter(file);
  db.transaction(() => createOrcGlobalDb((sql) => db.exec(sql)))();
  return db;
}

/** Go's `time.RFC3339` of a UTC time: `2026-04-01T10:00:00Z`. */
export function rfc3339(at: Date | number = Date.now()): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface TaskRow {
  id: string;
  title?: string;
  description?: string;
  status?: string;
  queue?: string;
  priority?: string;
  category?: string;
  initiativeId?: string;
  workflowId?: string;
  currentPhase?: string;
  branch?: string;
  /** `worktree_path` (orc writes '' until it makes the task's worktree). */
  worktreePath?: string;
  weight?: string;
  totalCostUsd?: number;
  metadata?: Record<string, string>;
  createdAt?: string;
  startedAt?: string | null;
  completedAt?: string | null;
  executorPid?: number;
  executorHostname?: string;
  lastHeartbeat?: string | null;
}

/** A task as orc's SaveTask writes it (its column list and its defaults). */
export function insertTask(db: OrcDb, t: TaskRow): void {
  const created = t.createdAt ?? rfc3339(Date.UTC(2026, 3, 1, 9));
  db.prepare(`INSERT INTO tasks (id, title, description, weight, workflow_id, status, state_status, current_phase, branch,
    worktree_path, queue, priority, category, initiative_id, target_branch, created_at, started_at, completed_at,
    total_cost_usd, metadata, retry_context, quality, executor_pid, executor_hostname, executor_started_at,
    last_heartbeat, is_automation, branch_name, pr_draft, pr_labels, pr_reviewers, pr_labels_set, pr_reviewers_set,
    pr_url, pr_number, pr_status, created_by, assigned_to, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, '', '', ?, ?, NULL, ?, 0, NULL, NULL, '',
    '', 0, 0, '', 0, '', '', '', ?)`).run(
    t.id, t.title ?? `Task ${t.id}`, t.description ?? '', t.weight ?? '', t.workflowId ?? 'implement-small',
    t.status ?? 'created', t.currentPhase ?? '', t.branch ?? `orc/${t.id}`, t.worktreePath ?? '', t.queue ?? 'active', t.priority ?? 'normal',
    t.category ?? 'feature', t.initiativeId ?? '', created, t.startedAt ?? null, t.completedAt ?? null,
    t.totalCostUsd ?? 0, t.metadata && Object.keys(t.metadata).length ? JSON.stringify(t.metadata) : '',
    t.executorPid ?? 0, t.executorHostname ?? '', t.lastHeartbeat ?? null, created);
}

export interface PhaseRowInput {
  taskId: string;
  phaseId: string;
  status?: string;
  iterations?: number;
  startedAt?: string | null;
  completedAt?: string | null;
  input?: number;
  output?: number;
  cacheCreation?: number;
  cacheRead?: number;
  costUsd?: number;
  error?: string;
  commitSha?: string;
  sessionId?: string;
}

/** A phase row as orc's SavePhase writes it; session_id is `{"provider","data":{"session_id"}}` JSON. */
export function insertPhase(db: OrcDb, p: PhaseRowInput): void {
  const input = p.input ?? 0, output = p.output ?? 0, cc = p.cacheCreation ?? 0, cr = p.cacheRead ?? 0;
  // orc keeps the uncached input apart from the cache counts; its total is all four.
  db.prepare(`INSERT INTO phases (task_id, phase_id, status, iterations, started_at, completed_at, input_tokens,
    output_tokens, cache_creation_tokens, cache_read_tokens, total_tokens, cost_usd, error_message, commit_sha,
    skip_reason, session_id, executed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, '')`).run(
    p.taskId, p.phaseId, p.status ?? 'pending', p.iterations ?? 0, p.startedAt ?? null, p.completedAt ?? null,
    input, output, cc, cr, input + output + cc + cr, p.costUsd ?? 0, p.error ?? '', p.commitSha ?? '',
    p.sessionId ? JSON.stringify({ provider: 'claude', data: { session_id: p.sessionId } }) : '');
}

export function addDependency(db: OrcDb, taskId: string, dependsOn: string): void {
  db.prepare(`INSERT OR IGNORE INTO task_dependencies (task_id, depends_on) VALUES (?, ?)`).run(taskId, dependsOn);
}

/** A workflow with its phase templates (created when missing), in order. */
export function insertWorkflow(db: OrcDb, id: string, phases: readonly (string | { id: string; gateType?: string })[]): void {
  db.prepare(`INSERT OR IGNORE INTO workflows (id, name, description, is_builtin) VALUES (?, ?, '', 1)`).run(id, id);
  phases.forEach((phase, sequence) => {
    const p = typeof phase === 'string' ? { id: phase } : phase;
    db.prepare(`INSERT OR IGNORE INTO phase_templates (id, name, gate_type, is_builtin) VALUES (?, ?, ?, 1)`)
      .run(p.id, p.id, p.gateType ?? 'auto');
    db.prepare(`INSERT INTO workflow_phases (workflow_id, phase_template_id, sequence) VALUES (?, ?, ?)`).run(id, p.id, sequence);
  });
}

export interface InitiativeRowInput {
  id: string;
  title?: string;
  status?: string;
  vision?: string;
  tasks?: readonly string[];
  dependsOn?: readonly string[];
}

/** An initiative with its ordered task links and its dependencies. */
export function insertInitiative(db: OrcDb, i: InitiativeRowInput): void {
  const now = rfc3339(Date.UTC(2026, 3, 1, 8));
  db.prepare(`INSERT INTO initiatives (id, title, status, owner_initials, owner_display_name, owner_email, vision,
    branch_base, branch_prefix, merge_status, merge_commit, created_at, updated_at, created_by, owned_by)
    VALUES (?, ?, ?, '', '', '', ?, '', '', '', '', ?, ?, '', '')`).run(i.id, i.title ?? `Initiative ${i.id}`,
    i.status ?? 'active', i.vision ?? '', now, now);
  (i.tasks ?? []).forEach((task, sequence) =>
    db.prepare(`INSERT INTO initiative_tasks (initiative_id, task_id, sequence) VALUES (?, ?, ?)`).run(i.id, task, sequence));
  for (const dep of i.dependsOn ?? []) {
    db.prepare(`INSERT OR IGNORE INTO initiative_dependencies (initiative_id, depends_on) VALUES (?, ?)`).run(i.id, dep);
  }
}

export function insertGateDecision(db: OrcDb, d: { taskId: string; phase: string; gateType?: string; approved: boolean;
  reason?: string; decidedBy?: string; decidedAt?: string }): void {
  db.prepare(`INSERT INTO gate_decisions (task_id, phase, gate_type, approved, reason, decided_by, decided_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(d.taskId, d.phase, d.gateType ?? 'human', d.approved ? 1 : 0, d.reason ?? '',
    d.decidedBy ?? 'cli', d.decidedAt ?? rfc3339(Date.UTC(2026, 3, 1, 10)));
}

export function insertComment(db: OrcDb, c: { id: string; taskId: string; author?: string; authorType?: string;
  content: string; phase?: string | null }): void {
  const now = rfc3339(Date.UTC(2026, 3, 1, 11));
  db.prepare(`INSERT INTO task_comments (id, task_id, author, author_type, content, phase, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(c.id, c.taskId, c.author ?? 'alice', c.authorType ?? 'human', c.content,
    c.phase ?? null, now, now);
}

/** One transcript message (timestamp in Unix milliseconds, as orc stores it). */
export function insertTranscript(db: OrcDb, m: { taskId: string; phase: string; uuid: string; type?: string;
  content: string; at?: number; input?: number; output?: number }): void {
  db.prepare(`INSERT INTO transcripts (task_id, phase, session_id, workflow_run_id, message_uuid, parent_uuid, type,
    role, content, model, input_tokens, output_tokens, cache_creation_tokens, cache_read_tokens, tool_calls,
    tool_results, timestamp) VALUES (?, ?, 'sess-1', NULL, ?, NULL, ?, ?, ?, 'claude-sonnet', ?, ?, 0, 0, NULL, NULL, ?)`)
    .run(m.taskId, m.phase, m.uuid, m.type ?? 'assistant', m.type === 'user' ? 'user' : 'assistant', m.content,
      m.input ?? 0, m.output ?? 0, m.at ?? Date.UTC(2026, 3, 1, 10, 5));
}

/** The spec of a task: a workflow run and its phase output named SPEC_CONTENT. */
export function insertSpec(db: OrcDb, taskId: string, content: string, runId = `RUN-${taskId}`, workflowId = 'implement-small'): void {
  const now = rfc3339(Date.UTC(2026, 3, 1, 10));
  db.prepare(`INSERT OR IGNORE INTO workflows (id, name, is_builtin) VALUES (?, ?, 1)`).run(workflowId, workflowId);
  db.prepare(`INSERT OR IGNORE INTO phase_templates (id, name, is_builtin) VALUES ('spec', 'spec', 1)`).run();
  db.prepare(`INSERT INTO workflow_runs (id, workflow_id, context_type, context_data, task_id, prompt, status, created_at,
    updated_at) VALUES (?, ?, 'task', '{}', ?, '', 'completed', ?, ?)`).run(runId, workflowId, taskId, now, now);
  db.prepare(`INSERT INTO phase_outputs (workflow_run_id, phase_template_id, task_id, content, content_hash,
    output_var_name, artifact_type, source, iteration, created_at, updated_at)
    VALUES (?, 'spec', ?, ?, '', 'SPEC_CONTENT', 'spec', 'workflow', 1, ?, ?)`).run(runId, taskId, content, now, now);
}
