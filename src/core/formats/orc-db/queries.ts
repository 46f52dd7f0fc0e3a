import type { OrcDbSource, SqlRow, SqlValue } from './engine';
import type { DbGate, DbPhase, DbRunPhase, DbTask } from './record';
import { ROWID } from './row-store';
import { columnsToRead } from './schema-check';

/*
 * The database era's queries: every row Baton shows, read through any engine (see engine.ts), and the row mappers.
 * Tables are read as rows by rowid (table-set.ts keeps them; record-builder.ts turns them into an OrcDbRecord;
 * readOrcDb in read-db.ts does both), so that a commit can be followed by reading again only the rows it wrote. Only
 * the columns in COLUMNS_READ are selected; one the database lacks (a half-migrated or older schema) reads as NULL, a
 * missing table as no rows. Problems with single values (metadata that is not JSON) are noted per row.
 */

/**
 * `SELECT rowid, <the columns read> FROM table [WHERE rowid IN (…)]`, a column the table lacks as `NULL AS column`;
 * no table (or no such column list), no rows.
 */
export function selectRows(src: OrcDbSource, table: string, rowids?: readonly number[]): SqlRow[] {
  const have = src.columnsOf(table);
  const wanted = columnsToRead(table);
  if (!have || !wanted.length) return [];
  const columns = wanted.map((c) => (have.includes(c) ? `"${c}"` : `NULL AS "${c}"`));
  // rowids are numbers this process read from the image: safe to write into the statement.
  const where = rowids ? `WHERE rowid IN (${rowids.map((n) => Math.trunc(n)).join(', ')})` : '';
  return src.all(`SELECT rowid AS "${ROWID}", ${columns.join(', ')} FROM "${table}" ${where}`);
}

/** Per task: how many rows a table holds for it (comments, transcript messages, attachments). */
export function countPerTask(src: OrcDbSource, table: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!src.columnsOf(table)?.includes('task_id')) return out;
  for (const r of src.all(`SELECT task_id, COUNT(*) AS n FROM "${table}" GROUP BY task_id`)) {
    const id = text(r.task_id);
    if (id) out.set(id, int(r.n) ?? 0);
  }
  return out;
}

/** The tasks with a spec: a phase output named SPEC_CONTENT, of a run of the task (orc's own test) or naming it. */
export function tasksWithSpec(src: OrcDbSource): Set<string> {
  const out = new Set<string>();
  const outputs = src.columnsOf('phase_outputs');
  if (!outputs?.includes('output_var_name')) return out;
  const runs = src.columnsOf('workflow_runs')?.includes('task_id') && outputs.includes('workflow_run_id');
  const taskOf = [runs ? 'wr.task_id' : null, outputs.includes('task_id') ? 'po.task_id' : null].filter(Boolean).join(', ');
  if (!taskOf) return out;
  const sql = `SELECT DISTINCT COALESCE(${taskOf}, NULL) AS task_id FROM phase_outputs po
    ${runs ? 'LEFT JOIN workflow_runs wr ON wr.id = po.workflow_run_id' : ''} WHERE po.output_var_name = 'SPEC_CONTENT'`;
  for (const r of src.all(sql)) {
    const id = text(r.task_id);
    if (id) out.add(id);
  }
  return out;
}

export function toTask(r: SqlRow): DbTask {
  const { metadata, problem } = metadataOf(r.metadata);
  return {
    id: text(r.id) ?? '', title: text(r.title) ?? '', description: text(r.description), weight: text(r.weight),
    status: text(r.status), stateStatus: text(r.state_status), currentPhase: text(r.current_phase),
    currentIteration: int(r.current_iteration), branch: text(r.branch), targetBranch: text(r.target_branch),
    queue: text(r.queue), priority: text(r.priority), category: text(r.category), initiativeId: text(r.initiative_id),
    workflowId: text(r.workflow_id), createdAt: time(r.created_at), updatedAt: time(r.updated_at),
    startedAt: time(r.started_at), completedAt: time(r.completed_at), totalCostUsd: num(r.total_cost_usd),
    metadata, metadataProblem: problem,
    executorPid: int(r.executor_pid) || null, executorHostname: text(r.executor_hostname),
    executorStartedAt: time(r.executor_started_at), lastHeartbeat: time(r.last_heartbeat),
    isAutomation: bool(r.is_automation), requiresUiTesting: bool(r.requires_ui_testing),
    prUrl: text(r.pr_url), prNumber: int(r.pr_number) || null, prStatus: text(r.pr_status),
    createdBy: text(r.created_by), assignedTo: text(r.assigned_to),
    worktreePath: text(r.worktree_path),
  };
}

