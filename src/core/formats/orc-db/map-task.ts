import os from 'node:os';
import type { TokenTotals } from '../../model/tokens';
import { tokenTotals } from '../../model/tokens';
import type { GateRecord, OrcTask } from '../orc/model';
import { checkOrphaned, isPidAlive } from '../orc/orphan';
import { mentionsOf } from '../orc/records';
import type { TaskFields } from '../orc/schemas';
import { DEFAULT_CATEGORY, DEFAULT_PRIORITY, DEFAULT_QUEUE, DONE_TASK_STATUSES } from '../orc/vocabulary';
import { dbTimeline } from './map-timeline';
import type { DbGate, DbPhase, DbTask, OrcDbRecord } from './record';

export interface DbMapContext {
  readonly root: string;
  /** The database file the record was read from (every item's `file`). */
  readonly file: string;
  readonly now: number;
  readonly hostname?: string;
  readonly pidAlive?: (pid: number) => boolean;
}

/** metadata.blocked_reason of a task waiting for a person to approve or reject its current phase's gate. */
export const GATE_PENDING = 'gate_pending';

/**
 * The tasks of one database, with the rules of the file era: a task is blocked while any task it depends on is
 * missing (task_dependencies has no foreign key: a deleted blocker leaves its row) or neither completed nor closed;
 * `blocks` and `referencedBy` are computed; tokens are the sums over the task's `phases` rows.
 */
export function dbTasksOf(record: OrcDbRecord, ctx: DbMapContext): OrcTask[] {
  const byId = new Map(record.tasks.map((t) => [t.id, t]));
  const deps = new Map<string, string[]>();
  const blocks = new Map<string, string[]>();
  for (const [task, dep] of record.dependencies) {
    push(deps, task, dep);
    if (dep !== task && byId.has(dep)) push(blocks, dep, task);
  }
  const phases = groupBy(record.phases, (p) => p.taskId);
  const gates = groupBy(record.gates, (g) => g.taskId);
  const workflows = new Map(record.workflows.map((w) => [w.id, w]));
  const statusOf = (t: DbTask) => t.status || 'created';
  const referencedBy = new Map<string, string[]>();
  const fieldsOf = new Map(record.tasks.map((t) => [t.id, taskFields(t, deps.get(t.id) ?? [])]));
  for (const t of record.tasks) {
    for (const mention of mentionsOf(fieldsOf.get(t.id))) if (mention !== t.id && byId.has(mention)) push(referencedBy, mention, t.id);
  }
  const hostname = ctx.hostname ?? thisHost();
  return record.tasks.map((t): OrcTask => {
    const blockedBy = deps.get(t.id) ?? [];
    const status = statusOf(t);
    const blocked = blockedBy.some((d) => d !== t.id && (!byId.has(d) || !DONE_TASK_STATUSES.has(statusOf(byId.get(d)!))));
    const orphan = orphanOf(t, status, ctx.now, hostname, ctx.pidAlive ?? isPidAlive);
    const gateRecords = gateRecordsOf(t, gates.get(t.id) ?? []);
    const rows = phases.get(t.id) ?? [];
    const extras = record.extras[t.id];
    const fields = fieldsOf.get(t.id)!;
    return {
      system: 'orc', kind: 'task', era: 'db', id: t.id, root: ctx.root, file: ctx.file,
      title: t.title || t.id, status, dir: t.id,
      description: t.description, weight: t.weight,
      priority: t.priority || DEFAULT_PRIORITY, queue: t.queue || DEFAULT_QUEUE, category: t.category || DEFAULT_CATEGORY,
      initiativeId: t.initiativeId, branch: t.branch, currentPhase: t.currentPhase,
      blockedBy, relatedTo: [], blocks: [...blocks.get(t.id) ?? []].sort(), referencedBy: [...referencedBy.get(t.id) ?? []].sort(),
      blocked, orphaned: orphan.orphaned, orphanReason: orphan.reason,
      requiresUiTesting: t.requiresUiTesting,
      resolved: status === 'closed' || t.metadata?.resolved === 'true',
      tokens: tokensOf(rows), gates: gateRecords,
      stateFile: null, stateStatus: t.stateStatus, planFile: null,
      phases: dbTimeline(t.workflowId ? workflows.get(t.workflowId) : undefined, rows, gateRecords, t.currentPhase),
      fields, state: null, plan: null,
      db: {
        workflowId: t.workflowId, costUsd: t.totalCostUsd, stateStatus: t.stateStatus, currentIteration: t.currentIteration,
        execution: t.executorPid || t.lastHeartbeat ? { pid: t.executorPid, hostname: t.executorHostname, startedAt: t.executorStartedAt,
          lastHeartbeat: t.lastHeartbeat } : null,
        blockedReason: t.metadata?.blocked_reason ?? null,
        comments: extras?.comments ?? 0, transcripts: extras?.transcripts ?? 0, attachments: extras?.attachments ?? 0,
        hasSpec: extras?.hasSpec ?? false, readOnlyReason: record.readOnlyReason,
      },
    };
  });
}

