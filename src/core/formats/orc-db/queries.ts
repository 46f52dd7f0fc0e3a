import type { OrcDbSource, SqlRow, SqlValue } from './engine';
import type { DbGate, DbInitiative, DbPhase, DbTask, DbTaskExtras, DbWorkflow, OrcDbRecord } from './record';
import { COLUMNS_READ, checkOrcSchema } from './schema-check';

/**
 * The database era's queries: every row Baton shows, read through any engine (see engine.ts) into an OrcDbRecord.
 * Only the columns in COLUMNS_READ are selected; one the database lacks (a half-migrated or older schema) reads as
 * NULL, a missing table as no rows. Problems with single values (metadata that is not JSON) are noted per row.
 */
export function readOrcDb(src: OrcDbSource): OrcDbRecord {
  const schema = checkOrcSchema(src);
  const base = { kind: 'db' as const, engine: src.engine, hasTasks: !schema.unreadable, schemaVersion: schema.version,
    readOnlyReason: schema.readOnlyReason };
  if (schema.unreadable) {
    return { ...base, tasks: [], dependencies: [], phases: [], gates: [], workflows: [], initiatives: [], extras: {} };
  }
  const q = (table: string, order = '') => select(src, table, order);
  return {
    ...base,
    tasks: q('tasks', 'ORDER BY id').map(toTask),
    dependencies: q('task_dependencies', 'ORDER BY task_id, depends_on')
      .map((r) => [text(r.task_id) ?? '', text(r.depends_on) ?? ''] as const).filter(([a, b]) => a && b),
    phases: q('phases', 'ORDER BY task_id, started_at, phase_id').map(toPhase),
    gates: q('gate_decisions', 'ORDER BY task_id, decided_at, id').map(toGate),
    workflows: workflowsOf(src),
    initiatives: initiativesOf(src),
    extras: extrasOf(src),
  };
}

/** `SELECT <the columns read> FROM table`, a column the table lacks as `NULL AS column`; no table, no rows. */
function select(src: OrcDbSource, table: string, order: string, where = ''): SqlRow[] {
  const have = src.columnsOf(table);
  if (!have) return [];
  const columns = COLUMNS_READ[table]!.map((c) => (have.includes(c) ? `"${c}"` : `NULL AS "${c}"`));
  return src.all(`SELECT ${columns.join(', ')} FROM "${table}" ${where} ${order}`);
}

function toTask(r: SqlRow): DbTask {
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
  };
}

function toPhase(r: SqlRow): DbPhase {
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

function toGate(r: SqlRow): DbGate {
  return {
    taskId: text(r.task_id) ?? '', phase: text(r.phase) ?? '', gateType: text(r.gate_type), approved: bool(r.approved),
    reason: text(r.reason), decidedBy: text(r.decided_by), decidedAt: time(r.decided_at),
  };
}

/** Each workflow's phases in order, with the template's values where the workflow does not override them. */
function workflowsOf(src: OrcDbSource): DbWorkflow[] {
  const templates = new Map(select(src, 'phase_templates', '').map((r) => [text(r.id) ?? '', r]));
  const phases = new Map<string, DbWorkflow['phases'][number][]>();
  for (const r of select(src, 'workflow_phases', 'ORDER BY workflow_id, sequence')) {
    const workflow = text(r.workflow_id) ?? '';
    const id = text(r.phase_template_id) ?? '';
    const t = templates.get(id);
    const list = phases.get(workflow) ?? [];
    list.push({ id, name: text(t?.name), type: text(r.type_override) ?? text(t?.type),
      gateType: text(r.gate_type_override) ?? text(t?.gate_type), maxIterations: int(r.max_iterations_override) ?? int(t?.max_iterations) });
    phases.set(workflow, list);
  }
  return select(src, 'workflows', 'ORDER BY id').map((r) => {
    const id = text(r.id) ?? '';
    return { id, name: text(r.name), phases: phases.get(id) ?? [] };
  });
}

function initiativesOf(src: OrcDbSource): DbInitiative[] {
  const group = <T>(rows: SqlRow[], key: string, value: (r: SqlRow) => T | null): Map<string, T[]> => {
    const out = new Map<string, T[]>();
    for (const r of rows) {
      const k = text(r[key]);
      const v = value(r);
      if (!k || v === null) continue;
      const list = out.get(k);
      if (list) list.push(v); else out.set(k, [v]);
    }
    return out;
  };
  const tasks = group(select(src, 'initiative_tasks', 'ORDER BY initiative_id, sequence, task_id'), 'initiative_id', (r) => text(r.task_id));
  const deps = group(select(src, 'initiative_dependencies', 'ORDER BY initiative_id, depends_on'), 'initiative_id', (r) => text(r.depends_on));
  const decisions = group(select(src, 'initiative_decisions', 'ORDER BY initiative_id, decided_at, id'), 'initiative_id', (r) => ({
    id: text(r.id) ?? '', decision: text(r.decision) ?? '', rationale: text(r.rationale), decidedBy: text(r.decided_by), decidedAt: time(r.decided_at),
  }));
  return select(src, 'initiatives', 'ORDER BY id').map((r) => {
    const id = text(r.id) ?? '';
    const initials = text(r.owner_initials), displayName = text(r.owner_display_name), email = text(r.owner_email);
    return {
      id, title: text(r.title) ?? '', status: text(r.status), vision: text(r.vision),
      owner: initials || displayName || email ? { initials, displayName, email } : null,
      branchBase: text(r.branch_base), branchPrefix: text(r.branch_prefix), createdAt: time(r.created_at), updatedAt: time(r.updated_at),
      taskIds: tasks.get(id) ?? [], dependsOn: deps.get(id) ?? [], decisions: decisions.get(id) ?? [],
    };
  });
}

/** Counts of what the task detail reads on demand (comments, transcripts, attachments, the spec). */
function extrasOf(src: OrcDbSource): Record<string, DbTaskExtras> {
  const out: Record<string, { comments: number; transcripts: number; attachments: number; hasSpec: boolean }> = {};
  const entry = (id: string) => (out[id] ??= { comments: 0, transcripts: 0, attachments: 0, hasSpec: false });
  for (const [table, key] of [['task_comments', 'comments'], ['transcripts', 'transcripts'], ['task_attachments', 'attachments']] as const) {
    if (!src.columnsOf(table)?.includes('task_id')) continue;
    for (const r of src.all(`SELECT task_id, COUNT(*) AS n FROM "${table}" GROUP BY task_id`)) {
      const id = text(r.task_id);
      if (id) entry(id)[key] = int(r.n) ?? 0;
    }
  }
  const outputs = src.columnsOf('phase_outputs');
  if (outputs?.includes('task_id') && outputs.includes('output_var_name')) {
    for (const r of src.all(`SELECT DISTINCT task_id FROM phase_outputs WHERE output_var_name = 'SPEC_CONTENT' AND task_id IS NOT NULL`)) {
      const id = text(r.task_id);
      if (id) entry(id).hasSpec = true;
    }
  }
  return out;
}

/** orc writes Go strings: '' is its zero value, read as null. */
export function text(v: SqlValue | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return new TextDecoder().decode(v) || null;
  const s = String(v);
  return s === '' ? null : s;
}

function int(v: SqlValue | undefined): number | null {
  const n = num(v);
  return n === null ? null : Math.trunc(n);
}

function num(v: SqlValue | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function bool(v: SqlValue | undefined): boolean {
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