export function toPhase(r: SqlRow): DbPhase {
  const session = sessionOf(r.session_id);
  return {
    taskId: text(r.task_id) ?? '', phaseId: text(r.phase_id) ?? '', status: text(r.status), iterations: int(r.iterations),
    startedAt: time(r.started_at), completedAt: time(r.completed_at), interruptedAt: time(r.interrupted_at),
    inputTokens: int(r.input_tokens) ?? 0, outputTokens: int(r.output_tokens) ?? 0,
    cacheCreationTokens: int(r.cache_creation_tokens) ?? 0, cacheReadTokens: int(r.cache_read_tokens) ?? 0,
    totalTokens: int(r.total_tokens) ?? 0,
    // orc does not keep a cost per phase here (it writes 0; the global cost_log has it): 0 reads as unknown.
    costUsd: num(r.cost_usd) || null,
    error: text(r.error_message), commitSha: text(r.commit_sha), skipReason: text(r.skip_reason),
    sessionId: session.id, provider: session.provider,
  };
}

export function toGate(r: SqlRow): DbGate {
  return {
    taskId: text(r.task_id) ?? '', phase: text(r.phase) ?? '', gateType: text(r.gate_type), approved: bool(r.approved),
    reason: text(r.reason), decidedBy: text(r.decided_by), decidedAt: time(r.decided_at),
  };
}

/** A phase of a workflow run; `taskId` and `runCreatedAt` come from its run. */
export function toRunPhase(r: SqlRow, run: SqlRow | undefined): DbRunPhase {
  return {
    taskId: text(run?.task_id) ?? '', phaseId: text(r.phase_template_id) ?? '', runId: text(r.workflow_run_id) ?? '',
    status: text(r.status), iterations: int(r.iterations), startedAt: time(r.started_at), completedAt: time(r.completed_at),
  };
}

/** orc writes Go strings: '' is its zero value, read as null. */
export function text(v: SqlValue | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return new TextDecoder().decode(v) || null;
  const s = String(v);
  return s === '' ? null : s;
}

export function int(v: SqlValue | undefined): number | null {
  const n = num(v);
  return n === null ? null : Math.trunc(n);
}

export function num(v: SqlValue | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

export function bool(v: SqlValue | undefined): boolean {
  return v === 1 || v === 1n || v === '1' || v === 'true';
}

/**
 * A timestamp as ISO 8601. orc's writers use RFC 3339 (kept as written); SQLite's own `datetime('now')` defaults
 * give `YYYY-MM-DD HH:MM:SS` in UTC, which JavaScript would read as local time: those gain the `T` and `Z`.
 */
export function time(v: SqlValue | undefined): string | null {
  const s = text(v);
  if (s === null) return null;
  return /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(s) ? `${s.replace(' ', 'T')}Z` : s;
}

/** orc's task metadata: a JSON object of strings (other values are kept as their JSON text). */
function metadataOf(v: SqlValue | undefined): { metadata: Record<string, string> | null; problem: string | null } {
  const raw = text(v);
  if (raw === null) return { metadata: null, problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { metadata: null, problem: 'its metadata is not JSON (orc cannot load this task either)' };
  }
  if (parsed === null) return { metadata: null, problem: null };
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return { metadata: null, problem: 'its metadata is not a JSON object' };
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(parsed as Record<string, unknown>)) out[k] = typeof value === 'string' ? value : JSON.stringify(value);
  return { metadata: Object.keys(out).length ? out : null, problem: null };
}

/** `{"provider": "claude", "data": {"session_id": "…"}}`; a bare string is an older session id. */
function sessionOf(v: SqlValue | undefined): { id: string | null; provider: string | null } {
  const raw = text(v);
  if (raw === null) return { id: null, provider: null };
  try {
    const parsed = JSON.parse(raw) as { provider?: unknown; data?: { session_id?: unknown } } | null;
    if (parsed && typeof parsed === 'object') {
      const id = parsed.data?.session_id;
      return { id: typeof id === 'string' && id ? id : null, provider: typeof parsed.provider === 'string' ? parsed.provider : null };
    }
  } catch {
    // not JSON: the raw id
  }
  return { id: raw, provider: null };
}