/** Whether a database task waits at a human gate (orc: status blocked, metadata.blocked_reason gate_pending). */
export function isGatePending(task: Pick<OrcTask, 'status' | 'db'>): boolean {
  return task.status === 'blocked' && task.db?.blockedReason === GATE_PENDING;
}

/** The task row in task.yaml's field names: the one shape the views read in either era. */
function taskFields(t: DbTask, blockedBy: readonly string[]): TaskFields {
  const metadata = t.metadata ?? undefined;
  return {
    id: t.id, title: t.title, description: t.description, weight: t.weight, status: t.status, current_phase: t.currentPhase,
    branch: t.branch, queue: t.queue, priority: t.priority, category: t.category, initiative_id: t.initiativeId,
    blocked_by: [...blockedBy], requires_ui_testing: t.requiresUiTesting || undefined,
    created_at: t.createdAt, created_by: t.createdBy, updated_at: t.updatedAt, started_at: t.startedAt, completed_at: t.completedAt,
    ...(t.prUrl || t.prNumber || t.prStatus ? { pr: { url: t.prUrl, number: t.prNumber, status: t.prStatus, target_branch: t.targetBranch } } : {}),
    ...(metadata ? { metadata: { ...metadata } } : {}),
  };
}

/** Decided gates, oldest first, and the pending human gate of a task that waits at one. */
function gateRecordsOf(t: DbTask, gates: readonly DbGate[]): GateRecord[] {
  const out: GateRecord[] = gates.map((g) => ({
    phase: g.phase || null, type: g.gateType, decision: g.approved ? 'approved' : 'rejected', rationale: g.reason, timestamp: g.decidedAt,
  }));
  if (t.status === 'blocked' && t.metadata?.blocked_reason === GATE_PENDING) {
    out.push({ phase: pendingGatePhase(t), type: 'human', decision: 'pending', rationale: t.metadata.blocked_error ?? null, timestamp: t.updatedAt });
  }
  return out;
}

/** The phase a pending gate stops: the task's current phase, else the one orc names in blocked_error "(phase X)". */
export function pendingGatePhase(t: Pick<DbTask, 'currentPhase' | 'metadata'>): string | null {
  return t.currentPhase ?? /\(phase ([^)]+)\)\s*$/.exec(t.metadata?.blocked_error ?? '')?.[1] ?? null;
}

/**
 * orc's rule (task.CheckOrphanedProto): a running task with no executor pid, or whose pid is gone, is orphaned; a
 * live pid is healthy whatever its heartbeat. Baton sees pids of this host only: for another host's executor the
 * heartbeat decides (stale after HEARTBEAT_STALE_MS), as in the file era.
 */
function orphanOf(t: DbTask, status: string, now: number, hostname: string, pidAlive: (pid: number) => boolean) {
  if (status !== 'running') return { orphaned: false, reason: null };
  if (t.executorPid && t.executorHostname === hostname && pidAlive(t.executorPid)) return { orphaned: false, reason: null };
  const execution = t.executorPid || t.lastHeartbeat
    ? { pid: t.executorPid, hostname: t.executorHostname, started_at: t.executorStartedAt, last_heartbeat: t.lastHeartbeat } : null;
  const check = checkOrphaned(status, execution ? { execution } : null, now, hostname, pidAlive);
  return check.reason === 'running, but no executor is recorded in state.yaml'
    ? { orphaned: true, reason: 'running, but no executor is recorded in the database' } : check;
}

/** Sums over the task's phases rows; null when no phase has run. */
function tokensOf(rows: readonly DbPhase[]): TokenTotals | null {
  if (!rows.length) return null;
  let input = 0, output = 0, cacheCreation = 0, cacheRead = 0;
  for (const r of rows) {
    input += r.inputTokens; output += r.outputTokens; cacheCreation += r.cacheCreationTokens; cacheRead += r.cacheReadTokens;
  }
  return tokenTotals(input, output, cacheCreation, cacheRead);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) { if (!list.includes(value)) list.push(value); } else map.set(key, [value]);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) push2(out, key(r), r);
  return out;
}

function push2<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value); else map.set(key, [value]);
}

let host: string | undefined;
function thisHost(): string {
  return host ??= os.hostname();
}
